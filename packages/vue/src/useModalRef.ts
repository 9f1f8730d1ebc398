import { getCurrentScope, onScopeDispose, shallowReadonly, shallowRef, type ShallowRef } from 'vue'
import { inBrowser, shallowEqual, type ModalRead } from '@wallet-modal/core/internal'
import type { WalletModalContext } from './walletModalContext.js'

/**
 * A read-only shallow ref of one value of the modal. In a browser, with a modal: the live value,
 * updated when it changes (an equal value keeps the ref untouched, so nothing re-renders), the
 * subscription ended with the calling scope (a component's `setup`, an `effectScope`). Otherwise
 * (a server render, or no modal yet): the server value, and no subscription, so a server keeps
 * nothing per request.
 */
export function useModalRef<T>(ctx: WalletModalContext, how: ModalRead<T>): Readonly<ShallowRef<T>> {
  const { modal } = ctx
  if (!modal || !inBrowser()) return shallowReadonly(shallowRef(how.server()))
  const value = shallowRef(how.read(modal))
  const update = () => {
    const next = how.read(modal)
    if (!shallowEqual(value.value, next)) value.value = next
  }
  const off = (how.subscribe ?? ((m, cb) => m.subscribeState(cb)))(modal, update)
  // Outside any scope (a plain module), the subscription lasts as long as the page.
  if (getCurrentScope()) onScopeDispose(off)
  return shallowReadonly(value)
}
