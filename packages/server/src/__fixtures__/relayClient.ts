// A bare JSON-RPC client of the relay for tests: requests with ids, the pushes it received, and
// acknowledgements sent the way the sign-client sends them.
import { createHash } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import WebSocket from 'ws'

/** A JSON-RPC error answer. */
export interface RpcErrorAnswer {
  code: number
  message: string
}

/** One `irn_subscription` push. */
export interface Push {
  id: number
  subscriptionId: string
  topic: string
  message: string
  publishedAt: number
  tag: number
}

/** A connected test client: see {@link connectRelayClient}. */
export interface RelayClient {
  socket: WebSocket
  /** Every push received so far, in order. */
  pushes: Push[]
  /** Every answer that came with `id: null` (malformed frames). */
  nullAnswers: RpcErrorAnswer[]
  /** Sends a request and resolves with its result; rejects with the error answer. */
  request<T = unknown>(method: string, params?: unknown): Promise<T>
  /** Sends a raw frame and resolves with the next answer carrying `id` (or id null). */
  raw(frame: string | Buffer, id?: string | number | null): Promise<{ result?: unknown; error?: RpcErrorAnswer }>
  /** Resolves when `count` pushes have arrived (or rejects after `timeoutMs`). */
  waitForPushes(count: number, timeoutMs?: number): Promise<Push[]>
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>
  close(): Promise<void>
}

let nextId = 1

/**
 * Opens a socket to the relay with `projectId` (and `auth`) in the query, as the sign-client does.
 *
 * @param relayUrl - The server's `relayUrl`.
 * @param query - Query parameters; `projectId` defaults to `demo`.
 * @param headers - Extra upgrade request headers (`Origin`, `X-Forwarded-For`).
 */
export async function connectRelayClient(
  relayUrl: string,
  query: Record<string, string | undefined> = {},
  headers: Record<string, string> = {}
): Promise<RelayClient> {
  const url = new URL(relayUrl)
  for (const [k, v] of Object.entries({ projectId: 'demo', ...query })) if (v !== undefined) url.searchParams.set(k, v)
  const socket = new WebSocket(url, { headers })
  const waiting = new Map<string, (answer: { result?: unknown; error?: RpcErrorAnswer }) => void>()
  const pushes: Push[] = []
  const nullAnswers: RpcErrorAnswer[] = []
  const pushWaiters = new Set<() => void>()
  const closed = new Promise<{ code: number; reason: string }>(resolve => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })))

  socket.on('message', data => {
    const frame = JSON.parse(data.toString()) as Record<string, any>
    if (frame.method === 'irn_subscription') {
      const { id: subscriptionId, data: d } = frame.params
      pushes.push({ id: frame.id, subscriptionId, topic: d.topic, message: d.message, publishedAt: d.publishedAt, tag: d.tag })
      socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
      for (const wake of pushWaiters) wake()
      return
    }
    if (frame.id === null) nullAnswers.push(frame.error)
    const key = String(frame.id)
    const resolve = waiting.get(key)
    if (resolve) {
      waiting.delete(key)
      resolve({ result: frame.result, error: frame.error })
    }
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })

  const raw: RelayClient['raw'] = (frame, id = null) =>
    new Promise(resolve => {
      waiting.set(String(id), resolve)
      socket.send(frame)
    })

  return {
    socket,
    pushes,
    nullAnswers,
    async request<T>(method: string, params?: unknown) {
      const id = nextId++
      const answer = await raw(JSON.stringify({ id, jsonrpc: '2.0', method, params }), id)
      if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code })
      return answer.result as T
    },
    raw,
    waitForPushes(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (pushes.length < count) return
          clearTimeout(timer)
          pushWaiters.delete(check)
          resolve(pushes.slice(0, count))
        }
        const timer = setTimeout(() => {
          pushWaiters.delete(check)
          reject(new Error(`timed out waiting for ${count} pushes (got ${pushes.length})`))
        }, timeoutMs)
        pushWaiters.add(check)
        check()
      })
    },
    closed,
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return
      socket.close()
      await closed
    }
  }
}

/** A WalletConnect client identity for tests: its relay `auth` token and the client id it proves. */
export interface TestRelayIdentity {
  /** The `auth` query parameter: a JWT signed as `@walletconnect/relay-auth` signs it. */
  auth: string
  /** The `did:key:` of its key: what subscription ids are derived from. */
  clientId: string
}

/**
 * A relay identity whose Ed25519 key is derived from `name` (the same name gives the same id,
 * as a sign-client keeps its key across reconnects).
 *
 * @param name - Any label.
 * @param claims - Claims to override (`exp`, `iat`, `iss`) to make a bad token.
 */
export function relayIdentity(name: string, claims: Record<string, unknown> = {}): TestRelayIdentity {
  const seed = createHash('sha256').update(`relay-identity:${name}`).digest()
  const publicKey = ed25519.getPublicKey(seed)
  const clientId = `did:key:z${base58.encode(new Uint8Array([0xed, 0x01, ...publicKey]))}`
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const now = Math.floor(Date.now() / 1000)
  const data = `${part({ alg: 'EdDSA', typ: 'JWT' })}.${part({ iss: clientId, sub: 'test', aud: 'ws://test', iat: now, exp: now + 86_400, ...claims })}`
  const signature = Buffer.from(ed25519.sign(Buffer.from(data, 'ascii'), seed)).toString('base64url')
  return { auth: `${data}.${signature}`, clientId }
}

/** The signed `auth` token of {@link relayIdentity}. */
export function signedAuth(name: string): string {
  return relayIdentity(name).auth
}
