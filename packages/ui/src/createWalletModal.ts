import { createCore, type WalletModal, type WalletModalOptions } from '@wallet-modal/core/internal'
import { setDefaultCore } from './coreRegistry.js'
import { defineElements } from './defineElements.js'
import { prefetchWhenIdle } from './lazy/loadWalletModal.js'

export type { WalletModal }

/**
 * Creates the page's wallet modal: builds the core, makes it the page default for every
 * `<wallet-modal>` / `<connect-button>`, registers the tags, and appends `<wallet-modal>` to the
 * body unless the site disabled append or uses embedded mode (then it places the tag itself).
 */
export function createWalletModal(options: WalletModalOptions): WalletModal {
  const core = createCore(options)
  defineElements()
  setDefaultCore(core)
  const opts = core.options.state
  if (!opts.disableAppend && !opts.enableEmbedded && typeof document !== 'undefined' && !document.querySelector('wallet-modal')) {
    document.body.appendChild(document.createElement('wallet-modal'))
  }
  prefetchWhenIdle()
  return core
}
