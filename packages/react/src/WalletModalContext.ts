import { createContext } from 'react'
import type { Core, WalletModalInitialState } from '@wallet-modal/core/internal'

/** What {@link WalletModalProvider} gives the hooks. */
export interface WalletModalContextValue {
  /** The live modal; undefined on the server and, with `options`, until the provider mounted. */
  modal: Core | undefined
  /**
   * A modal that is never started: the site's networks, theme and defaults, read for the server
   * snapshot (the server render and the hydration render must agree).
   */
  still: Core
  /** What the server read from the cookie (see `cookieToInitialState`). */
  initialState: WalletModalInitialState | undefined
  /** The last modal event (for `useWalletModalEvents`). */
  events: EventsStore
}

/** The last modal event, as an external store. */
export interface EventsStore {
  last: { event: import('@wallet-modal/core').ModalEvent; timestamp: number } | undefined
  subscribe(cb: () => void): () => void
}

/** The provider's context; hooks outside a provider throw a clear error. */
export const WalletModalContext = createContext<WalletModalContextValue | undefined>(undefined)
