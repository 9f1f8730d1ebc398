import { randomUUID } from 'node:crypto'
import websocket, { type WebSocket } from '@fastify/websocket'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { RELAY_REFUSAL_CLOSE_CODE, relayRefusalReason, type RelayRefusal } from '@wallet-modal/wire'
import type { ProjectConfig, RelayConfig } from '../config/ServerConfig.js'
import { allowListPermits, isOriginAllowed } from '../config/originMatches.js'
import { ApiError } from '../http/ApiError.js'
import { clientKey } from '../http/clientKey.js'
import { MAX_FRAME_BYTES } from './parseRelayFrame.js'
import type { RelayHub } from './RelayHub.js'
import { normaliseRelayUrl, verifyRelayAuth } from './verifyRelayAuth.js'

/** The relay's path. The bare `/` is accepted too, for a `relayUrl` given without a path. */
export const RELAY_PATH = '/relay'

/**
 * WebSocket close code for a refused project. The sign-client treats 3000 as final (it reports
 * the error and stops reconnecting) where any other code would make it retry forever.
 */
export const CLOSE_UNKNOWN_PROJECT = RELAY_REFUSAL_CLOSE_CODE

/**
 * Frames above this close the socket (ws's own limit). Between {@link MAX_FRAME_BYTES} and this
 * the frame is refused with a JSON-RPC error and the connection stays up.
 */
const MAX_PAYLOAD_BYTES = 1024 * 1024

interface RelayQuery {
  projectId?: string | string[]
  auth?: string | string[]
}

/** Options of {@link relayRoutes}: the configuration's `relay` part, and the server's own URL. */
export interface RelayRoutesOptions extends RelayConfig {
  /**
   * The server's own `relayUrl` once it listens (`ws://127.0.0.1:8787/relay`): the audience in
   * public mode when the configuration names none.
   */
  ownRelayUrl?: () => string | undefined
}

/**
 * Mounts the WalletConnect relay: a WebSocket at {@link RELAY_PATH} and at `/`, which is where
 * the sign-client connects when `relayUrl` has no path (`ws://host:port?auth=…&projectId=…&ua=…`).
 *
 * The connection URL must name a configured project (`projectId`), and a browser's `Origin` must
 * be one of that project's `allowedOrigins`, else the socket is closed with
 * {@link CLOSE_UNKNOWN_PROJECT} and a reason of `RELAY_REFUSALS` (`@wallet-modal/wire`). The
 * client's id is the key its `auth` JWT (`?auth=` or `Authorization: Bearer`) is signed with
 * (`verifyRelayAuth`): a token that does not verify (forged, expired) closes the socket with the
 * same code and `401 Unauthorized: invalid key (…)`; a client without one gets a random id, which
 * claims nothing (it only keeps the client's own messages from coming back to it).
 *
 * In public mode ({@link RelayConfig.publicMode}) the rules are the WalletConnect network's: the
 * token is required and its `aud` must be one of the audiences, and the Origin is read by the
 * network's allow-list rules (`allowListPermits`). A plain HTTP GET of the relay path answers 426.
 *
 * Registers `@fastify/websocket` (which also closes upgrade requests to any other route).
 *
 * @param app - The Fastify instance.
 * @param hub - The relay.
 * @param projects - Known projects by id.
 * @param options - Public mode and its audiences; see {@link RelayRoutesOptions}.
 * @example
 * ```ts
 * await relayRoutes(app, hub, projects, { publicMode: true, audiences: ['wss://relay.example.org'] })
 * ```
 */
export async function relayRoutes(
  app: FastifyInstance,
  hub: RelayHub,
  projects: ReadonlyMap<string, ProjectConfig>,
  options: RelayRoutesOptions = {}
): Promise<void> {
  await app.register(websocket, {
    options: { maxPayload: MAX_PAYLOAD_BYTES },
    // Replaces the plugin's default (a plain close of every client) with the relay's own,
    // which lets running requests finish their database writes first.
    preClose: async () => {
      await hub.close()
    }
  })

  const publicMode = options.publicMode === true
  const configuredAudiences = options.audiences?.length ? options.audiences : undefined
  const refuse = (socket: WebSocket, refusal: RelayRefusal, detail?: string): void => socket.close(CLOSE_UNKNOWN_PROJECT, relayRefusalReason(refusal, detail))

  const wsHandler = (socket: WebSocket, request: FastifyRequest): void => {
    const query = (request.query ?? {}) as RelayQuery
    const projectId = first(query.projectId)?.trim()
    const project = projectId ? projects.get(projectId) : undefined
    if (!project) {
      refuse(socket, projectId ? 'projectNotFound' : 'projectMissing')
      return
    }
    // A browser says which page opened the socket (native wallets and servers send no Origin).
    // Every refusal is final: the client must not retry.
    const origin = request.headers.origin
    const auth = first(query.auth) ?? bearerToken(request.headers.authorization)
    if (publicMode) {
      // The public relay's order: the key (401), then the origin (403).
      if (auth === undefined) {
        refuse(socket, 'invalidKey', 'missing')
        return
      }
      const outcome = verifyRelayAuth(auth, Date.now() / 1000, configuredAudiences ?? ownAudiences(options.ownRelayUrl?.()))
      if (!outcome.ok) {
        refuse(socket, 'invalidKey', outcome.reason)
        return
      }
      if (origin && !allowListPermits(origin, project.allowedOrigins)) {
        refuse(socket, 'originNotAllowed')
        return
      }
      hub.accept(socket, outcome.clientId, clientKey(request.ip), project.id)
      return
    }
    if (origin && !isOriginAllowed(origin, project.allowedOrigins)) {
      refuse(socket, 'originNotAllowed')
      return
    }
    let clientId = `anonymous:${randomUUID()}`
    if (auth !== undefined) {
      const outcome = verifyRelayAuth(auth, Date.now() / 1000)
      // Final as well: the sign-client signs a new token when it builds its next connection.
      if (!outcome.ok) {
        refuse(socket, 'invalidKey', outcome.reason)
        return
      }
      clientId = outcome.clientId
    }
    hub.accept(socket, clientId, clientKey(request.ip), project.id)
  }

  for (const url of [RELAY_PATH, '/']) {
    app.route({
      method: 'GET',
      url,
      // The project is checked by the socket handler, which can answer with a close code.
      config: { access: 'open' },
      handler: async () => {
        if (url === '/') throw new ApiError(404, `No route for GET ${url}`, 'not_found')
        throw new ApiError(426, 'The relay speaks WebSocket: connect with ws:// or wss://', 'upgrade_required')
      },
      wsHandler
    })
  }
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

/** The token of an `Authorization: Bearer …` header (the relay spec's other way to send `auth`). */
function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null
  return match?.[1]
}

/**
 * The audiences a token may name when the configuration lists none: the server's own relay URL,
 * its path-less form (the relay answers at `/` too), and both with `localhost` for `127.0.0.1`.
 * None before the server listens (no socket can arrive then).
 */
function ownAudiences(relayUrl: string | undefined): string[] {
  if (!relayUrl) return []
  const forms = relayUrl.endsWith(RELAY_PATH) ? [relayUrl, relayUrl.slice(0, -RELAY_PATH.length)] : [relayUrl]
  const local = forms.filter(form => new URL(form).hostname === '127.0.0.1').map(form => form.replace('//127.0.0.1', '//localhost'))
  return [...forms, ...local].map(form => normaliseRelayUrl(form) ?? form)
}
