// Chainlink-style feeds read from a real anvil chain: DevnetPriceFeed.sol (AggregatorV3Interface's
// reads) deployed by the devnet's deployPriceFeed, and DevnetRoundFeed.sol (every round field set
// by hand, test-only) for incomplete rounds.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createWalletClient, getAddress, http, type Address } from 'viem'
import {
  startAnvil,
  type AnvilInstance,
  DEVNET_ACCOUNTS,
  DEVNET_ARTIFACTS,
  jsonRpc,
  deployPriceFeed,
  setPriceFeedAnswer,
  waitForReceipt
} from '@wallet-modal/devnet'
import { ChainlinkProvider } from './ChainlinkProvider.js'
import { PriceProviderError, parsePriceAssetId, type PriceAsset } from './PriceProvider.js'

const asset = (id: string): PriceAsset => parsePriceAssetId(id)!
const ETH = asset('eip155:31337:native')
const TOKEN = asset('eip155:31337:0x00000000000000000000000000000000000000aa')

/** One round of `latestRoundData`, field by field. */
interface Round {
  roundId: bigint
  answer: bigint
  startedAt: bigint
  updatedAt: bigint
  answeredInRound: bigint
}

/** Deploys a DevnetRoundFeed (8 decimals; test-only: the devnet never deploys it) answering `round`. */
async function deployRoundFeed(rpcUrl: string, round: Round): Promise<Address> {
  const { abi, bytecode } = DEVNET_ARTIFACTS.DevnetRoundFeed
  const wallet = createWalletClient({ account: DEVNET_ACCOUNTS[9], transport: http(rpcUrl, { timeout: 10_000, retryCount: 0 }) })
  const deployed = await waitForReceipt(rpcUrl, await wallet.deployContract({ abi, bytecode, args: [8], chain: null }))
  const feed = getAddress(deployed.contractAddress!)
  const set = await wallet.writeContract({
    address: feed,
    abi,
    functionName: 'setRound',
    args: [round.roundId, round.answer, round.startedAt, round.updatedAt, round.answeredInRound],
    chain: null
  })
  assert.equal((await waitForReceipt(rpcUrl, set)).status, '0x1')
  return feed
}

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
    const quotes = await provider({ [ETH.id]: ethFeed, [TOKEN.id]: { address: tokenFeed, heartbeatSeconds: 86_400 } }).prices(
      [ETH, TOKEN],
      AbortSignal.timeout(5000)
    )
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

  it('the heartbeat has a margin (default 5 minutes) for the update to land', async () => {
    const feed = await deployPriceFeed(anvil.url, { answer: 1_00000000n })
    await setPriceFeedAnswer(anvil.url, feed, 1_00000000n, Math.floor(chainNow / 1000) - 3600 - 120)
    const id = asset('eip155:31337:0x00000000000000000000000000000000000000dd')
    assert.equal((await provider({ [id.id]: feed }).prices([id], AbortSignal.timeout(5000))).get(id.id)?.usd, 1, '2 minutes late: within the margin')
    const strict = new ChainlinkProvider({ feeds: { [id.id]: feed }, heartbeatMarginSeconds: 60, rpcUrl: () => anvil.url, now: () => chainNow })
    assert.equal((await strict.prices([id], AbortSignal.timeout(5000))).size, 0, 'beyond a 1-minute margin')
  })

  it('an incomplete round is no price: updatedAt 0, or an answer carried over from an older round', async () => {
    const at = BigInt(Math.floor(chainNow / 1000))
    const complete = { roundId: 7n, answer: 2_00000000n, startedAt: at, updatedAt: at, answeredInRound: 7n }
    const feeds = {
      complete: await deployRoundFeed(anvil.url, complete),
      notUpdated: await deployRoundFeed(anvil.url, { ...complete, updatedAt: 0n }),
      carriedOver: await deployRoundFeed(anvil.url, { ...complete, answeredInRound: 6n })
    }
    const ids = Object.fromEntries(Object.keys(feeds).map((name, i) => [name, asset(`eip155:31337:0x00000000000000000000000000000000000001${i}0`)]))
    const quotes = await provider(Object.fromEntries(Object.entries(feeds).map(([name, feed]) => [ids[name]!.id, feed]))).prices(
      Object.values(ids),
      AbortSignal.timeout(5000)
    )
    assert.deepEqual(
      [...quotes.entries()].map(([id, q]) => [id, q.usd]),
      [[ids.complete!.id, 2]]
    )
  })

  it('a zero or negative answer is no price', async () => {
    const feed = await deployPriceFeed(anvil.url, { answer: -1n })
    const zero = await deployPriceFeed(anvil.url, { answer: 0n })
    const id = asset('eip155:31337:0x00000000000000000000000000000000000000cc')
    const other = asset('eip155:31337:0x00000000000000000000000000000000000000ce')
    assert.equal((await provider({ [id.id]: feed, [other.id]: zero }).prices([id, other], AbortSignal.timeout(5000))).size, 0)
  })

  it('a feed address without a contract is no price; a chain whose node is down is a failure', async () => {
    const empty = await provider({ [ETH.id]: ethFeed, [TOKEN.id]: '0x000000000000000000000000000000000000dEaD' }).prices(
      [ETH, TOKEN],
      AbortSignal.timeout(5000)
    )
    assert.deepEqual([...empty.keys()], [ETH.id])
    const dead = createServer()
    await new Promise<void>(resolve => dead.listen(0, '127.0.0.1', resolve))
    const port = (dead.address() as AddressInfo).port
    await new Promise<void>(resolve => dead.close(() => resolve()))
    const down = new ChainlinkProvider({ feeds: { [ETH.id]: ethFeed }, rpcUrl: () => `http://127.0.0.1:${port}` })
    await assert.rejects(down.prices([ETH], AbortSignal.timeout(5000)), PriceProviderError)
  })
})
