import { proxy, ref } from 'valtio/vanilla'
import type { Transaction } from '../api/schemas.js'

/** The Activity list's state (spec §4 transactions). */
export interface TransactionsState {
  /** The account and network the list belongs to (`<caipNetworkId>:<address>`). */
  forKey?: string
  /** Shown transactions: the connected chain's, spam dropped, newest first. */
  transactions: Transaction[]
  /** Cursor of the next page; undefined when there is none (or after a failure). */
  next?: string
  loading: boolean
  /** True when nothing more can be shown: the list ended or the fetch failed. */
  empty: boolean
  /** Whether at least one page was fetched for {@link forKey}. */
  fetched: boolean
  /** Bumped by every reset: an answer to an older request is dropped. */
  generation: number
  error?: string
}

/** Transactions of the Activity view. */
export function createTransactionsController() {
  const state = proxy<TransactionsState>({ transactions: [], loading: false, empty: false, fetched: false, generation: 0 })
  return {
    state,
    /** Starts over for another account or network. */
    reset(forKey?: string): void {
      state.generation++
      state.forKey = forKey
      state.transactions = []
      state.next = undefined
      state.loading = false
      state.empty = false
      state.fetched = false
      state.error = undefined
    },
    setLoading(loading: boolean): void {
      state.loading = loading
    },
    /** Appends a page (already filtered) and records the next cursor. */
    addPage(transactions: Transaction[], next: string | undefined): void {
      // Deduplicated by id: a cursor may overlap when new blocks arrive between pages.
      const seen = new Set(state.transactions.map(t => t.id))
      state.transactions.push(...transactions.filter(t => !seen.has(t.id)).map(t => ref(t)))
      state.next = next
      state.loading = false
      state.fetched = true
      state.empty = !next && state.transactions.length === 0
      state.error = undefined
    },
    /** Spec §8: a failed fetch marks the list empty and clears the cursor. */
    setFailed(message: string): void {
      state.loading = false
      state.next = undefined
      state.empty = true
      state.fetched = true
      state.error = message
    }
  }
}

/** The transactions controller's type. */
export type TransactionsController = ReturnType<typeof createTransactionsController>
