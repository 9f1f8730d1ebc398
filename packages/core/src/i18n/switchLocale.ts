// The part of the languages that a page in English never needs: matching a tag to a locale, the
// other locales' loaders, right-to-left. Loaded with the first switch of language.
import { LOCALES } from './compiled/MessageValues.js'
import { loaders } from './compiled/loaders.js'
import type { Catalogue, I18nState, Locale } from './I18nController.js'

const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set(['ar'])
// Chinese by script as much as by region: Traditional for Taiwan, Hong Kong and Macao.
const TRADITIONAL_CHINESE = /^zh-(hant|tw|hk|mo)\b/i

/**
 * The first of `candidates` (BCP 47 tags, best first) the modal has a catalogue for: the exact
 * locale, else its language's (`pt` → `pt-BR`, `zh-Hant-HK` → `zh-TW`, `es-MX` → `es`).
 *
 * @example
 * ```ts
 * resolveLocale(['de-AT', 'en']) // 'de'
 * ```
 */
export function resolveLocale(candidates: readonly (string | undefined | null)[]): Locale | undefined {
  for (const tag of candidates) {
    if (!tag || !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(tag)) continue
    const exact = LOCALES.find(l => l.toLowerCase() === tag.toLowerCase())
    if (exact) return exact
    const language = tag.split('-')[0]!.toLowerCase()
    if (language === 'zh') return TRADITIONAL_CHINESE.test(tag) ? 'zh-TW' : 'zh-CN'
    const byLanguage = LOCALES.find(l => l.split('-')[0] === language)
    if (byLanguage) return byLanguage
  }
  return undefined
}

/** The page's language (`<html lang>`), else the browser's languages, else English. */
export function detectLocale(): Locale {
  return resolveLocale([globalThis.document?.documentElement?.lang, ...(globalThis.navigator?.languages ?? [])]) ?? 'en'
}

/** What a switch needs of the controller. */
export interface SwitchTarget {
  state: I18nState
  catalogues: Partial<Record<Locale, Catalogue>>
  switches: { latest: number }
}

/**
 * Makes `tag`'s nearest locale the active one, once its catalogue has arrived. Rejects, leaving
 * the current language, for a tag without a catalogue or when its chunk cannot be fetched.
 */
export async function switchLocale(target: SwitchTarget, tag: string): Promise<void> {
  const locale = resolveLocale([tag])
  if (!locale) throw new Error(`No catalogue for the locale "${tag}" (available: ${LOCALES.join(', ')})`)
  const ticket = ++target.switches.latest
  if (!target.catalogues[locale]) {
    const loader = (loaders as Record<string, () => Promise<{ default: Catalogue }>>)[locale]!
    target.catalogues[locale] = { ...(await loader()).default }
  }
  // The last request wins, even when an earlier one's chunk arrives after it.
  if (ticket !== target.switches.latest) return
  target.state.locale = locale
  target.state.dir = RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr'
}

/**
 * The language a page starts in: the site's `locale` option, else the page's, else the browser's.
 * Runs only when those name something other than English first.
 */
export async function applyInitialLocale(target: SwitchTarget, requested: string | undefined): Promise<void> {
  const locale = requested ?? detectLocale()
  if (locale !== 'en') await switchLocale(target, locale)
}
