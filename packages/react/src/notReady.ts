/**
 * The error of an action called before the modal exists: on the server, or (with `options`)
 * before the provider mounted in the browser.
 */
export function notReady(action: string): Error {
  return new Error(`wallet-modal: ${action} needs the modal, which exists only in the browser once <WalletModalProvider> has mounted`)
}
