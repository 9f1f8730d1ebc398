// Small HTTP helpers for the server's tests.

/** The parameters every service call carries (spec §7). */
export const CLIENT = { projectId: 'demo', st: 'test', sv: 'test-0.0.0' } as const

/** A URL on `base` with the client parameters plus `params` (undefined ones left out). */
export function urlOf(base: string, path: string, params: Record<string, string | number | undefined> = {}, client: Record<string, string> = CLIENT): string {
  const url = new URL(path, base)
  for (const [k, v] of Object.entries({ ...client, ...params })) if (v !== undefined) url.searchParams.set(k, String(v))
  return url.href
}

/** A success body that may instead be an error body (`{ error, reason }`). */
export type OrError<T> = T & { error?: string; reason?: string }

/** Response of {@link getJson} / {@link postJson}. */
export interface JsonResponse<T> {
  status: number
  headers: Headers
  body: T
}

/** GETs a URL and parses the JSON body. */
export async function getJson<T = any>(url: string, init: RequestInit = {}): Promise<JsonResponse<T>> {
  const response = await fetch(url, init)
  return { status: response.status, headers: response.headers, body: (await response.json()) as T }
}

/** POSTs a JSON body (or a raw string) and parses the JSON answer. */
export async function postJson<T = any>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonResponse<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body)
  })
  return { status: response.status, headers: response.headers, body: (await response.json()) as T }
}

/** Waits until `check` passes (polling), or fails after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise(resolve => setTimeout(resolve, 25))
  }
}
