import { proxy } from 'valtio/vanilla'

/** State of the sign-in view (spec §4 sign-in flow). */
export interface SIWXState {
  /** idle: waiting for the visitor; signing: the wallet is asked; checking: sessions are read. */
  status: 'idle' | 'signing' | 'checking'
  /** Why the last attempt failed ('Signature declined', or the service's reason). */
  error?: string
  /** The last network (CAIP-2) an account had a session on, and that account, to go back to when a required sign-in is cancelled. */
  lastSignedNetwork?: string
  lastSignedAddress?: string
}

/** The sign-in state. */
export function createSIWXController() {
  const state = proxy<SIWXState>({ status: 'idle' })
  return {
    state,
    setStatus(status: SIWXState['status']): void {
      state.status = status
    },
    setError(error: string | undefined): void {
      state.error = error
    },
    setLastSigned(caipNetworkId: string | undefined, address?: string): void {
      state.lastSignedNetwork = caipNetworkId
      state.lastSignedAddress = address
    }
  }
}

/** The SIWX controller's type. */
export type SIWXController = ReturnType<typeof createSIWXController>
