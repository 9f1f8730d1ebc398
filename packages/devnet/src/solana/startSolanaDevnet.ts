import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { WebSocketServer } from 'ws'
import { findFreePort } from '../freePort.js'
import { RpcError } from '../RpcError.js'
import { acceptJsonRpcBodies } from '../server/acceptJsonRpcBodies.js'
import { jsonRpcError, type JsonRpcErrorReply } from '../server/jsonRpcError.js'
import { callSolanaRpc } from './callSolanaRpc.js'
import { seedSolanaGenesis } from './seedSolanaGenesis.js'
import { SOLANA_CAIP_NETWORK_ID, SOLANA_GENESIS_HASH, SOLANA_NETWORK_NAME, SOLANA_RECEIVER_ADDRESS, SOLANA_WALLET_ADDRESS } from './solanaConstants.js'
import { SolanaLedger } from './SolanaLedger.js'
import { SolanaSubscriptions } from './SolanaSubscriptions.js'

/** Largest JSON-RPC request body: 1 MiB. */
export const SOLANA_RPC_BODY_LIMIT = 1024 * 1024

/** Largest WebSocket message (fragments reassembled) a subscription connection accepts: 1 MiB. */
export const MAX_WS_MESSAGE_BYTES = 1024 * 1024

/** Most entries in one JSON-RPC batch. */
export const SOLANA_RPC_MAX_BATCH = 1000

/** Options of {@link startSolanaDevnet}. */
export interface StartSolanaDevnetOptions {
  /** HTTP JSON-RPC port; the WebSocket listens on port + 1. Default: a free pair. */
  port?: number
  /** Interface to listen on (default 127.0.0.1). */
  host?: string
  /** Milliseconds per slot (default 400). */
  slotMs?: number
}

/** A running local Solana network, as returned by {@link startSolanaDevnet}. */
export interface SolanaDevnet {
  /** JSON-RPC over HTTP, e.g. `http://127.0.0.1:8899`. */
  readonly rpcUrl: string
  /** The subscription WebSocket, on the RPC port + 1 (where web3.js looks for it). */
  readonly wsUrl: string
  /** CAIP-2 id, {@link SOLANA_CAIP_NETWORK_ID}. */
  readonly caipNetworkId: string
  /** Display name, {@link SOLANA_NETWORK_NAME}. */
  readonly name: string
  /** What `getGenesisHash` answers, {@link SOLANA_GENESIS_HASH}. */
  readonly genesisHash: string
  /** The Devnet Solana wallet's account (100 SOL, 1,000,000 DSPL at start). */
  readonly walletAddress: string
  /** The second funded account (10 SOL at start). */
  readonly receiverAddress: string
  /** The 'Devnet SPL' (DSPL) mint. */
  readonly splMint: string
  /** The runtime itself, for tests that need to look behind the RPC. */
  readonly ledger: SolanaLedger
  /** Stops both servers and drops open connections. Safe to call more than once. */
  stop(): Promise<void>
}

type RpcId = string | number | null
type RpcReply = { jsonrpc: '2.0'; id: RpcId } & ({ result: unknown } | JsonRpcErrorReply)

/** Answers one JSON-RPC request object; undefined for a notification. */
function answer(ledger: SolanaLedger, request: unknown): RpcReply | undefined {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return jsonRpcError(null, -32600, 'Invalid Request')
  const { jsonrpc, id, method, params } = request as Record<string, unknown>
  const validId = id === undefined || id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))
  if (jsonrpc !== '2.0' || !validId || typeof method !== 'string') return jsonRpcError(validId ? id : null, -32600, 'Invalid Request')
  let reply: RpcReply
  try {
    reply = { jsonrpc: '2.0', id: (id ?? null) as RpcId, result: callSolanaRpc(ledger, method, params) }
  } catch (error) {
    if (error instanceof RpcError) reply = jsonRpcError(id, error.code, error.message, error.data)
    else {
      // A bug here, not the caller's fault: keep serving, and say what happened in the log.
      console.error(`solana devnet: ${method} failed:`, error)
      reply = jsonRpcError(id, -32603, 'Internal error')
    }
  }
  return id === undefined ? undefined : reply
}

/**
 * The JSON-RPC HTTP side on Fastify: POST (any path) with a single request or a batch; `GET
 * /health`; CORS open to any page (anvil answers the same way; nothing here is secret). Bodies are
 * read raw (see {@link acceptJsonRpcBodies}) so that bad JSON is -32700 and a big body 413.
 */
function rpcApp(ledger: SolanaLedger): FastifyInstance {
  // serverFactory: startSolanaDevnet listens on the node server itself, retrying on another port.
  const app = Fastify({ serverFactory: handler => createServer(handler) })
  acceptJsonRpcBodies(app, SOLANA_RPC_BODY_LIMIT)
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*')
  })
  app.options('/*', async (request, reply) =>
    reply
      .code(204)
      .headers({
        'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
        'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? 'content-type',
        'Access-Control-Max-Age': '600'
      })
      .send()
  )
  app.get('/health', async (_request, reply) => reply.type('text/plain; charset=utf-8').send('ok'))
  app.post('/*', async (request, reply) => {
    let payload: unknown
    try {
      payload = JSON.parse(String(request.body ?? ''))
    } catch {
      return reply.send(jsonRpcError(null, -32700, 'Parse error'))
    }
    if (!Array.isArray(payload)) {
      const single = answer(ledger, payload)
      return single ? reply.send(single) : reply.code(204).send()
    }
    if (payload.length === 0 || payload.length > SOLANA_RPC_MAX_BATCH) {
      return reply.send(
        jsonRpcError(null, -32600, payload.length === 0 ? 'Invalid Request: empty batch' : `Invalid Request: more than ${SOLANA_RPC_MAX_BATCH} entries`)
      )
    }
    const replies = payload.map(entry => answer(ledger, entry)).filter(entry => entry !== undefined)
    return replies.length > 0 ? reply.send(replies) : reply.code(204).send()
  })
  // Every other method, on any path.
  app.setNotFoundHandler(async (_request, reply) =>
    reply
      .code(405)
      .header('Allow', 'POST')
      .send(jsonRpcError(null, -32600, 'Use POST for JSON-RPC'))
  )
  return app
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
}

function closeServer(server: Server): Promise<void> {
  return new Promise(resolve => {
    if (!server.listening) return resolve()
    server.close(() => resolve())
    server.closeAllConnections()
  })
}

/**
 * Starts the local Solana network: the runtime in-process (litesvm, see {@link SolanaLedger})
 * behind a JSON-RPC HTTP server and a subscription WebSocket on the next port, both on
 * 127.0.0.1. The state is fresh on every start: the wallet account {@link SOLANA_WALLET_ADDRESS}
 * holds 100 SOL and 1,000,000 DSPL, the receiver 10 SOL.
 *
 * The RPC implements what @solana/web3.js 1.x and @solana/spl-token call (see
 * `SOLANA_RPC_METHODS`); unknown methods get -32601, malformed JSON -32700, and no input crashes
 * the process.
 *
 * @param options - See {@link StartSolanaDevnetOptions}.
 */
export async function startSolanaDevnet(options: StartSolanaDevnetOptions = {}): Promise<SolanaDevnet> {
  const host = options.host ?? '127.0.0.1'
  const ledger = new SolanaLedger({ slotMs: options.slotMs })
  const { splMint } = seedSolanaGenesis(ledger)

  const app = rpcApp(ledger)
  await app.ready()
  const http = app.server
  const ws = createServer((_req, res) => {
    res.writeHead(426, { 'Content-Type': 'text/plain; charset=utf-8', Upgrade: 'websocket' })
    res.end('This port serves JSON-RPC subscriptions over WebSocket only.')
  })
  // ws speaks the protocol on this server's upgrades (a bad handshake gets 400, a message over the
  // limit closes with 1009); plain requests still reach the 426 handler above. noServer, so that a
  // port found taken while listening is an error of listen() here, which the retry below catches.
  const subscriptionServer = new WebSocketServer({ noServer: true, maxPayload: MAX_WS_MESSAGE_BYTES })
  ws.on('upgrade', (req, socket, head) => {
    subscriptionServer.handleUpgrade(req, socket, head, client => subscriptionServer.emit('connection', client, req))
  })
  subscriptionServer.on('connection', socket => {
    const subscriptions = new SolanaSubscriptions(ledger, text => {
      if (socket.readyState === socket.OPEN) socket.send(text)
    })
    // Binary messages are read as UTF-8 text too, as a validator does.
    socket.on('message', data => subscriptions.receive(String(data)))
    socket.on('close', () => subscriptions.dispose())
    // ws closes the connection itself after an error (a protocol violation, a reset by the
    // peer) and then emits 'close'; without a listener the error would be thrown.
    socket.on('error', () => {})
  })

  // The WebSocket must sit on the next port (web3.js derives it so), so look for a free pair.
  for (let attempt = 0; ; attempt++) {
    const candidate = options.port ?? (await findFreePort(host))
    try {
      await listen(http, candidate, host)
      try {
        await listen(ws, candidate + 1, host)
      } catch (error) {
        await closeServer(http)
        throw error
      }
      break
    } catch (error) {
      // A given port is used or refused; a free one found by probing may be taken meanwhile.
      if (options.port !== undefined || attempt >= 20) throw error
    }
  }
  const actualPort = (http.address() as AddressInfo).port
  const hostInUrl = host.includes(':') ? `[${host}]` : host

  let stopping: Promise<void> | undefined
  return {
    rpcUrl: `http://${hostInUrl}:${actualPort}`,
    wsUrl: `ws://${hostInUrl}:${actualPort + 1}`,
    caipNetworkId: SOLANA_CAIP_NETWORK_ID,
    name: SOLANA_NETWORK_NAME,
    genesisHash: SOLANA_GENESIS_HASH,
    walletAddress: SOLANA_WALLET_ADDRESS,
    receiverAddress: SOLANA_RECEIVER_ADDRESS,
    splMint,
    ledger,
    stop: () =>
      (stopping ??= (async () => {
        // A normal closure (1000): web3.js's client reconnects forever after any other code,
        // which would keep a test process alive. Clients get a moment to answer the close.
        const open = [...subscriptionServer.clients]
        const gone = open.map(socket => new Promise<void>(resolve => (socket.readyState === socket.CLOSED ? resolve() : socket.once('close', () => resolve()))))
        for (const socket of open) socket.close(1000, 'server stopping')
        let timer: NodeJS.Timeout | undefined
        await Promise.race([Promise.all(gone), new Promise<void>(resolve => (timer = setTimeout(resolve, 1000)))])
        clearTimeout(timer)
        for (const socket of open) socket.terminate()
        await new Promise<void>(resolve => subscriptionServer.close(() => resolve()))
        await Promise.all([closeServer(http), closeServer(ws)])
        await app.close()
      })())
  }
}
