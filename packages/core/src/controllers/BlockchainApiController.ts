import { proxy } from 'valtio/vanilla'
import type { Identity, TokenBalance } from '../api/schemas.js'

/** How long a failed balance fetch blocks retries (spec §9). */
export const BALANCE_RETRY_BLOCK_MS = 30_000
/** Cache lifetimes of spec §9. */
export const CACHE_MS = { portfolio: 30_000, nativeBalance: 30_000, identity: 5 * 60_000, names: 5 * 60_000 } as const

/** Blockchain data state: token balances and identity of the active account. */
export interface BlockchainApiState {
  /** CAIP-10 account the balances belong to. */
  balancesFor?: string
  tokenBalances: TokenBalance[]
  balancesLoading: boolean
  balancesError?: string
  /** Until when a new balance fetch is refused after a failure (ms since epoch). */
  retryBlockedUntil: number
  identityFor?: string
  identity?: Identity
  /** The address {@link profileName} belongs to. */
  profileNameFor?: string
  /** The name service's name of the account (registered, or its reverse lookup): Account shows it first. */
  profileName?: string
  /** CAIP-2 ids the service supports (undefined until known). */
  supportedChains?: string[]
}

/** Token balances, identity and supported chains from the blockchain data API. */
export function createBlockchainApiController() {
  const state = proxy<BlockchainApiState>({ tokenBalances: [], balancesLoading: false, retryBlockedUntil: 0 })
  return {
    state,
    setBalancesLoading(account: string): void {
      if (state.balancesFor !== account) state.tokenBalances = []
      state.balancesFor = account
      state.balancesLoading = true
      state.balancesError = undefined
    },
    setBalances(account: string, balances: TokenBalance[]): void {
      state.balancesFor = account
      state.tokenBalances = balances
      state.balancesLoading = false
      state.balancesError = undefined
    },
    /** Records a failure and blocks retries for 30 s. */
    setBalancesError(message: string, now: number): void {
      state.balancesLoading = false
      state.balancesError = message
      state.retryBlockedUntil = now + BALANCE_RETRY_BLOCK_MS
    },
    clearBalances(): void {
      state.balancesFor = undefined
      state.tokenBalances = []
      state.balancesError = undefined
      state.balancesLoading = false
    },
    setIdentity(address: string | undefined, identity: Identity | undefined): void {
      state.identityFor = address
      state.identity = identity
    },
    setProfileName(address: string | undefined, name: string | undefined): void {
      state.profileNameFor = address
      state.profileName = name
    },
    setSupportedChains(chains: string[]): void {
      state.supportedChains = chains
    },
    /** Total USD value of the token balances whose price is known (`portfolioTotal` also counts the others). */
    totalUsd(): number {
      return state.tokenBalances.reduce((sum, b) => sum + (b.value !== undefined && Number.isFinite(b.value) ? b.value : 0), 0)
    }
  }
}

/** The blockchain api controller's type. */
export type BlockchainApiController = ReturnType<typeof createBlockchainApiController>
