import type { Core } from '../core/Core.js'

/** The site's legal pages as Connect's checkbox links them (spec §9 `legalCheckbox`). */
export interface LegalLinks {
  /** The site's `termsConditionsUrl`, when it may be linked. */
  terms?: string
  /** The site's `privacyPolicyUrl`, when it may be linked. */
  privacy?: string
}

/** Longer than any page address a site names: a longer one is refused rather than shown. */
const MAX_URL_LENGTH = 2048
/** The modal's storage key (under its `@wallet-modal/` prefix) for the links last agreed to. */
export const LEGAL_CONSENT_KEY = 'legal-consent'

/** What is stored: the links agreed to (`null` for one the site does not give). */
interface StoredConsent {
  terms: string | null
  privacy: string | null
}

const isStoredConsent = (v: unknown): v is StoredConsent =>
  !!v &&
  typeof v === 'object' &&
  ['terms', 'privacy'].every(k => {
    const x = (v as Record<string, unknown>)[k]
    return x === null || typeof x === 'string'
  })

/**
 * A legal page's address as a link may point to it, or undefined when refused. Allowed: `https:`,
 * and `http:` on the page's own origin only (a site served locally, such as the devnet demo);
 * relative addresses are read against the page. Refused: every other scheme (`javascript:`,
 * `data:`, `blob:`…), plain `http:` elsewhere, addresses with credentials, over 2048 characters.
 * An allow-list, not a block-list: a scheme nobody thought of is refused too.
 *
 * @example
 * safeLegalUrl('https://example.com/terms') // 'https://example.com/terms'
 * safeLegalUrl('javascript:alert(1)')       // undefined
 */
export function safeLegalUrl(value: unknown, page: string | undefined = globalThis.location?.href): string | undefined {
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_URL_LENGTH) return undefined
  let url: URL
  try {
    url = page ? new URL(value, page) : new URL(value)
  } catch {
    return undefined
  }
  if (url.username || url.password) return undefined
  if (url.protocol === 'https:') return url.href
  if (url.protocol === 'http:' && page) {
    try {
      if (url.origin === new URL(page).origin) return url.href
    } catch {
      // a page address that does not parse has no origin to match
    }
  }
  return undefined
}

/** Refused addresses already reported, per core: the view asks on every render. */
const reported = new WeakMap<Core, Set<string>>()

function linkOf(core: Core, value: unknown, option: string): string | undefined {
  if (value === undefined) return undefined
  const url = safeLegalUrl(value)
  if (!url) {
    const seen = reported.get(core) ?? new Set<string>()
    reported.set(core, seen)
    const key = `${option}\n${String(value)}`
    if (!seen.has(key)) {
      seen.add(key)
      console.warn(`[wallet-modal] ${option} is not linked: only https: addresses (or http: on this page's own origin) are`)
    }
  }
  return url
}

/**
 * What Connect's legal checkbox links to, or undefined when there is no checkbox: the site's
 * `features.legalCheckbox` is off, or neither `termsConditionsUrl` nor `privacyPolicyUrl` may be
 * linked (see {@link safeLegalUrl}; a refused one is reported once with a console warning), since
 * a visitor cannot be asked to agree to pages nobody can open.
 *
 * @example
 * const links = legalLinks(core) // { terms: 'https://site.example/terms', privacy: undefined }
 */
export function legalLinks(core: Core): LegalLinks | undefined {
  if (!core.options.isEnabled('legalCheckbox')) return undefined
  const { termsConditionsUrl, privacyPolicyUrl } = core.options.state
  const terms = linkOf(core, termsConditionsUrl, 'termsConditionsUrl')
  const privacy = linkOf(core, privacyPolicyUrl, 'privacyPolicyUrl')
  return terms || privacy ? { terms, privacy } : undefined
}

/**
 * Whether the visitor agreed to exactly these links: the choice is kept in the modal's storage
 * (the site's `storage`, by default localStorage, key `@wallet-modal/legal-consent`), with the
 * addresses agreed to, so new terms at a new address are asked for again.
 */
export function hasLegalConsent(core: Core, links: LegalLinks): boolean {
  const saved = core.storage.get(LEGAL_CONSENT_KEY, isStoredConsent)
  return !!saved && saved.terms === (links.terms ?? null) && saved.privacy === (links.privacy ?? null)
}

/** Records the visitor's choice on the checkbox (see {@link hasLegalConsent}); unchecking forgets it. */
export function setLegalConsent(core: Core, links: LegalLinks, agreed: boolean): void {
  if (agreed) core.storage.set<StoredConsent>(LEGAL_CONSENT_KEY, { terms: links.terms ?? null, privacy: links.privacy ?? null })
  else core.storage.remove(LEGAL_CONSENT_KEY)
}
