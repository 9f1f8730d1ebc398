import type { Core } from '@wallet-modal/core/internal'

/**
 * The catalogue's words for `key` in the active locale, else `fallback`. For texts core makes in
 * English (the spec's error wording, snack messages, alerts): English shows them as core wrote
 * them; other locales hold them by key (`notices` namespace), and a site's `messages` override
 * either.
 *
 * @example
 * textOr(t, `error.${error.code}`, error.shortMessage)
 */
export function textOr(t: Core['i18n']['t'], key: string | undefined, fallback: string, values?: Record<string, string | number>): string {
  if (!key) return fallback
  // A key with no message comes back as itself (see I18nController.t).
  const text = (t as (key: string, values?: Record<string, string | number>) => string)(key, values ?? {})
  return text === key ? fallback : text
}

/**
 * What a visitor reads for a wallet-modal error: its code's words in the active locale, else its
 * own short message (English, or technical text the catalogue cannot hold).
 *
 * @example
 * <p role="alert">{errorText(t, draft.error)}</p>
 */
export function errorText(t: Core['i18n']['t'], error: { code: string; shortMessage: string }, values?: Record<string, string | number>): string {
  return textOr(t, `error.${error.code}`, error.shortMessage, values)
}
