import { encodeFunctionData, getAddress, parseAbi, type Address, type Hex, type PublicClient } from 'viem'

/** The UniswapV2Router02 functions the 1inch stand-in quotes and swaps with (the published ABI's). */
export const UNISWAP_V2_ROUTER_ABI = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)'
])

/** A Uniswap V2 exchange on one chain. */
export interface UniswapV2Exchange {
  router: Address
  /** The wrapped coin (WETH9), which stands for the coin in paths. */
  weth: Address
}

/** The best route found: its path (the wrapped coin for the coin) and what it delivers. */
export interface UniswapV2Route {
  path: Address[]
  amountOut: bigint
}

/**
 * The best Uniswap V2 route for `amountIn` of `from` into `to` (the wrapped coin standing for the
 * coin): the direct pool, or one hop through the wrapped coin, whichever delivers more, read with
 * the router's own `getAmountsOut` (the pools' real reserves and 0.3% fee). Undefined when no
 * route has liquidity.
 *
 * @param client - A client of the chain's node.
 * @param exchange - The router and wrapped coin.
 * @param from - The token sold (the wrapped coin for the coin).
 * @param to - The token bought.
 * @param amountIn - Base units sold.
 */
export async function bestUniswapV2Route(
  client: PublicClient,
  exchange: UniswapV2Exchange,
  from: Address,
  to: Address,
  amountIn: bigint
): Promise<UniswapV2Route | undefined> {
  const weth = getAddress(exchange.weth)
  const candidates: Address[][] = [[from, to]]
  if (from !== weth && to !== weth) candidates.push([from, weth, to])
  const outs = await Promise.all(
    candidates.map(path =>
      client
        .readContract({ address: exchange.router, abi: UNISWAP_V2_ROUTER_ABI, functionName: 'getAmountsOut', args: [amountIn, path] })
        // A missing pair (no contract) or an empty one makes the router revert: no route there.
        .then(amounts => ({ path, amountOut: amounts[amounts.length - 1] ?? 0n }))
        .catch(() => undefined)
    )
  )
  let best: UniswapV2Route | undefined
  for (const route of outs) if (route && route.amountOut > 0n && (!best || route.amountOut > best.amountOut)) best = route
  return best
}

/**
 * The router call of a swap along `path`: `swapExactETHForTokens` when the coin is sold,
 * `swapExactTokensForETH` when it is bought, else `swapExactTokensForTokens`.
 *
 * @param swap - The route, the amounts, who receives and until when (seconds).
 */
export function encodeUniswapV2Swap(swap: {
  path: Address[]
  amountIn: bigint
  amountOutMin: bigint
  sellsCoin: boolean
  buysCoin: boolean
  to: Address
  deadline: bigint
}): Hex {
  const { path, amountIn, amountOutMin, to, deadline } = swap
  if (swap.sellsCoin) return encodeFunctionData({ abi: UNISWAP_V2_ROUTER_ABI, functionName: 'swapExactETHForTokens', args: [amountOutMin, path, to, deadline] })
  if (swap.buysCoin)
    return encodeFunctionData({ abi: UNISWAP_V2_ROUTER_ABI, functionName: 'swapExactTokensForETH', args: [amountIn, amountOutMin, path, to, deadline] })
  return encodeFunctionData({ abi: UNISWAP_V2_ROUTER_ABI, functionName: 'swapExactTokensForTokens', args: [amountIn, amountOutMin, path, to, deadline] })
}
