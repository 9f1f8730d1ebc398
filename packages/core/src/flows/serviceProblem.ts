/**
 * Why a public service (the WalletConnect relay, the wallet registry) cannot be used, in the
 * words Connect shows: the network cannot be reached, the project id is unknown to it, the
 * project does not allow this site's origin, or too many requests.
 */
export type ServiceProblem = 'unreachable' | 'projectUnknown' | 'originNotAllowed' | 'rateLimited'
