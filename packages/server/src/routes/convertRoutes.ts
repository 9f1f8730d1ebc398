import type { FastifyInstance } from 'fastify'
import { encodeFunctionData, erc20Abi, getAddress, isAddress, maxUint256, type Address, type PublicClient } from 'viem'
import { convertEndpoints, type SwapToken } from '@wallet-modal/wire'
import { createChainClient } from '../chain/createChainClient.js'
import { upstreamFailure } from '../chain/upstreamFailure.js'
import type { ChainConfig } from '../config/ServerConfig.js'
import { ApiError } from '../http/ApiError.js'
import { serveEndpoint } from '../http/serveEndpoint.js'
import { decodeQuoteId, encodeQuoteId, QUOTE_VALIDITY_MS } from '../swap/quoteId.js'
import type { SwapAsset, SwapProvider } from '../swap/SwapProvider.js'
import { OneInchProvider } from '../swap/OneInchProvider.js'
import { UniswapV2Provider } from '../swap/UniswapV2Provider.js'
import type { RouteContext } from './RouteContext.js'
import { tokenIconUrl } from './tokenIconUrl.js'

/** Spec §8 wording for a network without swaps. */
export const SWAPS_NOT_SUPPORTED = 'Network not supported for Swaps'

/** A parsed CAIP-10 token id of a swap. */
interface AssetId {
  chain: string
  asset: SwapAsset
}

/** `eip155:1:0xabc…` or `eip155:1:native`; a bad reference is a 400 naming the field. */
function parseAsset(id: string, field: string): AssetId {
  const at = id.lastIndexOf(':')
  const chain = id.slice(0, at)
  const reference = id.slice(at + 1)
  if (reference === 'native') return { chain, asset: { native: true } }
  if (!isAddress(reference, { strict: false })) throw new ApiError(400, `Invalid token in ${field}: ${id}`)
  return { chain, asset: { native: false, address: getAddress(reference) } }
}

/** The account of a CAIP-10 `userAddress`. */
function parseAccount(id: string): { chain: string; address: Address } {
  const at = id.lastIndexOf(':')
  const reference = id.slice(at + 1)
  if (!isAddress(reference, { strict: false })) throw new ApiError(400, `Invalid userAddress: ${id}`)
  return { chain: id.slice(0, at), address: getAddress(reference) }
}

/**
 * The swap API of spec §7 (`convertEndpoints` of the wire contract): `/v1/convert/tokens`,
 * `quotes`, `allowance`, `build-approve` and `build-transaction`, on the chains whose
 * configuration names an exchange (`swap.uniswapV2`, on chain) or 1inch (`swap.oneInch`); others answer 'Network not supported for
 * Swaps'. Every amount is base units; every chain read has the upstream timeout.
 *
 * @param app - The Fastify instance.
 * @param ctx - Shared configuration and storage.
 */
export function convertRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const made = new Map<string, { chain: ChainConfig; client: PublicClient; provider: SwapProvider }>()
  /** The chain's client and provider (made on first use), or the spec's 400. */
  const swapsOn = (caipNetworkId: string) => {
    const known = made.get(caipNetworkId)
    if (known) return known
    const chain = ctx.chains.get(caipNetworkId)
    if (!chain?.swap || !caipNetworkId.startsWith('eip155:')) throw new ApiError(400, SWAPS_NOT_SUPPORTED)
    const client = createChainClient(chain.rpcUrl, ctx.upstreamTimeoutMs)
    const provider: SwapProvider =
      'uniswapV2' in chain.swap
        ? new UniswapV2Provider(chain.swap.uniswapV2, client, ctx.upstreamTimeoutMs)
        : new OneInchProvider({ ...chain.swap.oneInch, chainId: Number(caipNetworkId.slice('eip155:'.length)), timeoutMs: ctx.upstreamTimeoutMs })
    const entry = { chain, client, provider }
    made.set(caipNetworkId, entry)
    return entry
  }
  /** `from`, `to` and the account, all on one network with swaps. */
  const trade = (from: string, to: string, userAddress: string) => {
    const a = parseAsset(from, 'from')
    const b = parseAsset(to, 'to')
    const user = parseAccount(userAddress)
    if (a.chain !== b.chain || a.chain !== user.chain) throw new ApiError(400, 'from, to and userAddress must be on the same network')
    return { ...swapsOn(a.chain), from: a.asset, to: b.asset, user: user.address }
  }
  const gasPriceOf = (client: PublicClient) =>
    client.getGasPrice().catch((error: unknown) => Promise.reject(upstreamFailure(error, ctx.upstreamTimeoutMs, 'eth_gasPrice')))

  serveEndpoint(app, convertEndpoints.tokens, {}, async request => {
    const { chain } = swapsOn(request.query.chainId)
    const id = chain.caipNetworkId
    const icon = tokenIconUrl(ctx, request)
    const native: SwapToken = { ...chain.nativeCurrency, address: `${id}:native`, logoUri: icon(chain.nativeCurrency.symbol), price: ctx.prices.native(chain) }
    const tokens = (chain.tokens ?? []).map(t => ({
      name: t.name,
      symbol: t.symbol,
      address: `${id}:${t.address}`,
      decimals: t.decimals,
      logoUri: icon(t.symbol, t.iconUrl),
      price: ctx.prices.token(chain, t)
    }))
    return { tokens: [native, ...tokens] }
  })

  serveEndpoint(app, convertEndpoints.quotes, {}, async request => {
    const { from, to, amount, userAddress, gasPrice } = request.query
    const { chain, client, provider, ...assets } = trade(from, to, userAddress)
    const [quote, price, spender] = await Promise.all([
      provider.quote({ from: assets.from, to: assets.to, amount: BigInt(amount) }),
      gasPrice === undefined ? gasPriceOf(client) : Promise.resolve(BigInt(gasPrice)),
      assets.from.native ? undefined : provider.spender()
    ])
    const expiresAt = Date.now() + QUOTE_VALIDITY_MS
    const terms = { chain: chain.caipNetworkId, from, to, amount, toAmount: quote.toAmount.toString(), path: quote.path, expiresAt }
    return {
      quotes: [
        {
          id: encodeQuoteId(terms),
          provider: provider.name,
          fromAmount: amount,
          toAmount: terms.toAmount,
          priceImpact: quote.priceImpact,
          fee: { amount: quote.feeAmount.toString(), token: from },
          route: quote.path.map(address =>
            (address === quote.path[0] && assets.from.native) || (address === quote.path[quote.path.length - 1] && assets.to.native)
              ? `${chain.caipNetworkId}:native`
              : `${chain.caipNetworkId}:${address}`
          ),
          gasFee: (quote.gasEstimate * price).toString(),
          ...(spender ? { spender } : {}),
          expiresAt
        }
      ]
    }
  })

  serveEndpoint(app, convertEndpoints.allowance, {}, async request => {
    const token = parseAsset(request.query.tokenAddress, 'tokenAddress')
    const user = parseAccount(request.query.userAddress)
    if (token.chain !== user.chain) throw new ApiError(400, 'tokenAddress and userAddress must be on the same network')
    const { client, provider } = swapsOn(token.chain)
    const spender = await provider.spender()
    // The native coin is sent along with the swap: nothing to allow.
    if (token.asset.native) return { allowance: maxUint256.toString(), spender }
    const allowance = await client
      .readContract({ address: token.asset.address, abi: erc20Abi, functionName: 'allowance', args: [user.address, spender] })
      .catch((error: unknown) => Promise.reject(upstreamFailure(error, ctx.upstreamTimeoutMs, 'allowance')))
    return { allowance: allowance.toString(), spender }
  })

  serveEndpoint(app, convertEndpoints.buildApprove, {}, async request => {
    const { from, to, userAddress, amount } = request.query
    const { client, provider, user, ...assets } = trade(from, to, userAddress)
    if (assets.from.native) throw new ApiError(400, "The network's coin needs no approval")
    const [spender, gasPrice] = await Promise.all([provider.spender(), gasPriceOf(client)])
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount === undefined ? maxUint256 : BigInt(amount)] })
    return { tx: { from: user, to: assets.from.address, data, value: '0', eip155: { gasPrice: gasPrice.toString() } } }
  })

  serveEndpoint(app, convertEndpoints.buildTransaction, {}, async request => {
    const body = request.body
    if (body.projectId !== request.project?.id) throw new ApiError(400, 'Body projectId does not match the projectId query parameter')
    const { chain, client, provider, user, ...assets } = trade(body.from, body.to, body.userAddress)
    const amount = BigInt(body.amount)
    let toAmount: bigint
    let path: Address[]
    if (body.quoteId) {
      // The quote the visitor saw: its minimum holds even if the pools moved since.
      const terms = decodeQuoteId(body.quoteId)
      if (terms.chain !== chain.caipNetworkId || terms.from !== body.from || terms.to !== body.to || terms.amount !== body.amount)
        throw new ApiError(400, 'The quote is for another trade')
      toAmount = BigInt(terms.toAmount)
      path = terms.path.map(a => getAddress(a))
    } else {
      const quote = await provider.quote({ from: assets.from, to: assets.to, amount })
      toAmount = quote.toAmount
      path = quote.path
    }
    // Slippage in hundredths of a percent, exactly (no float): "0.5" -> 50.
    const [whole, fraction = ''] = body.eip155.slippage.split('.')
    const slippageBps = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'))
    const minOut = (toAmount * (10_000n - slippageBps)) / 10_000n
    const disableEstimate = body.disableEstimate ?? false
    const tx = await provider.buildSwap({ from: assets.from, to: assets.to, amount, path, minOut, slippageBps, recipient: user, disableEstimate })
    const [gasPrice, gas] = await Promise.all([
      gasPriceOf(client),
      // A swap that would revert now (no allowance yet, price past the minimum) has no estimate;
      // the wallet's own estimate then says why.
      // Half as much again as the node's estimate: estimates of a first swap from an account
      // (fresh storage slots, the wrapped coin's calls) run tight, and a node estimates in the
      // latest block's context: when the pool traded in that block, a V2 swap mined in a later
      // one also writes the price accumulators, about 24,000 gas (27% of a 90,600-gas swap,
      // measured on the devnet) that the estimate left out. Unused gas is not paid for.
      tx.gas ??
        (disableEstimate
          ? undefined
          : client.estimateGas({ account: user, to: tx.to, data: tx.data, value: tx.value }).then(
              gas => (gas * 3n) / 2n,
              () => undefined
            ))
    ])
    return {
      tx: {
        from: user,
        to: tx.to,
        data: tx.data,
        value: tx.value.toString(),
        eip155: { gasPrice: gasPrice.toString(), ...(gas === undefined ? {} : { gas: gas.toString() }) }
      },
      minimumReceived: minOut.toString()
    }
  })
}
