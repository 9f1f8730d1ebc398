import type { Address, Hex } from 'viem'

/** A token of a swap: the network's coin, or an ERC-20 contract. */
export type SwapAsset = { native: true } | { native: false; address: Address }

/** What a provider quotes: `amount` (base units) of `from` into `to`. */
export interface SwapQuoteRequest {
  from: SwapAsset
  to: SwapAsset
  amount: bigint
}

/** A provider's quote. */
export interface ProviderQuote {
  toAmount: bigint
  /** Percent below the pools' mid price, fees excluded. */
  priceImpact: number
  /** Liquidity providers' fee in `from`'s base units. */
  feeAmount: bigint
  /** The contract addresses the trade goes through (the wrapped coin stands for the native coin). */
  path: Address[]
  /** Gas the swap is expected to use (for the network fee shown with the quote). */
  gasEstimate: bigint
}

/** The swap transaction a provider builds. */
export interface ProviderTransaction {
  to: Address
  data: Hex
  value: bigint
  /** Gas, when the provider estimated it. */
  gas?: bigint
}

/** What a provider builds: a quote's trade for `recipient`, within `slippageBps` of `toAmount`. */
export interface SwapBuildRequest extends SwapQuoteRequest {
  /** The quote's route. */
  path: Address[]
  /** The least the swap may deliver (the quote's amount less the slippage). */
  minOut: bigint
  /** The slippage tolerance in hundredths of a percent (for providers that apply it themselves). */
  slippageBps: bigint
  recipient: Address
  /** Skip the provider's own gas estimate. */
  disableEstimate: boolean
}

/**
 * Where quotes and swap transactions come from on one network. Implementations: the on-chain
 * Uniswap V2 provider (`UniswapV2Provider`) and the 1inch aggregation API (`OneInchProvider`). A provider throws `ApiError` (400) for a trade it
 * cannot make ('Insufficient liquidity', 'No pool …') and `upstreamFailure` errors for its upstream.
 */
export interface SwapProvider {
  /** Its name in quotes (`uniswap-v2`). */
  readonly name: string
  /** The contract an ERC-20 allowance must name. */
  spender(): Promise<Address>
  /** The best quote it has. */
  quote(request: SwapQuoteRequest): Promise<ProviderQuote>
  /** The swap along `path` (a quote's), delivering at least `minOut` to `recipient` or reverting. */
  buildSwap(request: SwapBuildRequest): Promise<ProviderTransaction>
}
