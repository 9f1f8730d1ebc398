import { expect } from 'chai'
import { createHttpClient, parseRetryAfter, withParams, RPC_BATCH_SIZE } from './HttpClient.js'
import { WalletModalError } from '../errors/WalletModalError.js'
import { getDevnet } from '../__fixtures__/devnet.js'

const base = () => new URL('/__fault', location.origin).href
let n = 0
const key = () => `k${Date.now()}-${++n}`
const hits = async (k: string) => ((await (await fetch(`/__fault/hits?key=${k}`)).json()) as { hits: number }).hits
const caught = async (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as WalletModalError
  )

describe('HttpClient (real HTTP on loopback)', () => {
  it('returns JSON and puts query parameters on the URL', async () => {
    const http = createHttpClient()
    const k = key()
    expect(await http.get(base(), { params: { key: k, body: '{"a":1}', skip: undefined } })).to.deep.equal({ a: 1 })
    expect(withParams('http://x/y?z=1', { a: 'b c', u: undefined })).to.equal('http://x/y?z=1&a=b+c')
  })

  it('retries 500 three times with doubling delays, then fails with the status', async () => {
    const delays: number[] = []
    const http = createHttpClient({ sleep: async ms => void delays.push(ms) })
    const k = key()
    const e = await caught(http.get(base(), { params: { key: k, status: 500 } }))
    expect(e).to.be.instanceOf(WalletModalError)
    expect(e!.shortMessage).to.equal('HTTP status code: 500')
    expect(e!.details).to.equal('injected 500')
    expect(await hits(k)).to.equal(4)
    expect(delays).to.deep.equal([150, 300, 600])
  })

  it('recovers when a retry succeeds', async () => {
    const http = createHttpClient({ sleep: async () => {} })
    const k = key()
    expect(await http.get(base(), { params: { key: k, status: 503, okAfter: 2 } })).to.deep.equal({ ok: true, hit: 3 })
  })

  it('honours Retry-After on 429', async () => {
    const delays: number[] = []
    const http = createHttpClient({ sleep: async ms => void delays.push(ms) })
    const k = key()
    await http.get(base(), { params: { key: k, status: 429, retryAfter: 2, okAfter: 1 } })
    expect(delays).to.deep.equal([2000])
    expect(parseRetryAfter('3')).to.equal(3000)
    expect(parseRetryAfter(new Date(Date.now() + 5000).toUTCString())).to.be.within(3000, 5000)
    expect(parseRetryAfter('soon')).to.equal(undefined)
  })

  it('does not retry other statuses (404)', async () => {
    const http = createHttpClient({ sleep: async () => {} })
    const k = key()
    const e = await caught(http.get(base(), { params: { key: k, status: 404 } }))
    expect(e!.shortMessage).to.equal('HTTP status code: 404')
    expect(await hits(k)).to.equal(1)
  })

  it('times out a hanging server, retrying each attempt, then says so', async () => {
    const http = createHttpClient({ timeoutMs: 150, retries: 1, sleep: async () => {} })
    const k = key()
    const started = performance.now()
    const e = await caught(http.get(base(), { params: { key: k, mode: 'hang' } }))
    expect(e!.code).to.equal('REQUEST_TIMEOUT')
    expect(performance.now() - started).to.be.within(280, 2000)
    expect(await hits(k)).to.equal(2)
  })

  it('times out a body that stalls after the headers: every caller sharing it gets the timeout, and a later call works', async () => {
    const http = createHttpClient({ timeoutMs: 200, retries: 0, sleep: async () => {} })
    const k = key()
    // The first hit sends headers and half a body, then nothing; later hits answer normally.
    const params = { key: k, mode: 'stallBody', okAfter: 1 }
    const [a, b] = await Promise.all([caught(http.get(base(), { params })), caught(http.get(base(), { params }))])
    for (const e of [a, b]) {
      expect(e).to.be.instanceOf(WalletModalError)
      expect(e!.code).to.equal('REQUEST_TIMEOUT')
      expect(e!.shortMessage).to.equal('Request timed out')
    }
    expect(await hits(k)).to.equal(1)
    expect(http.inflightCount()).to.equal(0)
    expect(await http.get(base(), { params })).to.deep.equal({ ok: true, hit: 2 })
  })

  it('retries a stalled body like any timeout', async () => {
    const http = createHttpClient({ timeoutMs: 150, retries: 1, sleep: async () => {} })
    const k = key()
    expect(await http.get(base(), { params: { key: k, mode: 'stallBody', okAfter: 1 } })).to.deep.equal({ ok: true, hit: 2 })
  })

  it('rejects a malformed body without retrying', async () => {
    const http = createHttpClient({ sleep: async () => {} })
    const k = key()
    const e = await caught(http.get(base(), { params: { key: k, mode: 'malformed' } }))
    expect(e!.code).to.equal('INVALID_RESPONSE')
    expect(await hits(k)).to.equal(1)
  })

  it('shares identical GETs in flight', async () => {
    const http = createHttpClient()
    const k = key()
    const [a, b] = await Promise.all([http.get(base(), { params: { key: k } }), http.get(base(), { params: { key: k } })])
    expect(a).to.deep.equal(b)
    expect(await hits(k)).to.equal(1)
    expect(http.inflightCount()).to.equal(0)
    await http.get(base(), { params: { key: k } })
    expect(await hits(k)).to.equal(2)
  })

  it('batches JSON-RPC calls made together into one request (real anvil)', async () => {
    const info = await getDevnet()
    const requests: string[] = []
    const http = createHttpClient({
      fetch: (input, init) => {
        requests.push(String(init?.body))
        return fetch(input, init)
      }
    })
    const url = info.chains[0]!.rpcUrl
    const [chainId, balance, err] = await Promise.all([
      http.rpc<string>(url, 'eth_chainId'),
      http.rpc<string>(url, 'eth_getBalance', [info.walletAccount, 'latest']),
      http.rpc<string>(url, 'no_such_method').catch((e: WalletModalError) => e)
    ])
    expect(chainId).to.equal('0x7a69')
    expect(balance).to.match(/^0x[0-9a-f]+$/)
    expect((err as WalletModalError).code).to.equal('RPC_ERROR')
    expect(requests).to.have.length(1)
    expect(JSON.parse(requests[0]!)).to.have.length(3)
    expect(RPC_BATCH_SIZE).to.equal(1000)
    // A lone call goes out as a plain request.
    expect(await http.rpc(url, 'eth_chainId')).to.equal('0x7a69')
    expect(Array.isArray(JSON.parse(requests[1]!))).to.equal(false)
  })

  it('retries a JSON-RPC answer with code -1, then passes the final answer on', async () => {
    const k = key()
    const http = createHttpClient({ sleep: async () => {} })
    // The endpoint answers a -1 error twice, then a result.
    const errBody = encodeURIComponent(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -1, message: 'busy' } }))
    const okBody = encodeURIComponent(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x1' }))
    const url = `${base()}?key=${k}&body=${errBody}`
    const first = await http.rpc(url, 'eth_chainId').catch((e: WalletModalError) => e)
    expect((first as WalletModalError).code).to.equal('RPC_ERROR')
    expect(await hits(k)).to.equal(4)
    const k2 = key()
    // okAfter: the first 2 hits fail with 503, then the body is served.
    expect(await http.rpc(`${base()}?key=${k2}&status=503&okAfter=2&body=${okBody}`, 'eth_chainId')).to.equal('0x1')
  })
})
