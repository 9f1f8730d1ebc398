import { createPublicKey, verify } from 'node:crypto'
import { base58 } from '@scure/base'

const MAX_AUTH_LENGTH = 4096
/** Multicodec prefix of an Ed25519 public key (varint 0xed), as in a `did:key:z6Mk…`. */
const ED25519_MULTICODEC = [0xed, 0x01]
/** Clock difference between client and relay tolerated on `iat`. */
const CLOCK_SKEW_S = 60

/** What {@link verifyRelayAuth} makes of an `auth` token. */
export type RelayAuthOutcome = { ok: true; clientId: string } | { ok: false; reason: string }

/**
 * Checks the `auth` JWT a WalletConnect client puts in its relay URL and returns the client id
 * it proves. The token (`@walletconnect/relay-auth`) is `header.payload.signature`, base64url
 * each: header `{alg: 'EdDSA', typ: 'JWT'}`, payload `{iss, sub, aud, iat, exp}` where `iss` is
 * `did:key:z…`, the base58btc multicodec form of the client's Ed25519 public key, and the
 * signature is that key's, over the ASCII `header.payload`.
 *
 * The id is what the sign-client derives subscription ids from (`sha256(topic + clientId)`) and
 * what the relay keeps a client's own messages away from it by; verifying the signature means
 * nobody can take another client's id (and with it, that client's messages: the relay never
 * delivers to the publishing id). `sub` is not checked: the SDK makes it up per process. `aud` is
 * the relay URL exactly as the client was given it (`relayUrl`; the relay spec: "aud - relay
 * server URL"); it is checked only when `audiences` are given (the relay's public mode), so a
 * token made out to another relay cannot be replayed here. A trailing slash, the case of scheme
 * and host and a default port do not count ({@link normaliseRelayUrl}).
 *
 * Node's own Ed25519 does the check; no dependency is added.
 *
 * @param auth - The token.
 * @param nowSeconds - The current time in seconds (for `exp` and `iat`).
 * @param audiences - The relay URLs `aud` may name; left out, `aud` is not checked.
 * @returns The client id, or why the token is refused.
 * @example
 * ```ts
 * const outcome = verifyRelayAuth(url.searchParams.get('auth') ?? '', Date.now() / 1000, ['wss://relay.example.org'])
 * if (!outcome.ok) socket.close(3000, relayRefusalReason('invalidKey', outcome.reason))
 * ```
 */
export function verifyRelayAuth(auth: string, nowSeconds: number, audiences?: readonly string[]): RelayAuthOutcome {
  if (auth.length > MAX_AUTH_LENGTH) return refuse('too long')
  const parts = auth.split('.')
  if (parts.length !== 3) return refuse('not a JWT')
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
  const header = decodeJson(headerPart)
  const payload = decodeJson(payloadPart)
  if (header?.alg !== 'EdDSA') return refuse('not an EdDSA JWT')
  if (!payload) return refuse('unreadable claims')
  const { iss, exp, iat, aud } = payload
  if (typeof iss !== 'string') return refuse('no issuer')
  const publicKey = ed25519KeyOfDid(iss)
  if (!publicKey) return refuse('issuer is not an Ed25519 did:key')
  if (typeof exp !== 'number' || exp <= nowSeconds) return refuse('expired')
  if (typeof iat === 'number' && iat > nowSeconds + CLOCK_SKEW_S) return refuse('issued in the future')
  if (audiences) {
    const audience = typeof aud === 'string' ? normaliseRelayUrl(aud) : undefined
    if (!audience || !audiences.some(allowed => normaliseRelayUrl(allowed) === audience)) return refuse('wrong audience')
  }
  const signature = Buffer.from(signaturePart, 'base64url')
  if (signature.length !== 64) return refuse('bad signature')
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') }, format: 'jwk' })
    if (!verify(null, Buffer.from(`${headerPart}.${payloadPart}`, 'ascii'), key, signature)) return refuse('bad signature')
  } catch {
    // Bytes that are no curve point.
    return refuse('bad signature')
  }
  return { ok: true, clientId: iss }
}

/**
 * A relay URL in the form audiences are compared in: scheme and host in lower case, no default
 * port, no trailing slash (`WSS://Relay.Example.org:443/` → `wss://relay.example.org`). Undefined
 * for what is not a ws:// or wss:// URL, or names a user.
 *
 * @param url - A relay URL, e.g. a JWT's `aud`.
 * @example
 * ```ts
 * normaliseRelayUrl('ws://127.0.0.1:8787/relay/') // 'ws://127.0.0.1:8787/relay'
 * ```
 */
export function normaliseRelayUrl(url: string): string | undefined {
  if (url.length > 2000) return undefined
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return undefined
  }
  if ((parsed.protocol !== 'ws:' && parsed.protocol !== 'wss:') || parsed.username || parsed.password) return undefined
  return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}${parsed.search}${parsed.hash}`
}

/**
 * The Ed25519 public key a `did:key:z…` names, or undefined.
 *
 * @param did - A decentralised identifier.
 */
export function ed25519KeyOfDid(did: string): Uint8Array | undefined {
  if (!did.startsWith('did:key:z')) return undefined
  try {
    const bytes = base58.decode(did.slice('did:key:z'.length))
    if (bytes.length !== 34 || bytes[0] !== ED25519_MULTICODEC[0] || bytes[1] !== ED25519_MULTICODEC[1]) return undefined
    return bytes.slice(2)
  } catch {
    return undefined
  }
}

function decodeJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

function refuse(reason: string): RelayAuthOutcome {
  return { ok: false, reason }
}
