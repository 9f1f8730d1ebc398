import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A server {@link listenLoopback} started. */
export interface LoopbackServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly url: string
  readonly server: Server
  /** Ends open connections (held, slow answers included), then stops listening. */
  close(): Promise<void>
}

/**
 * An HTTP server on 127.0.0.1 for a stand-in: `handle` answers each request, and when it rejects
 * `onUnhandled` answers instead, unless a response was already begun (then the socket just ends
 * with it). Rejects when the port cannot be bound.
 *
 * @param handle - Answers one request (what it resolves to is ignored).
 * @param onUnhandled - Writes the upstream's own 500 answer (its error envelope).
 * @param port - Port to bind (default 0: one the OS picks).
 * @example
 * const { url, close } = await listenLoopback(
 *   async (req, res) => void res.end('ok'),
 *   res => void res.writeHead(500).end('{"error":"internal"}')
 * )
 * await fetch(url) // 'ok'
 * await close()
 */
export async function listenLoopback(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>,
  onUnhandled: (res: ServerResponse) => void,
  port = 0
): Promise<LoopbackServer> {
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) onUnhandled(res)
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    async close() {
      // Keep-alive and held connections would otherwise keep close() waiting.
      server.closeAllConnections()
      await new Promise<void>(resolve => server.close(() => resolve()))
    }
  }
}
