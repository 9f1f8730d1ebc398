import { numberToHex, parseUnits, type Hex } from 'viem'
import * as v from 'valibot'
import type { ChainConfig } from '../config/ServerConfig.js'
import { ApiError } from '../http/ApiError.js'
import type { PricedBalance } from '../prices/priceBalances.js'

/**
 * One asset of a `wallet_getAssets` answer (EIP-7811), in the shape spec §3 gives it (its
 * "Asset response"): the token's address (`native` for the coin), the balance in base units as
 * hex, the type `NATIVE` or `ERC20` (the spec's words; EIP-7811's drafts spell them in either
 * case, and filters here match either), and the metadata the modal shows.
 */
export interface WalletAsset {
  address: string
  balance: Hex
  type: 'NATIVE' | 'ERC20'
  metadata: { name: string; symbol: string; decimals: number; price?: number; value?: number; iconUrl?: string }
}

const HexChainId = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,16}$/, 'a chain id is a hex number'))
/** An asset named in `assetFilter`: its address (or `native`), alone or with its type. */
const FilterEntry = v.union([
  v.pipe(v.string(), v.maxLength(100)),
  v.object({ address: v.pipe(v.string(), v.maxLength(100)), type: v.optional(v.pipe(v.string(), v.maxLength(30))) })
])

/** `wallet_getAssets`' one parameter (EIP-7811): the account, and optional filters, each bounded. */
const ParamsSchema = v.tuple([
  v.object({
    account: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'account must be an address')),
    assetFilter: v.optional(
      v.pipe(
        v.record(HexChainId, v.pipe(v.array(FilterEntry), v.maxLength(500))),
        v.check(r => Object.keys(r).length <= 100, 'assetFilter names too many chains')
      )
    ),
    assetTypeFilter: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(30))), v.maxLength(10))),
    chainFilter: v.optional(v.pipe(v.array(HexChainId), v.maxLength(100)))
  })
])

/** Reads an account's balances on a chain, priced where a price is known (the balance route's read). */
export type ReadChainBalances = (chain: ChainConfig, address: string) => Promise<readonly PricedBalance[]>

const chainIdOf = (chain: ChainConfig) => Number(chain.caipNetworkId.slice('eip155:'.length))

/** A balance of the balance route as an EIP-7811 asset. */
function toAsset(chain: ChainConfig, balance: PricedBalance): WalletAsset {
  const decimals = Number(balance.quantity.decimals)
  const contract = balance.address?.slice(chain.caipNetworkId.length + 1)
  return {
    address: contract ?? 'native',
    balance: numberToHex(parseUnits(balance.quantity.numeric, decimals)),
    type: contract ? 'ERC20' : 'NATIVE',
    metadata: {
      name: balance.name,
      symbol: balance.symbol,
      decimals,
      ...(balance.price !== undefined ? { price: balance.price } : {}),
      ...(balance.value !== undefined ? { value: balance.value } : {}),
      ...(balance.iconUrl ? { iconUrl: balance.iconUrl } : {})
    }
  }
}

/** Whether an asset is one a filter entry names (an address in any case, or `native`; the type when given, in any case). */
function named(asset: WalletAsset, entry: v.InferOutput<typeof FilterEntry>): boolean {
  const address = typeof entry === 'string' ? entry : entry.address
  const type = typeof entry === 'string' ? undefined : entry.type
  return address.toLowerCase() === asset.address.toLowerCase() && (type === undefined || type.toLowerCase() === asset.type.toLowerCase())
}

/**
 * EIP-7811 `wallet_getAssets` for the embedded wallet: the account's native coin and the tokens
 * the server reads for the balance route (configured and listed tokens, priced by the price
 * service), on the eip155 chains the secure site serves, keyed by hex chain id. Filters: an
 * `assetFilter` names the chains and, per chain, the assets (an empty list: all of that chain's);
 * otherwise `chainFilter` names the chains, and `assetTypeFilter` the types. Chains this wallet
 * does not serve are left out. A chain whose node fails is left out too, unless every chain
 * asked failed: then the request fails (502, as the balance route does).
 *
 * @example
 * ```ts
 * await walletAssets([{ account: '0xf39F…2266', chainFilter: ['0x7a69'] }], chains, read)
 * // { '0x7a69': [{ address: 'native', balance: '0x…', type: 'NATIVE', metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, … } }, …] }
 * ```
 *
 * @param params - The RPC params: `[{ account, assetFilter?, assetTypeFilter?, chainFilter? }]`.
 * @param chains - The eip155 chains served.
 * @param read - The balance read of one chain.
 * @throws ApiError 400 for params outside EIP-7811's shape
 */
export async function walletAssets(params: unknown, chains: readonly ChainConfig[], read: ReadChainBalances): Promise<Record<Hex, WalletAsset[]>> {
  const parsed = v.safeParse(ParamsSchema, params)
  if (!parsed.success) throw new ApiError(400, `wallet_getAssets: ${parsed.issues[0]?.message ?? 'invalid params'}`)
  const [{ account, assetFilter, assetTypeFilter, chainFilter }] = parsed.output
  const byId = new Map(chains.filter(c => c.caipNetworkId.startsWith('eip155:')).map(c => [chainIdOf(c), c]))
  const asked = assetFilter ? Object.keys(assetFilter) : chainFilter
  const ids = asked ? [...new Set(asked.map(hex => Number.parseInt(hex, 16)))] : [...byId.keys()]
  const served = ids.flatMap(id => (byId.has(id) ? [byId.get(id)!] : []))
  const types = assetTypeFilter?.map(t => t.toLowerCase())
  const settled = await Promise.allSettled(served.map(async chain => (await read(chain, account)).map(b => toAsset(chain, b))))
  const failed = settled.filter(r => r.status === 'rejected')
  if (served.length > 0 && failed.length === served.length) throw failed[0]!.reason
  const answer: Record<Hex, WalletAsset[]> = {}
  settled.forEach((result, i) => {
    if (result.status !== 'fulfilled') return
    const hex = numberToHex(chainIdOf(served[i]!))
    const wanted = assetFilter ? Object.entries(assetFilter).find(([key]) => Number.parseInt(key, 16) === chainIdOf(served[i]!))?.[1] : undefined
    answer[hex] = result.value.filter(asset =>
      wanted && wanted.length > 0 ? wanted.some(entry => named(asset, entry)) : assetFilter ? true : !types || types.includes(asset.type.toLowerCase())
    )
  })
  return answer
}
