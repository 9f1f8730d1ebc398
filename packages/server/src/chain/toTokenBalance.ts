import { formatUnits } from 'viem'
import type { ChainConfig } from '../config/ServerConfig.js'

/** A token balance as spec §3 shapes it (`/v1/account/{address}/balance`). */
export interface TokenBalance {
  name: string
  symbol: string
  /** CAIP-2 id of the chain. */
  chainId: string
  /** CAIP-10 id of the token contract; absent for the native coin. */
  address?: string
  /** USD value of the balance. */
  value: number
  /** USD price of one unit. */
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

/** What {@link toTokenBalance} needs to know of one asset. */
export interface BalanceAsset {
  symbol: string
  name: string
  decimals: number
  /** USD price of one unit. */
  price: number
  iconUrl: string
  /** Token contract or mint address; absent for the native coin. */
  contract?: string
}

/**
 * Shapes an amount as spec §3's token balance, the same for every chain namespace: the CAIP-10
 * id of a token is `<caipNetworkId>:<contract or mint>`, the quantity a decimal string, the value
 * the quantity times the price.
 *
 * @param chain - The chain the balance is on.
 * @param asset - The asset's metadata and price.
 * @param amount - Balance in base units.
 */
export function toTokenBalance(chain: ChainConfig, asset: BalanceAsset, amount: bigint): TokenBalance {
  const numeric = formatUnits(amount, asset.decimals)
  return {
    name: asset.name,
    symbol: asset.symbol,
    chainId: chain.caipNetworkId,
    ...(asset.contract ? { address: `${chain.caipNetworkId}:${asset.contract}` } : {}),
    value: Number(numeric) * asset.price,
    price: asset.price,
    quantity: { decimals: String(asset.decimals), numeric },
    iconUrl: asset.iconUrl
  }
}
