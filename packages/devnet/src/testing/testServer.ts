// The browser test runner's hooks into the devnet's wallet-modal server (its fault API, the
// analytics it stored, the WalletConnect dev wallet), and plain JSON-RPC from the test itself.

/** Plain JSON-RPC from the test itself (independent of the product's client). */
export async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
  })
  const body = await r.json()
  if (body.error) throw new Error(body.error.message)
  return body.result as T
}

/** Makes the server misbehave for a path prefix (its fault API); `clear` undoes every fault. */
export async function setFault(
  serviceUrl: string,
  fault: { path: string; mode: 'status' | 'hang' | 'malformed' | 'clear'; status?: number; retryAfter?: number; times?: number }
): Promise<void> {
  const r = await fetch(new URL('/__faults', serviceUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) })
  if (!r.ok) throw new Error(`fault API answered ${r.status}`)
}

/** How many requests reached a path prefix on the server. */
export async function faultHits(serviceUrl: string, path: string): Promise<number> {
  const r = await fetch(new URL(`/__faults/hits?path=${encodeURIComponent(path)}`, serviceUrl))
  return ((await r.json()) as { hits: number }).hits
}

/**
 * The requests that reached a path prefix on the server since its faults were last cleared, oldest
 * first, as it received them (path and query): what a client really sent.
 */
export async function serverRequests(serviceUrl: string, path: string): Promise<URL[]> {
  const r = await fetch(new URL(`/__faults/requests?path=${encodeURIComponent(path)}`, serviceUrl))
  if (!r.ok) throw new Error(`fault API answered ${r.status}`)
  return ((await r.json()) as { requests: string[] }).requests.map(url => new URL(url, serviceUrl))
}

/**
 * Analytics events the server stored for a project, newest first. Read through the test server
 * (from Node): the service rightly refuses this read to a page of another origin (CORS).
 */
export async function storedEvents(
  _serviceUrl: string,
  projectId: string,
  event?: string
): Promise<{ props: { event: string; type?: string; errorType?: string; errorMessage?: string; stackTrace?: string } }[]> {
  const u = new URL('/__events', location.origin)
  u.searchParams.set('projectId', projectId)
  if (event) u.searchParams.set('event', event)
  const r = await fetch(u)
  if (!r.ok) throw new Error(`events read failed: ${r.status}`)
  return ((await r.json()) as { events: { props: { event: string } }[] }).events
}

/** Drives the WalletConnect dev wallet (a Node sign-client in wallet mode on the relay). */
export async function wcWallet<T = any>(action: 'pair' | 'mode' | 'disconnect' | 'state', params: Record<string, string> = {}): Promise<T> {
  const q = new URLSearchParams({ action, ...params })
  const body = await (await fetch(`/__wcwallet?${q}`)).json()
  if (body?.error) throw new Error(body.error)
  return body as T
}
