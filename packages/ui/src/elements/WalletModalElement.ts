import { createElement, useEffect } from 'react'
import { useSnapshot } from 'valtio/react'
import type { Core, ModalEvent } from '@wallet-modal/core/internal'
import { createElementClass, type ElementProps } from './createElementClass.js'
// The dialog lives in its own chunk, loaded when first opened (or prefetched before).
import { LazyWalletModal } from '../lazy/loadWalletModal.js'

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

function WalletModalHost({ core, theme }: ElementProps & { theme?: string }) {
  const { open } = useSnapshot(core.modal.state)
  // Spec §3 the modal's loading flag: on while an opened modal waits for the dialog's code.
  useEffect(() => {
    if (!open || LazyWalletModal.isLoaded()) return
    core.modal.setLoading(true)
    let live = true
    LazyWalletModal.preload()
      .catch(() => undefined)
      .finally(() => live && core.modal.setLoading(false))
    return () => void (live = false)
  }, [open, core])
  // Nothing to show and nothing to load until the modal opens (embedded mode is always shown).
  if (!open && !core.options.state.enableEmbedded) return null
  return createElement(LazyWalletModal, { core, theme })
}

/** Re-dispatches the core's events as `wm-*` DOM events on the element (bubbling, composed). */
function forwardEvents(host: HTMLElement, core: Core): () => void {
  return core.events.subscribe(event => {
    const name = DOM_EVENTS[event.type]
    if (name) host.dispatchEvent(new CustomEvent(name, { detail: event.data, bubbles: true, composed: true }))
  })
}

/** The `<wallet-modal>` class (built on first call): the dialog. Attribute `theme="light|dark"`; property `core`; events `wm-*`. */
export const getWalletModalElement = createElementClass<{ theme?: string }>(WalletModalHost, { theme: 'string' }, forwardEvents)
