import { MAX_SIWX_MESSAGE_LENGTH, MAX_SIWX_SIGNATURE_LENGTH } from '@wallet-modal/wire'
import { verifyMessage, type Hex } from 'viem'
import { bitcoinNetworkOf } from '../bitcoin/bitcoinNetworks.js'
import type { ChainConfig } from '../config/ServerConfig.js'
import { SIWX_CLOCK_SKEW_MS, SIWX_VERIFIABLE_NAMESPACES } from './checkSiwxMessage.js'
import { parseSiwxMessage } from './parseSiwxMessage.js'
import type { SiwxMessage } from './SiwxMessage.js'
import { verifyEvmSignature } from './verifyEvmSignature.js'
import { verifySiwxSignature } from './verifySiwxSignature.js'

/** How long a chain node gets by default, for a smart-account signature (see {@link VerifySiwxOptions.rpcUrl}). */
export const VERIFY_SIWX_TIMEOUT_MS = 10_000

const HEX = /^0x(?:[0-9a-fA-F]{2})+$/

/** What {@link verifySiwx} checks. */
export interface VerifySiwxOptions {
  /** The message exactly as the wallet signed it (CAIP-122; EIP-4361 on eip155). */
  message: string
  /** The signature as the wallet returned it: 0x hex (eip155), base58 or hex (solana), base64 (bip122). */
  signature: string
  /**
   * The site's domain, as the message's first line must name it: host and optional port, no
   * scheme (`shop.example`, `localhost:3000`). Compared case-insensitively; a list allows several
   * (`['shop.example', 'www.shop.example']`).
   */
  expectedDomain: string | readonly string[]
  /** The site's URL or origin; when given, the message's `URI` must have the same origin. */
  expectedUri?: string
  /** The nonce the site issued for this sign-in (and has not accepted before). */
  nonce: string
  /** The time to judge the message's dates by (default now). */
  now?: Date
  /** CAIP-2 ids the site accepts (e.g. `['eip155:1', 'eip155:8453']`); default any the verifier knows. */
  chains?: readonly string[]
  /**
   * JSON-RPC endpoint(s) for eip155 smart accounts: one URL for every chain, or one per CAIP-2 id.
   * An ordinary account's signature is checked locally and never needs it; a contract account's
   * (ERC-1271, or ERC-6492 before it is deployed) is checked by that chain's node. Without one a
   * contract account's sign-in is refused (`bad_signature`).
   */
  rpcUrl?: string | Readonly<Record<string, string>>
  /** How long the chain node gets (default {@link VERIFY_SIWX_TIMEOUT_MS}). */
  timeoutMs?: number
}

/** A verified sign-in: who signed in, on which chain, for what. */
export interface VerifiedSiwx {
  ok: true
  /** The account, as the message writes it (a checksummed 0x address on eip155, base58 on solana). */
  address: string
  /** CAIP-2 id of the chain, e.g. `eip155:1`. */
  chainId: string
  /** CAIP-2 namespace: `eip155`, `solana` or `bip122`. */
  namespace: string
  domain: string
  uri: string
  nonce: string
  statement?: string
  issuedAt: Date
  expirationTime?: Date
  notBefore?: Date
  requestId?: string
  resources?: string[]
}

/** Why {@link verifySiwx} refused a sign-in. */
export type SiwxRefusalReason =
  | 'malformed_message'
  | 'wrong_domain'
  | 'wrong_uri'
  | 'wrong_nonce'
  | 'unsupported_chain'
  | 'issued_in_future'
  | 'expired'
  | 'not_yet_valid'
  | 'bad_signature'
  | 'signature_unverifiable'

/** A refused sign-in: a reason to branch on and a sentence to log. */
export interface RefusedSiwx {
  ok: false
  reason: SiwxRefusalReason
  /** What exactly was wrong, in words (for logs; not for the page, it may quote the message). */
  detail: string
}

/**
 * Verifies a Sign-In-With-X (CAIP-122 / EIP-4361) message and signature on a site's own backend,
 * with no database, no server of wallet-modal's and (for ordinary accounts) no network: the
 * same checks wallet-modal's session service makes, for a site that keeps its own sessions.
 *
 * Checks, in order, each refusing with its reason: the message reads as a sign-in message and
 * both it and the signature are of bounded size (`malformed_message`); its domain is the site's
 * (`wrong_domain`); its URI is on the site's origin when `expectedUri` is given (`wrong_uri`); its
 * nonce is the one the site issued (`wrong_nonce`); its chain is one the site accepts and this
 * verifier can check (`unsupported_chain`: eip155, solana and the Bitcoin networks); `Issued At`
 * is not more than 5 minutes ahead (`issued_in_future`), `Expiration Time` has not passed
 * (`expired`), `Not Before` has (`not_yet_valid`); and the signature is the account's
 * (`bad_signature`): EIP-191 on eip155 (EIP-1271/6492 smart accounts through `rpcUrl`), ed25519
 * on solana, BIP-322/BIP-137 on bip122. A node that fails in another way than saying "invalid"
 * gives `signature_unverifiable` (try again later).
 *
 * The nonce is the site's to keep: issue a fresh one per sign-in, accept it once, and let it
 * expire after a few minutes. Never throws for bad input.
 *
 * @param options - See {@link VerifySiwxOptions}.
 * @returns The account and chain that signed in, or why not.
 * @example
 * ```ts
 * // An Express backend; any framework works the same way.
 * import { randomUUID } from 'node:crypto'
 * import { verifySiwx } from '@wallet-modal/server'
 *
 * const nonces = new Map<string, number>() // nonce → expiry (use your session store in production)
 *
 * app.get('/siwx/nonce', (req, res) => {
 *   // EIP-4361 nonces are letters and digits: a UUID without its dashes.
 *   const nonce = randomUUID().replaceAll('-', '')
 *   nonces.set(nonce, Date.now() + 5 * 60_000)
 *   res.json({ nonce })
 * })
 *
 * app.post('/siwx/verify', express.json(), async (req, res) => {
 *   const { message, signature, nonce } = req.body
 *   const expiry = nonces.get(nonce)
 *   nonces.delete(nonce) // once, whatever the outcome
 *   if (!expiry || expiry < Date.now()) return res.status(400).json({ error: 'unknown or expired nonce' })
 *   const result = await verifySiwx({
 *     message,
 *     signature,
 *     nonce,
 *     expectedDomain: 'shop.example',
 *     expectedUri: 'https://shop.example',
 *     rpcUrl: { 'eip155:1': 'https://ethereum-rpc.publicnode.com' } // smart accounts; optional
 *   })
 *   if (!result.ok) return res.status(401).json({ error: result.reason })
 *   req.session.account = `${result.chainId}:${result.address}`
 *   res.json({ address: result.address, chainId: result.chainId })
 * })
 * ```
 */
export async function verifySiwx(options: VerifySiwxOptions): Promise<VerifiedSiwx | RefusedSiwx> {
  const { message: text, signature, nonce } = options
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_SIWX_MESSAGE_LENGTH)
    return refuse('malformed_message', `the message must be 1 to ${MAX_SIWX_MESSAGE_LENGTH} characters`)
  if (typeof signature !== 'string' || signature.length === 0 || signature.length > MAX_SIWX_SIGNATURE_LENGTH)
    return refuse('malformed_message', `the signature must be 1 to ${MAX_SIWX_SIGNATURE_LENGTH} characters`)
  const message = parseSiwxMessage(text)
  if (!message) return refuse('malformed_message', 'not a CAIP-122 sign-in message')

  const domains = (typeof options.expectedDomain === 'string' ? [options.expectedDomain] : options.expectedDomain).map(d => d.toLowerCase())
  if (!domains.includes(message.domain.toLowerCase())) return refuse('wrong_domain', `the message is for ${message.domain}, not ${domains.join(' or ')}`)
  const uriOrigin = originOf(message.uri)
  if (options.expectedUri !== undefined && (!uriOrigin || uriOrigin !== originOf(options.expectedUri))) {
    return refuse('wrong_uri', `the message's URI ${message.uri.slice(0, 200)} is not on ${options.expectedUri.slice(0, 200)}`)
  }
  if (typeof nonce !== 'string' || nonce.length === 0 || message.nonce !== nonce)
    return refuse('wrong_nonce', 'the message does not carry the nonce this sign-in was issued')

  const verifiable =
    SIWX_VERIFIABLE_NAMESPACES.includes(message.namespace) && (message.namespace !== 'bip122' || bitcoinNetworkOf(message.chainId) !== undefined)
  if (!verifiable || (options.chains && !options.chains.includes(message.chainId)))
    return refuse('unsupported_chain', `chain ${message.chainId} is not accepted`)

  const now = (options.now ?? new Date()).getTime()
  if (message.issuedAt.getTime() > now + SIWX_CLOCK_SKEW_MS) return refuse('issued_in_future', `issued at ${message.issuedAt.toISOString()}`)
  if (message.expirationTime && message.expirationTime.getTime() <= now) return refuse('expired', `expired at ${message.expirationTime.toISOString()}`)
  if (message.notBefore && message.notBefore.getTime() > now) return refuse('not_yet_valid', `not valid before ${message.notBefore.toISOString()}`)

  let valid: boolean
  try {
    valid = await checkSignature(message, text, signature, options)
  } catch (error) {
    return refuse('signature_unverifiable', error instanceof Error ? error.message : 'the chain node failed')
  }
  if (!valid) return refuse('bad_signature', `the signature is not ${message.address.slice(0, 100)}'s`)

  const { address, chainId, namespace, domain, uri, statement, issuedAt, expirationTime, notBefore, requestId, resources } = message
  return { ok: true, address, chainId, namespace, domain, uri, nonce: message.nonce, statement, issuedAt, expirationTime, notBefore, requestId, resources }
}

/** The signature check of the message's family; throws only when a chain node fails. */
async function checkSignature(message: SiwxMessage, text: string, signature: string, options: VerifySiwxOptions): Promise<boolean> {
  const { namespace, chainId, address } = message
  // Solana and Bitcoin signatures are checked locally: no chain configuration is read.
  if (namespace !== 'eip155') return verifySiwxSignature(message, text, signature, undefined, 0)
  if (!HEX.test(signature)) return false
  const rpcUrl = typeof options.rpcUrl === 'string' ? options.rpcUrl : options.rpcUrl?.[chainId]
  if (rpcUrl && /^https?:\/\//.test(rpcUrl)) {
    const chain = { caipNetworkId: chainId, rpcUrl } as ChainConfig
    return verifyEvmSignature(chain, address, text, signature, options.timeoutMs ?? VERIFY_SIWX_TIMEOUT_MS)
  }
  // No node: ordinary accounts only, recovered locally.
  try {
    return await verifyMessage({ address: address as Hex, message: text, signature: signature as Hex })
  } catch {
    return false
  }
}

/** A URI's origin; undefined for none or an opaque one (`null`), which matches nothing. */
function originOf(uri: string): string | undefined {
  try {
    const origin = new URL(uri).origin
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}

function refuse(reason: SiwxRefusalReason, detail: string): RefusedSiwx {
  return { ok: false, reason, detail }
}
