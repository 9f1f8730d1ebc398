// The HTTP server's own bounds: a request must arrive whole within its time, and connections
// beyond the cap are turned away, while other clients are still served.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { connect, type Socket } from 'node:net'
import { createServer, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { urlOf } from '../__fixtures__/http.js'

const tokens = { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }

function start(options: { requestTimeoutMs?: number; maxConnections?: number }): Promise<WalletModalServer> {
  const config = demoServerConfig({ chains: [], tokens })
  config.history = { enabled: false }
  return createServer({ config, relay: false, ...options })
}

/** A raw TCP connection to the server, with what it has received and whether it ended. */
async function open(server: WalletModalServer): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const socket = connect(server.port, '127.0.0.1')
  let received = ''
  socket.on('data', chunk => (received += chunk.toString()))
  socket.on('error', () => {})
  const closed = new Promise<void>(resolve => socket.on('close', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  return { socket, received: () => received, closed }
}

/** One request on a fresh connection (no keep-alive pool), so it counts as one connection. */
const served = async (server: WalletModalServer) => (await fetch(urlOf(server.url, '/getAnalyticsConfig'), { headers: { connection: 'close' } })).status

describe('HTTP connection limits', () => {
  it('drops a client that dribbles its body, with 408, while serving others', async () => {
    const server = await start({ requestTimeoutMs: 800 })
    const slow = await open(server)
    let dribble: NodeJS.Timeout | undefined
    try {
      slow.socket.write(`POST /e?projectId=demo&st=t&sv=t HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`)
      // One byte every 100 ms: the connection never goes idle, but the request never completes.
      dribble = setInterval(() => slow.socket.writable && slow.socket.write(' '), 100)
      assert.equal(await served(server), 200, 'another client is served meanwhile')
      const started = Date.now()
      await slow.closed
      assert.ok(Date.now() - started < 5000, 'dropped within a few seconds')
      assert.match(slow.received(), /^HTTP\/1\.1 408/)
      assert.equal(await served(server), 200)
    } finally {
      clearInterval(dribble)
      slow.socket.destroy()
      await server.close()
    }
  })

  it('turns away connections beyond the cap and serves again once they close', async () => {
    const server = await start({ maxConnections: 3 })
    const held = [await open(server), await open(server), await open(server)]
    try {
      const extra = await open(server)
      await extra.closed
      assert.equal(extra.received(), '', 'closed without an answer')
      await assert.rejects(served(server), 'a fourth client is refused too')
      held[0]!.socket.destroy()
      await held[0]!.closed
      // The server learns of the close asynchronously: wait until it serves again.
      let status = 0
      for (let attempt = 0; attempt < 100 && status !== 200; attempt++) status = await served(server).catch(() => 0)
      assert.equal(status, 200)
    } finally {
      for (const { socket } of held) socket.destroy()
      await server.close()
    }
  })
})
