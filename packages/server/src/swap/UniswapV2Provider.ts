import { BaseError, ContractFunctionRevertedError, encodeFunctionData, getAddress, parseAbi, zeroAddress, type Address, type PublicClient } from 'viem'
import { ApiError } from '../http/ApiError.js'
import { upstreamFailure } from '../chain/upstreamFailure.js'
import type { ProviderQuote, ProviderTransaction, SwapAsset, SwapBuildRequest, SwapProvider, SwapQuoteRequest } from './SwapProvider.js'

const ROUTER_ABI = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)'
])
const FACTORY_ABI = parseAbi(['function getPair(address tokenA, address tokenB) view returns (address pair)'])
const PAIR_ABI = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)'
])

/** Uniswap V2's fee: 0.3% of the input of every hop. */
const FEE_NUMERATOR = 997n
const FEE_DENOMINATOR = 1000n
/** Gas a V2 swap uses, about: a first hop, and each further one (for the quote's network fee). */
const GAS_FIRST_HOP = 120_000n
const GAS_PER_HOP = 60_000n
/** How long a built swap stays valid on chain (the router's `deadline`). */
export const SWAP_DEADLINE_SECONDS = 20 * 60

/** Addresses of a Uniswap V2 deployment. */
export interface UniswapV2Addresses {
  router: string
  factory: string
  weth: string
}

/**
 * Quotes and builds swaps on a Uniswap V2 exchange, reading the chain itself: the best of the
 * direct pool and the route through the wrapped coin (by the router's `getAmountsOut`), the price
 * impact from the pools' reserves, and `swapExact*` calls with a minimum out and a deadline.
 *
 * @example
 * ```ts
 * const provider = new UniswapV2Provider({ router, factory, weth }, createChainClient(rpcUrl, 10_000), 10_000)
 * const quote = await provider.quote({ from: { native: true }, to: { native: false, address: DUSD }, amount: 10n ** 18n })
 * ```
 */
export class UniswapV2Provider implements SwapProvider {
  readonly name = 'uniswap-v2'
  private readonly router: Address
  private readonly factory: Address
  private readonly weth: Address
  /** Pools found, by their sorted token pair: a pool's address never changes once created. */
  private readonly pairs = new Map<string, Address>()
  /** Each pool's `token0`, fixed at its creation. */
  private readonly token0s = new Map<Address, Address>()

  constructor(
    addresses: UniswapV2Addresses,
    private readonly client: PublicClient,
    private readonly timeoutMs: number
  ) {
    this.router = getAddress(addresses.router)
    this.factory = getAddress(addresses.factory)
    this.weth = getAddress(addresses.weth)
  }

  async spender(): Promise<Address> {
    return this.router
  }

  private addressOf(asset: SwapAsset): Address {
    return asset.native ? this.weth : getAddress(asset.address)
  }

  async quote(request: SwapQuoteRequest): Promise<ProviderQuote> {
    const a = this.addressOf(request.from)
    const b = this.addressOf(request.to)
    if (a === b) throw new ApiError(400, 'From and to are the same token')
    const candidates: Address[][] = [[a, b]]
    if (a !== this.weth && b !== this.weth) candidates.push([a, this.weth, b])
    try {
      // Only routes whose every pool exists (one batch: the client batches calls made together).
      const withPools = await Promise.all(candidates.map(async path => ({ path, pairs: await Promise.all(hops(path).map(([x, y]) => this.pairOf(x, y))) })))
      const routes = withPools.filter(route => route.pairs.every(pair => pair !== zeroAddress))
      if (routes.length === 0) throw new ApiError(400, 'No pool trades these tokens')
      const outs = await Promise.all(
        routes.map(route =>
          this.client
            .readContract({ address: this.router, abi: ROUTER_ABI, functionName: 'getAmountsOut', args: [request.amount, route.path] })
            .then(amounts => amounts[amounts.length - 1] ?? 0n)
            // The router reverts on an empty pool (INSUFFICIENT_LIQUIDITY); an upstream failure is rethrown below.
            .catch((error: unknown) => (isRevert(error) ? 0n : Promise.reject(error)))
        )
      )
      let best = 0
      for (let i = 1; i < outs.length; i++) if (outs[i]! > outs[best]!) best = i
      const toAmount = outs[best]!
      const route = routes[best]!
      if (toAmount === 0n) {
        // An empty pool, or an input too small to get one base unit out.
        throw new ApiError(400, (await this.hasReserves(route.pairs)) ? 'Amount too small to swap' : 'Insufficient liquidity')
      }
      const hopCount = BigInt(route.path.length - 1)
      const kept = (request.amount * FEE_NUMERATOR ** hopCount) / FEE_DENOMINATOR ** hopCount
      const mid = await this.midOut(route.path, route.pairs, request.amount)
      // Impact = how far below the mid price (fees taken out) the trade lands.
      const afterFees = mid * (Number(FEE_NUMERATOR) / Number(FEE_DENOMINATOR)) ** Number(hopCount)
      const priceImpact = afterFees > 0 ? Math.max(0, Math.round((1 - Number(toAmount) / afterFees) * 10_000) / 100) : 0
      return { toAmount, priceImpact, feeAmount: request.amount - kept, path: route.path, gasEstimate: GAS_FIRST_HOP + GAS_PER_HOP * (hopCount - 1n) }
    } catch (error) {
      throw upstreamFailure(error, this.timeoutMs, 'a swap quote')
    }
  }

  async buildSwap(request: SwapBuildRequest): Promise<ProviderTransaction> {
    const deadline = BigInt(Math.floor(Date.now() / 1000) + SWAP_DEADLINE_SECONDS)
    const { path, minOut, recipient, amount } = request
    if (path[0] !== this.addressOf(request.from) || path[path.length - 1] !== this.addressOf(request.to))
      throw new ApiError(400, 'The quote is for other tokens')
    if (request.from.native) {
      return {
        to: this.router,
        value: amount,
        data: encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapExactETHForTokens', args: [minOut, path, recipient, deadline] })
      }
    }
    const functionName = request.to.native ? 'swapExactTokensForETH' : 'swapExactTokensForTokens'
    return { to: this.router, value: 0n, data: encodeFunctionData({ abi: ROUTER_ABI, functionName, args: [amount, minOut, path, recipient, deadline] }) }
  }

  /** The pool of two tokens (the zero address when there is none yet: not remembered, it may be created). */
  private async pairOf(x: Address, y: Address): Promise<Address> {
    const key = x < y ? `${x}:${y}` : `${y}:${x}`
    const known = this.pairs.get(key)
    if (known) return known
    const pair = await this.client.readContract({ address: this.factory, abi: FACTORY_ABI, functionName: 'getPair', args: [x, y] })
    if (pair !== zeroAddress) this.pairs.set(key, pair)
    return pair
  }

  private async reservesOf(pair: Address, tokenIn: Address): Promise<[bigint, bigint]> {
    const known = this.token0s.get(pair)
    const [[r0, r1], token0] = await Promise.all([
      this.client.readContract({ address: pair, abi: PAIR_ABI, functionName: 'getReserves' }),
      known ?? this.client.readContract({ address: pair, abi: PAIR_ABI, functionName: 'token0' }).then(getAddress)
    ])
    this.token0s.set(pair, token0)
    return token0 === tokenIn ? [r0, r1] : [r1, r0]
  }

  private async hasReserves(pairs: Address[]): Promise<boolean> {
    const reserves = await Promise.all(pairs.map(pair => this.client.readContract({ address: pair, abi: PAIR_ABI, functionName: 'getReserves' })))
    return reserves.every(([r0, r1]) => r0 > 0n && r1 > 0n)
  }

  /** What `amount` would buy at the pools' current mid prices (no fee, no impact), as a float. */
  private async midOut(path: Address[], pairs: Address[], amount: bigint): Promise<number> {
    const reserves = await Promise.all(pairs.map((pair, i) => this.reservesOf(pair, path[i]!)))
    return reserves.reduce((value, [rIn, rOut]) => (rIn > 0n ? (value * Number(rOut)) / Number(rIn) : 0), Number(amount))
  }
}

/** The consecutive pairs of a path. */
function hops(path: Address[]): [Address, Address][] {
  return path.slice(1).map((to, i) => [path[i]!, to])
}

/** Whether a viem error is the contract reverting (not the node failing to answer). */
function isRevert(error: unknown): boolean {
  return error instanceof BaseError && error.walk(cause => cause instanceof ContractFunctionRevertedError) instanceof ContractFunctionRevertedError
}
