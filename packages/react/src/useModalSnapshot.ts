import { useCallback, useRef, useSyncExternalStore } from 'react'
import { subscribe } from 'valtio/vanilla'
import { shallowEqual, type Core } from '@wallet-modal/core/internal'
import type { WalletModalContextValue } from './WalletModalContext.js'

/** Calls `cb` when anything a hook reads may have changed (valtio batches within a tick). */
function subscribeModal(modal: Core, cb: () => void): () => void {
  const offs = [modal.chain.state, modal.modal.state, modal.connection.state, modal.theme.state].map(s => subscribe(s, cb))
  return () => offs.forEach(off => off())
}

const none = () => () => {}

/**
 * Reads a value of the modal with `useSyncExternalStore`: `read` on the live modal, `server` for
 * the server render and hydration (from the cookie's initial state and the site's options).
 * Equal values keep their identity, so components re-render only on a real change.
 */
export function useModalSnapshot<T>(ctx: WalletModalContextValue, read: (modal: Core) => T, server: () => T): T {
  const { modal } = ctx
  const cache = useRef<{ value: T } | undefined>(undefined)
  const serverCache = useRef<{ value: T } | undefined>(undefined)
  const keep = (slot: typeof cache, next: T): T => {
    if (slot.current && shallowEqual(slot.current.value, next)) return slot.current.value
    slot.current = { value: next }
    return next
  }
  const getServer = () => keep(serverCache, server())
  const subscribeTo = useCallback((cb: () => void) => (modal ? subscribeModal(modal, cb) : none()), [modal])
  return useSyncExternalStore(subscribeTo, () => (modal ? keep(cache, read(modal)) : getServer()), getServer)
}
