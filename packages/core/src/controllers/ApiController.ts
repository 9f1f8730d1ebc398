import { proxy } from 'valtio/vanilla'
import type { Wallet } from '../api/schemas.js'

/** Wallets per page of All Wallets (spec §9). */
export const WALLETS_PAGE_SIZE = 40
/** Entries of a search (spec §9). */
export const SEARCH_ENTRIES = 100
/** Recommended wallets shown on Connect (spec §9). */
export const RECOMMENDED_ENTRIES = 4
/** Featured wallets shown by default (spec §9). */
export const FEATURED_DEFAULT = 4
/**
 * The wallet search's wait after typing stops (spec §9 "search 100 entries with 300 ms wait"). It
 * is the search's own: other debounced input waits the default 500 ms (spec §9).
 */
export const SEARCH_DEBOUNCE_MS = 300

/** Wallet directory state (spec §3 Wallet lists). */
export interface ApiState {
  featured: Wallet[]
  recommended: Wallet[]
  /** All Wallets, pages appended as they load. */
  wallets: Wallet[]
  /** Total count of the directory for this site's chains. */
  count: number
  /** Last page loaded (0 = none). */
  page: number
  loading: boolean
  search: Wallet[]
  searchQuery: string
  searchLoading: boolean
  /** The last failure, shown by the lists. */
  error?: string
  /** Why the directory could not be used, once a call failed (Connect says it plainly). */
  problem?: import('../flows/serviceProblem.js').ServiceProblem
}

/** The wallet directory lists (featured, recommended, all wallets in pages, search). */
export function createApiController() {
  const state = proxy<ApiState>({
    featured: [],
    recommended: [],
    wallets: [],
    count: 0,
    page: 0,
    loading: false,
    search: [],
    searchQuery: '',
    searchLoading: false
  })
  return {
    state,
    setFeatured(wallets: Wallet[]): void {
      state.featured = wallets
    },
    setRecommended(wallets: Wallet[], count: number): void {
      state.recommended = wallets
      if (!state.count) state.count = count
    },
    /** Appends a page of All Wallets (a wallet already listed is not listed twice). */
    addPage(page: number, wallets: Wallet[], count: number): void {
      const seen = new Set(state.wallets.map(w => w.id))
      state.wallets.push(...wallets.filter(w => !seen.has(w.id)))
      state.page = page
      state.count = count
    },
    setLoading(loading: boolean): void {
      state.loading = loading
    },
    setSearch(query: string, wallets: Wallet[]): void {
      state.searchQuery = query
      state.search = wallets
    },
    setSearchLoading(loading: boolean): void {
      state.searchLoading = loading
    },
    setError(error: string | undefined, problem?: ApiState['problem']): void {
      state.error = error
      state.problem = error ? problem : undefined
    },
    /** True while more pages remain. */
    hasMore(): boolean {
      return state.page === 0 || state.wallets.length < state.count
    }
  }
}

/** The api controller's type. */
export type ApiController = ReturnType<typeof createApiController>
