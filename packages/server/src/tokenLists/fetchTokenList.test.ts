// Fetching a token list from a real HTTP server on 127.0.0.1 (and from a file): what is read, and
// every way it fails: status, not JSON, schema, a body that never ends, too large (announced or not).
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { fetchTokenList } from './fetchTokenList.js'
import { TokenListError } from './parseTokenList.js'

const LIST = {
  name: 'Served',
  timestamp: '2026-01-02T03:04:05Z',
  version: { major: 1, minor: 0, patch: 0 },
  tokens: [{ chainId: 1, address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', name: 'USD Coin', symbol: 'USDC', decimals: 6 }]
}

const routes: Record<string, (request: IncomingMessage, response: ServerResponse) => void> = {
  '/list.json': (_, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(LIST)),
  '/missing.json': (_, response) => response.writeHead(404).end('not found'),
  '/html': (_, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>'),
  '/bad.json': (_, response) => response.writeHead(200).end(JSON.stringify({ ...LIST, tokens: [{ ...LIST.tokens[0], decimals: 300 }] })),
  // Headers and a first chunk at once, then nothing: only a timeout covering the body ends it.
  '/dribble.json': (_, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.write('{"name":')
  },
  '/announced-big.json': (_, response) => response.writeHead(200, { 'content-length': '2000' }).end('x'.repeat(2000)),
  // No content-length: the cap must hold while streaming.
  '/streamed-big.json': (_, response) => {
    response.writeHead(200)
    response.write('x'.repeat(800))
    response.end('x'.repeat(800))
  }
}

describe('fetchTokenList', () => {
  let server: Server
  let base: string
  let dir: string
  before(async () => {
    server = createServer((request, response) => (routes[request.url ?? ''] ?? routes['/missing.json']!)(request, response))
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    dir = await mkdtemp(join(tmpdir(), 'token-list-'))
  })
  after(async () => {
    server.closeAllConnections()
    await new Promise(resolve => server.close(resolve))
    await rm(dir, { recursive: true, force: true })
  })

  const failure = async (url: string, options: Parameters<typeof fetchTokenList>[1] = {}): Promise<string> => {
    const error = await fetchTokenList(url, options).then(
      () => assert.fail('fetched'),
      (error: unknown) => error
    )
    assert.ok(error instanceof TokenListError, String(error))
    return error.message
  }

  it('reads and checks a served list', async () => {
    const list = await fetchTokenList(`${base}/list.json`)
    assert.equal(list.name, 'Served')
    assert.deepEqual(
      list.tokens.map(t => t.symbol),
      ['USDC']
    )
  })

  it('refuses bad statuses, non-JSON and lists that break the standard', async () => {
    assert.equal(await failure(`${base}/missing.json`), `Token list ${base}/missing.json: HTTP 404`)
    assert.equal(await failure(`${base}/html`), `Token list ${base}/html refused: not JSON`)
    assert.match(await failure(`${base}/bad.json`), /refused at tokens\.0\.decimals: /)
    assert.match(await failure('http://127.0.0.1:1/list.json'), /^Token list http:\/\/127\.0\.0\.1:1\/list\.json: /)
  })

  it('gives up on an answer that does not end within the timeout', async () => {
    assert.equal(await failure(`${base}/dribble.json`, { timeoutMs: 300 }), `Token list ${base}/dribble.json: no whole answer within 300 ms`)
  })

  it('refuses answers over the size cap, announced or streamed', async () => {
    assert.equal(await failure(`${base}/announced-big.json`, { maxBytes: 1000 }), `Token list ${base}/announced-big.json: answer larger than 1000 bytes`)
    assert.equal(await failure(`${base}/streamed-big.json`, { maxBytes: 1000 }), `Token list ${base}/streamed-big.json: answer larger than 1000 bytes`)
  })

  it('reads file: URLs, with the same cap', async () => {
    const file = join(dir, 'list.json')
    await writeFile(file, JSON.stringify(LIST))
    const url = pathToFileURL(file).href
    assert.equal((await fetchTokenList(url)).name, 'Served')
    assert.equal(await failure(url, { maxBytes: 100 }), `Token list ${url}: file larger than 100 bytes`)
    assert.match(await failure(pathToFileURL(join(dir, 'none.json')).href), /ENOENT/)
  })
})
