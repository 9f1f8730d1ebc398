import { proxy, ref } from 'valtio/vanilla'
import type { TokenBalance } from '../api/schemas.js'

/** Most transactions counted as pending at once (spec §9). */
export const MAX_PENDING_TRANSACTIONS = 99

/** The network fee a send is expected to cost, in the network's native currency. */
export interface SendFee {
  /** Base units (wei, lamports). */
  raw: bigint
  /** The native currency's decimals and symbol, for display. */
  decimals: number
  symbol: string
  /** USD value when the native price is known. */
  usd?: number
}

/** The send draft of spec §3, plus what the views need around it. */
export interface SendState {
  token?: TokenBalance
  /** The amount as typed, in whole units ('0.5'). */
  sendTokenAmount?: string
  /** What the user typed in the receiver field (an address or a name). */
  receiverInput?: string
  /** The resolved receiver address (set once `receiverInput` is a valid address or a known name). */
  receiverAddress?: string
  receiverProfileName?: string
  receiverProfileImageUrl?: string
  /** True while a typed name is being looked up. */
  receiverResolving: boolean
  /** Why the receiver is not usable yet (shown under the field). */
  receiverError?: string
  /** USD value of the network's native balance (spec §3). */
  networkBalanceInUSD?: number
  /** The fee estimate for the current draft. */
  fee?: SendFee
  /** True while the wallet is asked to send. */
  loading: boolean
  /** The last send's failure, shown in the preview (the draft is kept). */
  error?: string
  /** Hashes (or signatures) sent from this modal and not yet mined, oldest first. */
  pending: string[]
}

/** A receiver not (yet) resolved: no address, profile or error. */
const UNRESOLVED_RECEIVER = {
  receiverAddress: undefined,
  receiverProfileName: undefined,
  receiverProfileImageUrl: undefined,
  receiverError: undefined,
  receiverResolving: false
} satisfies Partial<SendState>

/** The send draft and the pending transactions of the Send views (spec §3, §4 Sending). */
export function createSendController() {
  const state = proxy<SendState>({ loading: false, receiverResolving: false, pending: [] })
  return {
    state,
    setToken(token: TokenBalance | undefined): void {
      // A token is a plain record from the balances service; ref keeps valtio from proxying it twice.
      state.token = token ? ref({ ...token }) : undefined
      state.fee = undefined
      state.error = undefined
    },
    setAmount(amount: string | undefined): void {
      state.sendTokenAmount = amount
      state.error = undefined
    },
    /** Sets what the user typed; the resolved address and profile are cleared until resolved again. */
    setReceiverInput(input: string): void {
      Object.assign(state, UNRESOLVED_RECEIVER, { receiverInput: input, error: undefined })
    },
    setReceiverResolving(resolving: boolean): void {
      state.receiverResolving = resolving
    },
    setReceiver(address: string, profile: { name?: string; imageUrl?: string } = {}): void {
      state.receiverAddress = address
      state.receiverProfileName = profile.name
      state.receiverProfileImageUrl = profile.imageUrl
      state.receiverError = undefined
      state.receiverResolving = false
    },
    setReceiverError(message: string): void {
      state.receiverAddress = undefined
      state.receiverError = message
      state.receiverResolving = false
    },
    setNetworkBalanceInUSD(value: number | undefined): void {
      state.networkBalanceInUSD = value
    },
    setFee(fee: SendFee | undefined): void {
      state.fee = fee
    },
    setLoading(loading: boolean): void {
      state.loading = loading
    },
    setError(message: string | undefined): void {
      state.error = message
    },
    /** Counts a sent transaction as pending; false when {@link MAX_PENDING_TRANSACTIONS} are already counted. */
    addPending(id: string): boolean {
      if (state.pending.length >= MAX_PENDING_TRANSACTIONS || state.pending.includes(id)) return false
      state.pending.push(id)
      return true
    },
    removePending(id: string): void {
      const i = state.pending.indexOf(id)
      if (i >= 0) state.pending.splice(i, 1)
    },
    /** Forgets every pending transaction (the last disconnect: they belong to a gone account). */
    clearPending(): void {
      state.pending.splice(0)
    },
    /** Clears the draft (after a send, on disconnect); pending transactions are kept. */
    resetSend(): void {
      Object.assign(state, UNRESOLVED_RECEIVER, {
        token: undefined,
        sendTokenAmount: undefined,
        receiverInput: undefined,
        networkBalanceInUSD: undefined,
        fee: undefined,
        loading: false,
        error: undefined
      })
    }
  }
}

/** The send controller's type. */
export type SendController = ReturnType<typeof createSendController>
