import { createHash, randomBytes } from 'node:crypto'
import type { AppClient } from '@farcaster/auth-client'
import type { Store } from '../../db/Store.js'
import { ApiError } from '../../http/ApiError.js'
import type { EmbeddedAccount, EmbeddedAccounts } from '../EmbeddedAccounts.js'
import { SOCIAL_LOGIN_TTL_MS } from './SocialLogins.js'

/** Farcaster's own auth relay. */
export const FARCASTER_RELAY_URL = 'https://relay.farcaster.xyz'
/** Every call to the relay or the chain ends within this. */
export const FARCASTER_TIMEOUT_MS = 10_000

/** How the secure site checks Sign In With Farcaster (part of its options). */
export interface FarcasterConfig {
  /** The auth relay (default {@link FARCASTER_RELAY_URL}; the devnet runs a stand-in). */
  relayUrl?: string
  /** An Optimism RPC: the fid's custody address is read from Farcaster's IdRegistry there. */
  optimismRpcUrl?: string
  /** Instead of the chain, fixed custody addresses by fid (the devnet's test accounts). */
  custody?: Record<number, string>
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** Gives up on a promise after `ms` (auth-client's calls take no signal). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ApiError(504, `${what} did not answer within ${ms / 1000} s`)), ms)
    })
  ])
}

/**
 * Sign In With Farcaster on the secure site (`@farcaster/auth-client`): a channel on the auth
 * relay whose URL the modal shows as a QR code and link; the Farcaster app signs the standard
 * SIWF message with the account's custody key; the secure site verifies the message (domain,
 * nonce, signature) and that its signer is the fid's custody address (IdRegistry on Optimism, or
 * the configured list), then logs the person in as that fid. Like a social login, the login is
 * bound to the secure frame that started it.
 *
 * @example
 * ```ts
 * const fc = new FarcasterLogins(store, accounts, { optimismRpcUrl }, () => 'https://secure.example.com')
 * const { uri, login } = await fc.start({ origin, projectId, binding })
 * ```
 */
export class FarcasterLogins {
  private loaded: Promise<AppClient> | undefined

  constructor(
    private readonly store: Store,
    private readonly accounts: EmbeddedAccounts,
    private readonly config: FarcasterConfig,
    private readonly secureOrigin: () => string,
    private readonly now: () => number = Date.now
  ) {}

  /** The relay's client, its code loaded on the first login (see createFarcasterClient.ts). */
  private client(): Promise<AppClient> {
    if (!this.loaded) {
      const made = import('./createFarcasterClient.js').then(m => m.createFarcasterClient(this.config, this.config.relayUrl ?? FARCASTER_RELAY_URL))
      // A failed load is tried again by the next login.
      made.catch(() => {
        if (this.loaded === made) this.loaded = undefined
      })
      this.loaded = made
    }
    return this.loaded
  }

  private domain(): string {
    return new URL(this.secureOrigin()).host
  }

  /**
   * Opens a channel on the relay for the frame that asks (its binding secret's hash is kept).
   * @returns the Sign In With Farcaster URL to show, and the login's id
   */
  async start(input: { origin: string; projectId: string; binding: string }): Promise<{ uri: string; login: string }> {
    const nonce = randomBytes(12).toString('hex')
    const made = await within(
      (await this.client()).createChannel({ siweUri: `${this.secureOrigin()}/farcaster`, domain: this.domain(), nonce }),
      FARCASTER_TIMEOUT_MS,
      'The Farcaster relay'
    )
    if (made.isError || !made.data?.channelToken) throw new ApiError(502, `The Farcaster relay refused: ${made.error?.message ?? 'no channel'}`)
    const id = randomBytes(16).toString('hex')
    await this.store.query('DELETE FROM embedded_social_logins WHERE expires_at < to_timestamp($1 / 1000.0)', [this.now()])
    await this.store.query(
      `INSERT INTO embedded_social_logins (id, provider, state_hash, code_verifier, nonce, origin, project_id, binding_hash, expires_at)
       VALUES ($1, 'farcaster', $2, $3, $4, $5, $6, $7, to_timestamp($8 / 1000.0))`,
      [
        id,
        sha256(`farcaster:${id}`),
        made.data.channelToken,
        made.data.nonce ?? nonce,
        input.origin,
        input.projectId,
        sha256(input.binding),
        this.now() + SOCIAL_LOGIN_TTL_MS
      ]
    )
    return { uri: made.data.url, login: id }
  }

  /**
   * Where the login stands: pending until the Farcaster app answered; then the answer is verified
   * and the person logged in (keyed by fid). Used once.
   * @throws ApiError 400 unknown or not this frame's login; 401 when the answer does not verify
   */
  async status(input: { login: string; binding: string }): Promise<{ state: 'pending' } | { state: 'completed'; account: EmbeddedAccount }> {
    const { rows } = await this.store.query<{ code_verifier: string; nonce: string }>(
      `SELECT code_verifier, nonce FROM embedded_social_logins
       WHERE id = $1 AND provider = 'farcaster' AND binding_hash = $2 AND expires_at > to_timestamp($3 / 1000.0)`,
      [input.login, sha256(input.binding), this.now()]
    )
    const row = rows[0]
    if (!row) throw new ApiError(400, 'This Farcaster login is unknown or expired: start it again')
    const status = await within((await this.client()).status({ channelToken: row.code_verifier }), FARCASTER_TIMEOUT_MS, 'The Farcaster relay')
    if (status.isError) throw new ApiError(502, `The Farcaster relay failed: ${status.error?.message ?? 'unknown error'}`)
    const s = status.data
    if (s.state !== 'completed') return { state: 'pending' }
    await this.store.query('DELETE FROM embedded_social_logins WHERE id = $1', [input.login])
    if (!s.message || !s.signature) throw new ApiError(401, 'The Farcaster answer carries no signed message')
    const verified = await within(
      (await this.client()).verifySignInMessage({
        nonce: row.nonce,
        domain: this.domain(),
        message: s.message,
        signature: s.signature,
        acceptAuthAddress: false
      }),
      FARCASTER_TIMEOUT_MS,
      'The Farcaster check'
    )
    if (verified.isError || !verified.success)
      throw new ApiError(401, `The Farcaster sign-in did not verify: ${verified.error?.message ?? 'invalid signature'}`)
    // The fid is the identity; the username the relay reports is only shown.
    const account = await this.accounts.loginOrCreateSocial('farcaster', {
      sub: String(verified.fid),
      username: typeof s.username === 'string' ? s.username.slice(0, 100) : undefined
    })
    return { state: 'completed', account }
  }
}
