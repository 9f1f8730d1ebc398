// The configured price service end to end: the CoinGecko stand-in as the market-data source and a
// Chainlink-style feed on a real anvil chain as the second opinion, from a `priceProviders` section
// checked by its schema.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import * as v from 'valibot'
import type { Address } from 'viem'
import { startAnvil, type AnvilInstance, deployPriceFeed, startCoinGeckoStandIn, type CoinGeckoStandIn } from '@wallet-modal/devnet'
import type { ChainConfig } from '../config/ServerConfig.js'
import { createPriceService } from './createPriceService.js'
import { parsePriceAssetId } from './PriceProvider.js'
import { PriceProvidersConfigSchema } from './PriceProvidersConfig.js'
import { describePriceDeviation, type PriceDeviation } from './PriceService.js'

const ETH = parsePriceAssetId('eip155:31337:native', 'ETH')!

describe('createPriceService: CoinGecko checked by a Chainlink feed', () => {
  let anvil: AnvilInstance
  let gecko: CoinGeckoStandIn
  let chains: Map<string, ChainConfig>
  before(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    gecko = await startCoinGeckoStandIn({ coins: { ethereum: 3000 } })
    chains = new Map([
      ['eip155:31337', { caipNetworkId: 'eip155:31337', name: 'Anvil', rpcUrl: anvil.url, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }]
    ])
  })
  after(async () => {
    await gecko?.close()
    await anvil?.stop()
  })

  /** A service from a `priceProviders` section (schema-checked) whose ETH feed answers `feedUsd`. */
  const service = async (feedUsd: bigint, chainlink: Record<string, unknown> = {}) => {
    const feed: Address = await deployPriceFeed(anvil.url, { answer: feedUsd * 10n ** 8n })
    const config = v.parse(PriceProvidersConfigSchema, {
      coingecko: { baseUrl: gecko.url, networks: { 'eip155:31337': { nativeCoinId: 'ethereum' } } },
      chainlink: { feeds: { [ETH.id]: feed }, ...chainlink }
    })
    const told: PriceDeviation[] = []
    const errors: string[] = []
    return {
      told,
      errors,
      prices: createPriceService(
        undefined,
        config,
        chains,
        (_, e) => errors.push(e.message),
        d => told.push(d)
      )
    }
  }
  const answer = async (prices: Awaited<ReturnType<typeof service>>['prices']) => {
    const quote = (await prices.prices([ETH])).get(ETH.id)
    return quote && `${quote.usd}@${quote.source}`
  }

  it("agreeing within 5%: CoinGecko's price", async () => {
    const { prices, told, errors } = await service(2950n)
    assert.equal(await answer(prices), '3000@coingecko')
    assert.deepEqual([told, errors], [[], []])
  })

  it('20% apart: unknown (the modal shows "–"), logged once however often it is asked', async () => {
    const { prices, told } = await service(2500n)
    assert.equal(await answer(prices), undefined)
    assert.equal(await answer(prices), undefined)
    assert.deepEqual(told.map(describePriceDeviation), [
      `${ETH.id}: coingecko says 3000 USD, chainlink says 2500 USD (20.0% apart, more than 5%): answered unknown`
    ])
  })

  it('maxDeviationPercent and onDeviation: "chainlink" answer the feed\'s price beyond a tighter bound', async () => {
    const { prices, told } = await service(2950n, { maxDeviationPercent: 1, onDeviation: 'chainlink' })
    assert.equal(await answer(prices), '2950@chainlink')
    assert.equal(told.length, 1)
  })

  it('the schema refuses an unknown onDeviation and an out-of-range bound', () => {
    const feeds = { [ETH.id]: '0x000000000000000000000000000000000000dEaD' }
    assert.equal(v.safeParse(PriceProvidersConfigSchema, { chainlink: { feeds, onDeviation: 'coingecko' } }).success, false)
    assert.equal(v.safeParse(PriceProvidersConfigSchema, { chainlink: { feeds, maxDeviationPercent: 0 } }).success, false)
    assert.equal(v.safeParse(PriceProvidersConfigSchema, { chainlink: { feeds, heartbeatMarginSeconds: -1 } }).success, false)
  })
})
