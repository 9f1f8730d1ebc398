// The 1inch stand-in against an anvil chain with the devnet's tokens and Uniswap V2 pools: its
// quotes are the pools' real numbers, its swap transactions execute, and it answers 1inch's
// documented refusals and failures in 1inch's envelope.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createPublicClient, createWalletClient, erc20Abi, http, type Address, type Hex } from 'viem'
import { startAnvil, type AnvilInstance } from '../anvil.js'
import { DEVNET_ACCOUNTS, DEVNET_LIST_TOKEN, DEVNET_POOLS, DEVNET_TOKENS, DEVNET_UNISWAP, WALLET_ACCOUNT } from '../constants.js'
import { deployTokens } from '../deployTokens.js'
import { deployUniswap } from '../deployUniswap.js'
import { waitForReceipt } from '../waitForReceipt.js'
import { ONE_INCH_NATIVE_ADDRESS, startOneInchStandIn, type OneInchStandIn } from './startOneInchStandIn.js'

const KEY = 'stand-in-key'
const CHAIN = 8453
const DUSD = DEVNET_TOKENS.DUSD
const ETH = 10n ** 18n

/** Uniswap V2's getAmountOut (0.3% fee), to check the stand-in's numbers against the pools'. */
const amountOut = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint) => (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)

describe('1inch stand-in', () => {
  let anvil: AnvilInstance
  let oneInch: OneInchStandIn
  let clock = 0
  const call = async (endpoint: string, params: Record<string, string> = {}, key = KEY) => {
    const url = new URL(`/swap/v6.0/${CHAIN}/${endpoint}`, oneInch.url)
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
    const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } })
    return { status: response.status, body: (await response.json()) as any }
  }
  const send = async (from: Address, tx: { to: string; data: string; value: string; gas?: number }) => {
    const wallet = createWalletClient({ account: from, transport: http(anvil.url, { retryCount: 0 }) })
    const hash = await wallet.sendTransaction({
      to: tx.to as Address,
      data: tx.data as Hex,
      value: BigInt(tx.value),
      ...(tx.gas ? { gas: BigInt(tx.gas) } : {}),
      chain: null
    })
    return waitForReceipt(anvil.url, hash)
  }
  /** Why a transaction reverts, replayed on the state it was sent on. */
  const revertReason = async (from: Address, tx: { to: string; data: string; value: string; gas?: number }, blockNumber: bigint) => {
    try {
      await createPublicClient({ transport: http(anvil.url) }).call({
        account: from,
        to: tx.to as Address,
        data: tx.data as Hex,
        value: BigInt(tx.value),
        ...(tx.gas ? { gas: BigInt(tx.gas) } : {}),
        blockNumber
      })
      return `no revert when replayed at block ${blockNumber} (gas ${tx.gas})`
    } catch (error) {
      return error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : String(error)
    }
  }
  const dusdOf = (who: Address) =>
    createPublicClient({ transport: http(anvil.url) }).readContract({ address: DUSD, abi: erc20Abi, functionName: 'balanceOf', args: [who] })

  before(async () => {
    anvil = await startAnvil({ chainId: CHAIN })
    await deployTokens(anvil.url)
    await deployUniswap(anvil.url)
    oneInch = await startOneInchStandIn({ apiKeys: [KEY], chains: { [CHAIN]: { rpcUrl: anvil.url, exchange: DEVNET_UNISWAP } }, now: () => clock })
  })
  after(async () => {
    await oneInch?.close()
    await anvil?.stop()
  })

  it("quotes from the pools' reserves, with the token info, route and gas asked for", async () => {
    const { status, body } = await call('quote', {
      src: ONE_INCH_NATIVE_ADDRESS,
      dst: DUSD,
      amount: ETH.toString(),
      includeTokensInfo: 'true',
      includeProtocols: 'true',
      includeGas: 'true'
    })
    assert.equal(status, 200, JSON.stringify(body))
    const pool = DEVNET_POOLS['DUSD/ETH']
    assert.equal(body.dstAmount, amountOut(ETH, pool.ETH * ETH, pool.DUSD * 10n ** 6n).toString())
    assert.deepEqual(body.srcToken, { address: ONE_INCH_NATIVE_ADDRESS, symbol: 'ETH', name: 'Ether', decimals: 18, logoURI: '' })
    assert.deepEqual([body.dstToken.symbol, body.dstToken.decimals, body.dstToken.address], ['DUSD', 6, DUSD.toLowerCase()])
    assert.deepEqual(body.protocols, [[[{ name: 'UNISWAP_V2', part: 100, fromTokenAddress: ONE_INCH_NATIVE_ADDRESS, toTokenAddress: DUSD.toLowerCase() }]]])
    assert.equal(typeof body.gas, 'number')
    // Without the flags, only the amount (as 1inch answers by default).
    assert.deepEqual(Object.keys((await call('quote', { src: ONE_INCH_NATIVE_ADDRESS, dst: DUSD, amount: ETH.toString() })).body), ['dstAmount'])
  })

  it('answers a swap transaction that executes on the chain and delivers at least the quote less the slippage', async () => {
    const before = await dusdOf(WALLET_ACCOUNT)
    const { status, body } = await call('swap', {
      src: ONE_INCH_NATIVE_ADDRESS,
      dst: DUSD,
      amount: ETH.toString(),
      from: WALLET_ACCOUNT,
      origin: WALLET_ACCOUNT,
      slippage: '1'
    })
    assert.equal(status, 200, JSON.stringify(body))
    assert.equal(body.tx.to, DEVNET_UNISWAP.router.toLowerCase())
    assert.equal(body.tx.value, ETH.toString())
    assert.equal(body.tx.from, WALLET_ACCOUNT.toLowerCase())
    assert.match(body.tx.gasPrice, /^\d+$/)
    const receipt = await send(WALLET_ACCOUNT, body.tx)
    // Seen once in a fresh-clone run (not reproduced in 10 local runs): a revert. Say why if it comes back.
    if (receipt.status !== '0x1') assert.fail(`the swap reverted: ${await revertReason(WALLET_ACCOUNT, body.tx, BigInt(receipt.blockNumber) - 1n)}`)
    const received = (await dusdOf(WALLET_ACCOUNT)) - before
    assert.ok(received >= (BigInt(body.dstAmount) * 99n) / 100n, `${received} < 99% of ${body.dstAmount}`)
  })

  it('refuses a token sale without allowance, then swaps it once the approval it builds is mined', async () => {
    const sale = { src: DUSD, dst: ONE_INCH_NATIVE_ADDRESS, amount: 1_000_000_000n.toString(), from: WALLET_ACCOUNT, origin: WALLET_ACCOUNT, slippage: '0.5' }
    const refused = await call('swap', sale)
    assert.equal(refused.status, 400)
    assert.equal(refused.body.error, 'Bad Request')
    assert.equal(refused.body.statusCode, 400)
    assert.match(refused.body.requestId, /^[0-9a-f-]{36}$/)
    assert.equal(refused.body.description, `Not enough allowance. Amount: 1000000000. Allowance: 0. Spender: ${DEVNET_UNISWAP.router.toLowerCase()}`)
    assert.deepEqual(refused.body.meta, [
      { type: 'amount', value: '1000000000' },
      { type: 'allowance', value: '0' }
    ])
    assert.deepEqual((await call('approve/spender')).body, { address: DEVNET_UNISWAP.router.toLowerCase() })
    const approval = await call('approve/transaction', { tokenAddress: DUSD })
    assert.equal(approval.body.to, DUSD.toLowerCase())
    assert.equal((await send(WALLET_ACCOUNT, approval.body)).status, '0x1')
    assert.equal((await call('approve/allowance', { tokenAddress: DUSD, walletAddress: WALLET_ACCOUNT })).body.allowance, (2n ** 256n - 1n).toString())
    const built = await call('swap', sale)
    assert.equal(built.status, 200, JSON.stringify(built.body))
    assert.equal(built.body.tx.value, '0')
    assert.equal((await send(WALLET_ACCOUNT, built.body.tx)).status, '0x1')
  })

  it("answers 1inch's documented 400s: missing parameters, unknown tokens, no liquidity, no balance", async () => {
    const description = async (params: Record<string, string>, endpoint = 'quote') => {
      const { status, body } = await call(endpoint, params)
      assert.equal(status, 400, JSON.stringify(body))
      return body.description as string
    }
    assert.equal(await description({ dst: DUSD, amount: '1' }), 'Src is not set')
    assert.equal(await description({ src: DUSD, amount: '1' }), 'Dst is not set')
    assert.equal(await description({ src: DUSD, dst: ONE_INCH_NATIVE_ADDRESS }), 'Amount is not set')
    assert.equal(await description({ src: '0x000000000000000000000000000000000000dEaD', dst: DUSD, amount: '1' }), 'Cannot sync token')
    // The token only the devnet's token list names has no pool.
    assert.equal(await description({ src: DEVNET_LIST_TOKEN.address, dst: DUSD, amount: '1000000' }), 'insufficient liquidity')
    // Account 7 holds coins but no DUSD.
    const poor = DEVNET_ACCOUNTS[7]
    assert.equal(
      await description({ src: DUSD, dst: ONE_INCH_NATIVE_ADDRESS, amount: '5', from: poor, origin: poor, slippage: '1' }, 'swap'),
      'Not enough DUSD balance. Amount: 5. Balance: 0.'
    )
  })

  it('refuses a key it does not know (401) and a key past its rate (429)', async () => {
    const wrong = await call('approve/spender', {}, 'other')
    assert.deepEqual([wrong.status, wrong.body.statusCode, wrong.body.error], [401, 401, 'Unauthorized'])
    const limited = await startOneInchStandIn({ apiKeys: [KEY], chains: {}, requestsPerSecond: 1, now: () => clock })
    try {
      const spender = () => fetch(`${limited.url}/swap/v6.0/1/approve/spender`, { headers: { authorization: `Bearer ${KEY}` } })
      clock = 5_000
      assert.equal((await spender()).status, 400) // chain 1 is not served, but the call counts
      assert.equal((await spender()).status, 429)
      clock = 6_000
      assert.equal((await spender()).status, 400)
    } finally {
      await limited.close()
    }
  })

  it('fails on demand: 400, 500 and 503 in the envelope, for a number of calls and one endpoint', async () => {
    oneInch.fail({ status: 400, description: 'insufficient liquidity' }, 1, 'quote')
    assert.equal((await call('approve/spender')).status, 200)
    assert.equal((await call('quote', { src: ONE_INCH_NATIVE_ADDRESS, dst: DUSD, amount: ETH.toString() })).body.description, 'insufficient liquidity')
    assert.equal((await call('quote', { src: ONE_INCH_NATIVE_ADDRESS, dst: DUSD, amount: ETH.toString() })).status, 200)
    oneInch.fail({ status: 500, description: 'cannot estimate' })
    assert.deepEqual(await call('approve/spender').then(r => [r.status, r.body.description]), [500, 'cannot estimate'])
    oneInch.fail({ status: 503 })
    assert.equal((await call('approve/spender')).status, 503)
    oneInch.recover()
    assert.equal((await call('approve/spender')).status, 200)
  })

  it('stalls before the answer or in the middle of its body, and answers garbage on demand', async () => {
    const spender = () =>
      fetch(`${oneInch.url}/swap/v6.0/${CHAIN}/approve/spender`, { headers: { authorization: `Bearer ${KEY}` }, signal: AbortSignal.timeout(300) })
    oneInch.fail({ slow: 'headers' }, 1)
    await assert.rejects(spender(), (e: Error) => e.name === 'TimeoutError')
    oneInch.fail({ slow: 'body' }, 1)
    const stalled = await spender()
    assert.equal(stalled.status, 200)
    await assert.rejects(stalled.text(), (e: Error) => e.name === 'TimeoutError')
    oneInch.fail({ malformed: 'garbage' }, 1)
    await assert.rejects((await spender()).json(), SyntaxError)
    oneInch.fail({ malformed: 'oversized' }, 1)
    assert.ok(
      (await (await fetch(`${oneInch.url}/swap/v6.0/${CHAIN}/approve/spender`, { headers: { authorization: `Bearer ${KEY}` } })).text()).length >
        8 * 1024 * 1024
    )
    assert.equal((await call('approve/spender')).status, 200)
  })
})
