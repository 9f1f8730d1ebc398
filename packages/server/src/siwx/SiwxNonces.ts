import { randomInt } from 'node:crypto'
import type { Nonce } from '@wallet-modal/wire'
import type { Queryable } from '../db/Store.js'

/** How long an issued nonce may be used: the time a visitor has to sign. */
export const SIWX_NONCE_TTL_MS = 5 * 60_000

/** Characters in a nonce: 24 alphanumerics, about 143 bits (EIP-4361 asks for at least 8). */
export const SIWX_NONCE_LENGTH = 24

/**
 * How long spent and expired nonces are kept before the clean-up deletes them, so that a late
 * attempt still hears why it is refused ('Nonce expired', 'Nonce already used') instead of
 * 'Unknown nonce'. Either way it is refused.
 */
export const SIWX_NONCE_KEEP_MS = 60 * 60_000

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** What {@link SiwxNonces.consume} found. */
export type NonceOutcome = 'consumed' | 'unknown' | 'used' | 'expired'

/** A nonce as {@link SiwxNonces.issue} answers it (the wire contract's `Nonce`): `expiresAt` is when it stops being accepted. */
export type IssuedNonce = Nonce

/**
 * The sign-in nonces (table `siwx_nonces`): random, per project, short-lived and single use, so a
 * signed message can open one session only, for the project that asked for it, shortly after.
 */
export class SiwxNonces {
  /**
   * @param db - The store (or a transaction of it).
   * @param ttlMs - Lifetime of a nonce (default {@link SIWX_NONCE_TTL_MS}).
   */
  constructor(
    private readonly db: Queryable,
    private readonly ttlMs = SIWX_NONCE_TTL_MS
  ) {}

  /**
   * Creates and stores a nonce for a project. Nonces past their keeping time are deleted on the
   * way: issuance is what fills the table, so it is also what keeps it small.
   *
   * @param projectId - The project asking.
   */
  async issue(projectId: string): Promise<IssuedNonce> {
    await this.db.query('DELETE FROM siwx_nonces WHERE expires_at < now() - make_interval(secs => $1::float8)', [SIWX_NONCE_KEEP_MS / 1000])
    const nonce = Array.from({ length: SIWX_NONCE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
    const { rows } = await this.db.query<{ expires_ms: number }>(
      `INSERT INTO siwx_nonces (nonce, project_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3::float8))
       RETURNING (extract(epoch FROM expires_at) * 1000)::float8 AS expires_ms`,
      [nonce, projectId, this.ttlMs / 1000]
    )
    return { nonce, expiresAt: new Date(Math.round(rows[0]!.expires_ms)).toISOString() }
  }

  /**
   * Spends a nonce of a project, atomically: of two requests racing with the same nonce, exactly
   * one gets `consumed`. Otherwise tells why it cannot be spent: never issued for this project
   * (`unknown`), spent before (`used`) or past its lifetime (`expired`).
   *
   * @param projectId - The project the message is submitted to.
   * @param nonce - The message's nonce.
   */
  async consume(projectId: string, nonce: string): Promise<NonceOutcome> {
    const spent = await this.db.query(
      `UPDATE siwx_nonces SET used_at = now()
       WHERE nonce = $1 AND project_id = $2 AND used_at IS NULL AND expires_at > now()
       RETURNING nonce`,
      [nonce, projectId]
    )
    if (spent.rows.length === 1) return 'consumed'
    const { rows } = await this.db.query<{ used: boolean }>('SELECT used_at IS NOT NULL AS used FROM siwx_nonces WHERE nonce = $1 AND project_id = $2', [
      nonce,
      projectId
    ])
    const row = rows[0]
    return !row ? 'unknown' : row.used ? 'used' : 'expired'
  }
}
