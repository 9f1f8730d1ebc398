import { useSyncExternalStore } from 'react'
import type { ModalEvent } from '@wallet-modal/core'
import { useWalletModalContext } from './useWalletModalContext.js'

/** What {@link useWalletModalEvents} returns: the latest modal event and when it came. */
export interface LatestModalEvent {
  data: ModalEvent | undefined
  timestamp: number | undefined
}

const NONE: LatestModalEvent = { data: undefined, timestamp: undefined }

/**
 * The latest modal event (`MODAL_OPEN`, `CONNECT_SUCCESS`, `SWITCH_NETWORK`, ...); re-renders on
 * each new one.
 *
 * @example
 * ```tsx
 * const { data } = useWalletModalEvents()
 * useEffect(() => { if (data?.type === 'CONNECT_SUCCESS') track('connected') }, [data])
 * ```
 */
export function useWalletModalEvents(): LatestModalEvent {
  const { events } = useWalletModalContext('useWalletModalEvents')
  const last = useSyncExternalStore(
    events.subscribe,
    () => events.last,
    () => undefined
  )
  return last ? { data: last.event, timestamp: last.timestamp } : NONE
}
