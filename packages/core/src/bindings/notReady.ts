/** The error of a Vue, Svelte or Angular binding's action called without a modal: on the server, or before the site made it. */
export function notReady(action: string): Error {
  return new Error(`wallet-modal: ${action} needs the modal, which exists only in the browser`)
}
