import { createHash } from 'node:crypto'
import { getAddress, verifyMessage } from 'viem'
import { ACCOUNT_NAME_LABEL, ETH_COIN_TYPE, type NamedProfile, type NameSuggestion, type RegisterNameBody } from '@wallet-modal/wire'
import type { ChainConfig, NamesConfig } from '../config/ServerConfig.js'
import { verifyEvmSignature } from '../siwx/verifyEvmSignature.js'
import type { Store } from '../db/Store.js'
import { ApiError } from '../http/ApiError.js'

/** Spec §9: the suffix names are registered under, unless the operator sets another. */
export const DEFAULT_NAME_SUFFIX = '.reown.id'
/** Spec §9: the legacy suffix that still resolves, unless the operator sets others. */
export const DEFAULT_LEGACY_SUFFIXES: readonly string[] = ['.wcn.id']
/** How old a signed registration may be, in seconds, unless configured. */
export const DEFAULT_MESSAGE_MAX_AGE_S = 300
/** Clock difference allowed for a message dated a little ahead of this server. */
const FUTURE_SKEW_S = 30
/** Free variants `/v1/profile/suggestions` offers at most. */
export const MAX_SUGGESTIONS = 5
/**
 * Attributes a registration may carry: short texts under these keys only. No `avatar`: an image
 * URL chosen by whoever registers would be fetched by every page that resolves the name (their
 * visitors' addresses leaked to any host); avatars come from the operator's identities.
 */
export const NAME_ATTRIBUTE_KEYS: readonly string[] = ['description', 'bio']
const MAX_ATTRIBUTE_LENGTH = 256

/** The spec's rule, as the service words it (the modal shows a service's reason first). */
export const NAME_RULE = 'A name is letters, digits and hyphens, at least 4 characters'

/** A registered name's row. */
interface NameRow {
  label: string
  address: string
  coin_type: string
  /** A key signed: the address is the signer's on every EVM chain. */
  every_chain: boolean
  attributes: Record<string, string>
}

/** Whether a coin type is an EVM one: Ether's (60) or an ENSIP-11 chain's (`0x80000000 | chainId`). */
const isEvmCoinType = (coinType: number) => coinType === 60 || (coinType >= 0x80000000 && coinType <= 0xffffffff)

/**
 * The name service an operator runs (spec §7 `/v1/profile/*`): names under the operator's suffix,
 * unique and case-insensitive, each pointing to the address that signed for it. Names are kept
 * by their own part (`alice`), so every configured suffix (the primary and the legacy ones)
 * resolves them; new names are registered under the primary suffix only.
 *
 * @example
 * ```ts
 * const names = new NameService(store, { suffix: '.walletmodal.id' })
 * await names.lookup('alice.walletmodal.id') // { name, addresses: { '60': { address } }, attributes }
 * ```
 */
export class NameService {
  /** The primary suffix (`.reown.id`). */
  readonly suffix: string
  /** Suffixes that still resolve. */
  readonly legacySuffixes: readonly string[]
  private readonly perAddress: number
  private readonly maxAgeS: number

  /**
   * @param store - The database (table `account_names`, and `identities` so a configured name is never registered twice).
   * @param config - The operator's `names` settings.
   * @param chains - The configured chains by CAIP-2 id: a contract account's signature is checked on its chain.
   * @param timeoutMs - How long a chain's node gets for that check.
   */
  constructor(
    private readonly store: Store,
    config: NamesConfig = {},
    private readonly chains: ReadonlyMap<string, ChainConfig> = new Map(),
    private readonly timeoutMs = 10_000
  ) {
    this.suffix = config.suffix ?? DEFAULT_NAME_SUFFIX
    this.legacySuffixes = (config.legacySuffixes ?? DEFAULT_LEGACY_SUFFIXES).filter(s => s !== this.suffix)
    this.perAddress = config.namesPerAddress ?? 1
    this.maxAgeS = config.messageMaxAgeSeconds ?? DEFAULT_MESSAGE_MAX_AGE_S
  }

  /** The zone the modal passes to suggestions: the suffix without its dot (`reown.id`). */
  get zone(): string {
    return this.suffix.slice(1)
  }

  /** The own part of a whole name under one of this service's suffixes (lower case), else undefined. */
  labelOf(name: string): string | undefined {
    const lower = name.toLowerCase()
    const suffix = [this.suffix, ...this.legacySuffixes].find(s => lower.endsWith(s))
    return suffix ? lower.slice(0, -suffix.length) : undefined
  }

  /** The registered name `name` (any suffix of this service), or undefined. */
  async lookup(name: string): Promise<NamedProfile | undefined> {
    const label = this.labelOf(name)
    if (label === undefined || !ACCOUNT_NAME_LABEL.test(label)) return undefined
    const { rows } = await this.store.query<NameRow>('SELECT label, address, coin_type::text, every_chain, attributes FROM account_names WHERE label = $1', [
      label
    ])
    return rows[0] ? this.profileOf(rows[0]) : undefined
  }

  /** The names registered for `address`, oldest first. */
  async reverse(address: string): Promise<NamedProfile[]> {
    const { rows } = await this.store.query<NameRow>(
      'SELECT label, address, coin_type::text, every_chain, attributes FROM account_names WHERE lower(address) = $1 ORDER BY created_at, label',
      [address.toLowerCase()]
    )
    return rows.map(row => this.profileOf(row))
  }

  /**
   * Whether `input` (an own part, or a whole name under the primary suffix) is taken, then up to
   * {@link MAX_SUGGESTIONS} free variants of it.
   * @throws ApiError 400 for a name that breaks the rule, or a zone this service does not serve
   */
  async suggestions(input: string, zone?: string): Promise<NameSuggestion[]> {
    if (zone !== undefined && zone.toLowerCase() !== this.zone) throw new ApiError(400, `Unknown zone ${zone}: names here end in ${this.suffix}`)
    const label = this.labelOf(input) ?? input.toLowerCase()
    if (!ACCOUNT_NAME_LABEL.test(label)) throw new ApiError(400, NAME_RULE)
    const variants = [`${label}-wallet`, `my-${label}`, ...[1, 2, 3, 7, 42, 99].map(n => `${label}${n}`), `${label}-${new Date().getUTCFullYear()}`].filter(l =>
      ACCOUNT_NAME_LABEL.test(l)
    )
    const taken = await this.takenOf([label, ...variants])
    return [
      { name: label + this.suffix, registered: taken.has(label) },
      ...variants
        .filter(l => !taken.has(l))
        .slice(0, MAX_SUGGESTIONS)
        .map(l => ({ name: l + this.suffix, registered: false }))
    ]
  }

  /**
   * Registers a name for the address that signed the exact message (spec §7): the message is JSON
   * `{ name, attributes, timestamp }`, signed within the last few minutes (no replay of an old
   * one, and each message counts once), under the primary suffix, for a free name and an address
   * below its name count.
   *
   * @param body - The request (coin type, address, message, signature).
   * @param nowS - The current time in seconds (tests move it).
   * @throws ApiError 400 (message, name, time), 401 (signature), 409 (taken, replayed, limit)
   */
  async register(body: RegisterNameBody, nowS = Math.floor(Date.now() / 1000)): Promise<NamedProfile> {
    const coinType = Number(body.coin_type)
    if (!isEvmCoinType(coinType)) throw new ApiError(400, `Unsupported coin type ${body.coin_type}: names here are for EVM addresses`)
    const message = parseMessage(body.message)
    const lower = message.name.toLowerCase()
    if (!lower.endsWith(this.suffix)) throw new ApiError(400, `Names here end in ${this.suffix}`)
    const label = lower.slice(0, -this.suffix.length)
    if (!ACCOUNT_NAME_LABEL.test(label)) throw new ApiError(400, NAME_RULE)
    if (message.timestamp > nowS + FUTURE_SKEW_S) throw new ApiError(400, 'The signed message is dated in the future')
    if (message.timestamp < nowS - this.maxAgeS) throw new ApiError(400, 'The signed message is too old; sign a new one')
    const signer = await this.signerKind(body, coinType)
    if (!signer) throw new ApiError(401, 'The signature does not match the address')
    const address = getAddress(body.address)
    // The same signed message counts once, whatever the signature's encoding.
    const messageHash = createHash('sha256').update(`${address.toLowerCase()}\n${body.message}`).digest('hex')
    return this.store.transaction(async tx => {
      // One registration per address at a time: the name count below cannot be raced past.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`account-name:${address.toLowerCase()}`])
      const used = await tx.query('SELECT 1 FROM account_names WHERE message_hash = $1', [messageHash])
      if (used.rows.length) throw new ApiError(409, 'This signed message was already used')
      const owned = await tx.query<{ label: string }>('SELECT label FROM account_names WHERE lower(address) = $1 ORDER BY created_at', [address.toLowerCase()])
      if (owned.rows.length >= this.perAddress) throw new ApiError(409, `This address already has a name: ${owned.rows[0]!.label}${this.suffix}`)
      if ((await this.takenOf([label], tx)).has(label)) throw new ApiError(409, `${label}${this.suffix} is already taken`)
      const inserted = await tx.query<NameRow>(
        `INSERT INTO account_names (label, address, coin_type, every_chain, attributes, message, message_hash) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT DO NOTHING RETURNING label, address, coin_type::text, every_chain, attributes`,
        [label, address, coinType, signer === 'key', JSON.stringify(message.attributes), body.message, messageHash]
      )
      // Another address took it between the check and the insert.
      if (!inserted.rows[0]) throw new ApiError(409, `${label}${this.suffix} is already taken`)
      return this.profileOf(inserted.rows[0])
    })
  }

  /**
   * Who signed `body.message` (EIP-191) for `body.address`: its key (an ordinary account, the
   * same address on every EVM chain), a contract account on the coin type's chain (viem's check
   * there, as sign-in does: ERC-1271, and ERC-6492 before deployment; only when that chain is
   * configured; 60 is Ethereum's), or nobody (false).
   */
  private async signerKind(body: RegisterNameBody, coinType: number): Promise<'key' | 'contract' | false> {
    const signature = body.signature as `0x${string}`
    if (await verifyMessage({ address: getAddress(body.address), message: body.message, signature }).catch(() => false)) return 'key'
    const chain = this.chains.get(`eip155:${coinType === 60 ? 1 : coinType - 0x80000000}`)
    return chain && (await verifyEvmSignature(chain, body.address, body.message, body.signature, this.timeoutMs)) ? 'contract' : false
  }

  /**
   * Which of `labels` are taken: registered, or a configured identity's name under any suffix this
   * service answers for (a registration must not shadow a configured name, even a legacy one).
   */
  private async takenOf(labels: string[], db: Pick<Store, 'query'> = this.store): Promise<Set<string>> {
    const suffixes = [this.suffix, ...this.legacySuffixes]
    const { rows } = await db.query<{ label: string; name: string | null }>(
      `SELECT label, NULL AS name FROM account_names WHERE label = ANY($1::text[])
       UNION ALL SELECT NULL, lower(name) FROM identities WHERE lower(name) = ANY($2::text[])`,
      [labels, labels.flatMap(l => suffixes.map(s => l + s))]
    )
    return new Set(rows.map(r => r.label ?? this.labelOf(r.name!)!))
  }

  /**
   * A row as the profile answer: the whole name, the address under the signed coin type, and under
   * 60 (every EVM chain) when a key signed: a contract account is only known to be the signer's
   * on the chain it was checked on.
   */
  private profileOf(row: NameRow): NamedProfile {
    const address = getAddress(row.address)
    return {
      name: row.label + this.suffix,
      addresses: { ...(row.every_chain ? { [ETH_COIN_TYPE]: { address } } : {}), [row.coin_type]: { address } },
      attributes: row.attributes ?? {}
    }
  }
}

/**
 * The registration message (spec §7): JSON with exactly `name` (text), `attributes` (few short
 * texts) and `timestamp` (whole seconds).
 * @throws ApiError 400 otherwise
 */
function parseMessage(text: string): { name: string; attributes: Record<string, string>; timestamp: number } {
  const bad = () => new ApiError(400, 'The message must be JSON with name, attributes and timestamp (in seconds)')
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw bad()
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw bad()
  const { name, attributes = {}, timestamp, ...rest } = value as Record<string, unknown>
  if (
    Object.keys(rest).length ||
    typeof name !== 'string' ||
    name.length > 200 ||
    !Number.isSafeInteger(timestamp) ||
    !attributes ||
    typeof attributes !== 'object' ||
    Array.isArray(attributes)
  )
    throw bad()
  const entries = Object.entries(attributes as Record<string, unknown>)
  if (entries.some(([k, v]) => !NAME_ATTRIBUTE_KEYS.includes(k) || typeof v !== 'string' || v.length > MAX_ATTRIBUTE_LENGTH)) {
    throw new ApiError(400, `Attributes: only ${NAME_ATTRIBUTE_KEYS.join(' and ')}, texts of up to ${MAX_ATTRIBUTE_LENGTH} characters`)
  }
  return { name, attributes: attributes as Record<string, string>, timestamp: timestamp as number }
}
