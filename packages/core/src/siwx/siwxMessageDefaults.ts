import type { SIWXMessageData } from './SIWXConfig.js'

/** Options both ready SIWX implementations share. */
export interface SIWXMessageOptions {
  /** The sentence the wallet shows above the details. */
  statement?: string
  /** How long a session lasts (default 24 h); the message's Expiration Time. */
  expiresInMs?: number
  /** Whether Cancel disconnects (default false). */
  required?: boolean
}

/** Default session lifetime. */
export const SIWX_DEFAULT_EXPIRY_MS = 24 * 60 * 60_000

/** A random alphanumeric nonce (EIP-4361 needs at least 8 characters; this gives 24). */
export function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  return [...bytes].map(b => abc[b % abc.length]).join('')
}

/** The fields of a message for this page: its host as domain, its URL as uri, issued now. */
export function messageFields(
  input: { accountAddress: string; chainId: `${string}:${string}` },
  nonce: string,
  opts: SIWXMessageOptions,
  now = Date.now()
): SIWXMessageData {
  return {
    domain: location.host,
    accountAddress: input.accountAddress,
    statement: opts.statement ?? 'Sign in to prove you own this account.',
    uri: location.origin,
    version: '1',
    chainId: input.chainId,
    nonce,
    issuedAt: new Date(now).toISOString(),
    expirationTime: new Date(now + (opts.expiresInMs ?? SIWX_DEFAULT_EXPIRY_MS)).toISOString()
  }
}

/** Whether a session is for this account and network and not expired. */
export function sessionMatches(s: { data: SIWXMessageData }, chainId: string, address: string, now = Date.now()): boolean {
  const same =
    s.data.chainId === chainId && (address.startsWith('0x') ? s.data.accountAddress.toLowerCase() === address.toLowerCase() : s.data.accountAddress === address)
  return same && (!s.data.expirationTime || Date.parse(s.data.expirationTime) > now)
}
