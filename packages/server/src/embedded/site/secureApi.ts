// The secure site's own API, as its pages call it: same origin, JSON, the session as a bearer
// token kept in this origin's storage (never in the site's page, never in a cookie a page
// elsewhere could ride on).

const SESSION_KEY = 'wm-secure-session'
const DEVICE_KEY = 'wm-secure-device'
/** Every call of the secure API ends within this (the server bounds its own remote calls). */
const API_TIMEOUT_MS = 30_000

/** The project this page was opened for (`data-project`): sessions are kept, and sent, per project. */
let project = ''

/**
 * Names the project of this page: its session is stored under it, and every API call says it
 * (the server refuses a session made for another project's frame).
 */
export function useProject(id: string): void {
  project = id
}

/** The session token, if this browser is logged in for this page's project. */
export const sessionToken = (): string | null => localStorage.getItem(`${SESSION_KEY}:${project}`)
/** Stores or forgets the session token (of this page's project). */
export function setSessionToken(token: string | null): void {
  if (token) localStorage.setItem(`${SESSION_KEY}:${project}`, token)
  else localStorage.removeItem(`${SESSION_KEY}:${project}`)
}

/** 24 random bytes, base64url (32 characters). */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** This browser's device id: random, made once, kept in the secure origin's storage. */
export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY)
  if (!id) {
    id = randomToken()
    localStorage.setItem(DEVICE_KEY, id)
  }
  return id
}

/** An API failure: the server's reason and status. */
export class SecureApiError extends Error {
  constructor(
    message: string,
    readonly status: number
  ) {
    super(message)
  }
}

/**
 * Calls the secure API: POST with a JSON body, or GET without one, with the session's token (or
 * the one given).
 * @throws SecureApiError with the server's `reason`
 */
export async function api<T = Record<string, unknown>>(path: string, body?: unknown, token = sessionToken()): Promise<T> {
  let response: Response
  let text: string
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(project ? { 'x-wm-project': project } : {})
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(API_TIMEOUT_MS)
    })
    text = await response.text()
  } catch {
    throw new SecureApiError('The wallet service could not be reached', 0)
  }
  let json: { reason?: string } = {}
  try {
    json = JSON.parse(text)
  } catch {
    // reported below
  }
  if (!response.ok) {
    if (response.status === 401 && token) {
      // The session ended (signed out elsewhere, expired): every frame of this project hears it.
      setSessionToken(null)
      channel().postMessage({ type: 'signed-out', project } satisfies ChannelMessage)
    }
    throw new SecureApiError(typeof json.reason === 'string' ? json.reason : `The wallet service answered ${response.status}`, response.status)
  }
  return json as T
}

/** The channel the secure site's frames of one browser talk on (same origin only). */
export const channel = (): BroadcastChannel => new BroadcastChannel('wallet-modal-secure')

/** What the secure pages tell each other. */
export type ChannelMessage =
  | { type: 'login'; email: string }
  | { type: 'update-primary'; email: string }
  | { type: 'update-secondary'; email: string }
  | { type: 'approval-hello'; id: string }
  | { type: 'approval-request'; id: string; method: string; params: unknown; chainId: string | number; accountType: 'eoa' | 'smartAccount' }
  | { type: 'approval-result'; id: string; result: unknown }
  | { type: 'approval-declined'; id: string }
  | { type: 'approval-aborted'; id: string }
  | { type: 'escape' }
  | { type: 'signed-out'; project: string }

/**
 * Escape inside a secure frame closes the modal, as it does anywhere else in it: the frame's
 * keys do not reach the page, so the protocol frame passes it on.
 */
export function forwardEscape(): void {
  const bus = channel()
  document.addEventListener('keydown', event => {
    if (event.key === 'Escape') bus.postMessage({ type: 'escape' } satisfies ChannelMessage)
  })
}
