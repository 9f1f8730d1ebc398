import { formatUnits } from 'viem'
import { isValidWalletAsset, type TokenBalance } from '../../api/schemas.js'
import { WalletModalError } from '../../errors/WalletModalError.js'
import type { Eip1193Provider } from '../../types/connector.js'
import type { CaipNetwork } from '../../types/network.js'

/** A wallet asset that passed {@link isValidWalletAsset} (spec §3 "Asset response"). */
interface WalletAsset {
  address: string
  balance: string
  type: 'ERC20' | 'NATIVE'
  metadata: { name: string; symbol: string; decimals: number; price?: number; value?: number; iconUrl?: string }
}

/** Most decimals a token may declare and still be shown (uint256 amounts have at most 78 digits). */
const MAX_DECIMALS = 77

/** A valid asset as the token balance the modal shows, or undefined when it cannot be one (zero decimals are dropped as low quality, as the balance service's are). */
function toTokenBalance(asset: WalletAsset, caipNetworkId: string): TokenBalance | undefined {
  const { name, symbol, decimals, price, value, iconUrl } = asset.metadata
  if (!Number.isInteger(decimals) || decimals <= 0 || decimals > MAX_DECIMALS) return undefined
  if (asset.balance.length > 66) return undefined
  const amount = asset.balance === '0x' ? 0n : BigInt(asset.balance)
  return {
    name,
    symbol,
    chainId: caipNetworkId,
    ...(asset.type === 'ERC20' ? { address: `${caipNetworkId}:${asset.address}` } : {}),
    ...(typeof value === 'number' && Number.isFinite(value) ? { value } : {}),
    ...(typeof price === 'number' && Number.isFinite(price) ? { price } : {}),
    quantity: { decimals: String(decimals), numeric: formatUnits(amount, decimals) },
    ...(iconUrl ? { iconUrl } : {})
  }
}

/**
 * The account's balances from the wallet itself (spec §7: "capability-checked asset discovery for
 * the embedded wallet"): when the wallet's `wallet_getCapabilities` says `assetDiscovery` is
 * supported on the network (EIP-7811), its `wallet_getAssets` for that network, each asset kept
 * only when {@link isValidWalletAsset} passes it (spec §5) and shaped as the balance service's
 * token balances. Undefined when the wallet does not offer asset discovery there (or cannot say):
 * the caller then reads the balance service.
 *
 * @example
 * ```ts
 * const balances = (await walletAssetBalances(provider, network, address)) ?? (await api.getBalances(address, network.caipNetworkId))
 * ```
 *
 * @param provider - The wallet's EIP-1193 provider.
 * @param network - An eip155 network.
 * @param address - The connected account.
 * @throws When the wallet offers asset discovery but `wallet_getAssets` fails or answers no object.
 */
export async function walletAssetBalances(provider: Eip1193Provider, network: CaipNetwork, address: string): Promise<TokenBalance[] | undefined> {
  const chain = `0x${Number(network.id).toString(16)}`
  let capabilities: unknown
  try {
    capabilities = await provider.request({ method: 'wallet_getCapabilities', params: [address, [chain]] })
  } catch {
    return undefined
  }
  const discovery = (capabilities as Record<string, { assetDiscovery?: { supported?: unknown } } | undefined> | null)?.[chain]?.assetDiscovery
  if (discovery?.supported !== true) return undefined
  const answer = await provider.request({ method: 'wallet_getAssets', params: [{ account: address, chainFilter: [chain] }] })
  if (!answer || typeof answer !== 'object') throw new WalletModalError('INVALID_RESPONSE', { details: 'wallet_getAssets answered no assets object' })
  // The answer is keyed by hex chain id; a wallet may write it with leading zeros or capitals.
  const key = Object.keys(answer).find(k => /^0x[0-9a-fA-F]+$/.test(k) && BigInt(k) === BigInt(chain))
  const assets = key ? (answer as Record<string, unknown>)[key] : []
  if (!Array.isArray(assets)) throw new WalletModalError('INVALID_RESPONSE', { details: 'wallet_getAssets answered no asset list' })
  return assets.flatMap(asset => {
    if (!isValidWalletAsset(asset)) return []
    const balance = toTokenBalance(asset as WalletAsset, network.caipNetworkId)
    return balance ? [balance] : []
  })
}
