import { parseSiweMessage } from 'viem/siwe'
import { decodeBitcoinAddress } from '../bitcoin/bitcoinAddress.js'
import { isSolanaAddress } from '../chain/isSolanaAddress.js'
import { parseCaip122Message } from './parseCaip122Message.js'
import type { SiwxMessage } from './SiwxMessage.js'

/** CAIP-2 namespaces of the chain families a message header may name. */
export const SIWX_FAMILIES: Readonly<Record<string, string>> = { Ethereum: 'eip155', Solana: 'solana', Bitcoin: 'bip122' }

// host[:port]: a DNS name or IPv4 address, or a bracketed IPv6 address. No user info, no path.
// CAIP-2: the namespace and reference alphabets and lengths.
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
const DOMAIN = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/**
 * Reads a sign-in message (spec §3 "SIWX message") into its fields, or returns undefined when it
 * is not one. Every form must follow the CAIP-122 text layout strictly (see
 * {@link parseCaip122Message}); an Ethereum message (EIP-4361) is then read by viem's
 * `parseSiweMessage`, and both readings must agree, so a message cannot mean one thing to the
 * EIP-4361 rules and another to the layout check. The chain is resolved to a CAIP-2 id from the
 * header's family and the `Chain ID` line (a reference, or a full CAIP-2 id outside eip155).
 *
 * Whether the chain, domain, times and nonce are acceptable is decided later: this only reads.
 *
 * @param text - The message exactly as signed.
 */
export function parseSiwxMessage(text: string): SiwxMessage | undefined {
  const fields = parseCaip122Message(text)
  if (fields?.version !== '1' || !DOMAIN.test(fields.domain) || !isUri(fields.uri)) return undefined
  const { family, chainId: chainLine, ...common } = fields

  if (family === 'Ethereum') {
    const siwe = parseSiweMessage(text)
    const agrees =
      siwe.domain === fields.domain &&
      siwe.address === fields.address &&
      siwe.uri === fields.uri &&
      siwe.nonce === fields.nonce &&
      siwe.version === '1' &&
      String(siwe.chainId) === chainLine &&
      siwe.issuedAt?.getTime() === fields.issuedAt.getTime()
    if (!agrees || !siwe.address || !Number.isSafeInteger(siwe.chainId) || siwe.chainId! <= 0) return undefined
    return { ...common, namespace: 'eip155', chainId: `eip155:${siwe.chainId}`, address: siwe.address }
  }

  // Own keys only: a header naming the `constructor` family must not read as a known one.
  const known = Object.hasOwn(SIWX_FAMILIES, family) ? SIWX_FAMILIES[family] : undefined
  const [prefix, reference] = chainLine.includes(':') ? chainLine.split(':') : [undefined, chainLine]
  // A full CAIP-2 id must name the family's namespace; an unknown family is taken at its word.
  const namespace = known ?? prefix ?? family.toLowerCase()
  if (prefix !== undefined && prefix !== namespace) return undefined
  if (namespace === 'solana' && !isSolanaAddress(fields.address)) return undefined
  if (namespace === 'bip122' && !decodeBitcoinAddress(fields.address)) return undefined
  // An unknown family taken at its word must still make a CAIP-2 id ('My Chain' does not).
  const chainId = `${namespace}:${reference}`
  if (!CAIP2.test(chainId)) return undefined
  return { ...common, namespace, chainId }
}

/** Whether `value` is an absolute URI (RFC 3986 requires a scheme). */
function isUri(value: string): boolean {
  try {
    new URL(value)
    return /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(value)
  } catch {
    return false
  }
}
