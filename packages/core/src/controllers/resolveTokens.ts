import { WalletModalError } from '../errors/WalletModalError.js'
import { safeImageUrl } from '../utils/image.js'
import type { CaipNetwork, CaipNetworkId } from '../types/network.js'

// This module is part of the first chunk (resolveOptions runs as the modal is made), so it checks
// by hand instead of with valibot or viem (neither is in that chunk). The EIP-55 checksum of a
// mixed-case EVM address needs keccak, and that a Solana mint is exactly 32 bytes needs a base58
// decode: the balance reads check those (eip155RpcBalances.ts, solanaRpcBalances.ts).

/** A token the site lists for one network (AppKit's `tokens` entry). */
export interface SiteToken {
  /** The token's contract (EVM: `0x` and 40 hex digits) or mint (Solana: base58 of 32 bytes). */
  address: string
  /** Its image: an `https:` or `data:image/` URL. */
  image?: string
}

/** Most tokens a site may list for one network (each costs four reads at every balance refresh). */
export const MAX_TOKENS_PER_NETWORK = 50

/**
 * Validates the site's `tokens` option: keys are CAIP-2 ids of the site's EVM or Solana networks,
 * each value one token or a list of them (at most {@link MAX_TOKENS_PER_NETWORK}), each with an
 * address valid on the network's namespace (EVM: `0x` and 40 hex digits; Solana: 32 to 44 base58
 * digits) and an optional `https:`/`data:image/` image. Every value becomes a list.
 *
 * @example
 * resolveTokens({ 'eip155:1': { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' } }, networks)
 * // → { 'eip155:1': [{ address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' }] }
 * @param value - The site's `tokens` (undefined when it lists none).
 * @param networks - The site's resolved networks.
 * @throws WalletModalError `INVALID_OPTIONS` whose details name the bad entry
 */
export function resolveTokens(value: unknown, networks: readonly CaipNetwork[]): Record<CaipNetworkId, SiteToken[]> | undefined {
  if (value === undefined) return undefined
  // Kept small on purpose (first chunk): one way to fail, the path of the bad entry in its details.
  const bad = (what: string): never => {
    throw new WalletModalError('INVALID_OPTIONS', { details: `tokens${what}` })
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) bad(' must be an object keyed by CAIP-2 network id')
  const out: Record<CaipNetworkId, SiteToken[]> = {}
  for (const [id, listed] of Object.entries(value as object)) {
    const evm = networks.find(n => n.caipNetworkId === id)?.chainNamespace
    if (evm !== 'eip155' && evm !== 'solana') bad(`: ${JSON.stringify(id.slice(0, 100))} is no EVM or Solana network of the site`)
    const list: unknown[] = [listed].flat()
    if (list.length > MAX_TOKENS_PER_NETWORK) bad(`['${id}']: at most ${MAX_TOKENS_PER_NETWORK} tokens per network`)
    out[id as CaipNetworkId] = list.map((t, i) => {
      const { address, image } = (t ?? {}) as { address?: unknown; image?: unknown }
      const at = `['${id}'][${i}]`
      if (typeof address !== 'string' || !(evm === 'eip155' ? /^0x[\da-f]{40}$/i.test(address) : /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)))
        bad(`${at}.address is not a ${evm} address`)
      if (image !== undefined && !safeImageUrl(image)) bad(`${at}.image must be an https: or data:image/ URL`)
      return image === undefined ? { address: address as string } : { address: address as string, image: image as string }
    })
  }
  return out
}
