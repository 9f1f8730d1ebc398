import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify'
import type { Address } from 'viem'
import { blockchainEndpoints, type Fungible } from '@wallet-modal/wire'
import { isSolanaAddress } from '../chain/isSolanaAddress.js'
import { readBalances } from '../chain/readBalances.js'
import { readSolanaBalances } from '../chain/readSolanaBalances.js'
import { upstreamRpc, isRpcResponse } from '../chain/upstreamRpc.js'
import type { ChainConfig } from '../config/ServerConfig.js'
import { balanceAsset, priceBalances } from '../prices/priceBalances.js'
import { priceAssetId, type PriceAsset } from '../prices/PriceProvider.js'
import { ApiError } from '../http/ApiError.js'
import { publicUrl } from '../http/publicUrl.js'
import { serveEndpoint } from '../http/serveEndpoint.js'
import type { RouteContext } from './RouteContext.js'
import { tokenIconUrl } from './tokenIconUrl.js'

/**
 * The blockchain data API of spec §7 (`blockchainEndpoints` of the wire contract):
 * `/v1/supported-chains`, `/v1/identity/{address}`, `/v1/account/{address}/balance` (read live
 * from the chain, on eip155 and solana chains), `/v1/fungible/price` and `/v1/convert/gas-price`.
 *
 * @param app - The Fastify instance.
 * @param ctx - Shared configuration and storage.
 */
export function blockchainRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const tokenIcon = (request: FastifyRequest) => tokenIconUrl(ctx, request)

  /** The configured eip155 chain of a CAIP-2 id, or the 400 `notSupported` names. */
  const evmChain = (caipNetworkId: string, notSupported: string): ChainConfig => {
    const chain = ctx.chains.get(caipNetworkId)
    if (!chain || !caipNetworkId.startsWith('eip155:')) throw new ApiError(400, notSupported)
    return chain
  }

  serveEndpoint(app, blockchainEndpoints.supportedChains, {}, async () => ({
    http: [...ctx.chains.keys()],
    // No WebSocket RPC is served.
    ws: []
  }))

  // `sender` (the asking account) is accepted and checked; the answer does not depend on it.
  serveEndpoint(app, blockchainEndpoints.identity, {}, async request => {
    const result = await ctx.store.query<{ name: string | null; avatar: string | null }>('SELECT name, avatar FROM identities WHERE address = $1', [
      request.params.address.toLowerCase()
    ])
    const identity = result.rows[0]
    // The operator's table overrides ENS; ENS is a nicety here: a failing node answers "no name".
    if (!identity && ctx.ens) return ensIdentity(ctx, request.params.address as Address, request.log)
    const avatar = identity?.avatar ?? null
    return {
      name: identity?.name ?? null,
      // Paths on this server become absolute URLs the caller can load as they are.
      avatar: avatar?.startsWith('/') ? publicUrl(request, avatar, ctx.publicUrl) : avatar
    }
  })

  // Balances are always read live: `forceUpdate` is accepted for compatibility. Prices come from
  // the price service (whatever the reader put there is replaced); an unknown one is left out.
  serveEndpoint(app, blockchainEndpoints.balance, {}, async request => {
    const { chainId } = request.query
    const { address } = request.params
    const chain = ctx.chains.get(chainId)
    // Spec §9: balances exist on eip155 and solana.
    if (chain && chainId.startsWith('solana:')) {
      if (!isSolanaAddress(address)) throw new ApiError(400, `Invalid address for ${chainId}: not a Solana address`)
      return {
        balances: await priceBalances(ctx.priceService, chain, await readSolanaBalances(chain, address, ctx.prices, tokenIcon(request), ctx.upstreamTimeoutMs))
      }
    }
    const evm = evmChain(chainId, `Network not supported for balances: ${chainId}`)
    if (!address.startsWith('0x')) throw new ApiError(400, `Invalid address for ${chainId}: not an EVM address`)
    return {
      balances: await priceBalances(
        ctx.priceService,
        evm,
        await readBalances(evm, address, ctx.prices, tokenIcon(request), ctx.upstreamTimeoutMs, ctx.tokenLists?.tokensFor(evm))
      )
    }
  })

  serveEndpoint(app, blockchainEndpoints.fungiblePrice, {}, async request => {
    if (request.body.projectId !== request.project?.id) throw new ApiError(400, 'Body projectId does not match the projectId query parameter')
    const found = request.body.addresses.flatMap(id => findFungible(ctx, id, tokenIcon(request)) ?? [])
    const quotes = await ctx.priceService.prices(found.map(f => f.asset))
    // Tokens without a price are left out, like unknown ones.
    const fungibles: Fungible[] = found.flatMap(({ asset, fungible }) => {
      const quote = quotes.get(asset.id)
      return quote ? [{ ...fungible, price: quote.usd }] : []
    })
    return { fungibles }
  })

  serveEndpoint(app, blockchainEndpoints.gasPrice, {}, async request => {
    // Spec §8 wording.
    const chain = evmChain(request.query.chainId, 'Network not supported for Gas Price')
    const answer = await upstreamRpc(chain.rpcUrl, { jsonrpc: '2.0', id: 1, method: 'eth_gasPrice', params: [] }, ctx.upstreamTimeoutMs)
    if (!isRpcResponse(answer) || answer.error || typeof answer.result !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(answer.result)) {
      throw new ApiError(502, 'Upstream RPC gave no gas price')
    }
    const gasPrice = BigInt(answer.result)
    // Faster tiers bid a fixed share above the node's suggestion.
    return {
      standard: gasPrice.toString(),
      fast: ((gasPrice * 125n) / 100n).toString(),
      instant: ((gasPrice * 150n) / 100n).toString()
    }
  })
}

/** Name, symbol and icon of a CAIP-10 token id (or `…:native`) the server knows, and the asset to price. */
function findFungible(
  ctx: RouteContext,
  id: string,
  icon: (symbol: string, configured?: string) => string
): { asset: PriceAsset; fungible: Omit<Fungible, 'price'> } | undefined {
  const lastColon = id.lastIndexOf(':')
  const chain = ctx.chains.get(id.slice(0, lastColon))
  if (!chain) return undefined
  const reference = id.slice(lastColon + 1)
  if (reference === 'native') {
    const { name, symbol } = chain.nativeCurrency
    return { asset: { id: priceAssetId(chain.caipNetworkId), chainId: chain.caipNetworkId, symbol }, fungible: { name, symbol, iconUrl: icon(symbol) } }
  }
  const token = (ctx.tokenLists?.tokensFor(chain) ?? chain.tokens)?.find(t => t.address.toLowerCase() === reference.toLowerCase())
  if (!token) return undefined
  return {
    // As in the balances: a listed token's symbol does not pick up a static price by symbol.
    asset: balanceAsset(chain, { address: `${chain.caipNetworkId}:${token.address}`, symbol: token.symbol }),
    fungible: { name: token.name, symbol: token.symbol, iconUrl: icon(token.symbol, token.iconUrl) }
  }
}

/** The address's ENS primary name (checked forward) and its avatar; both null when it has none or ENS fails. */
async function ensIdentity(ctx: RouteContext, address: Address, log: FastifyBaseLogger): Promise<{ name: string | null; avatar: string | null }> {
  try {
    const name = await ctx.ens!.name(address)
    const profile = name ? await ctx.ens!.profile(name) : null
    return { name, avatar: profile?.avatar ?? null }
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : String(err) }, 'ENS reverse lookup failed')
    return { name: null, avatar: null }
  }
}
