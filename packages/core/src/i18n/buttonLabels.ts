import { BUTTON_LABELS } from './compiled/buttonLabels.js'
import { resolveLocale } from './resolveLocale.js'

/**
 * The connect button's texts in `locale`'s nearest catalogue (English without one): what a server
 * renders inside `<connect-button>` before the element runs, synchronously (the element itself
 * loads a language as a chunk).
 *
 * @example
 * ```ts
 * buttonLabels('de-AT').connect // 'Wallet verbinden'
 * ```
 */
export function buttonLabels(locale?: string): { connect: string; connecting: string; account: string } {
  return BUTTON_LABELS[resolveLocale([locale]) ?? 'en']
}
