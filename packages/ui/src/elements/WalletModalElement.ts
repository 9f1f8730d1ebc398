import type { Core, ModalEvent } from '@wallet-modal/core/internal'
import { elementBase, withProps, type ElementBase, type ElementKind } from './ElementBase.js'

/** DOM event names the `<wallet-modal>` element dispatches, per core event. */
export const DOM_EVENTS: Partial<Record<ModalEvent['type'], string>> = {
  MODAL_OPEN: 'wm-open',
  MODAL_CLOSE: 'wm-close',
  CONNECT_SUCCESS: 'wm-connect',
  DISCONNECT_SUCCESS: 'wm-disconnect',
  SWITCH_NETWORK: 'wm-network-change',
  ACCOUNT_CHANGED: 'wm-account-change',
  CONNECT_ERROR: 'wm-error',
  ERROR: 'wm-error'
}

let cls: (new () => ElementBase) | undefined

/**
 * The `<wallet-modal>` class (built on first call: a class extending HTMLElement cannot be made
 * where there is none, and importing the library while rendering on a server must not fail):
 * the dialog. Attribute `theme="light|dark"`; property `core`; events `wm-*`.
 */
export function getWalletModalElement(): new () => ElementBase {
  return (cls ??= withProps(
    class WalletModalElement extends elementBase() {
      override readonly kind: ElementKind = 'wallet-modal'
      /** Re-dispatches the core's events as `wm-*` DOM events on the element (bubbling, composed). */
      override bind(core: Core): () => void {
        return core.events.subscribe(event => {
          const name = DOM_EVENTS[event.type]
          if (name) this.dispatchEvent(new CustomEvent(name, { detail: event.data, bubbles: true, composed: true }))
        })
      }
    },
    ['theme']
  ))
}
