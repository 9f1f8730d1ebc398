import { formatUnits } from 'viem'
import type { TokenBalance } from '../api/schemas.js'
import type { SiteToken } from '../controllers/resolveTokens.js'
import type { CaipNetwork } from '../types/network.js'

// Shared by the namespaces' balance readers without a blockchain data API (eip155RpcBalances.ts,
// solanaRpcBalances.ts): what a token contract or mint returns is untrusted, so its texts are
// cleaned and bounded and its decimals range-checked before anything is shown.

/** Longest token symbol shown (longer ones are cut). */
export const MAX_SYMBOL_LENGTH = 32
/** Longest token name shown (longer ones are cut). */
export const MAX_NAME_LENGTH = 64
/** Most decimals a token may have; a token claiming more is left out. */
export const MAX_DECIMALS = 36

/** One JSON-RPC call to the network's RPC (the readers' only way out). */
export type RpcCall = <T>(method: string, params: unknown[]) => Promise<T>

/** What a reader needs: the network, the account, the site's tokens there, and its RPC. */
export interface RpcBalancesInput {
  network: CaipNetwork
  address: string
  tokens: readonly SiteToken[]
  rpc: RpcCall
}

/**
 * A text a token returned, safe to show: whitespace (tabs, newlines) collapsed to one space,
 * other control and format characters (bidi overrides, zero-width) removed, cut to `max`
 * characters; undefined when nothing readable is left.
 *
 * @example cleanTokenText('US\u202eDT\n', 32) // 'USDT'
 */
export function cleanTokenText(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined
  // Cut before cleaning so a megabyte of text costs no more than a short one.
  const clean = value
    .slice(0, max * 8)
    .replace(/\s+/g, ' ')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .trim()
  const cut = Array.from(clean).slice(0, max).join('').trim()
  return cut || undefined
}

/** The native coin's balance, shaped as the service shapes it (no price: unknown, so no USD value). */
export function nativeRpcBalance(network: CaipNetwork, amount: bigint): TokenBalance {
  const { name, symbol, decimals } = network.nativeCurrency
  return {
    name,
    symbol,
    chainId: network.caipNetworkId,
    quantity: { decimals: String(decimals), numeric: formatUnits(amount, decimals) },
    iconUrl: network.assets?.imageUrl
  }
}

/** A listed token's reads, as the chain answered them (unchecked). */
export interface TokenReads {
  token: SiteToken
  balance: bigint
  decimals: unknown
  symbol: unknown
  name?: unknown
}

/**
 * A listed token's balance, or undefined when its reads are unusable: decimals not an integer in
 * 0..{@link MAX_DECIMALS}, a negative balance, or no readable symbol. The name falls back to the
 * symbol; the image is the site's.
 */
export function tokenRpcBalance(network: CaipNetwork, reads: TokenReads): TokenBalance | undefined {
  const decimals = typeof reads.decimals === 'bigint' ? Number(reads.decimals) : reads.decimals
  if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) return undefined
  if (reads.balance < 0n) return undefined
  const symbol = cleanTokenText(reads.symbol, MAX_SYMBOL_LENGTH)
  if (!symbol) return undefined
  return {
    name: cleanTokenText(reads.name, MAX_NAME_LENGTH) ?? symbol,
    symbol,
    chainId: network.caipNetworkId,
    address: `${network.caipNetworkId}:${reads.token.address}`,
    quantity: { decimals: String(decimals), numeric: formatUnits(reads.balance, decimals) },
    iconUrl: reads.token.image
  }
}
