/** sdk type sent as `st` on every service call. */
export const SDK_TYPE = 'wallet-modal'
/** sdk version sent as `sv` on every service call. */
export const SDK_VERSION = 'html-wallet-modal-0.1.0'

/** A service URL for `path` under `base`, with the project parameters every call carries. */
export function serviceUrl(base: string, path: string, projectId: string): URL {
  const u = new URL(path.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`)
  u.searchParams.set('projectId', projectId)
  u.searchParams.set('st', SDK_TYPE)
  u.searchParams.set('sv', SDK_VERSION)
  return u
}
