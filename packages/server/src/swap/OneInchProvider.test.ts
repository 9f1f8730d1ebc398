// The 1inch provider against a stand-in for 1inch at the HTTP boundary (a loopback server that
// answers in the shapes 1inch's v6 swap API answers), and through /v1/convert/* on a server whose
// Base chain (8453) is configured for 1inch. Nothing here reaches the internet.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createServer, type WalletModalServer } from '../index.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { getJson, postJson, urlOf, CLIENT } from '../__fixtures__/http.js'
import { ApiError } from '../http/ApiError.js'
import { OneInchProvider } from './OneInchProvider.js'

const KEY = 'test-1inch-key'
const ROUTER = '0x111111125421cA6dc452d289314280a0f8842A65'
const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const USER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

interface Seen {
  path: string
  query: URLSearchParams
  auth?: string
}

/** The stand-in: 1inch's v6 routes for chain 8453 and, on POST /, a node that knows eth_gasPrice. */
function startFake(): Promise<{ url: string; server: Server; seen: Seen[]; mode: { value: 'ok' | 'refuse' | 'broken' | 'hang' | 'moved' } }> {
  const seen: Seen[] = []
  const mode = { value: 'ok' as 'ok' | 'refuse' | 'broken' | 'hang' | 'moved' }
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  const server = createHttpServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    if (req.method === 'POST') {
      let raw = ''
      req.on('data', d => (raw += d))
      // viem batches: one call or an array of them.
      const answer = (call: { id: number }) => ({ jsonrpc: '2.0', id: call.id, result: '0x3b9aca00' })
      req.on('end', () => {
        const parsed = JSON.parse(raw) as { id: number } | { id: number }[]
        json(res, 200, Array.isArray(parsed) ? parsed.map(answer) : answer(parsed))
      })
      return
    }
    seen.push({ path: url.pathname, query: url.searchParams, auth: req.headers.authorization })
    if (req.headers.authorization !== `Bearer ${KEY}`) return json(res, 401, { error: 'Unauthorized', statusCode: 401 })
    if (mode.value === 'hang') return
    if (mode.value === 'broken') return json(res, 500, { error: 'Internal Server Error', statusCode: 500 })
    if (mode.value === 'refuse') return json(res, 400, { error: 'Bad Request', description: 'insufficient liquidity', statusCode: 400, requestId: 'r-1', meta: [] })
    const amount = BigInt(url.searchParams.get('amount') ?? '0')
    // 1 ETH = 3000 USDC (6 decimals); the other way round too.
    const out = url.searchParams.get('src')?.toLowerCase() === NATIVE ? (amount * 3000n) / 10n ** 12n : (amount * 10n ** 12n) / 3000n
    switch (url.pathname) {
      case '/swap/v6.0/8453/approve/spender':
        return json(res, 200, { address: ROUTER.toLowerCase() })
      case '/swap/v6.0/8453/quote':
        return json(res, 200, { dstAmount: out.toString(), gas: 181_416 })
      case '/swap/v6.0/8453/swap': {
        const dstAmount = mode.value === 'moved' ? (out * 90n) / 100n : out
        return json(res, 200, { dstAmount: dstAmount.toString(), tx: { from: url.searchParams.get('from'), to: ROUTER.toLowerCase(), data: '0x07ed2379abcd', value: url.searchParams.get('src')?.toLowerCase() === NATIVE ? url.searchParams.get('amount') : '0', gas: 186_513, gasPrice: '9371428493' } })
      }
      default:
        return json(res, 404, { error: 'Not Found', statusCode: 404 })
    }
  })
  return new Promise(resolve => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, seen, mode })))
}

describe('OneInchProvider (1inch stand-in)', () => {
  let fake: Awaited<ReturnType<typeof startFake>>
  let server: WalletModalServer
  const provider = () => new OneInchProvider({ apiKey: KEY, baseUrl: fake.url, chainId: 8453, timeoutMs: 500 })

  before(async () => {
    fake = await startFake()
    const config = demoServerConfig({ chains: [], tokens: { DUSD: USDC, USDT: USDC } })
    config.chains.push({ caipNetworkId: 'eip155:8453', name: 'Base', rpcUrl: fake.url, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, swap: { oneInch: { apiKey: KEY, baseUrl: fake.url } } })
    server = await createServer({ config, upstreamTimeoutMs: 500, relay: false })
  })
  after(async () => {
    await server?.close()
    fake.server.closeAllConnections()
    await new Promise(resolve => fake.server.close(resolve))
  })

  it('quotes with the key, names 1inch\'s spender, and builds the swap with the slippage', async () => {
    fake.mode.value = 'ok'
    const quote = await provider().quote({ from: { native: true }, to: { native: false, address: USDC }, amount: 10n ** 18n })
    assert.equal(quote.toAmount, 3_000_000_000n)
    assert.equal(quote.gasEstimate, 181_416n)
    assert.equal(await provider().spender(), ROUTER)
    const tx = await provider().buildSwap({ from: { native: true }, to: { native: false, address: USDC }, amount: 10n ** 18n, path: quote.path, minOut: 2_970_000_000n, slippageBps: 100n, recipient: USER, disableEstimate: false })
    assert.deepEqual(tx, { to: ROUTER, data: '0x07ed2379abcd', value: 10n ** 18n, gas: 186_513n })
    const swap = fake.seen.filter(s => s.path.endsWith('/swap')).at(-1)!
    assert.equal(swap.query.get('slippage'), '1')
    assert.equal(swap.query.get('from'), USER)
    assert.ok(fake.seen.every(s => s.auth === `Bearer ${KEY}`))
  })

  it("turns 1inch's refusal, errors, silence and a moved price into clear errors", async () => {
    const request = { from: { native: false as const, address: USDC as `0x${string}` }, to: { native: true as const }, amount: 10n ** 6n }
    fake.mode.value = 'refuse'
    await assert.rejects(provider().quote(request), (e: ApiError) => e.status === 400 && e.reason === 'Insufficient liquidity')
    fake.mode.value = 'broken'
    await assert.rejects(provider().quote(request), (e: ApiError) => e.status === 502 && e.reason === '1inch answered HTTP 500')
    fake.mode.value = 'hang'
    await assert.rejects(provider().quote(request), (e: ApiError) => e.status === 504 && /within 500 ms/.test(e.reason))
    fake.mode.value = 'moved'
    const build = provider().buildSwap({ ...request, path: [], minOut: (333_333_333_333_333n * 99n) / 100n, slippageBps: 100n, recipient: USER, disableEstimate: true })
    await assert.rejects(build, (e: ApiError) => e.status === 409 && /slippage/.test(e.reason))
    await assert.rejects(new OneInchProvider({ apiKey: 'wrong', baseUrl: fake.url, chainId: 8453, timeoutMs: 500 }).spender(), (e: ApiError) => e.status === 502)
  })

  it('serves /v1/convert/* on a chain configured for 1inch', async () => {
    fake.mode.value = 'ok'
    const { status, body } = await getJson(urlOf(server.url, '/v1/convert/quotes', { amount: (10n ** 18n).toString(), from: 'eip155:8453:native', to: `eip155:8453:${USDC}`, userAddress: `eip155:8453:${USER}` }))
    assert.equal(status, 200, JSON.stringify(body))
    assert.equal(body.quotes[0].provider, '1inch')
    assert.equal(body.quotes[0].toAmount, '3000000000')
    // 181,416 gas at the node's 1 gwei.
    assert.equal(body.quotes[0].gasFee, (181_416n * 10n ** 9n).toString())
    const built = await postJson(urlOf(server.url, '/v1/convert/build-transaction'), { projectId: CLIENT.projectId, amount: (10n ** 18n).toString(), eip155: { slippage: '0.5' }, from: 'eip155:8453:native', to: `eip155:8453:${USDC}`, userAddress: `eip155:8453:${USER}`, quoteId: body.quotes[0].id })
    assert.equal(built.status, 200, JSON.stringify(built.body))
    assert.equal(built.body.tx.to, ROUTER)
    assert.equal(built.body.tx.eip155.gas, '186513')
    assert.equal(fake.seen.filter(s => s.path.endsWith('/swap')).at(-1)!.query.get('slippage'), '0.5')
  })

  it('refuses 1inch on a network outside the spec\'s twelve', () => {
    const config = demoServerConfig({ chains: [], tokens: { DUSD: USDC, USDT: USDC } })
    config.chains.push({ caipNetworkId: 'eip155:31337', name: 'Devnet', rpcUrl: fake.url, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, swap: { oneInch: { apiKey: KEY } } })
    return assert.rejects(createServer({ config, relay: false }), /1inch swaps only on eip155 chains 1, 42161/)
  })
})
