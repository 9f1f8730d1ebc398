/** What the modal itself puts in `document.body`: its own elements and the embedded wallet's hidden frame. */
function isOurs(el: Element): boolean {
  return el.localName === 'wallet-modal' || el.localName === 'connect-button' || el.hasAttribute('data-wallet-modal-frame')
}

/**
 * Keeps what other scripts draw on the page usable while the modal is open. A modal `<dialog>`
 * makes the rest of the page inert, and wallet SDKs draw their own prompts there: Coinbase's
 * "Popup was blocked. Try again" bar is appended to `document.body` while the modal waits for
 * the wallet, and must stay clickable. So from the moment another script appends an element to
 * the body, the dialog goes on as a non-modal one (`show()`): the overlay and its
 * `--wm-z-index`, the Tab wrapping and the scroll lock still hold, as they did before the modal
 * was a native dialog; only the inertness of the page is given up. The embedded wallet's approval
 * does not rely on the top layer: it checks for itself whether it is covered.
 *
 * @param dialog - The open modal dialog.
 * @returns Stops watching.
 */
export function yieldToForeignLayers(dialog: HTMLDialogElement): () => void {
  const observer = new MutationObserver(records => {
    if (!dialog.matches(':modal')) return
    const foreign = records.some(r => [...r.addedNodes].some(n => n instanceof Element && !isOurs(n)))
    if (!foreign) return
    // close() queues a `close` event; the modal's handler ignores it, as the dialog is open again.
    dialog.close()
    dialog.show()
  })
  observer.observe(document.body, { childList: true })
  return () => observer.disconnect()
}
