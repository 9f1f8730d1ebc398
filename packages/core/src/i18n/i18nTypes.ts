// The language layer's types, apart from its controller: the locale switch and the formatters
// (loaded later, in chunks of their own) import these without importing the controller that loads them.
import type { LOCALES, MessageValues } from './compiled/MessageValues.js'

/** A locale with a catalogue: `en`, `es`, `fr`, `de`, `it`, `pt-BR`, `ru`, `uk`, `tr`, `ar`, `hi`, `id`, `vi`, `ja`, `ko`, `zh-CN`, `zh-TW`. */
export type Locale = (typeof LOCALES)[number]
/** Every message the modal shows, by key (see packages/core/src/i18n/messages). */
export type MessageKey = keyof MessageValues
/**
 * A site's replacement for one message: a text whose `{name}` placeholders take the message's
 * values, or a function of those values (for plurals and the like).
 */
export type MessageOverride = string | ((values: Record<string, string | number>) => string)
/** The site's replacements, by message key. */
export type MessageOverrides = Partial<Record<MessageKey, MessageOverride>>
/** The values a message takes: none, or an object of its placeholders. */
export type MessageArgs<K extends MessageKey> = MessageValues[K] extends undefined ? [] : [MessageValues[K]]

/** Formats numbers core wrote as plain decimal text (`'1234.5'`) for the active locale. */
export interface NumberFormats {
  /** A decimal amount, with every digit of `text` kept; text around numbers (`<0.001`) stays. */
  amount(text: string): string
}

/** The active language and writing direction, which the elements render in. */
export interface I18nState {
  locale: Locale
  dir: 'ltr' | 'rtl'
  /** Counts changes of the site's replacement strings (what is shown changed, the locale did not). */
  revision: number
}

/** One locale's compiled messages of a namespace, by key. */
// (The runtime's plural helper is typed as returning unknown; every compiled message makes text.)
export type Catalogue = Record<string, (values?: any) => unknown>
