import type { Readable } from 'svelte/store'
import type { WalletModal } from '@wallet-modal/core'
import { modalStore } from './modalStore.js'
import { latestEventRead, type LatestModalEvent } from '@wallet-modal/core/internal'

/**
 * The latest modal event (`MODAL_OPEN`, `CONNECT_SUCCESS`, `SWITCH_NETWORK`, ...) with its time,
 * as a readable store that hears events while it is read; `{ data: undefined }` before the first
 * (and on the server).
 *
 * @param modal - The modal; undefined on the server.
 * @example
 * ```ts
 * walletModalEvents(modal).subscribe(({ data }) => data?.type === 'CONNECT_SUCCESS' && track('connected'))
 * ```
 */
export function walletModalEvents(modal: WalletModal | undefined): Readable<LatestModalEvent> {
  return modalStore(modal, latestEventRead())
}
