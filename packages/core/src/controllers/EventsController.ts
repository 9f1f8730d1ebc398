/** Events the modal emits to the site (and, later, to analytics). */
export type ModalEvent =
  | { type: 'MODAL_OPEN'; data: { connected: boolean } }
  | { type: 'MODAL_CLOSE'; data: { connected: boolean } }
  | { type: 'CONNECT_SUCCESS'; data: { connectorId: string; address: string; caipNetworkId: string; namespace: string } }
  | { type: 'CONNECT_ERROR'; data: { connectorId: string; code: string; message: string } }
  | { type: 'DISCONNECT_SUCCESS'; data: { namespaces: string[] } }
  | { type: 'ACCOUNT_CHANGED'; data: { address: string; namespace: string } }
  | { type: 'SWITCH_NETWORK'; data: { caipNetworkId: string; supported: boolean } }
  | { type: 'SEND_SUCCESS'; data: { caipNetworkId: string; hash: string; token: string; amount: string; to: string } }
  | { type: 'SEND_ERROR'; data: { caipNetworkId: string; code: string; message: string } }
  // Swap: amounts in whole units of each token.
  | { type: 'SWAP_SUCCESS'; data: { caipNetworkId: string; hash: string; from: string; to: string; fromAmount: string; toAmount: string } }
  | { type: 'SWAP_ERROR'; data: { caipNetworkId: string; code: string; message: string } }
  | { type: 'SIWX_AUTH_SUCCESS'; data: { address: string; caipNetworkId: string } }
  | { type: 'SIWX_AUTH_ERROR'; data: { code: string; message: string } }
  | { type: 'ERROR'; data: { code: string; message: string } }
  // Spec §4 social login states; errors are tracked as events, not error reports.
  | { type: 'SOCIAL_LOGIN_STARTED'; data: { provider: string } }
  | { type: 'SOCIAL_LOGIN_REQUEST_USER_DATA'; data: { provider: string } }
  | { type: 'SOCIAL_LOGIN_SUCCESS'; data: { provider: string } }
  | { type: 'SOCIAL_LOGIN_ERROR'; data: { provider: string; code: string; message: string } }

/** A listener of modal events. */
export type ModalEventListener = (event: ModalEvent & { timestamp: number }) => void

/** A tiny synchronous event bus; listener errors never break the modal. */
export function createEventsController() {
  const listeners = new Set<ModalEventListener>()
  return {
    subscribe(listener: ModalEventListener): () => void {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    emit(event: ModalEvent): void {
      const stamped = { ...event, timestamp: Date.now() }
      for (const l of [...listeners]) {
        try {
          l(stamped)
        } catch (err) {
          console.warn('[wallet-modal] event listener threw', err)
        }
      }
    }
  }
}

/** The events controller's type. */
export type EventsController = ReturnType<typeof createEventsController>
