// The swap API against the devnet's real Uniswap V2 exchange (startDevnet deploys the published
// contracts and seeds the pools): quotes are checked against the constant-product formula on
// the pools' reserves read here, and the transactions the server builds are sent and mined.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { decodeFunctionData, decodeFunctionResult, encodeFunctionData, erc20Abi, parseAbi, type Address, type Hex } from 'viem'
import * as v from 'valibot'
import { BuildApproveSchema, BuildTransactionSchema, ConvertAllowanceSchema, ConvertQuotesSchema, ConvertTokensSchema } from '@wallet-modal/wire'
import { DEVNET_ACCOUNTS, DEVNET_UNISWAP, DUSD_ADDRESS, USDT_ADDRESS, jsonRpc, waitForReceipt } from '@wallet-modal/devnet'
import { CLIENT, getJson, postJson, urlOf } from '../__fixtures__/http.js'
import { startChainServer } from '../__fixtures__/startChainServer.js'
import { useStarted } from '../__fixtures__/useStarted.js'
import { encodeQuoteId } from '../swap/quoteId.js'

const CHAIN = 'eip155:31337'
const ETH = `${CHAIN}:native`
const DUSD = `${CHAIN}:${DUSD_ADDRESS}`
const USDT = `${CHAIN}:${USDT_ADDRESS}`
/** Anvil account 4: holds 1,000,000 DUSD and USDT and 10,000 ETH; no other test here trades from it. */
const TRADER = DEVNET_ACCOUNTS[4] as Address
/** Anvil account 3 moves the price under a quote. */
const WHALE = DEVNET_ACCOUNTS[3] as Address
const PAIR_ABI = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)', 'function token0() view returns (address)'])
const FACTORY_ABI = parseAbi(['function getPair(address, address) view returns (address)', 'function createPair(address, address) returns (address)'])
const ROUTER_ABI = parseAbi(['function swapExactETHForTokens(uint256, address[], address, uint256) payable returns (uint256[])'])

describe('swap API /v1/convert/* (devnet Uniswap V2)', () => {
  const chains = useStarted(startChainServer, started => started.close())
  const get = (path: string, params: Record<string, string | undefined>) => getJson(urlOf(chains.server.url, `/v1/convert/${path}`, params))
  const build = (body: Record<string, unknown>) =>
    postJson(urlOf(chains.server.url, '/v1/convert/build-transaction'), { projectId: CLIENT.projectId, eip155: { slippage: '1' }, ...body })
  const call = async <T>(to: Address, abi: readonly unknown[], functionName: string, args: unknown[] = []): Promise<T> =>
    (decodeFunctionResult as (x: unknown) => unknown)({
      abi,
      functionName,
      data: await jsonRpc<Hex>(chains.rpcUrl, 'eth_call', [{ to, data: encodeFunctionData({ abi: abi as never, functionName, args } as never) }, 'latest'])
    }) as T
  /**
   * Sends as an unlocked anvil account with a gas limit of 5,000,000 (a pair's creation takes ~2.5 M); resolves with the mined
   * receipt. Not anvil's own estimate: a V2 swap costs ~24,000 more gas in a block later than
   * the pool's last update (the price accumulators are written), the estimate can be made without
   * that and the block mined with it, and the swap then runs out of gas (seen: estimate 115,622,
   * reverted having used 115,036; the same call with that gas succeeds on the parent block).
   */
  const send = async (tx: { from: string; to: string; data: string; value?: string }) => {
    const hash = await jsonRpc<Hex>(chains.rpcUrl, 'eth_sendTransaction', [
      { from: tx.from, to: tx.to, data: tx.data, value: `0x${BigInt(tx.value ?? '0').toString(16)}`, gas: '0x4c4b40' }
    ])
    await waitForReceipt(chains.rpcUrl, hash)
    return jsonRpc<{ status: Hex; gasUsed: Hex; effectiveGasPrice: Hex; blockNumber: Hex }>(chains.rpcUrl, 'eth_getTransactionReceipt', [hash])
  }
  /** What a reverted swap's receipt and a replay of it on its parent block say (for a failure message). */
  const whyReverted = async (
    built: { tx: { from: string; to: string; data: string; value: string }; minimumReceived: string },
    receipt: { status: Hex; gasUsed: Hex; blockNumber?: Hex }
  ) => {
    if (receipt.status === '0x1') return ''
    try {
      const parent = `0x${(BigInt(receipt.blockNumber ?? '0x1') - 1n).toString(16)}`
      const replay = await jsonRpc<Hex>(chains.rpcUrl, 'eth_call', [
        { from: built.tx.from, to: built.tx.to, data: built.tx.data, value: `0x${BigInt(built.tx.value).toString(16)}` },
        parent
      ]).then(
        out => `replay on the parent block returned ${out}`,
        (error: Error) => `replay on the parent block: ${error.message}`
      )
      const block = await jsonRpc<{ timestamp: Hex }>(chains.rpcUrl, 'eth_getBlockByNumber', [receipt.blockNumber, false])
      // The router's deadline, from the calldata (an ETH-in swap: its fourth argument).
      const deadline = (decodeFunctionData({ abi: ROUTER_ABI, data: built.tx.data as Hex }).args?.[3] as bigint | undefined) ?? 'unknown'
      return `reverted: gas used ${BigInt(receipt.gasUsed)}, block ${BigInt(receipt.blockNumber ?? '0x0')} at ${BigInt(block.timestamp)} (now ${Math.floor(Date.now() / 1000)}, deadline ${deadline}), minimum received ${built.minimumReceived}; ${replay}`
    } catch (error) {
      return `reverted (and describing why failed: ${(error as Error).message})`
    }
  }
  const ethBalance = async (who: Address) => BigInt(await jsonRpc<Hex>(chains.rpcUrl, 'eth_getBalance', [who, 'latest']))
  const tokenBalance = (token: Address, who: Address) => call<bigint>(token, erc20Abi, 'balanceOf', [who])
  /** What Uniswap V2 pays for `amountIn` on one pool, from the reserves read now. */
  const expectedOut = async (tokenIn: Address, tokenOut: Address, amountIn: bigint) => {
    const pair = await call<Address>(DEVNET_UNISWAP.factory, FACTORY_ABI, 'getPair', [tokenIn, tokenOut])
    const [[r0, r1], token0] = await Promise.all([call<[bigint, bigint]>(pair, PAIR_ABI, 'getReserves'), call<Address>(pair, PAIR_ABI, 'token0')])
    const [rIn, rOut] = token0.toLowerCase() === tokenIn.toLowerCase() ? [r0, r1] : [r1, r0]
    return (amountIn * 997n * rOut) / (rIn * 1000n + amountIn * 997n)
  }

  it("/tokens lists the coin and the configured tokens with icons and prices; other networks get the spec's message", async () => {
    const { status, body } = await get('tokens', { chainId: CHAIN })
    assert.equal(status, 200)
    assert.deepEqual(v.parse(ConvertTokensSchema, body), body)
    assert.deepEqual(
      body.tokens.map((t: { symbol: string; address: string; decimals: number; price: number }) => [t.symbol, t.address, t.decimals, t.price]),
      [
        ['ETH', ETH, 18, 3000],
        ['DUSD', DUSD, 6, 1],
        ['USDT', USDT, 6, 1]
      ]
    )
    assert.equal((await fetch(body.tokens[1].logoUri)).status, 200)
    for (const chainId of ['eip155:998', 'eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']) {
      assert.deepEqual((await get('tokens', { chainId })).body, { error: 'bad_request', reason: 'Network not supported for Swaps' }, chainId)
    }
  })

  it('/quotes: 100 DUSD -> ETH is what the pool pays, with its fee, impact, route and spender', async () => {
    const amount = 100_000_000n
    const { status, body } = await get('quotes', { amount: amount.toString(), from: DUSD, to: ETH, userAddress: `${CHAIN}:${TRADER}` })
    assert.equal(status, 200, JSON.stringify(body))
    assert.deepEqual(v.parse(ConvertQuotesSchema, body), body)
    const [quote] = body.quotes
    assert.equal(quote.provider, 'uniswap-v2')
    assert.equal(quote.fromAmount, amount.toString())
    assert.equal(BigInt(quote.toAmount), await expectedOut(DUSD_ADDRESS, DEVNET_UNISWAP.weth, amount))
    assert.deepEqual(quote.fee, { amount: (amount - (amount * 997n) / 1000n).toString(), token: DUSD })
    assert.deepEqual(quote.route, [DUSD, ETH])
    assert.equal(quote.spender, DEVNET_UNISWAP.router)
    // 100 of 600,000 DUSD: about 0.017% below the mid price.
    assert.ok(quote.priceImpact > 0 && quote.priceImpact < 0.05, `impact ${quote.priceImpact}`)
    assert.ok(BigInt(quote.gasFee) > 0n)
    assert.ok(quote.expiresAt > Date.now() && quote.expiresAt <= Date.now() + 60_000)
    // ETH -> USDT: the coin goes along with the swap, no spender to allow.
    const eth = await get('quotes', { amount: (10n ** 17n).toString(), from: ETH, to: USDT, userAddress: `${CHAIN}:${TRADER}` })
    assert.equal(eth.body.quotes[0].spender, undefined)
    assert.equal(BigInt(eth.body.quotes[0].toAmount), await expectedOut(DEVNET_UNISWAP.weth, USDT_ADDRESS, 10n ** 17n))
  })

  it('allowance -> build-approve (exact amount) -> build-transaction -> mined: the balances move by the quote', async () => {
    const amount = 250_000_000n
    const user = `${CHAIN}:${TRADER}`
    const allowance = await get('allowance', { tokenAddress: DUSD, userAddress: user })
    assert.deepEqual(v.parse(ConvertAllowanceSchema, allowance.body), { allowance: '0', spender: DEVNET_UNISWAP.router })
    const approve = await get('build-approve', { from: DUSD, to: ETH, userAddress: user, amount: amount.toString() })
    assert.equal(approve.status, 200, JSON.stringify(approve.body))
    assert.deepEqual(v.parse(BuildApproveSchema, approve.body), approve.body)
    assert.equal(approve.body.tx.to, DUSD_ADDRESS)
    assert.equal((await send(approve.body.tx)).status, '0x1')
    assert.equal((await get('allowance', { tokenAddress: DUSD, userAddress: user })).body.allowance, amount.toString())

    const { body } = await get('quotes', { amount: amount.toString(), from: DUSD, to: ETH, userAddress: user })
    const quote = body.quotes[0]
    const built = await build({ amount: amount.toString(), from: DUSD, to: ETH, userAddress: user, quoteId: quote.id })
    assert.equal(built.status, 200, JSON.stringify(built.body))
    assert.deepEqual(v.parse(BuildTransactionSchema, built.body), built.body)
    assert.equal(BigInt(built.body.minimumReceived), (BigInt(quote.toAmount) * 99n) / 100n)
    assert.ok(BigInt(built.body.tx.eip155.gas) > 21_000n, 'an estimate')
    const [dusdBefore, ethBefore] = await Promise.all([tokenBalance(DUSD_ADDRESS, TRADER), ethBalance(TRADER)])
    const receipt = await send(built.body.tx)
    assert.equal(receipt.status, '0x1')
    const gasPaid = BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)
    assert.equal(dusdBefore - (await tokenBalance(DUSD_ADDRESS, TRADER)), amount)
    // Nobody traded between the quote and the swap: exactly the quoted amount.
    assert.equal((await ethBalance(TRADER)) - ethBefore + gasPaid, BigInt(quote.toAmount))
  })

  it('ETH -> USDT needs no approval and delivers the quote', async () => {
    const amount = 5n * 10n ** 16n
    const user = `${CHAIN}:${TRADER}`
    assert.deepEqual((await get('build-approve', { from: ETH, to: USDT, userAddress: user })).body, {
      error: 'bad_request',
      reason: "The network's coin needs no approval"
    })
    const quote = (await get('quotes', { amount: amount.toString(), from: ETH, to: USDT, userAddress: user })).body.quotes[0]
    const built = await build({ amount: amount.toString(), from: ETH, to: USDT, userAddress: user, quoteId: quote.id })
    assert.equal(built.body.tx.value, amount.toString())
    const before = await tokenBalance(USDT_ADDRESS, TRADER)
    assert.equal((await send(built.body.tx)).status, '0x1')
    assert.equal((await tokenBalance(USDT_ADDRESS, TRADER)) - before, BigInt(quote.toAmount))
  })

  it('a quote the pool moved past (beyond slippage) builds a swap that reverts, without a gas estimate', async () => {
    const amount = 10n ** 17n
    const user = `${CHAIN}:${TRADER}`
    const quote = (await get('quotes', { amount: amount.toString(), from: ETH, to: DUSD, userAddress: user })).body.quotes[0]
    // Someone buys 20 ETH worth of DUSD first: the price moves about 20%.
    const whale = encodeFunctionData({
      abi: ROUTER_ABI,
      functionName: 'swapExactETHForTokens',
      args: [0n, [DEVNET_UNISWAP.weth, DUSD_ADDRESS], WHALE, 2n ** 40n]
    })
    assert.equal((await send({ from: WHALE, to: DEVNET_UNISWAP.router, data: whale, value: (20n * 10n ** 18n).toString() })).status, '0x1')
    const built = await build({ amount: amount.toString(), from: ETH, to: DUSD, userAddress: user, quoteId: quote.id })
    assert.equal(built.status, 200)
    assert.equal(built.body.tx.eip155.gas, undefined)
    // Mined reverted (or refused, by a node that estimates first): either way nothing is swapped.
    const dusdBefore = await tokenBalance(DUSD_ADDRESS, TRADER)
    const outcome = await send(built.body.tx).then(
      receipt => receipt.status,
      (error: Error) => error.message
    )
    assert.ok(outcome === '0x0' || /INSUFFICIENT_OUTPUT_AMOUNT/.test(outcome), outcome)
    assert.equal(await tokenBalance(DUSD_ADDRESS, TRADER), dusdBefore)
    // Built again without the old quote: a fresh quote, and it goes through.
    const fresh = await build({ amount: amount.toString(), from: ETH, to: DUSD, userAddress: user })
    const receipt = await send(fresh.body.tx)
    // Seen once with two test files at a time: this swap mined reverted. Say why if it happens again.
    assert.equal(receipt.status, '0x1', await whyReverted(fresh.body, receipt))
  })

  it('refuses an expired quote, a quote for another trade, and a body for another project', async () => {
    const user = `${CHAIN}:${TRADER}`
    const terms = { chain: CHAIN, from: DUSD, to: ETH, amount: '1000000', toAmount: '1', path: [DUSD_ADDRESS, DEVNET_UNISWAP.weth], expiresAt: Date.now() - 1 }
    assert.deepEqual((await build({ amount: '1000000', from: DUSD, to: ETH, userAddress: user, quoteId: encodeQuoteId(terms) })).body, {
      error: 'bad_request',
      reason: 'Quote expired'
    })
    const live = encodeQuoteId({ ...terms, expiresAt: Date.now() + 60_000 })
    assert.deepEqual((await build({ amount: '2000000', from: DUSD, to: ETH, userAddress: user, quoteId: live })).body, {
      error: 'bad_request',
      reason: 'The quote is for another trade'
    })
    assert.deepEqual((await build({ amount: '1000000', from: DUSD, to: ETH, userAddress: user, quoteId: 'not-a-quote' })).body, {
      error: 'bad_request',
      reason: 'Invalid quote'
    })
    const other = await build({ amount: '1000000', from: DUSD, to: ETH, userAddress: user, projectId: 'someone-else' })
    assert.equal(other.status, 400)
  })

  it('wrong tokens, zero amounts, empty pools, mixed and unsupported networks: a 400 that says which', async () => {
    const user = `${CHAIN}:${TRADER}`
    const quote = (params: Record<string, string>) => get('quotes', { amount: '1000000', from: DUSD, to: ETH, userAddress: user, ...params })
    const reason = async (params: Record<string, string>) => {
      const { status, body } = await quote(params)
      assert.equal(status, 400, JSON.stringify(body))
      return body.reason as string
    }
    assert.equal(await reason({ from: `${CHAIN}:not-a-token` }), `Invalid token in from: ${CHAIN}:not-a-token`)
    assert.equal(await reason({ to: `${CHAIN}:0x000000000000000000000000000000000000bEEF` }), 'No pool trades these tokens')
    assert.equal(await reason({ to: DUSD }), 'From and to are the same token')
    assert.equal(await reason({ amount: '0' }), 'Invalid querystring: amount must be /^[0-9]*[1-9][0-9]*$/, got "0"')
    assert.equal(await reason({ amount: '-5' }), 'Invalid querystring: amount must be /^[0-9]*[1-9][0-9]*$/, got "-5"')
    assert.equal(await reason({ from: 'eip155:31338:native' }), 'from, to and userAddress must be on the same network')
    assert.equal(
      await reason({ from: 'eip155:998:native', to: `eip155:998:${DUSD_ADDRESS}`, userAddress: `eip155:998:${TRADER}` }),
      'Network not supported for Swaps'
    )
    assert.equal(await reason({ amount: '1', from: ETH, to: DUSD }), 'Amount too small to swap')
    // An empty pool (created, never funded): insufficient liquidity.
    const lonely = '0x000000000000000000000000000000000000c0DE'
    const create = encodeFunctionData({ abi: FACTORY_ABI, functionName: 'createPair', args: [DUSD_ADDRESS, lonely] })
    assert.equal((await send({ from: WHALE, to: DEVNET_UNISWAP.factory, data: create })).status, '0x1')
    assert.equal(await reason({ to: `${CHAIN}:${lonely}` }), 'Insufficient liquidity')
  })
})
