import { proxy } from 'valtio/vanilla'

/** How long the shake flag stays on (spec §9). */
export const SHAKE_MS = 500

/** Modal state of spec §4: open or closed, a loading flag and a shake flag. */
export interface ModalState {
  open: boolean
  loading: boolean
  shake: boolean
}

/** Open/closed state of the modal. */
export function createModalController() {
  const state = proxy<ModalState>({ open: false, loading: false, shake: false })
  let shakeTimer: ReturnType<typeof setTimeout> | undefined
  return {
    state,
    open(): void {
      state.open = true
    },
    close(): void {
      state.open = false
      state.loading = false
    },
    setLoading(loading: boolean): void {
      state.loading = loading
    },
    /** Shakes the dialog (a refused action); the flag clears after 500 ms. */
    shake(): void {
      state.shake = true
      clearTimeout(shakeTimer)
      shakeTimer = setTimeout(() => {
        state.shake = false
      }, SHAKE_MS)
    },
    /** Clears the shake timer (the core is destroyed). */
    dispose(): void {
      clearTimeout(shakeTimer)
      state.shake = false
    }
  }
}

/** The modal controller's type. */
export type ModalController = ReturnType<typeof createModalController>
