// The budgets of what a site pays for the modal (bytes are 1000 per KB). Checked by
// `npm run bench` (all of them) and by `npm test` (the ones that need no timing).
export const BUDGETS = {
  /** gzip bytes of the first chunk: everything loaded before <connect-button> shows. */
  firstJsGzip: 85_000,
  /** gzip bytes of all the modal's JS once the Connect view is open. */
  jsAfterConnectGzip: 120_000,
  /** median ms from click to the Connect view with its wallet list. */
  clickToConnectMs: 50,
  /** requests to hosts other than the page's and the configured services, before a click. */
  otherRequestsBeforeClick: 0
}
