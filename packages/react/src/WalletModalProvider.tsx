import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { createWalletModal, getDefaultCore, setDefaultCore } from '@wallet-modal/ui'
import { attachPublicApi, buildCore, type Core, type WalletModal, type WalletModalInitialState, type WalletModalOptions } from '@wallet-modal/core/internal'
import { WalletModalContext, type EventsStore, type WalletModalContextValue } from './WalletModalContext.js'

/** Props of {@link WalletModalProvider}: either the site's options or a modal it created. */
export type WalletModalProviderProps = {
  children?: ReactNode
  /**
   * What the server read from the `cookieStorage` cookie (`cookieToInitialState`): the server
   * render, and the first client render, show the returning visitor's account.
   */
  initialState?: WalletModalInitialState
} & (
  | {
      /** The modal's options; the provider creates the modal in the browser once mounted (never on the server). */
      options: WalletModalOptions
      modal?: undefined
    }
  | {
      /** A modal the site made with `createWalletModal` (and shares with, e.g., `walletModalConnector`). */
      modal: WalletModal
      options?: undefined
    }
)

// Storage that holds nothing: the still modal must not read the visitor's storage (the server has
// none, and the client's hydration render must equal the server's).
const NO_STORAGE = { getItem: () => null, setItem: () => {}, removeItem: () => {} }

function eventsStore(): EventsStore & { set(e: NonNullable<EventsStore['last']>): void } {
  const listeners = new Set<() => void>()
  const store = {
    last: undefined as EventsStore['last'],
    subscribe(cb: () => void) {
      listeners.add(cb)
      return () => void listeners.delete(cb)
    },
    set(e: NonNullable<EventsStore['last']>) {
      store.last = e
      for (const l of [...listeners]) l()
    }
  }
  return store
}

/**
 * Makes the wallet modal available to the hooks below it. Give it `options` (the modal is created
 * in the browser after mount, destroyed on unmount) or a `modal` you created. Rendering on a
 * server is safe: nothing touches `window`, and with `initialState` the server's HTML already
 * shows a returning visitor's account.
 *
 * @example
 * ```tsx
 * import { WalletModalProvider, ConnectButton } from '@wallet-modal/react'
 * import { mainnet } from 'viem/chains'
 *
 * export function App() {
 *   return (
 *     <WalletModalProvider options={{ projectId: 'my-project', networks: [mainnet] }}>
 *       <ConnectButton />
 *     </WalletModalProvider>
 *   )
 * }
 * ```
 */
export function WalletModalProvider(props: WalletModalProviderProps) {
  const given = props.modal as Core | undefined
  // The options a provider was first rendered with: a new object literal each render must not
  // make a new modal.
  const options = useRef(props.options).current
  const [created, setCreated] = useState<Core | undefined>(undefined)
  useEffect(() => {
    if (given || !options) return
    const before = document.querySelector('wallet-modal')
    const modal = createWalletModal(options) as Core
    // The <wallet-modal> element createWalletModal appended, if it did: removed with the modal.
    const appended = before ? undefined : document.querySelector('wallet-modal')
    setCreated(modal)
    return () => {
      modal.destroy()
      if (getDefaultCore() === modal) setDefaultCore(undefined)
      appended?.remove()
      setCreated(undefined)
    }
  }, [given, options])
  const modal = given ?? created
  const still = useMemo(() => given ?? (attachPublicApi(buildCore({ ...options!, storage: NO_STORAGE })) as Core), [given, options])
  const events = useMemo(eventsStore, [])
  useEffect(() => modal?.subscribeEvents(event => events.set({ event, timestamp: Date.now() })), [modal, events])
  const value = useMemo<WalletModalContextValue>(() => ({ modal, still, initialState: props.initialState, events }), [modal, still, props.initialState, events])
  return <WalletModalContext.Provider value={value}>{props.children}</WalletModalContext.Provider>
}
