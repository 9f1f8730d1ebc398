import { randomUUID } from 'node:crypto'
import websocket, { type WebSocket } from '@fastify/websocket'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ProjectConfig } from '../config/ServerConfig.js'
import { isOriginAllowed } from '../config/originMatches.js'
import { ApiError } from '../http/ApiError.js'
import { clientKey } from '../http/clientKey.js'
import { MAX_FRAME_BYTES } from './parseRelayFrame.js'
import type { RelayHub } from './RelayHub.js'
import { verifyRelayAuth } from './verifyRelayAuth.js'

/** The relay's path. The bare `/` is accepted too, for a `relayUrl` given without a path. */
export const RELAY_PATH = '/relay'

/**
 * WebSocket close code for a refused project. The sign-client treats 3000 as final (it reports
 * the error and stops reconnecting) where any other code would make it retry forever.
 */
export const CLOSE_UNKNOWN_PROJECT = 3000

/**
 * Frames above this close the socket (ws's own limit). Between {@link MAX_FRAME_BYTES} and this
 * the frame is refused with a JSON-RPC error and the connection stays up.
 */
const MAX_PAYLOAD_BYTES = 1024 * 1024

interface RelayQuery {
  projectId?: string | string[]
  auth?: string | string[]
}

/**
 * Mounts the WalletConnect relay: a WebSocket at {@link RELAY_PATH} and at `/`, which is where
 * the sign-client connects when `relayUrl` has no path (`ws://host:port?auth=…&projectId=…&ua=…`).
 *
 * The connection URL must name a configured project (`projectId`), and a browser's `Origin` must
 * be one of that project's `allowedOrigins`, else the socket is closed with
 * {@link CLOSE_UNKNOWN_PROJECT}. The client's id is the key its `auth` JWT is signed with
 * (`verifyRelayAuth`): a token that does not verify (forged, expired) closes the socket with the
 * same code and the reason; a client without one gets a random id, which claims nothing (it only
 * keeps the client's own messages from coming back to it). A plain HTTP GET of the relay path
 * answers 426.
 *
 * Registers `@fastify/websocket` (which also closes upgrade requests to any other route).
 *
 * @param app - The Fastify instance.
 * @param hub - The relay.
 * @param projects - Known projects by id.
 */
export async function relayRoutes(app: FastifyInstance, hub: RelayHub, projects: ReadonlyMap<string, ProjectConfig>): Promise<void> {
  await app.register(websocket, {
    options: { maxPayload: MAX_PAYLOAD_BYTES },
    // Replaces the plugin's default (a plain close of every client) with the relay's own,
    // which lets running requests finish their database writes first.
    preClose: async () => {
      await hub.close()
    }
  })

  const wsHandler = (socket: WebSocket, request: FastifyRequest): void => {
    const query = (request.query ?? {}) as RelayQuery
    const projectId = first(query.projectId)?.trim()
    const project = projectId ? projects.get(projectId) : undefined
    if (!project) {
      socket.close(CLOSE_UNKNOWN_PROJECT, projectId ? 'Unknown project id' : 'Missing projectId')
      return
    }
    // A browser says which page opened the socket; a page the project does not list may not use
    // its relay (native wallets and servers send no Origin). Final: the client must not retry.
    const origin = request.headers.origin
    if (origin && !isOriginAllowed(origin, project.allowedOrigins)) {
      socket.close(CLOSE_UNKNOWN_PROJECT, 'Origin not allowed for this project')
      return
    }
    const auth = first(query.auth)
    let clientId = `anonymous:${randomUUID()}`
    if (auth !== undefined) {
      const outcome = verifyRelayAuth(auth, Date.now() / 1000)
      // Final as well: the sign-client signs a new token when it builds its next connection.
      if (!outcome.ok) {
        socket.close(CLOSE_UNKNOWN_PROJECT, `Invalid auth: ${outcome.reason}`)
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
