import type { Core } from '@wallet-modal/core/internal'
import type { WalletModalBaseElement } from './ElementBase.js'

/** Props every element's React component receives. */
export interface ElementProps {
  /** The element itself (the shadow root's host). */
  host: WalletModalBaseElement
  /** The core to render: the element's own, else the page default. */
  core: Core
}
