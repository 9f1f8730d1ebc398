const MAX_AUTH_LENGTH = 4096
const MAX_CLIENT_ID_LENGTH = 256

/**
 * The client id a WalletConnect client identifies itself with: the `iss` claim of the `auth` JWT
 * in its connection URL (a `did:key:` of its Ed25519 key). The sign-client derives subscription
 * ids from the same value (`sha256(topic + clientId)`), and it stays the same across reconnects,
 * which is what lets the relay recognise a client's own messages after a reconnect.
 *
 * The signature is not verified: a local relay has no use for it (the payloads are end-to-end
 * encrypted; the id only keeps echoes away). `sub` is not used: the SDK makes it up per process.
 *
 * @param auth - The `auth` query parameter, if any.
 * @returns The id, or undefined when there is no readable JWT (the caller picks a random one).
 */
export function clientIdFromAuth(auth: string | undefined): string | undefined {
  if (!auth || auth.length > MAX_AUTH_LENGTH) return undefined
  const parts = auth.split('.')
  if (parts.length !== 3 || !parts[1]) return undefined
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'))
    const iss = typeof payload === 'object' && payload !== null ? (payload as { iss?: unknown }).iss : undefined
    return typeof iss === 'string' && iss.length > 0 && iss.length <= MAX_CLIENT_ID_LENGTH ? iss : undefined
  } catch {
    return undefined
  }
}
