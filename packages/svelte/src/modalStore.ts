import { readable, type Readable } from 'svelte/store'
import type { WalletModal } from '@wallet-modal/core'
import { inBrowser, shallowEqual, type ModalRead } from '@wallet-modal/core/internal'

/**
 * A readable store of one value of the modal. In a browser, with a modal: the live value, the
 * modal subscribed to only while the store has subscribers (an equal value is not set again, so
 * nothing re-renders). Otherwise (a server render, or no modal yet): the server value, and the
 * store never subscribes to anything, so a server keeps nothing per request.
 */
export function modalStore<T>(modal: WalletModal | undefined, how: ModalRead<T>): Readable<T> {
  if (!modal || !inBrowser()) return readable(how.server())
  let value = how.read(modal)
  return readable(value, set => {
    const update = () => {
      const next = how.read(modal)
      if (shallowEqual(value, next)) return
      value = next
      set(next)
    }
    // The value may have changed while nobody listened.
    update()
    return (how.subscribe ?? ((m, cb) => m.subscribeState(cb)))(modal, update)
  })
}
