import { useCallback, useRef, useSyncExternalStore } from 'react'
import type { WalletModalContextValue } from './WalletModalContext.js'
import { shallowEqual } from '@wallet-modal/core/internal'
import { readConnectButton, serverConnectButton, subscribeConnectButton, type ConnectButtonSnapshot } from './connectButtonState.js'

const none = () => () => {}

/**
 * `ConnectButton.Custom`'s state with `useSyncExternalStore`, like the other hooks'
 * (`useModalSnapshot`), over more of the modal: its view, the identity and the sign-in state. An
 * equal state keeps its identity, so the render function runs again only on a real change.
 */
export function useConnectButtonState(ctx: WalletModalContextValue): ConnectButtonSnapshot {
  const { modal } = ctx
  const cache = useRef<ConnectButtonSnapshot | undefined>(undefined)
  const serverCache = useRef<ConnectButtonSnapshot | undefined>(undefined)
  const keep = (slot: typeof cache, next: ConnectButtonSnapshot): ConnectButtonSnapshot => {
    if (slot.current && shallowEqual(slot.current, next)) return slot.current
    slot.current = next
    return next
  }
  const getServer = () => keep(serverCache, serverConnectButton(ctx))
  const subscribe = useCallback((cb: () => void) => (modal ? subscribeConnectButton(modal, cb) : none()), [modal])
  return useSyncExternalStore(subscribe, () => (modal ? keep(cache, readConnectButton(modal)) : getServer()), getServer)
}
