// The relay benchmark's client side, shared by bench:server and anyone measuring a relay (ours or
// bench/bareForwarder.mjs) the same way: relay sockets that acknowledge their pushes as the
// sign-client does, and the "pairs exchanging acknowledged publishes" run.
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { base58 } from '@scure/base'
import WebSocket from 'ws'

/** The `p`th percentile (0-100) of `values`. */
export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

/** The median of `values`. */
export const median = values => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

const waitMs = ms => new Promise(resolve => setTimeout(resolve, ms))

/** `promise`, or a rejection naming `what` after `ms`: a stuck step fails the bench instead of hanging it. */
export const within = (promise, ms, what) => {
  let timer
  return Promise.race([
    promise,
    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms)))
  ]).finally(() => clearTimeout(timer))
}

/** A relay `auth` token as @walletconnect/relay-auth signs it, for a fresh Ed25519 key. */
export function relayAuth() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x, 'base64url')
  const iss = `did:key:z${base58.encode(new Uint8Array([0xed, 0x01, ...raw]))}`
  const part = value => Buffer.from(JSON.stringify(value)).toString('base64url')
  const now = Math.floor(Date.now() / 1000)
  const data = `${part({ alg: 'EdDSA', typ: 'JWT' })}.${part({ iss, sub: 'bench', aud: 'ws://bench', iat: now, exp: now + 3600 })}`
  return `${data}.${sign(null, Buffer.from(data), privateKey).toString('base64url')}`
}

/** A random 32-byte topic, in hex as the sign-client's. */
export const topic = () => randomBytes(32).toString('hex')

/** A relay socket that answers the relay's pushes; `request` sends one JSON-RPC call. */
export function relaySocket(relayUrl, onPush) {
  const socket = new WebSocket(`${relayUrl}?projectId=demo&auth=${relayAuth()}`)
  const waiting = new Map()
  let id = 0
  socket.on('message', data => {
    const frame = JSON.parse(data.toString())
    if (frame.method === 'irn_subscription') {
      socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
      onPush?.(frame.params.data)
      return
    }
    const resolve = waiting.get(frame.id)
    waiting.delete(frame.id)
    resolve?.(frame)
  })
  const request = (method, params) =>
    new Promise(resolve => {
      const frameId = ++id
      waiting.set(frameId, resolve)
      socket.send(JSON.stringify({ id: frameId, jsonrpc: '2.0', method, params }))
    })
  const opened = new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  // A socket the server closes answers its pending requests with the close code and reason.
  socket.on('close', (code, reason) => {
    for (const resolve of waiting.values()) resolve({ error: { message: `socket closed: ${code} ${reason}` } })
    waiting.clear()
  })
  return { socket, request, opened }
}

/**
 * Opens `pairs` pairs of sockets (a sender and a receiver subscribed to the pair's topic), then
 * has every sender publish `messages / pairs` messages one after the other, each awaiting its
 * acknowledgement, and waits for every delivery.
 *
 * `hooks.timed(true)` runs just before the first publish and `hooks.timed(false)` after the last
 * delivery (a profiler can cover just that).
 *
 * @returns Deliveries per second (from the first publish to the last delivery), the publish →
 *   delivery latencies' p50 and p99 in ms, and the counts; the sockets are closed.
 */
export async function runRelayPairs(relayUrl, { pairs: PAIRS = 500, messages: MESSAGES = 10_000, hooks = {} } = {}) {
  const sent = new Map()
  const delays = []
  let delivered = 0
  const pairs = []
  try {
    for (let i = 0; i < PAIRS; i += 100) {
      const batch = Array.from({ length: Math.min(100, PAIRS - i) }, () => {
        const receiver = relaySocket(relayUrl, data => {
          delivered++
          const at = sent.get(data.message)
          if (at !== undefined) delays.push(performance.now() - at)
        })
        return { t: topic(), sender: relaySocket(relayUrl), receiver }
      })
      pairs.push(...batch)
      await within(Promise.all(batch.flatMap(p => [p.sender.opened, p.receiver.opened])), 60_000, 'opening pair sockets')
      const answers = await within(Promise.all(batch.map(p => p.receiver.request('irn_subscribe', { topic: p.t }))), 60_000, 'subscribing receivers')
      const refused = answers.find(a => a.error)
      if (refused) throw new Error(`a receiver's subscribe was refused: ${refused.error.message}`)
    }
    const perPair = MESSAGES / PAIRS
    await hooks.timed?.(true)
    const started = performance.now()
    let failed = 0
    await within(
      Promise.all(
        pairs.map(async (p, index) => {
          for (let m = 0; m < perPair; m++) {
            const message = `${index}-${m}`
            sent.set(message, performance.now())
            const answer = await p.sender.request('irn_publish', { topic: p.t, message, ttl: 300, tag: 1 })
            if (answer.error) failed++
          }
        })
      ),
      120_000,
      'the publishes'
    )
    const deadline = performance.now() + 30_000
    while (delivered < MESSAGES && performance.now() < deadline) await waitMs(20)
    const seconds = (performance.now() - started) / 1000
    await hooks.timed?.(false)
    if (failed > 0) throw new Error(`${failed} publishes were refused`)
    return {
      perSecond: Math.round(delivered / seconds),
      p50: percentile(delays, 50),
      p99: percentile(delays, 99),
      delivered,
      published: MESSAGES
    }
  } finally {
    for (const p of pairs) {
      p.sender.socket.terminate()
      p.receiver.socket.terminate()
    }
  }
}
