// The token lists a server keeps: fetched from a real HTTP server, stored, kept when a later fetch
// fails (also across a restart), merged with the configured tokens, hidden tokens left out.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ChainConfig } from '../config/ServerConfig.js'
import { openStore } from '../db/openStore.js'
import type { Store } from '../db/Store.js'
import { TokenLists } from './TokenLists.js'
import type { TokenList } from './parseTokenList.js'

const A = '0x00000000000000000000000000000000000000aA'
const B = '0x00000000000000000000000000000000000000bB'
const C = '0x00000000000000000000000000000000000000cC'
const D = '0x00000000000000000000000000000000000000dD'

const token = (address: string, symbol: string, chainId = 1) => ({ chainId, address, symbol, name: `${symbol} Token`, decimals: 18 })
const list = (name: string, tokens: unknown[]) => ({ name, timestamp: '2026-01-01T00:00:00Z', version: { major: 1, minor: 0, patch: 0 }, tokens })

const chain = (caipNetworkId: string, tokens: ChainConfig['tokens'] = []): ChainConfig => ({
  caipNetworkId,
  name: caipNetworkId,
  rpcUrl: 'http://127.0.0.1:1',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  tokens
})

describe('TokenLists', () => {
  let server: Server
  let url: string
  /** What the list server answers next: a status and body. */
  let answer: { status: number; body: string }
  let store: Store
  before(async () => {
    server = createServer((_, response) => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body))
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/list.json`
    store = await openStore({})
  })
  after(async () => {
    server.closeAllConnections()
    await new Promise(resolve => server.close(resolve))
    await store.close()
  })

  const errors: string[] = []
  const options = {
    defaultList: () => list('Default', [token(D, 'DDD'), token(A, 'ADUP')]),
    onResult: (_: string, result: TokenList | Error) => void (result instanceof Error && errors.push(result.message))
  }

  it('reads a fetched list, keeps it when a fetch fails, and serves the stored copy after a restart', async () => {
    answer = { status: 200, body: JSON.stringify(list('Served', [token(B, 'BBB'), token(C, 'CCC', 10)])) }
    const lists = new TokenLists(store, { urls: [url] }, options)
    await lists.load()
    await lists.refreshDue()
    const mainnet = chain('eip155:1', [{ address: A, symbol: 'AAA', name: 'Configured A', decimals: 6 }])
    // Configured first, then the URL lists, then the default list; A only once (the configured one).
    assert.deepEqual(
      lists.tokensFor(mainnet).map(t => t.symbol),
      ['AAA', 'BBB', 'DDD']
    )
    assert.deepEqual(
      lists.tokensFor(chain('eip155:10')).map(t => [t.symbol, t.name, t.decimals]),
      [['CCC', 'CCC Token', 18]]
    )
    assert.deepEqual(lists.tokensFor(chain('eip155:31337')), [])

    // The list server breaks the standard: refused with a clear message, the last good copy stays.
    answer = { status: 200, body: JSON.stringify(list('Served', [{ ...token(B, 'BBB'), decimals: -1 }])) }
    assert.equal(await lists.refresh(url), undefined)
    assert.match(errors.at(-1)!, /^Token list http:\/\/127\.0\.0\.1:\d+\/list\.json refused at tokens\.0\.decimals: /)
    assert.deepEqual(
      lists.tokensFor(mainnet).map(t => t.symbol),
      ['AAA', 'BBB', 'DDD']
    )
    const { rows } = await store.query<{ last_error: string; name: string }>("SELECT last_error, list->>'name' AS name FROM token_lists WHERE url = $1", [url])
    assert.deepEqual(
      rows.map(r => r.name),
      ['Served']
    )
    assert.match(rows[0]!.last_error, /refused at tokens\.0\.decimals/)

    // A restart while the list server is down: the stored copy is served, and it is not due yet.
    answer = { status: 503, body: '' }
    const restarted = new TokenLists(store, { urls: [url] }, options)
    await restarted.load()
    await restarted.refreshDue()
    assert.deepEqual(
      restarted.tokensFor(mainnet).map(t => t.symbol),
      ['AAA', 'BBB', 'DDD']
    )
    assert.equal(await restarted.refresh(url), undefined)
    assert.equal(errors.at(-1), `Token list ${url}: HTTP 503`)
    assert.deepEqual(
      restarted.tokensFor(mainnet).map(t => t.symbol),
      ['AAA', 'BBB', 'DDD']
    )

    // A good answer again replaces the copy and clears the error.
    answer = { status: 200, body: JSON.stringify(list('Served', [token(C, 'CCC')])) }
    assert.equal((await restarted.refresh(url))?.tokens.length, 1)
    assert.deepEqual(
      restarted.tokensFor(mainnet).map(t => t.symbol),
      ['AAA', 'CCC', 'DDD']
    )
    const after = await store.query<{ last_error: string | null }>('SELECT last_error FROM token_lists WHERE url = $1', [url])
    assert.equal(after.rows[0]!.last_error, null)
  })

  it('leaves hidden tokens out, configured ones included, whatever their case', async () => {
    answer = { status: 200, body: JSON.stringify(list('Served', [token(B, 'BBB'), token(C, 'CCC')])) }
    const lists = new TokenLists(
      store,
      { urls: [url], hide: [`eip155:1:${A.toLowerCase()}`, `eip155:1:${C.toUpperCase().replace('0X', '0x')}`, `eip155:10:${B}`] },
      options
    )
    await lists.load()
    await lists.refresh(url)
    const mainnet = chain('eip155:1', [{ address: A, symbol: 'AAA', name: 'Configured A', decimals: 6 }])
    // A hidden (configured), C hidden (listed); the default list's A stays hidden too.
    assert.deepEqual(
      lists.tokensFor(mainnet).map(t => t.symbol),
      ['BBB', 'DDD']
    )
  })

  it('reads no default list when `default` is false, and no URL list without urls', async () => {
    const lists = new TokenLists(store, { default: false }, options)
    await lists.load()
    assert.deepEqual(
      lists.tokensFor(chain('eip155:1', [{ address: A, symbol: 'AAA', name: 'A', decimals: 6 }])).map(t => t.symbol),
      ['AAA']
    )
  })
})
