import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto'

/** The environment variable an operator puts the key-encryption key in. */
export const KEK_ENV = 'WALLET_MODAL_KEK'

const FORMAT = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * Encrypts the embedded wallet's private keys at rest (AES-256-GCM) under a key-encryption key
 * (KEK) the operator supplies; the database only ever holds sealed keys. Each sealed value names
 * the KEK it was made with (a short fingerprint, not the key) and is bound to a context (the
 * account it belongs to) through GCM's associated data, so a sealed key copied onto another
 * account's row does not open.
 *
 * Sealed form: `v1.<kek fingerprint>.<iv>.<ciphertext + tag>`, base64url parts.
 *
 * @example
 * ```ts
 * const vault = KeyVault.fromEnv(process.env)
 * const sealed = vault.seal(privateKey, `user:${userId}:eip155`)
 * const again = vault.open(sealed, `user:${userId}:eip155`)
 * ```
 */
export class KeyVault {
  private readonly fingerprint: string

  /** @param kek - 32 bytes. */
  constructor(private readonly kek: Uint8Array) {
    if (kek.length !== 32) throw new Error(`${KEK_ENV} must be 32 bytes (base64 or 64 hex digits)`)
    this.fingerprint = createHash('sha256').update('wallet-modal kek').update(kek).digest('base64url').slice(0, 8)
  }

  /**
   * The vault of the KEK in `env[WALLET_MODAL_KEK]` (32 bytes as 64 hex digits or base64).
   *
   * @throws When it is missing or not 32 bytes: the server must not start without one outside
   *   dev mode (the caller decides; `npm start` makes a dev key and says so).
   */
  static fromEnv(env: Record<string, string | undefined>): KeyVault {
    const value = env[KEK_ENV]?.trim()
    if (!value) throw new Error(`${KEK_ENV} is not set: the embedded wallet needs a key-encryption key (32 bytes, base64 or hex)`)
    return new KeyVault(decodeKek(value))
  }

  /** A fresh random KEK, base64: what `npm start` uses in dev mode, and what an operator generates once. */
  static generateKek(): string {
    return randomBytes(32).toString('base64')
  }

  /**
   * Encrypts a secret for storage.
   *
   * @param secret - The plaintext (a private key).
   * @param context - What it belongs to (e.g. `user:<id>:eip155`): needed again to open it.
   */
  seal(secret: Uint8Array, context: string): string {
    const iv = randomBytes(IV_BYTES)
    const cipher = createCipheriv('aes-256-gcm', this.kek, iv)
    cipher.setAAD(Buffer.from(context, 'utf8'))
    const body = Buffer.concat([cipher.update(secret), cipher.final(), cipher.getAuthTag()])
    return [FORMAT, this.fingerprint, iv.toString('base64url'), body.toString('base64url')].join('.')
  }

  /**
   * A keyed digest (HMAC-SHA-256 under a key derived from the KEK, hex) of `data`: how one-time
   * codes and device ids are stored, so a copy of the database cannot try the million codes
   * offline.
   *
   * @param label - What the digest is for (separates uses of the same data).
   * @param data - What to digest.
   */
  mac(label: string, data: string): string {
    const key = createHmac('sha256', this.kek).update(`wallet-modal mac ${label}`).digest()
    return createHmac('sha256', key).update(data, 'utf8').digest('hex')
  }

  /**
   * Decrypts what {@link KeyVault.seal} made.
   *
   * @param sealed - The stored value.
   * @param context - The context it was sealed with.
   * @throws When it was sealed under another KEK, for another context, or was altered.
   */
  open(sealed: string, context: string): Uint8Array {
    const [format, fingerprint, iv, body] = sealed.split('.')
    if (format !== FORMAT || !fingerprint || !iv || !body) throw new Error('Not a sealed key')
    if (fingerprint !== this.fingerprint) throw new Error(`Sealed under another key-encryption key (${fingerprint}); this server has ${this.fingerprint}`)
    const bytes = Buffer.from(body, 'base64url')
    if (bytes.length <= TAG_BYTES) throw new Error('Not a sealed key')
    const decipher = createDecipheriv('aes-256-gcm', this.kek, Buffer.from(iv, 'base64url'))
    decipher.setAAD(Buffer.from(context, 'utf8'))
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
    try {
      return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]))
    } catch {
      throw new Error('Sealed key does not open: altered, or sealed for another account')
    }
  }
}

function decodeKek(value: string): Uint8Array {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex')
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
  throw new Error(`${KEK_ENV} must be 32 bytes (base64 or 64 hex digits)`)
}
