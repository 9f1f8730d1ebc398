import { RETENTION_DEFAULTS } from '../db/RetentionJob.js'
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { ListedSession, Session } from '@wallet-modal/wire'
import { decodeBitcoinAddress } from '../bitcoin/bitcoinAddress.js'
import type { Queryable } from '../db/Store.js'
import type { SiwxMessage } from './SiwxMessage.js'

/** A sign-in session, as `POST /v1/sessions` answers it (the wire contract's `Session`). */
export type SiwxSession = Session

/** A session as listed by `GET /v1/sessions/{address}`: without its message and signature. */
export type ListedSiwxSession = ListedSession

/** What a session token stands for (see {@link SiwxSessions.byToken}). */
export interface SessionTokenHolder {
  sessionId: string
  projectId: string
  address: string
  /** The address in the form it is looked up by (see {@link addressKey}). */
  addressKey: string
  chainId: string
  /** When the token stops being accepted (ISO 8601). */
  expiresAt: string
}

/** Prefix of a session token: it tells a leaked one apart in logs and secret scanners. */
export const SESSION_TOKEN_PREFIX = 'wms_'

/** Default of `sessions.maxLifetimeDays`. */
export const SESSION_MAX_LIFETIME_DAYS = 30

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** A stored session with what revocation checks. */
export interface StoredSiwxSession extends SiwxSession {
  /** The address in the form it is looked up by (see {@link addressKey}). */
  addressKey: string
  revoked: boolean
}

interface SessionRow {
  id: string
  address: string
  address_key: string
  chain_id: string
  domain: string
  uri: string
  issued_ms: number
  expires_ms: number | null
  message: string
  signature: string
  revoked: boolean
}

const COLUMNS = `id, address, address_key, chain_id, domain, uri, message, signature, revoked_at IS NOT NULL AS revoked,
  (extract(epoch FROM issued_at) * 1000)::float8 AS issued_ms,
  (extract(epoch FROM expiration_time) * 1000)::float8 AS expires_ms`

/**
 * The form an address is stored and looked up by: 0x addresses in lower case (their checksum
 * casing is presentation), bech32 Bitcoin addresses in lower case (BIP-173 allows either case),
 * anything else (base58 is case-sensitive) as written.
 *
 * @param address - An account address.
 */
export function addressKey(address: string): string {
  if (/^0x[0-9a-fA-F]{40}$/.test(address)) return address.toLowerCase()
  // Only a real segwit address (its checksum holds) is case-insensitive: a base58 address (Solana,
  // legacy Bitcoin) that happens to start with "bc1" must keep its case.
  const type = /^(bc|tb|bcrt)1/i.test(address) ? decodeBitcoinAddress(address)?.type : undefined
  return type === 'p2wpkh' || type === 'p2wsh' || type === 'p2tr' ? address.toLowerCase() : address
}

/**
 * Whether two signature strings are the same signature: hex compares case-insensitively, the
 * comparison takes the same time wherever they differ (a revocation must not leak the stored
 * signature byte by byte).
 *
 * @param a - One signature.
 * @param b - The other.
 */
export function sameSignature(a: string, b: string): boolean {
  const digest = (s: string) =>
    createHash('sha256')
      .update(/^0x[0-9a-fA-F]*$/.test(s) ? s.toLowerCase() : s)
      .digest()
  return timingSafeEqual(digest(a), digest(b))
}

/**
 * Days an ended session (revoked, or past its expiration time) is kept by default: a client
 * retrying a revocation meanwhile still hears that it is done; after that the retention job
 * (`db/RetentionJob.ts`, `retention.endedSessionsDays`) deletes the row.
 */
export const SIWX_ENDED_SESSION_KEEP_DAYS = RETENTION_DEFAULTS.endedSessionsDays

/** The sign-in sessions (table `siwx_sessions`) of every project. */
export class SiwxSessions {
  /** @param db - The store (or a transaction of it). */
  constructor(private readonly db: Queryable) {}

  /**
   * Stores the session a verified message opens.
   *
   * @param projectId - The project signed in to.
   * @param message - The parsed message.
   * @param text - The message as signed.
   * @param signature - Its signature, as submitted.
   * @param maxLifetimeMs - Longest the session's token is accepted.
   * @returns The session, its token (given out this once; only its hash is kept) and when the
   *   token expires.
   */
  async add(
    projectId: string,
    message: SiwxMessage,
    text: string,
    signature: string,
    maxLifetimeMs = SESSION_MAX_LIFETIME_DAYS * 86_400_000
  ): Promise<{ session: SiwxSession; token: string; tokenExpiresAt: string }> {
    const id = randomBytes(16).toString('hex')
    const token = SESSION_TOKEN_PREFIX + randomBytes(32).toString('base64url')
    const tokenExpiresMs = Math.min(Date.now() + maxLifetimeMs, message.expirationTime?.getTime() ?? Infinity)
    const { rows } = await this.db.query<SessionRow>(
      `INSERT INTO siwx_sessions (id, project_id, address, address_key, chain_id, domain, uri, nonce, issued_at, expiration_time, message, signature, token_hash, token_expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, to_timestamp($9::float8 / 1000), to_timestamp($10::float8 / 1000), $11, $12, $13, to_timestamp($14::float8 / 1000))
       RETURNING ${COLUMNS}`,
      [
        id,
        projectId,
        message.address,
        addressKey(message.address),
        message.chainId,
        message.domain,
        message.uri,
        message.nonce,
        message.issuedAt.getTime(),
        message.expirationTime?.getTime() ?? null,
        text,
        signature,
        hashToken(token),
        tokenExpiresMs
      ]
    )
    return { session: toSession(rows[0]!), token, tokenExpiresAt: new Date(tokenExpiresMs).toISOString() }
  }

  /**
   * The live session a token stands for: not revoked, neither it nor its message expired;
   * undefined for anything else (a forged, expired, revoked or unknown token look the same).
   *
   * @param token - A token as {@link SiwxSessions.add} issued it.
   */
  async byToken(token: string): Promise<SessionTokenHolder | undefined> {
    if (!token.startsWith(SESSION_TOKEN_PREFIX) || token.length > 100) return undefined
    const { rows } = await this.db.query<{ id: string; project_id: string; address: string; address_key: string; chain_id: string; expires_ms: number }>(
      `SELECT id, project_id, address, address_key, chain_id, (extract(epoch FROM token_expires_at) * 1000)::float8 AS expires_ms
       FROM siwx_sessions
       WHERE token_hash = $1 AND revoked_at IS NULL AND token_expires_at > now()
         AND (expiration_time IS NULL OR expiration_time > now())`,
      [hashToken(token)]
    )
    const row = rows[0]
    if (!row) return undefined
    return {
      sessionId: row.id,
      projectId: row.project_id,
      address: row.address,
      addressKey: row.address_key,
      chainId: row.chain_id,
      expiresAt: new Date(Math.round(row.expires_ms)).toISOString()
    }
  }

  /**
   * A project's live sessions of an address (not revoked, not expired), newest first, without
   * their message and signature.
   *
   * @param projectId - The project.
   * @param address - The account (0x and bech32 addresses in any case).
   * @param chainId - Only sessions of this CAIP-2 chain, when given.
   */
  async list(projectId: string, address: string, chainId?: string): Promise<ListedSiwxSession[]> {
    const { rows } = await this.db.query<SessionRow>(
      `SELECT ${COLUMNS} FROM siwx_sessions
       WHERE project_id = $1 AND address_key = $2 AND ($3::text IS NULL OR chain_id = $3::text)
         AND revoked_at IS NULL AND (expiration_time IS NULL OR expiration_time > now())
       ORDER BY created_at DESC, id`,
      [projectId, addressKey(address), chainId ?? null]
    )
    return rows.map(row => {
      // What the visitor signed and its signature stay with the visitor.
      const { signature: _secret, message: _message, ...listed } = toSession(row)
      return listed
    })
  }

  /**
   * One session of a project by id, revoked or not; undefined when there is none.
   *
   * @param projectId - The project.
   * @param id - The session id.
   */
  async find(projectId: string, id: string): Promise<StoredSiwxSession | undefined> {
    const { rows } = await this.db.query<SessionRow>(`SELECT ${COLUMNS} FROM siwx_sessions WHERE project_id = $1 AND id = $2`, [projectId, id])
    const row = rows[0]
    return row ? { ...toSession(row), addressKey: row.address_key, revoked: row.revoked } : undefined
  }

  /**
   * Ends a session. Revoking it again keeps the first revocation time.
   *
   * @param projectId - The project.
   * @param id - The session id.
   */
  async revoke(projectId: string, id: string): Promise<void> {
    await this.db.query('UPDATE siwx_sessions SET revoked_at = coalesce(revoked_at, now()) WHERE project_id = $1 AND id = $2', [projectId, id])
  }
}

function toSession(row: SessionRow): SiwxSession {
  return {
    id: row.id,
    address: row.address,
    chainId: row.chain_id,
    domain: row.domain,
    uri: row.uri,
    // Stored to the microsecond as float seconds: round back to the millisecond it was.
    issuedAt: new Date(Math.round(row.issued_ms)).toISOString(),
    ...(row.expires_ms !== null ? { expirationTime: new Date(Math.round(row.expires_ms)).toISOString() } : {}),
    message: row.message,
    signature: row.signature
  }
}
