import { createHash, randomBytes, randomInt } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import type { Queryable, Store } from '../db/Store.js'
import { ApiError } from '../http/ApiError.js'
import type { KeyVault } from './KeyVault.js'
import type { SocialProfile } from './social/socialProviders.js'

/** How long a one-time code lives. */
export const OTP_TTL_MS = 10 * 60_000
/** Wrong tries a code survives; the next one kills it and a new code is needed. */
export const OTP_MAX_ATTEMPTS = 5
/** Spec §5: a new code only 30 s after the last one to the same address. */
export const OTP_RESEND_MS = 30_000
/** How long a device-approval link works. */
export const DEVICE_LINK_TTL_MS = 30 * 60_000
/**
 * Wrong codes one address may receive in {@link OTP_FAILURE_WINDOW_MS}, all purposes together;
 * past it no code is sent or checked for the address until the oldest counted one ages out. A
 * resend gives a code 5 new tries but not the address new budget: 10 guesses a day at 10^6 codes.
 */
export const OTP_DAILY_FAILURES = 10
/** The rolling window of {@link OTP_DAILY_FAILURES}. */
export const OTP_FAILURE_WINDOW_MS = 24 * 60 * 60_000
/**
 * A new device-approval e-mail to an address only this long after the last one. The same wait
 * as between codes, answered with the same words, so the wait does not tell a known address
 * (device e-mail) from an unknown one (code).
 */
export const DEVICE_MAIL_RESEND_MS = OTP_RESEND_MS
/** The longest a secure-frame session lasts from its login, however often it is used. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000
/** A session unused this long ends (each use moves its end, up to {@link SESSION_TTL_MS}). */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60_000
/** A session's idle end is written again only once this much of it was used (not on every call). */
const SESSION_TOUCH_MS = 60 * 60_000

/** What a one-time code is for. */
export type OtpPurpose = 'login' | 'update-primary' | 'update-secondary'

/**
 * Who may use a code: the device that asked for a login code (its id, kept in the secure origin's
 * storage), or the session that asked for an e-mail-change code (its token). A code entered by
 * anyone else counts as a wrong code.
 */
export type OtpBinding = { device: string } | { session: string }

/** A secure-frame session: whose it is and the project it was made for. */
export interface EmbeddedSession {
  account: EmbeddedAccount
  projectId: string
}

/** An embedded-wallet user and their addresses. */
export interface EmbeddedAccount {
  id: string
  /** The address an e-mail user logs in with; absent for a social user. */
  email?: string
  /** EVM address (checksummed) and Solana address (base58). */
  addresses: { eip155: string; solana: string }
  /** The social identity a social user logs in with, and what it last said about them. */
  social?: { provider: string; username?: string; email?: string }
}

/** The user's private keys, opened from the vault for one signing. */
export interface OpenedKeys {
  eip155: `0x${string}`
  /** The Ed25519 seed (32 bytes). */
  solana: Uint8Array
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))
/** A wait in words: minutes under two hours, hours beyond. */
const inWords = (ms: number) => (ms < 2 * 60 * 60_000 ? `${Math.max(1, Math.ceil(ms / 60_000))} minutes` : `${Math.ceil(ms / (60 * 60_000))} hours`)
const keyContext = (userId: string, namespace: string) => `embedded:${userId}:${namespace}`

/**
 * The embedded wallet's accounts, codes, devices and sessions in the database. Keys are made
 * here on a user's first successful login (an EVM key with viem, an Ed25519 Solana key with
 * noble) and stored only sealed by the {@link KeyVault}; codes and device ids are stored as keyed
 * digests; session tokens as SHA-256.
 *
 * @example
 * ```ts
 * const accounts = new EmbeddedAccounts(store, KeyVault.fromEnv(process.env))
 * const code = await accounts.issueOtp('a@example.com', 'login', { device: deviceId })
 * ```
 */
export class EmbeddedAccounts {
  constructor(
    private readonly store: Store,
    private readonly vault: KeyVault,
    private readonly now: () => number = Date.now
  ) {}

  /** The user with this e-mail address (any case), if they ever logged in. */
  async findByEmail(email: string): Promise<EmbeddedAccount | undefined> {
    const { rows } = await this.store.query<{ id: string }>('SELECT id FROM embedded_users WHERE email = $1', [email.toLowerCase()])
    return rows[0] ? this.byId(rows[0].id) : undefined
  }

  /** The user with this id and their addresses (and their social identity, if that is how they log in). */
  async byId(id: string): Promise<EmbeddedAccount | undefined> {
    const { rows } = await this.store.query<{
      email: string | null
      namespace: string
      address: string
      provider: string | null
      username: string | null
      social_email: string | null
    }>(
      `SELECT u.email, k.namespace, k.address, i.provider, i.username, i.email AS social_email
       FROM embedded_users u JOIN embedded_keys k ON k.user_id = u.id LEFT JOIN embedded_identities i ON i.user_id = u.id WHERE u.id = $1`,
      [id]
    )
    const evm = rows.find(r => r.namespace === 'eip155')
    const sol = rows.find(r => r.namespace === 'solana')
    if (!evm || !sol) return undefined
    return {
      id,
      ...(evm.email ? { email: evm.email } : {}),
      addresses: { eip155: evm.address, solana: sol.address },
      ...(evm.provider ? { social: { provider: evm.provider, username: evm.username ?? undefined, email: evm.social_email ?? undefined } } : {})
    }
  }

  /**
   * A new 6-digit code for `email`, replacing any earlier one, usable only by `binding`. Refused
   * within 30 s of the last one (429 'Please try again after N seconds') and while the address is
   * past its daily budget of wrong codes (429 with when it refills).
   *
   * @param newEmail - For `update-primary`: the address the person is moving to.
   */
  async issueOtp(email: string, purpose: OtpPurpose, binding: OtpBinding, newEmail?: string): Promise<string> {
    const key = email.toLowerCase()
    await this.assertBudget(key)
    const { rows } = await this.store.query<{ sent_ms: number }>(
      'SELECT (extract(epoch FROM sent_at) * 1000)::float8 AS sent_ms FROM embedded_otps WHERE email = $1 AND purpose = $2',
      [key, purpose]
    )
    const wait = rows[0] ? rows[0].sent_ms + OTP_RESEND_MS - this.now() : 0
    if (wait > 0) throw new ApiError(429, `Please try again after ${seconds(wait)} seconds`)
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    await this.store.query(
      `INSERT INTO embedded_otps (email, purpose, code_hash, attempts, sent_at, expires_at, new_email)
       VALUES ($1, $2, $3, 0, to_timestamp($4 / 1000.0), to_timestamp($5 / 1000.0), $6)
       ON CONFLICT (email, purpose) DO UPDATE SET code_hash = $3, attempts = 0, sent_at = to_timestamp($4 / 1000.0), expires_at = to_timestamp($5 / 1000.0), new_email = $6`,
      [key, purpose, this.codeHash(key, purpose, binding, code), this.now(), this.now() + OTP_TTL_MS, newEmail?.toLowerCase() ?? null]
    )
    return code
  }

  /**
   * The stored digest of a code: keyed by the vault, over the address, purpose, binding and code,
   * so the right digits from another device or session simply do not match.
   */
  private codeHash(key: string, purpose: OtpPurpose, binding: OtpBinding, code: string): string {
    const bound = 'device' in binding ? `device:${this.vault.mac('device', binding.device)}` : `session:${sha256(binding.session)}`
    return this.vault.mac('otp', `${key}|${purpose}|${bound}|${code}`)
  }

  /**
   * Refuses (429, with when it refills) an address past its daily budget of wrong codes. Checked
   * before anything is sent to the address, so a known and an unknown address answer alike.
   */
  async assertBudget(email: string, q: Queryable = this.store): Promise<void> {
    const { rows } = await q.query<{ ms: number }>(
      `SELECT (extract(epoch FROM failed_at) * 1000)::float8 AS ms FROM embedded_otp_failures
       WHERE email = $1 AND failed_at > to_timestamp($2 / 1000.0) ORDER BY failed_at DESC LIMIT $3`,
      [email.toLowerCase(), this.now() - OTP_FAILURE_WINDOW_MS, OTP_DAILY_FAILURES]
    )
    // Full: a try frees up when the oldest of the last OTP_DAILY_FAILURES leaves the window.
    if (rows.length < OTP_DAILY_FAILURES) return
    const wait = rows[OTP_DAILY_FAILURES - 1]!.ms + OTP_FAILURE_WINDOW_MS - this.now()
    throw new ApiError(429, `Too many wrong codes for this address: try again in ${inWords(wait)}`)
  }

  /**
   * Holds device-approval e-mails to one address to one per {@link DEVICE_MAIL_RESEND_MS}
   * (429 'Please try again after N seconds', as for codes), and notes this one.
   */
  async noteDeviceMail(email: string): Promise<void> {
    const key = email.toLowerCase()
    const { rows } = await this.store.query<{ sent_ms: number }>(
      `INSERT INTO embedded_device_mails (email, sent_at) VALUES ($1, to_timestamp($2 / 1000.0))
       ON CONFLICT (email) DO UPDATE SET sent_at = EXCLUDED.sent_at WHERE embedded_device_mails.sent_at <= to_timestamp($3 / 1000.0)
       RETURNING (extract(epoch FROM sent_at) * 1000)::float8 AS sent_ms`,
      [key, this.now(), this.now() - DEVICE_MAIL_RESEND_MS]
    )
    if (rows[0]) return
    const last = await this.store.query<{ sent_ms: number }>(
      'SELECT (extract(epoch FROM sent_at) * 1000)::float8 AS sent_ms FROM embedded_device_mails WHERE email = $1',
      [key]
    )
    throw new ApiError(429, `Please try again after ${seconds((last.rows[0]?.sent_ms ?? this.now()) + DEVICE_MAIL_RESEND_MS - this.now())} seconds`)
  }

  /** Forgets a device e-mail that could not be sent (no cooldown after a failed send). */
  async dropDeviceMail(email: string): Promise<void> {
    await this.store.query('DELETE FROM embedded_device_mails WHERE email = $1', [email.toLowerCase()])
  }

  /** Forgets a code that could not be sent (so a failed send leaves nothing behind, and no cooldown). */
  async dropOtp(email: string, purpose: OtpPurpose): Promise<void> {
    await this.store.query('DELETE FROM embedded_otps WHERE email = $1 AND purpose = $2', [email.toLowerCase(), purpose])
  }

  /**
   * Checks a code entered by `binding`: right once, then it is used up. Wrong (or another
   * device's or session's): 400 'Invalid code' and one less try of the address's daily budget
   * (the 5th wrong try kills the code; past the budget: 429 and nothing is checked); expired or
   * none: 400 with what to do.
   * @returns the address an e-mail change moves to, for `update-primary`
   */
  async checkOtp(email: string, purpose: OtpPurpose, code: string, binding: OtpBinding): Promise<{ newEmail?: string }> {
    const key = email.toLowerCase()
    // The transaction decides and records (a wrong try counts even though the call fails); the
    // error is thrown after it commits.
    const outcome = await this.store.transaction(async (tx): Promise<{ error: string; status?: number } | { newEmail?: string }> => {
      const { rows } = await tx.query<{ code_hash: string; attempts: number; expires_ms: number; new_email: string | null }>(
        `SELECT code_hash, attempts::int AS attempts, (extract(epoch FROM expires_at) * 1000)::float8 AS expires_ms, new_email
         FROM embedded_otps WHERE email = $1 AND purpose = $2 FOR UPDATE`,
        [key, purpose]
      )
      const row = rows[0]
      // Past the budget nothing is checked, not even the right code.
      try {
        await this.assertBudget(key, tx)
      } catch (error) {
        return { error: (error as ApiError).message, status: 429 }
      }
      if (!row?.code_hash) return { error: 'No code was sent to this address, or it was used: ask for a new code' }
      // A dead code keeps its row, so the 30 s between sends still holds after it.
      const kill = () => tx.query("UPDATE embedded_otps SET code_hash = '' WHERE email = $1 AND purpose = $2", [key, purpose])
      if (row.expires_ms <= this.now()) {
        await kill()
        return { error: 'This code has expired: ask for a new code' }
      }
      if (!/^\d{6}$/.test(code) || this.codeHash(key, purpose, binding, code) !== row.code_hash) {
        // Counted per address, apart from the code: a resend does not give it back.
        await tx.query('DELETE FROM embedded_otp_failures WHERE failed_at <= to_timestamp($1 / 1000.0)', [this.now() - OTP_FAILURE_WINDOW_MS])
        await tx.query('INSERT INTO embedded_otp_failures (email, failed_at) VALUES ($1, to_timestamp($2 / 1000.0))', [key, this.now()])
        try {
          await this.assertBudget(key, tx)
        } catch (error) {
          await kill()
          return { error: (error as ApiError).message, status: 429 }
        }
        if (row.attempts + 1 >= OTP_MAX_ATTEMPTS) {
          await kill()
          return { error: 'Too many wrong codes: ask for a new code' }
        }
        await tx.query('UPDATE embedded_otps SET attempts = attempts + 1 WHERE email = $1 AND purpose = $2', [key, purpose])
        return { error: `Invalid code: ${OTP_MAX_ATTEMPTS - row.attempts - 1} tries left` }
      }
      // Used: gone, so the next login (another device) may ask for a code at once.
      await tx.query('DELETE FROM embedded_otps WHERE email = $1 AND purpose = $2', [key, purpose])
      return { newEmail: row.new_email ?? undefined }
    })
    if ('error' in outcome) throw new ApiError(outcome.status ?? 400, outcome.error)
    return outcome.newEmail ? { newEmail: outcome.newEmail } : {}
  }

  /** Whether this device was approved for this address (by a login on it, or a link). */
  async deviceApproved(email: string, deviceId: string): Promise<boolean> {
    const { rows } = await this.store.query('SELECT 1 FROM embedded_devices WHERE email = $1 AND device_hash = $2 AND approved_at IS NOT NULL', [
      email.toLowerCase(),
      this.vault.mac('device', deviceId)
    ])
    return rows.length > 0
  }

  /** Records a device waiting for approval; returns the token of the link that approves it. */
  async requestDevice(email: string, deviceId: string): Promise<string> {
    const token = randomBytes(24).toString('base64url')
    await this.store.query(
      `INSERT INTO embedded_devices (email, device_hash, approval_hash, approval_expires_at) VALUES ($1, $2, $3, to_timestamp($4 / 1000.0))
       ON CONFLICT (email, device_hash) DO UPDATE SET approval_hash = $3, approval_expires_at = to_timestamp($4 / 1000.0)`,
      [email.toLowerCase(), this.vault.mac('device', deviceId), sha256(token), this.now() + DEVICE_LINK_TTL_MS]
    )
    return token
  }

  /** Approves the device a link was sent for; the address it was for, or undefined (unknown or expired link). */
  async approveDevice(token: string): Promise<string | undefined> {
    const { rows } = await this.store.query<{ email: string }>(
      `UPDATE embedded_devices SET approved_at = now(), approval_hash = NULL
       WHERE approval_hash = $1 AND approval_expires_at > to_timestamp($2 / 1000.0) RETURNING email`,
      [sha256(token), this.now()]
    )
    return rows[0]?.email
  }

  /** Marks a device approved (a correct code was entered on it). */
  async trustDevice(email: string, deviceId: string): Promise<void> {
    await this.store.query(
      `INSERT INTO embedded_devices (email, device_hash, approved_at) VALUES ($1, $2, now())
       ON CONFLICT (email, device_hash) DO UPDATE SET approved_at = now(), approval_hash = NULL`,
      [email.toLowerCase(), this.vault.mac('device', deviceId)]
    )
  }

  /**
   * The account of `email`, made on the first login: one EVM and one Solana key, generated here,
   * sealed, stored in one transaction with the user (all or nothing).
   */
  async loginOrCreate(email: string): Promise<EmbeddedAccount> {
    const existing = await this.findByEmail(email)
    if (existing) return existing
    return this.create(email.toLowerCase(), undefined)
  }

  /**
   * The account of a social identity (provider and subject), made on its first login like an
   * e-mail user's; the username and e-mail the provider reports are refreshed on each login (they
   * are shown, never used to find the account).
   */
  async loginOrCreateSocial(provider: string, profile: SocialProfile): Promise<EmbeddedAccount> {
    const { rows } = await this.store.query<{ user_id: string }>(
      'UPDATE embedded_identities SET username = $3, email = $4 WHERE provider = $1 AND subject = $2 RETURNING user_id',
      [provider, profile.sub, profile.username ?? null, profile.email ?? null]
    )
    const known = rows[0] ? await this.byId(rows[0].user_id) : undefined
    if (known) return known
    try {
      return await this.create(undefined, { provider, ...profile })
    } catch (error) {
      // Two first logins of one person at once: the other made the account.
      const { rows: again } = await this.store.query<{ user_id: string }>('SELECT user_id FROM embedded_identities WHERE provider = $1 AND subject = $2', [
        provider,
        profile.sub
      ])
      const made = again[0] ? await this.byId(again[0].user_id) : undefined
      if (made) return made
      throw error
    }
  }

  /** A new user with an EVM and a Solana key, sealed, stored in one transaction (all or nothing). */
  private async create(email: string | undefined, identity: ({ provider: string } & SocialProfile) | undefined): Promise<EmbeddedAccount> {
    const id = randomBytes(16).toString('hex')
    const evmKey = generatePrivateKey()
    const solKey = ed25519.utils.randomPrivateKey()
    const addresses = { eip155: privateKeyToAddress(evmKey), solana: base58.encode(ed25519.getPublicKey(solKey)) }
    await this.store.transaction(async tx => {
      await tx.query('INSERT INTO embedded_users (id, email) VALUES ($1, $2)', [id, email ?? null])
      await tx.query('INSERT INTO embedded_keys (user_id, namespace, address, sealed_key) VALUES ($1, $2, $3, $4), ($1, $5, $6, $7)', [
        id,
        'eip155',
        addresses.eip155,
        this.vault.seal(Buffer.from(evmKey.slice(2), 'hex'), keyContext(id, 'eip155')),
        'solana',
        addresses.solana,
        this.vault.seal(solKey, keyContext(id, 'solana'))
      ])
      if (identity) {
        await tx.query('INSERT INTO embedded_identities (provider, subject, user_id, username, email) VALUES ($1, $2, $3, $4, $5)', [
          identity.provider,
          identity.sub,
          id,
          identity.username ?? null,
          identity.email ?? null
        ])
      }
    })
    solKey.fill(0)
    return {
      id,
      ...(email ? { email } : {}),
      addresses,
      ...(identity ? { social: { provider: identity.provider, username: identity.username, email: identity.email } } : {})
    }
  }

  /** Opens a user's keys for one signing (or the owner's export); they are not kept. */
  async openKeys(userId: string): Promise<OpenedKeys> {
    const { rows } = await this.store.query<{ namespace: string; sealed_key: string }>('SELECT namespace, sealed_key FROM embedded_keys WHERE user_id = $1', [
      userId
    ])
    const evm = rows.find(r => r.namespace === 'eip155')
    const sol = rows.find(r => r.namespace === 'solana')
    if (!evm || !sol) throw new ApiError(404, 'No keys for this account')
    return {
      eip155: `0x${Buffer.from(this.vault.open(evm.sealed_key, keyContext(userId, 'eip155'))).toString('hex')}`,
      solana: this.vault.open(sol.sealed_key, keyContext(userId, 'solana'))
    }
  }

  /** Moves an account to another e-mail address (refused when that address has an account). */
  async changeEmail(userId: string, newEmail: string): Promise<void> {
    const taken = await this.findByEmail(newEmail)
    if (taken) throw new ApiError(409, 'This e-mail address already has a wallet')
    await this.store.query('UPDATE embedded_users SET email = $2 WHERE id = $1', [userId, newEmail.toLowerCase()])
  }

  /**
   * A new session of the user for one project: the token (only its SHA-256 is stored). It ends
   * after {@link SESSION_IDLE_MS} unused, and {@link SESSION_TTL_MS} after this login at the latest.
   */
  async createSession(userId: string, projectId: string): Promise<string> {
    const token = `wme_${randomBytes(32).toString('base64url')}`
    await this.store.query(
      `INSERT INTO embedded_sessions (token_hash, user_id, project_id, expires_at, idle_expires_at)
       VALUES ($1, $2, $3, to_timestamp($4 / 1000.0), to_timestamp($5 / 1000.0))`,
      [sha256(token), userId, projectId, this.now() + SESSION_TTL_MS, this.now() + Math.min(SESSION_IDLE_MS, SESSION_TTL_MS)]
    )
    return token
  }

  /** The session a token opens, while it lasts; each use moves its idle end (within its last end). */
  async session(token: string): Promise<EmbeddedSession | undefined> {
    if (!/^wme_[A-Za-z0-9_-]{43}$/.test(token)) return undefined
    const hash = sha256(token)
    const { rows } = await this.store.query<{ user_id: string; project_id: string; idle_ms: number }>(
      `SELECT user_id, project_id, (extract(epoch FROM idle_expires_at) * 1000)::float8 AS idle_ms FROM embedded_sessions
       WHERE token_hash = $1 AND expires_at > to_timestamp($2 / 1000.0) AND idle_expires_at > to_timestamp($2 / 1000.0)`,
      [hash, this.now()]
    )
    const row = rows[0]
    if (!row) return undefined
    if (row.idle_ms < this.now() + SESSION_IDLE_MS - SESSION_TOUCH_MS) {
      await this.store.query('UPDATE embedded_sessions SET idle_expires_at = LEAST(expires_at, to_timestamp($2 / 1000.0)) WHERE token_hash = $1', [
        hash,
        this.now() + SESSION_IDLE_MS
      ])
    }
    const account = await this.byId(row.user_id)
    return account ? { account, projectId: row.project_id } : undefined
  }

  /** The user a session token belongs to, while it lasts (whatever its project). */
  async sessionAccount(token: string): Promise<EmbeddedAccount | undefined> {
    return (await this.session(token))?.account
  }

  /** Ends a session (sign-out). */
  async endSession(token: string): Promise<void> {
    await this.store.query('DELETE FROM embedded_sessions WHERE token_hash = $1', [sha256(token)])
  }

  /** Ends every session of the user, on every project and device ("log out everywhere", an e-mail change). */
  async endAllSessions(userId: string): Promise<void> {
    await this.store.query('DELETE FROM embedded_sessions WHERE user_id = $1', [userId])
  }
}
