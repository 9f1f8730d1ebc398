/** The performance budgets. */
export const BUDGETS: { firstJsGzip: number; jsAfterConnectGzip: number; clickToConnectMs: number; otherRequestsBeforeClick: number }
