import { createHash } from 'node:crypto'
import * as v from 'valibot'
import { appSchemeOf, walletLinkProblem } from '@wallet-modal/wire'

/** A link field as the registry sends it: a string (empty meaning none), null or absent. */
const RawLink = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(2048))), null)

/**
 * One wallet of the public registry's `GET /getWallets` (walletconnect-specs `ApiWallet`, plus the
 * optional `chains`, `rdns` and `badge_type` the live API adds). Lenient where the registry is
 * loose (empty strings, absent fields); strict on ids, names and sizes.
 */
export const RegistryWalletSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,100}$/, 'id: letters, digits, ".", "_" or "-", at most 100')),
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  image_id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,100}$/, 'image_id: letters, digits, ".", "_" or "-", at most 100')),
  order: v.optional(v.nullable(v.number())),
  homepage: RawLink,
  mobile_link: RawLink,
  desktop_link: RawLink,
  webapp_link: RawLink,
  app_store: RawLink,
  play_store: RawLink,
  injected: v.optional(
    v.nullable(
      v.pipe(v.array(v.object({ namespace: v.pipe(v.string(), v.maxLength(40)), injected_id: v.pipe(v.string(), v.maxLength(200)) })), v.maxLength(20))
    ),
    null
  ),
  chains: v.optional(v.nullable(v.pipe(v.array(v.string()), v.maxLength(500))), null),
  rdns: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200))), null),
  badge_type: v.optional(v.nullable(v.string()), null)
})

/**
 * A registry wallet as stored and served: the directory's fields (spec §3 Wallet, without the
 * image URL), plus the store links and injected entries kept for later use. Every field present.
 */
export interface NormalisedRegistryWallet {
  id: string
  name: string
  image_id: string
  rdns: string | null
  chains: string[]
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  homepage: string | null
  badge_type: 'none' | 'certified' | null
  app_store: string | null
  play_store: string | null
  injected: Array<{ namespace: string; injected_id: string }>
}

/** What {@link normaliseRegistryWallets} kept, with each one's content hash, and what it dropped and why. */
export interface NormalisedRegistry {
  wallets: Array<{ wallet: NormalisedRegistryWallet; hash: string }>
  dropped: Array<{ id: string; reason: string }>
}

const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
/** A reverse-DNS name (EIP-6963 rdns); registry entries such as `isMetaMask` (a legacy flag) are not. */
const RDNS = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i

const emptyToNull = (value: string | null): string | null => (value === null || value.trim() === '' ? null : value)

/** The SHA-256 of a wallet's JSON (keys in a fixed order: the normalised object's). */
export const registryWalletHash = (wallet: NormalisedRegistryWallet): string => createHash('sha256').update(JSON.stringify(wallet)).digest('hex')

/**
 * Checks and normalises the registry's wallets, in their order: invalid entries are dropped
 * (with the reason) rather than failing the whole sync, so one bad entry upstream does not keep a
 * server on an old list.
 *
 * - The schema ({@link RegistryWalletSchema}); a repeated id keeps the first.
 * - Links: wire's `walletLinkProblem`, the modal's own allow-list, as the catalogue checks them:
 *   `mobile_link` and `desktop_link` are https or a plain app scheme, owned by the first wallet
 *   that registers it (a later wallet using it is dropped: it would open another wallet's app);
 *   `webapp_link` and `homepage` are https or that wallet's own scheme. Empty strings are none.
 * - Store links (`app_store`, `play_store`) are kept only when https.
 * - `rdns`: the registry's own, else the first `eip155` injected id that is a reverse-DNS name.
 * - `chains`: the valid CAIP-2 ids given (none when absent); `badge_type`: `none`, `certified` or null.
 *
 * @example
 * ```ts
 * const { wallets, dropped } = normaliseRegistryWallets(page.data)
 * ```
 *
 * @param raw - The `data` entries of every page, in order.
 */
export function normaliseRegistryWallets(raw: readonly unknown[]): NormalisedRegistry {
  const wallets: NormalisedRegistry['wallets'] = []
  const dropped: NormalisedRegistry['dropped'] = []
  const ids = new Set<string>()
  const schemeOwners = new Map<string, string>()
  for (const [index, entry] of raw.entries()) {
    const parsed = v.safeParse(RegistryWalletSchema, entry)
    const rawId = typeof (entry as { id?: unknown })?.id === 'string' ? String((entry as { id: string }).id).slice(0, 100) : `#${index}`
    if (!parsed.success) {
      const issue = parsed.issues[0]
      const path = issue?.path?.map(p => String(p.key)).join('.') ?? ''
      dropped.push({ id: rawId, reason: `${path ? `${path}: ` : ''}${issue?.message ?? 'invalid'}` })
      continue
    }
    const w = parsed.output
    if (ids.has(w.id)) {
      dropped.push({ id: w.id, reason: 'repeated id' })
      continue
    }
    const links = {
      mobile_link: emptyToNull(w.mobile_link),
      desktop_link: emptyToNull(w.desktop_link),
      webapp_link: emptyToNull(w.webapp_link),
      homepage: emptyToNull(w.homepage)
    }
    let problem: string | undefined
    for (const field of ['mobile_link', 'desktop_link'] as const) {
      const link = links[field]
      if (link === null) continue
      const linkProblem = walletLinkProblem(link)
      if (linkProblem) problem ??= `${field}: ${linkProblem}`
      const scheme = appSchemeOf(link)
      const owner = scheme === undefined ? undefined : schemeOwners.get(scheme)
      if (owner !== undefined && owner !== w.id) problem ??= `${field}: ${scheme}:// is the app scheme of wallet ${owner}`
    }
    for (const field of ['webapp_link', 'homepage'] as const) {
      const link = links[field]
      const linkProblem = link === null ? undefined : walletLinkProblem(link, [links.mobile_link, links.desktop_link])
      if (linkProblem) problem ??= `${field}: ${linkProblem}`
    }
    if (problem) {
      dropped.push({ id: w.id, reason: problem })
      continue
    }
    ids.add(w.id)
    for (const link of [links.mobile_link, links.desktop_link]) {
      const scheme = appSchemeOf(link)
      if (scheme !== undefined) schemeOwners.set(scheme, w.id)
    }
    const injected = (w.injected ?? []).filter(i => i.namespace !== '' && i.injected_id !== '')
    const ownRdns = w.rdns !== null && RDNS.test(w.rdns) ? w.rdns : undefined
    const store = (link: string | null) => (link !== null && /^https:\/\/[^\s]+$/.test(link) && walletLinkProblem(link) === undefined ? link : null)
    const wallet: NormalisedRegistryWallet = {
      id: w.id,
      name: w.name,
      image_id: w.image_id,
      rdns: ownRdns ?? injected.find(i => i.namespace === 'eip155' && RDNS.test(i.injected_id))?.injected_id ?? null,
      chains: [...new Set((w.chains ?? []).filter(c => CAIP2.test(c)))],
      ...links,
      badge_type: w.badge_type === 'none' || w.badge_type === 'certified' ? w.badge_type : null,
      app_store: store(emptyToNull(w.app_store)),
      play_store: store(emptyToNull(w.play_store)),
      injected
    }
    wallets.push({ wallet, hash: registryWalletHash(wallet) })
  }
  return { wallets, dropped }
}
