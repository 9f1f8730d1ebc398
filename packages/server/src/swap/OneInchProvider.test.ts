// The 1inch provider against the devnet's 1inch stand-in (startOneInchStandIn: 1inch's documented
// v6.0 answers and errors, quoting from real Uniswap V2 pools), on an anvil chain with chain id
// 8453 (Base, one of the networks 1inch serves) carrying the devnet's tokens and pools; directly,
// and through /v1/convert/* on a server whose Base chain is configured for 1inch. The swaps it
// builds are sent and executed. Nothing here reaches the internet.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createPublicClient, createWalletClient, erc20Abi, http, type Address, type Hex } from 'viem'
import {
  DEVNET_ACCOUNTS,
  DEVNET_LIST_TOKEN,
  DEVNET_POOLS,
  DEVNET_TOKENS,
  DEVNET_UNISWAP,
  WALLET_ACCOUNT,
  deployTokens,
  deployUniswap,
  startAnvil,
  waitForReceipt,
  type AnvilInstance,
  ONE_INCH_NATIVE_ADDRESS,
  startOneInchStandIn,
  type OneInchStandIn
} from '@wallet-modal/devnet'
import { createServer, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { getJson, postJson, urlOf, CLIENT } from '../__fixtures__/http.js'
import type { ApiError } from '../http/ApiError.js'
import { OneInchProvider } from './OneInchProvider.js'

const KEY = 'test-1inch-key'
const BASE = 8453
const DUSD = DEVNET_TOKENS.DUSD
const ETH = 10n ** 18n
const USER = WALLET_ACCOUNT
const ROUTER = DEVNET_UNISWAP.router
const asset = (a: string) => `eip155:${BASE}:${a}`

describe('OneInchProvider (1inch stand-in)', () => {
  let anvil: AnvilInstance
  let oneInch: OneInchStandIn
  let server: WalletModalServer
  const provider = (options: { apiKey?: string; timeoutMs?: number } = {}) =>
    new OneInchProvider({ apiKey: options.apiKey ?? KEY, baseUrl: oneInch.url, chainId: BASE, timeoutMs: options.timeoutMs ?? 5000 })
  const ethForDusd = { from: { native: true as const }, to: { native: false as const, address: DUSD as Address }, amount: ETH }
  const dusdOf = (who: Address) =>
    createPublicClient({ transport: http(anvil.url) }).readContract({ address: DUSD, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
  const sendFrom = async (from: Address, tx: { to: string; data: string; value: string; eip155?: { gas?: string } }) => {
    const wallet = createWalletClient({ account: from, transport: http(anvil.url, { retryCount: 0 }) })
    const hash = await wallet.sendTransaction({
      to: tx.to as Address,
      data: tx.data as Hex,
      value: BigInt(tx.value),
      ...(tx.eip155?.gas ? { gas: BigInt(tx.eip155.gas) } : {}),
      chain: null
    })
    return waitForReceipt(anvil.url, hash)
  }
  const quotes = (from: string, to: string, amount: bigint, user = USER) =>
    getJson(urlOf(server.url, '/v1/convert/quotes', { amount: amount.toString(), from: asset(from), to: asset(to), userAddress: asset(user) }))
  const build = (from: string, to: string, amount: bigint, extra: Record<string, unknown> = {}, user = USER) =>
    postJson(urlOf(server.url, '/v1/convert/build-transaction'), {
      projectId: CLIENT.projectId,
      amount: amount.toString(),
      eip155: { slippage: '0.5' },
      from: asset(from),
      to: asset(to),
      userAddress: asset(user),
      ...extra
    })

  before(async () => {
    anvil = await startAnvil({ chainId: BASE })
    await deployTokens(anvil.url)
    await deployUniswap(anvil.url)
    oneInch = await startOneInchStandIn({ apiKeys: [KEY], chains: { [BASE]: { rpcUrl: anvil.url, exchange: DEVNET_UNISWAP } } })
    const config = demoServerConfig({ chains: [], tokens: { DUSD, USDT: DEVNET_TOKENS.USDT } })
    config.chains.push({
      caipNetworkId: `eip155:${BASE}`,
      name: 'Base',
      rpcUrl: anvil.url,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      swap: { oneInch: { apiKey: KEY, baseUrl: oneInch.url } }
    })
    server = await createServer({ config, upstreamTimeoutMs: 1500, relay: false })
  })
  after(async () => {
    await server?.close()
    await oneInch?.close()
    await anvil?.stop()
  })

  it("quotes the pools' amount with the key, names 1inch's spender, and asks for its gas", async () => {
    oneInch.recover()
    const quote = await provider().quote(ethForDusd)
    const pool = DEVNET_POOLS['DUSD/ETH']
    // Uniswap V2's amount out, 0.3% fee, from the devnet's pool: what the stand-in read on chain.
    const expected = (ETH * 997n * pool.DUSD * 10n ** 6n) / (pool.ETH * ETH * 1000n + ETH * 997n)
    assert.equal(quote.toAmount, expected)
    assert.ok(quote.gasEstimate > 0n)
    assert.equal(await provider().spender(), ROUTER)
    const asked = oneInch.calls.filter(c => c.endpoint === 'quote').at(-1)!
    assert.deepEqual(asked.query, { src: ONE_INCH_NATIVE_ADDRESS, dst: DUSD, amount: ETH.toString(), includeGas: 'true' })
    assert.ok(oneInch.calls.every(c => c.key === KEY))
  })

  it('serves quotes and a swap through /v1/convert/* that executes on the chain within the slippage', async () => {
    oneInch.recover()
    const { status, body } = await quotes('native', DUSD, ETH)
    assert.equal(status, 200, JSON.stringify(body))
    assert.equal(body.quotes[0].provider, '1inch')
    const before = await dusdOf(USER)
    const built = await build('native', DUSD, ETH, { quoteId: body.quotes[0].id })
    assert.equal(built.status, 200, JSON.stringify(built.body))
    assert.equal(built.body.tx.to, ROUTER)
    assert.equal(built.body.tx.value, ETH.toString())
    const swap = oneInch.calls.filter(c => c.endpoint === 'swap').at(-1)!
    assert.deepEqual([swap.query.slippage, swap.query.from, swap.query.origin, swap.query.disableEstimate], ['0.5', USER, USER, undefined])
    assert.equal((await sendFrom(USER, built.body.tx)).status, '0x1')
    assert.ok((await dusdOf(USER)) - before >= BigInt(built.body.minimumReceived))
  })

  it('sells a token: refused without allowance, then approved for the spender and swapped', async () => {
    oneInch.recover()
    const amount = 1_000_000_000n
    const allowance = await getJson(urlOf(server.url, '/v1/convert/allowance', { tokenAddress: asset(DUSD), userAddress: asset(USER) }))
    assert.deepEqual(allowance.body, { allowance: '0', spender: ROUTER })
    const refused = await build(DUSD, 'native', amount)
    assert.deepEqual([refused.status, refused.body.reason], [400, 'Not enough allowance: approve the token for 1inch first'])
    const approve = await getJson(
      urlOf(server.url, '/v1/convert/build-approve', { from: asset(DUSD), to: asset('native'), userAddress: asset(USER), amount: amount.toString() })
    )
    assert.equal(approve.status, 200, JSON.stringify(approve.body))
    assert.equal((await sendFrom(USER, approve.body.tx)).status, '0x1')
    const built = await build(DUSD, 'native', amount)
    assert.equal(built.status, 200, JSON.stringify(built.body))
    assert.equal(built.body.tx.value, '0')
    assert.equal((await sendFrom(USER, built.body.tx)).status, '0x1')
  })

  it("answers 1inch's documented refusals in the modal's words", async () => {
    oneInch.recover()
    const reason = async (answer: Promise<{ status: number; body: any }>) => {
      const { status, body } = await answer
      return [status, body.reason]
    }
    // No pool for the token only the devnet's token list names.
    assert.deepEqual(await reason(quotes(DEVNET_LIST_TOKEN.address, DUSD, 1_000_000n)), [400, 'Insufficient liquidity'])
    assert.deepEqual(await reason(quotes('0x000000000000000000000000000000000000dEaD', DUSD, 1_000_000n)), [400, '1inch does not know this token'])
    // Account 7 holds coins but no DUSD; it approves first, so only the balance is missing.
    const poor = DEVNET_ACCOUNTS[7]
    const approve = await getJson(urlOf(server.url, '/v1/convert/build-approve', { from: asset(DUSD), to: asset('native'), userAddress: asset(poor) }))
    assert.equal((await sendFrom(poor, approve.body.tx)).status, '0x1')
    assert.deepEqual(await reason(build(DUSD, 'native', 5n, {}, poor)), [400, 'Not enough balance for this swap'])
    oneInch.fail({ status: 400, description: 'cannot estimate' }, 1, 'swap')
    assert.deepEqual(await reason(build('native', DUSD, ETH)), [400, 'The swap would fail now (1inch cannot estimate it); quote again'])
    oneInch.fail({ status: 400, description: 'Some <b>other</b>\nrefusal', meta: [{ type: 'x', value: '1' }] }, 1, 'quote')
    assert.deepEqual(await reason(quotes('native', DUSD, ETH)), [400, '1inch: Some <b>other</b> refusal'])
  })

  it('turns a refused key, the rate limit and server errors into clear gateway answers', async () => {
    await assert.rejects(
      provider({ apiKey: 'wrong' }).spender(),
      (e: ApiError) => e.status === 502 && e.reason === "1inch refused this server's credentials (HTTP 401)"
    )
    oneInch.fail({ status: 429 }, 1, 'quote')
    assert.deepEqual(await quotes('native', DUSD, ETH).then(r => [r.status, r.body.error, r.body.reason]), [
      429,
      'rate_limited',
      '1inch is rate-limiting this server; try again in a moment'
    ])
    oneInch.fail({ status: 500, description: 'internal error' }, 1, 'quote')
    assert.deepEqual(await quotes('native', DUSD, ETH).then(r => [r.status, r.body.reason]), [502, '1inch failed (HTTP 500): internal error'])
    oneInch.fail({ status: 503 }, 1, 'quote')
    assert.deepEqual(await quotes('native', DUSD, ETH).then(r => [r.status, r.body.reason]), [502, '1inch failed (HTTP 503): Service Unavailable'])
    oneInch.recover()
  })

  it('times out a silent or stalling answer, and refuses a garbage or oversized one', async () => {
    oneInch.fail({ slow: 'headers' }, 1, 'quote')
    await assert.rejects(provider({ timeoutMs: 300 }).quote(ethForDusd), (e: ApiError) => e.status === 504 && e.reason === '1inch did not answer within 300 ms')
    oneInch.fail({ slow: 'body' }, 1, 'quote')
    await assert.rejects(provider({ timeoutMs: 300 }).quote(ethForDusd), (e: ApiError) => e.status === 504 && e.reason === '1inch did not answer within 300 ms')
    oneInch.fail({ slow: 'headers' }, 1, 'quote')
    assert.deepEqual(await quotes('native', DUSD, ETH).then(r => [r.status, r.body.reason]), [504, '1inch did not answer within 1500 ms'])
    oneInch.fail({ malformed: 'garbage' }, 1, 'quote')
    await assert.rejects(provider().quote(ethForDusd), (e: ApiError) => e.status === 502 && e.reason === '1inch gave a malformed answer')
    oneInch.fail({ malformed: 'oversized' }, 1, 'quote')
    await assert.rejects(provider().quote(ethForDusd), (e: ApiError) => e.status === 502 && e.reason === '1inch answer exceeds 1048576 bytes')
    oneInch.recover()
  })

  it('refuses a swap whose fresh quote no longer covers the minimum the visitor saw', async () => {
    oneInch.recover()
    const quote = await provider().quote(ethForDusd)
    const build = provider().buildSwap({
      ...ethForDusd,
      path: quote.path,
      minOut: quote.toAmount * 2n,
      slippageBps: 50n,
      recipient: USER,
      disableEstimate: true
    })
    await assert.rejects(build, (e: ApiError) => e.status === 409 && /slippage/.test(e.reason))
    assert.equal(oneInch.calls.filter(c => c.endpoint === 'swap').at(-1)!.query.disableEstimate, 'true')
  })

  it("refuses 1inch on a network outside the spec's twelve", () => {
    const config = demoServerConfig({ chains: [], tokens: { DUSD, USDT: DUSD } })
    config.chains.push({
      caipNetworkId: 'eip155:31337',
      name: 'Devnet',
      rpcUrl: anvil.url,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      swap: { oneInch: { apiKey: KEY } }
    })
    return assert.rejects(createServer({ config, relay: false }), /1inch swaps only on eip155 chains 1, 42161/)
  })
})
