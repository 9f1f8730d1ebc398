// Matching a language tag to a locale with a catalogue: with the first switch of language
// (switchLocale.ts), and on a server rendering the button's text (buttonLabels.ts).
import { LOCALES } from './compiled/MessageValues.js'
import type { Locale } from './i18nTypes.js'

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
