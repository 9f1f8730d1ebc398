// Chainlink-style feeds read from a real anvil chain: DevnetPriceFeed.sol (AggregatorV3Interface's
// reads) deployed by the devnet's deployPriceFeed.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Address } from 'viem'
import { startAnvil, type AnvilInstance } from '../../../devnet/src/anvil.js'
import { jsonRpc } from '../../../devnet/src/jsonRpc.js'
import { deployPriceFeed, setPriceFeedAnswer } from '../../../devnet/src/prices/deployPriceFeed.js'
import { ChainlinkProvider } from './ChainlinkProvider.js'
import { PriceProviderError, parsePriceAssetId, type PriceAsset } from './PriceProvider.js'

const asset = (id: string): PriceAsset => parsePriceAssetId(id)!
const ETH = asset('eip155:31337:native')
const TOKEN = asset('eip155:31337:0x00000000000000000000000000000000000000aa')

describe('ChainlinkProvider (anvil)', () => {
  let anvil: AnvilInstance
  let ethFeed: Address
  let tokenFeed: Address
  let chainNow: number
  before(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    ethFeed = await deployPriceFeed(anvil.url, { answer: 3012_50000000n })
    tokenFeed = await deployPriceFeed(anvil.url, { decimals: 18, description: 'AA / USD', answer: 10n ** 18n })
    const block = await jsonRpc<{ timestamp: string }>(anvil.url, 'eth_getBlockByNumber', ['latest', false])
    chainNow = Number(BigInt(block.timestamp)) * 1000
  })
  after(() => anvil?.stop())

  const provider = (feeds: Record<string, string | { address: string; heartbeatSeconds?: number }>, now = () => chainNow) =>
    new ChainlinkProvider({ feeds, rpcUrl: id => (id === 'eip155:31337' ? anvil.url : undefined), now })

  it("reads each configured feed's latest answer with its decimals and update time", async () => {
    const quotes = await provider({ [ETH.id]: ethFeed, [TOKEN.id]: { address: tokenFeed, heartbeatSeconds: 86_400 } }).prices([ETH, TOKEN], AbortSignal.timeout(5000))
    assert.equal(quotes.get(ETH.id)?.usd, 3012.5)
    assert.equal(quotes.get(ETH.id)?.source, 'chainlink')
    assert.equal(quotes.get(TOKEN.id)?.usd, 1)
    assert.ok(Math.abs(quotes.get(ETH.id)!.at - chainNow) <= 60_000)
  })

  it('asks nothing about assets without a feed or on chains it cannot reach', async () => {
    const quotes = await provider({ [ETH.id]: ethFeed }).prices([TOKEN, asset('eip155:1:native')], AbortSignal.timeout(5000))
    assert.equal(quotes.size, 0)
  })

  it("an answer older than the feed's heartbeat is no price", async () => {
    const staleAt = Math.floor(chainNow / 1000) - 7200
    const feed = await deployPriceFeed(anvil.url, { answer: 1_00000000n })
    await setPriceFeedAnswer(anvil.url, feed, 1_00000000n, staleAt)
    const id = asset('eip155:31337:0x00000000000000000000000000000000000000bb')
    assert.equal((await provider({ [id.id]: { address: feed, heartbeatSeconds: 3600 } }).prices([id], AbortSignal.timeout(5000))).size, 0)
    // A longer heartbeat accepts the same answer.
    assert.equal((await provider({ [id.id]: { address: feed, heartbeatSeconds: 86_400 } }).prices([id], AbortSignal.timeout(5000))).get(id.id)?.usd, 1)
  })

  it('a zero or negative answer is no price', async () => {
    const feed = await deployPriceFeed(anvil.url, { answer: -1n })
    const id = asset('eip155:31337:0x00000000000000000000000000000000000000cc')
    assert.equal((await provider({ [id.id]: feed }).prices([id], AbortSignal.timeout(5000))).size, 0)
  })

  it('a feed address without a contract is no price; a chain whose node is down is a failure', async () => {
    const empty = await provider({ [ETH.id]: ethFeed, [TOKEN.id]: '0x000000000000000000000000000000000000dEaD' }).prices([ETH, TOKEN], AbortSignal.timeout(5000))
    assert.deepEqual([...empty.keys()], [ETH.id])
    const dead = createServer()
    await new Promise<void>(resolve => dead.listen(0, '127.0.0.1', resolve))
    const port = (dead.address() as AddressInfo).port
    await new Promise<void>(resolve => dead.close(() => resolve()))
    const down = new ChainlinkProvider({ feeds: { [ETH.id]: ethFeed }, rpcUrl: () => `http://127.0.0.1:${port}` })
    await assert.rejects(down.prices([ETH], AbortSignal.timeout(5000)), PriceProviderError)
  })
})
