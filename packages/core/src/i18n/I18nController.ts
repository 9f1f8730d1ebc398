import { proxy } from 'valtio/vanilla'
// English is the fallback of every message: the button's strings are here from the first paint,
// each later namespace's arrive with the chunk that shows them (addEnglish). Every other locale is
// one lazy chunk of all its strings (compiled/loaders.ts), loaded when chosen.
import buttonEn from './compiled/en/button.js'
import type { Catalogue, I18nState, Locale, MessageArgs, MessageKey, MessageOverrides, NumberFormats } from './i18nTypes.js'

export type { Catalogue, I18nState, Locale, MessageArgs, MessageKey, MessageOverride, MessageOverrides, NumberFormats } from './i18nTypes.js'

/**
 * The modal's languages: the active locale and direction, and `t`, which every shown string goes
 * through. English is built in; another locale's catalogue is fetched (a chunk per namespace)
 * before the switch (`switchLocale.ts`), so nothing is ever shown as a key or half translated. A
 * site's `messages` replace single strings in every locale.
 */
export function createI18nController(options: { messages?: MessageOverrides } = {}) {
  const state = proxy<I18nState>({ locale: 'en', dir: 'ltr', revision: 0 })
  const catalogues: Partial<Record<Locale, Catalogue>> = { en: { ...buttonEn } }
  const overrides: MessageOverrides = { ...options.messages }
  // Which switch was asked last (a later request wins over an earlier one's late chunk).
  const switches = { latest: 0 }
  // English numbers are core's own text (no Intl on the first paint); another locale's switch
  // installs Intl formatters here (switchLocale.ts).
  const format: NumberFormats = { amount: text => text }

  /**
   * The message `key` in the active locale with its `values` (English when the locale lacks it,
   * the site's override when there is one).
   */
  function t<K extends MessageKey>(key: K, ...args: MessageArgs<K>): string {
    const values = (args[0] ?? {}) as Record<string, string | number>
    const override = overrides[key]
    if (typeof override === 'function') return override(values)
    if (typeof override === 'string') return override.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all))
    const message = catalogues[state.locale]?.[key] ?? catalogues.en![key]
    return message ? String(message(values)) : key
  }

  return {
    state,
    t,
    /**
     * Numbers in the active locale: `amount('1234.500')` is `'1,234.500'` in English as core wrote
     * it, `'1.234,500'` in German (the digits shown are kept: balances stay truncated, never rounded).
     */
    format,
    /**
     * Switches the language (a BCP 47 tag; the nearest locale with a catalogue). Resolves once the
     * new strings are shown; rejects, leaving the current language, for a tag with no catalogue
     * or when its chunk cannot be fetched.
     */
    setLocale(tag: string): Promise<void> {
      // Matching tags, the loaders and the right-to-left list load with the first switch: a page
      // in English never fetches them.
      return import('./switchLocale.js').then(m => m.switchLocale({ state, catalogues, switches, format }, tag))
    },
    /**
     * Starts in the site's `locale`, else the page's or the browser's language (English, with a
     * console warning, when the site's has no catalogue or its chunk cannot be fetched).
     */
    start(requested?: string): Promise<void> {
      return import('./switchLocale.js')
        .then(m => m.applyInitialLocale({ state, catalogues, switches, format }, requested))
        .catch(err => console.warn(`[wallet-modal] ${err instanceof Error ? err.message : String(err)}; showing English`))
    },
    /** Adds a namespace's English strings (the dialog's chunk adds the dialog's when it loads). */
    addEnglish(messages: Catalogue): void {
      Object.assign(catalogues.en!, messages)
    },
    /** Replaces single messages (merged over earlier replacements). */
    setMessages(messages: MessageOverrides): void {
      Object.assign(overrides, messages)
      state.revision += 1
    }
  }
}

/** The i18n controller's type. */
export type I18nController = ReturnType<typeof createI18nController>
