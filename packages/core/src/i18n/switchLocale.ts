// The part of the languages that a page in English never needs: matching a tag to a locale, the
// other locales' loaders, right-to-left. Loaded with the first switch of language.
import { LOCALES } from './compiled/MessageValues.js'
import { detectLocale, resolveLocale } from './resolveLocale.js'
import { amountFormatter } from './amountFormatter.js'
import { loaders } from './compiled/loaders.js'
import type { Catalogue, I18nState, Locale, NumberFormats } from './i18nTypes.js'

export { amountFormatter, detectLocale, resolveLocale }

const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set(['ar'])

/** What a switch needs of the controller. */
export interface SwitchTarget {
  state: I18nState
  catalogues: Partial<Record<Locale, Catalogue>>
  switches: { latest: number }
  format: NumberFormats
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
  target.format.amount = locale === 'en' ? text => text : amountFormatter(locale)
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
