// The rest of the modal, loaded by the bootstrap (on idle, on hover or focus of the button, or at
// the first click): React, core and the views' entry point. Makes the real modal and, once its
// language is ready, hands every element over to React.
import type { WalletModal, WalletModalOptions } from '@wallet-modal/core/internal'
import { createWalletModal } from '../createWalletModal.js'
import { installRenderer } from '../elements/ElementBase.js'
import { reactRenderer } from '../elements/reactRenderer.js'

/**
 * Makes the page's modal from `options` and hands the painted elements over to React, after the
 * modal's language is the one painted (`locale`), so the first React render shows the same text.
 */
export async function handOver(options: WalletModalOptions, locale: string): Promise<WalletModal> {
  const modal = createWalletModal(options)
  if (locale !== 'en' && modal.getLocale() !== locale) await modal.setLocale(locale).catch(() => undefined)
  installRenderer(reactRenderer)
  return modal
}
