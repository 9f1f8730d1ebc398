// The social callback page, in the popup the modal opened: hands the login's result URI (or why
// it failed) to the page that opened the popup, on that page's origin only (the one the secure
// site checked against the project when the login started), then closes.

/**
 * Posts the outcome of the social login to `window.opener` on `origin`, then closes the popup.
 * Without an opener (the page was closed, or the link was opened by hand) the page's text stays.
 */
export function runSocialCallback(origin: string, result: string | undefined, error: string | undefined): void {
  if (!origin || !window.opener) return
  const message = result ? { wm: 'social', resultUri: result } : { wm: 'social', error: error ?? 'The login did not complete' }
  ;(window.opener as Window).postMessage(message, origin)
  window.close()
}
