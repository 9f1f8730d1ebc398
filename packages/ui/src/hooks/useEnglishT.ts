import type { Catalogue, Core } from '@wallet-modal/core/internal'
import { useT } from './useT.js'

/** For each namespace's English strings, the cores whose catalogue already holds them. */
const added = new WeakMap<Catalogue, WeakSet<Core>>()

/**
 * {@link useT} for a component whose English strings come with its own chunk: the first render
 * adds `english` (one namespace of packages/core/src/i18n/compiled/en) to the core's catalogue, so
 * a view's words are fetched with the view and not before. Other locales hold every namespace.
 *
 * @example
 * const t = useEnglishT(core, sendEnglish)
 * return <h2>{t('send.preview')}</h2>
 */
export function useEnglishT(core: Core, english: Catalogue): Core['i18n']['t'] {
  let cores = added.get(english)
  if (!cores) added.set(english, (cores = new WeakSet()))
  if (!cores.has(core)) {
    core.i18n.addEnglish(english)
    cores.add(core)
  }
  return useT(core)
}
