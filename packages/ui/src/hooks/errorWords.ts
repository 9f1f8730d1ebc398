import { ERROR_MESSAGES, type Core } from '@wallet-modal/core/internal'
import { textOr } from './textOr.js'

/** One relative-time formatter per locale. */
const relativeTimes = new Map<string, Intl.RelativeTimeFormat>()

/**
 * What a visitor reads for an error text core kept as words only (a draft's `error` string): the
 * active locale's words of the code whose English words it is (looked up in `catalogues`, the
 * spec's by default), else the text as it is (a service's own reason). A wait core wrote into
 * the spec's 'after N seconds' reads as the locale's relative time ('in 27 Sekunden').
 *
 * @example
 * <p role="alert">{errorWords(core, draft.receiverError)}</p>
 */
export function errorWords(core: Core, text: string, catalogues: readonly Readonly<Record<string, string>>[] = [ERROR_MESSAGES]): string {
  const { t } = core.i18n
  for (const catalogue of catalogues) {
    for (const [code, words] of Object.entries(catalogue)) {
      if (words === text) return textOr(t, `error.${code}`, text)
      // Words with a placeholder ('Error registering name {name}'): core filled it in.
      const names = [...words.matchAll(/\{(\w+)\}/g)].map(m => m[1]!)
      const filled = names.length > 0 && new RegExp(`^${words.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '(.+)')}$`).exec(text)
      if (filled) return textOr(t, `error.${code}`, text, Object.fromEntries(names.map((n, i) => [n, filled[i + 1]!])))
      // The spec's 'after N seconds': core writes the number where the words have N.
      const counted = / N seconds/.test(words) && new RegExp(`^${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(' N ', ' (\\d+) ')}$`).exec(text)
      if (counted) {
        const locale = core.i18n.state.locale
        let relative = relativeTimes.get(locale)
        if (!relative) relativeTimes.set(locale, (relative = new Intl.RelativeTimeFormat(locale, { numeric: 'always' })))
        return textOr(t, `retry.${code}`, text, { when: relative.format(Number(counted[1]), 'second') })
      }
    }
  }
  return text
}
