/**
 * The fields of a sign-in message (spec §3 "SIWX message"; CAIP-122, EIP-4361 on eip155), as
 * read from the text a wallet signed. The text itself stays the authority: it is what the
 * signature covers and what the session keeps.
 */
export interface SiwxMessage {
  /** CAIP-2 namespace: `eip155`, `solana`, `bip122`, ... */
  namespace: string
  /** CAIP-2 id of the chain the session is bound to, e.g. `eip155:1`. */
  chainId: string
  /** Scheme written in front of the domain (`https://example.com wants you ...`), if any. */
  scheme?: string
  /** RFC 3986 authority asking for the sign-in: host and optional port. */
  domain: string
  /** The account signing in, as written (0x address, base58 public key, ...). */
  address: string
  statement?: string
  /** The resource the sign-in is for; its origin must be allowed too. */
  uri: string
  /** Always `1`. */
  version: string
  nonce: string
  issuedAt: Date
  expirationTime?: Date
  notBefore?: Date
  requestId?: string
  resources?: string[]
}
