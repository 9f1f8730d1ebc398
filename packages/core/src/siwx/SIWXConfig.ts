/**
 * The fields of a sign-in message (spec §3 SIWX message; CAIP-122, which EIP-4361 is the EVM
 * form of). `chainId` is a CAIP-2 id; times are ISO 8601.
 */
export interface SIWXMessageData {
  domain: string
  accountAddress: string
  statement?: string
  uri: string
  version: '1'
  chainId: `${string}:${string}`
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

/** A message to sign: its fields and their text (`toString()`), formatted for the chain. */
export interface SIWXMessage extends SIWXMessageData {
  toString(): string
}

/** A signed-in session: the message's fields, its text and the wallet's signature. */
export interface SIWXSession {
  data: SIWXMessageData
  message: string
  signature: string
  /** The session's id where a service keeps sessions. */
  id?: string
  /**
   * The session's token where a service keeps sessions (`createServiceSIWX`): the credential a
   * site's backend verifies (`verifySessionToken` of `@wallet-modal/server`). Send it to your own
   * backend only, as `Authorization: Bearer <token>`.
   */
  token?: string
}

/**
 * Sign-in with X, as a site (or a ready implementation) provides it: make a message, keep and list
 * sessions, revoke them. The modal asks for a signature after a connection when `getSessions`
 * has none for the account and chain.
 */
export interface SIWXConfig {
  /** Makes the message for an account on a network (a fresh nonce each time). */
  createMessage(input: { accountAddress: string; chainId: `${string}:${string}` }): Promise<SIWXMessage>
  /** Keeps a signed session; rejects (with a reason) when it is not valid. */
  addSession(session: SIWXSession): Promise<void>
  /** Forgets the sessions of an account on a network (and revokes them where kept remotely). */
  revokeSession(chainId: string, address: string): Promise<void>
  /** Replaces every kept session (`[]` on disconnect). */
  setSessions(sessions: SIWXSession[]): Promise<void>
  /** The valid sessions of an account on a network. */
  getSessions(chainId: string, address: string): Promise<SIWXSession[]>
  /** Whether a connection needs a sign-in (Cancel then disconnects); default false. */
  getRequired?(): boolean
}

/**
 * The older Sign-In With Ethereum configuration (spec §5 `siweConfig`), turned into a
 * {@link SIWXConfig} when used. It cannot be combined with `siwx`.
 */
export interface SIWEConfig {
  getNonce(): Promise<string>
  /** The EIP-4361 text for the given fields. */
  createMessage(args: {
    address: string
    chainId: number
    nonce: string
    domain: string
    uri: string
    version: '1'
    statement?: string
    issuedAt: string
  }): string
  verifyMessage(args: { message: string; signature: string }): Promise<boolean>
  getSession(): Promise<{ address: string; chainId: number } | null>
  signOut(): Promise<boolean>
  statement?: string
  /** Cancel disconnects when true (default true, as SIWE sign-in was mandatory). */
  required?: boolean
}
