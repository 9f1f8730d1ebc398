// An HTTP proxy in front of a node, for tests of how the indexer copes with a node that hangs or
// lacks a method.
import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * An HTTP proxy in front of a node that can be told to stop answering (the node looks hung), and
 * that answers batches calling `refuse` with "method not found" for every entry (an older node).
 * `hung` counts the requests it held unanswered, so a test waits for the client's next try
 * instead of for time.
 */
export async function startSwitchableProxy(
  target: string,
  refuse?: string
): Promise<{ url: string; hang: boolean; refused: number; hung: number; close(): void }> {
  const state = { hang: false, refused: 0, hung: 0 }
  const server: Server = createHttpServer((request, response) => {
    if (state.hang) {
      state.hung++
      return // accept and never answer
    }
    const chunks: Buffer[] = []
    request.on('data', chunk => chunks.push(chunk as Buffer))
    request.on('end', () => {
      const body = Buffer.concat(chunks)
      const calls = JSON.parse(body.toString()) as { id: unknown; method: string }[] | { id: unknown; method: string }
      if (Array.isArray(calls) && calls.some(call => call.method === refuse)) {
        state.refused++
        const refusal = calls.map(call => ({ jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'Method not found' } }))
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(refusal))
        return
      }
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async answer => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()))
        .catch(() => response.destroy())
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get hang() {
      return state.hang
    },
    set hang(value: boolean) {
      state.hang = value
    },
    get refused() {
      return state.refused
    },
    get hung() {
      return state.hung
    },
    close() {
      server.closeAllConnections()
      server.close()
    }
  }
}
