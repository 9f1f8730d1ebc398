// The relay's floor for bench:server: a bare WebSocket forwarder, alone in its process as the
// server is (bench/serverChild.mjs), on the `ws` package the server's relay runs on. It does the
// least JSON work a relay must do for the bench's traffic and nothing else (no auth check, no
// storage, no limits, no validation): parse each frame, answer `irn_subscribe` with a
// subscription id, and for `irn_publish` look the topic up in a Map, push an `irn_subscription`
// frame to every other subscriber and acknowledge. Prints `ready <ws url>`.
//
//   node bench/bareForwarder.mjs
import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'

// The server's own copy of `ws` (the root one is another major version, the bench clients').
const { WebSocketServer } = createRequire(new URL('../packages/server/package.json', import.meta.url))('ws')

/** Subscribers by topic: the socket and its subscription id (hashed once, at subscribe). */
const subscribers = new Map()
let nextPushId = Date.now() * 1000
let nextSocket = 0

const server = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 1024 * 1024 })
server.on('connection', socket => {
  const clientId = String(nextSocket++)
  const followed = new Set()
  socket.on('message', data => {
    const frame = JSON.parse(data.toString())
    // The clients' acknowledgements of our pushes.
    if (frame.method === undefined) return
    const { params } = frame
    if (frame.method === 'irn_publish') {
      const set = subscribers.get(params.topic)
      if (set) {
        for (const [peer, id] of set) {
          if (peer === socket) continue
          const data = { topic: params.topic, message: params.message, publishedAt: Date.now(), tag: params.tag }
          peer.send(JSON.stringify({ id: nextPushId++, jsonrpc: '2.0', method: 'irn_subscription', params: { id, data } }))
        }
      }
      socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
    } else if (frame.method === 'irn_subscribe') {
      let set = subscribers.get(params.topic)
      if (!set) subscribers.set(params.topic, (set = new Map()))
      const id = createHash('sha256')
        .update(params.topic + clientId)
        .digest('hex')
      set.set(socket, id)
      followed.add(params.topic)
      socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: id }))
    } else {
      socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' } }))
    }
  })
  socket.on('close', () => {
    for (const topic of followed) {
      const set = subscribers.get(topic)
      set?.delete(socket)
      if (set?.size === 0) subscribers.delete(topic)
    }
  })
})
server.on('listening', () => {
  // The handler before `ready`: the parent may stop us as soon as it reads it.
  process.on('SIGTERM', () => {
    for (const client of server.clients) client.terminate()
    server.close(() => process.exit(0))
  })
  console.log(`ready ws://127.0.0.1:${server.address().port}`)
})
