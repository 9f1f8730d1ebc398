/** The performance budgets. */
export const BUDGETS: {
  firstJsGzip: number
  jsBeforeButtonGzip: number
  jsAfterConnectGzip: number
  jsAfterConnectWithBootGzip: number
  clickToConnectMs: number
  requestsOnClickAfterIdle: number
  otherRequestsBeforeClick: number
}
