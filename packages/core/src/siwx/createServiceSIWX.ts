import * as v from 'valibot'
import { encodeQuery, endpointPath, sessionEndpoints, type Endpoint, type EndpointResponse } from '@wallet-modal/wire'
import type { SIWXConfig, SIWXSession } from './SIWXConfig.js'
import { toSIWXMessage } from './formatSIWXMessage.js'
import { messageFields, sessionMatches, type SIWXMessageOptions } from './siwxMessageDefaults.js'
import { WalletModalError } from '../errors/WalletModalError.js'
import type { StorageBackend } from '../utils/storage.js'
import { SDK_TYPE, SDK_VERSION } from '../api/sdk.js'
import { sessionStore } from './sessionStore.js'

/** Where the sign-in sessions (with the service's session id and token, and the signature) are kept. */
export const SERVICE_SIWX_KEY = '@wallet-modal/siwx/service-sessions'
/** How long each call to the session service may take. */
export const SIWX_SERVICE_TIMEOUT_MS = 8_000

/** Options of {@link createServiceSIWX}. */
export interface ServiceSIWXOptions extends SIWXMessageOptions {
  /** Base URL of the wallet-modal server (the same as the modal's `serviceUrl`). */
  serviceUrl: string
  projectId: string
  storage?: StorageBackend
}

type ServiceSession = SIWXSession & { id: string; token: string }

// A stored session without a token (kept by an older version) is not one: its holder signs in again.
const isSession = (value: unknown): value is ServiceSession =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as SIWXSession).id === 'string' &&
  typeof (value as SIWXSession).token === 'string' &&
  typeof (value as SIWXSession).signature === 'string' &&
  typeof (value as SIWXSession).data?.chainId === 'string'

/**
 * Sign-in verified and kept by the wallet-modal server (spec §7 sessions): the nonce comes from
 * the service, the signed message is checked there (signature, domain, nonce, times) before a
 * session exists, and revoking ends it there too. The service answers a sign-in with a session
 * token, which the browser keeps (with the session id and signature) and which is the credential:
 * it lists the account's sessions, and a site's backend verifies it. A stored session the service
 * does not confirm with its own token (revoked, expired, unknown) is dropped.
 *
 * @example
 * ```ts
 * const siwx = createServiceSIWX({ serviceUrl: 'https://wm.example.com', projectId: 'my-site' })
 * // Later, to call your own backend as the signed-in visitor:
 * const [session] = await siwx.getSessions(chainId, address)
 * await fetch('/api/orders', { headers: { authorization: `Bearer ${session.token}` } })
 * ```
 */
export function createServiceSIWX(opts: ServiceSIWXOptions): SIWXConfig {
  const base = opts.serviceUrl.endsWith('/') ? opts.serviceUrl : `${opts.serviceUrl}/`
  /** Makes one call of the session service and checks its answer against the wire contract. */
  const call = async <E extends Endpoint & { response: v.GenericSchema }>(
    endpoint: E,
    init: { params?: Record<string, string>; body?: unknown; query?: Record<string, string>; token?: string } = {}
  ): Promise<EndpointResponse<E>> => {
    const url = new URL(endpointPath(endpoint, init.params).slice(1), base)
    for (const [k, value] of Object.entries(encodeQuery({ projectId: opts.projectId, st: SDK_TYPE, sv: SDK_VERSION, ...init.query })))
      url.searchParams.set(k, value)
    let response: Response
    try {
      response = await fetch(url, {
        method: endpoint.method,
        headers: {
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.token === undefined ? {} : { authorization: `Bearer ${init.token}` })
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(SIWX_SERVICE_TIMEOUT_MS)
      })
    } catch (err) {
      const timedOut = (err as Error)?.name === 'TimeoutError'
      throw new WalletModalError(timedOut ? 'REQUEST_TIMEOUT' : 'NETWORK_ERROR', { details: url.pathname, cause: err })
    }
    const body = (await response.json().catch(() => undefined)) as { reason?: unknown } | undefined
    if (!response.ok) {
      if (response.status === 401 && init.token !== undefined) throw new TokenRefused()
      // The service's reason (e.g. 'Invalid signature') is what the visitor is shown.
      const reason = typeof body?.reason === 'string' ? body.reason : `HTTP status code: ${response.status}`
      throw new WalletModalError('HTTP_ERROR', { shortMessage: reason, details: url.pathname })
    }
    const answer = v.safeParse(endpoint.response, body)
    if (!answer.success) throw new WalletModalError('INVALID_RESPONSE', { details: `${url.pathname}: ${answer.issues[0]?.message ?? 'unexpected shape'}` })
    return answer.output as EndpointResponse<E>
  }
  const { read, write } = sessionStore(opts.storage ?? globalThis.localStorage, SERVICE_SIWX_KEY, isSession)
  const revoke = (s: ServiceSession, address = s.data.accountAddress) =>
    call(sessionEndpoints.revoke, { params: { address }, body: { pci: s.id, signature: s.signature } })
  return {
    async createMessage(input) {
      const { nonce } = await call(sessionEndpoints.nonce, { body: {} })
      return toSIWXMessage(messageFields(input, nonce, opts))
    },
    async addSession(session) {
      const answer = await call(sessionEndpoints.signIn, { body: { message: session.message, signature: session.signature } })
      const kept: ServiceSession = { ...session, id: answer.session.id, token: answer.token }
      write([...read().filter(s => !sessionMatches(s, session.data.chainId, session.data.accountAddress, 0)), kept])
    },
    async revokeSession(chainId, address) {
      const mine = read().filter(s => sessionMatches(s, chainId, address, 0))
      // Forget locally first: a revoke that fails on the network must not leave the visitor signed in here.
      write(read().filter(s => !sessionMatches(s, chainId, address, 0)))
      await Promise.all(mine.map(s => revoke(s, address)))
    },
    async setSessions(sessions) {
      // Sessions dropped here (all of them on disconnect) end on the service too, best effort:
      // a backend that asks the service must not see the visitor as still signed in.
      const keptIds = new Set(sessions.map(s => s.id))
      const dropped = read().filter(s => !keptIds.has(s.id))
      write(sessions)
      await Promise.allSettled(dropped.map(s => revoke(s)))
    },
    async getSessions(chainId, address) {
      const local = read().filter(s => sessionMatches(s, chainId, address))
      if (local.length === 0) return []
      // Each stored session is confirmed with its own token: one that the service refuses, or
      // whose session it does not list, is over. A service that cannot answer confirms nothing
      // and drops nothing (the error goes up).
      const confirmed = await Promise.all(
        local.map(async s => {
          try {
            const { sessions } = await call(sessionEndpoints.sessions, { params: { address }, query: { chainId }, token: s.token })
            return sessions.some(listed => listed.id === s.id)
          } catch (err) {
            if (err instanceof TokenRefused) return false
            throw err
          }
        })
      )
      const dropped = new Set(local.filter((_, index) => !confirmed[index]).map(s => s.id))
      if (dropped.size) write(read().filter(s => !dropped.has(s.id)))
      return local.filter(s => !dropped.has(s.id))
    },
    getRequired: () => opts.required ?? false
  }
}

/** The service refused a session token (401): the session is over. */
class TokenRefused extends Error {}
