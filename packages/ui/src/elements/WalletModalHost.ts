import { createElement, useEffect } from 'react'
import { useSnapshot } from 'valtio/react'
import type { ElementProps } from './ElementProps.js'
// The dialog lives in its own chunk, loaded when first opened (or prefetched before).
import { LazyWalletModal } from '../lazy/loadWalletModal.js'

/** `<wallet-modal>`'s component: nothing until the modal opens (or is embedded), then the dialog. */
export function WalletModalHost({ core, theme }: ElementProps & { theme?: string }) {
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
