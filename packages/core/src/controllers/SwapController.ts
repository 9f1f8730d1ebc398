import { proxy, ref } from 'valtio/vanilla'
import type { SwapQuote, SwapToken } from '@wallet-modal/wire'

/** Slippage tolerance a swap starts with, in percent (spec §9). */
export const DEFAULT_SLIPPAGE = 1

/** Which step of a swap is waiting on the wallet or the chain. */
export type SwapStep = 'idle' | 'approving' | 'swapping'

/** The swap draft (spec §3 swap state) and what the Swap view shows around it. */
export interface SwapState {
  /** The CAIP-2 network the token list and the draft belong to. */
  network?: string
  /** The network's swap tokens (the account's balances are joined in by `swapBalance`). */
  tokens: SwapToken[]
  tokensLoading: boolean
  /** Why the network's tokens could not be listed (the service's reason, e.g. 'Network not supported for Swaps'). */
  tokensError?: string
  from?: SwapToken
  to?: SwapToken
  /** The amount of `from` as typed, in whole units. */
  amount?: string
  /** The quote of the current draft. */
  quote?: SwapQuote
  quoteLoading: boolean
  quoteError?: string
  /** Whether `from` must be approved for the amount first (undefined: not known yet). */
  needsApproval?: boolean
  /**
   * Whether the wallet makes the approval and the swap together, in one batch it approves once
   * (EIP-5792: a smart account): then Swap comes without a separate Approve.
   */
  batchesApproval?: boolean
  /** Slippage tolerance, in percent. */
  slippage: number
  step: SwapStep
  /** True once a sent approval or swap is waiting to be mined. */
  confirming: boolean
  /** The last approval's or swap's failure; the draft is kept. */
  error?: string
}

/** The swap draft (spec §3, §4 swap): tokens, amount, quote, slippage, the approve and swap steps. */
export function createSwapController() {
  const state = proxy<SwapState>({ tokens: [], tokensLoading: false, quoteLoading: false, slippage: DEFAULT_SLIPPAGE, step: 'idle', confirming: false })
  /** A change of the trade: the quote and what followed from it no longer hold. */
  const dropQuote = () => Object.assign(state, { quote: undefined, quoteError: undefined, needsApproval: undefined, error: undefined })
  return {
    state,
    /** A fresh draft for `network` (another network, or a reset). */
    reset(network: string | undefined): void {
      Object.assign(state, { network, tokens: [], tokensError: undefined, from: undefined, to: undefined, amount: undefined, step: 'idle', confirming: false })
      dropQuote()
    },
    setTokens(tokens: SwapToken[]): void {
      // Plain records from the service: ref keeps valtio from proxying each one.
      state.tokens = tokens.map(t => ref({ ...t }))
      state.tokensError = undefined
      // The picked tokens as the fresh list has them (kept, like the list, out of valtio's proxies).
      const fresh = (picked: SwapToken | undefined) => {
        const found = picked && tokens.find(t => t.address === picked.address)
        return found ? ref({ ...found }) : picked
      }
      state.from = fresh(state.from)
      state.to = fresh(state.to)
    },
    setTokensLoading(loading: boolean): void {
      state.tokensLoading = loading
    },
    setTokensError(message: string | undefined): void {
      state.tokensError = message
    },
    /** Sets both sides at once (a pick, a flip); the quote is dropped. */
    setPair(from: SwapToken | undefined, to: SwapToken | undefined): void {
      state.from = from ? ref({ ...from }) : undefined
      state.to = to ? ref({ ...to }) : undefined
      dropQuote()
    },
    setAmount(amount: string | undefined): void {
      state.amount = amount
      dropQuote()
    },
    setSlippage(slippage: number): void {
      state.slippage = slippage
      state.error = undefined
    },
    setQuoteLoading(loading: boolean): void {
      state.quoteLoading = loading
    },
    setQuote(quote: SwapQuote | undefined, needsApproval: boolean | undefined): void {
      state.quote = quote ? ref({ ...quote }) : undefined
      state.needsApproval = needsApproval
      state.quoteError = undefined
    },
    setQuoteError(message: string): void {
      state.quote = undefined
      state.needsApproval = undefined
      state.quoteError = message
    },
    /** Whether the wallet batches the approval with the swap (see {@link SwapState.batchesApproval}). */
    setBatchesApproval(batches: boolean): void {
      state.batchesApproval = batches
    },
    setNeedsApproval(needed: boolean): void {
      state.needsApproval = needed
    },
    setStep(step: SwapStep, confirming = false): void {
      state.step = step
      state.confirming = confirming
    },
    setError(message: string | undefined): void {
      state.error = message
    }
  }
}

/** The swap controller's type. */
export type SwapController = ReturnType<typeof createSwapController>
