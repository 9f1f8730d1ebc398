// Prices in the balance and price routes: static prices win, the CoinGecko stand-in prices the
// rest it knows, and a token no source prices is answered without `price` and `value` (unknown,
// never $0); `/v1/fungible/price` leaves such tokens out.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import * as v from 'valibot'
import { BalancesSchema, type TokenBalance as Balance } from '@wallet-modal/wire'
import {
  startAnvil,
  type AnvilInstance,
  DEVNET_LIST_TOKEN,
  WALLET_ACCOUNT,
  deployTokens,
  installMulticall3,
  startCoinGeckoStandIn,
  type CoinGeckoStandIn
} from '@wallet-modal/devnet'
import { getJson, postJson, urlOf, type OrError } from '../__fixtures__/http.js'
import type { ServerConfig } from '../config/ServerConfig.js'
import { createServer, type WalletModalServer } from '../internal.js'

describe('prices in the blockchain data API', () => {
  let anvil: AnvilInstance
  let gecko: CoinGeckoStandIn
  let server: WalletModalServer
  let tokens: { DUSD: string; USDT: string }

  before(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    await installMulticall3(anvil.url)
    tokens = await deployTokens(anvil.url)
    gecko = await startCoinGeckoStandIn({ coins: { ethereum: 2500 }, tokens: { devnet: { [tokens.USDT]: 0.99 } } })
    const config: ServerConfig = {
      projects: [{ id: 'demo', allowedOrigins: ['*'] }],
      chains: [
        {
          caipNetworkId: 'eip155:31337',
          name: 'Devnet',
          rpcUrl: anvil.url,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          tokens: [
            { address: tokens.DUSD, symbol: 'DUSD', name: 'Devnet USD', decimals: 6 },
            { address: tokens.USDT, symbol: 'USDT', name: 'Devnet Tether', decimals: 6 },
            { address: DEVNET_LIST_TOKEN.address, symbol: DEVNET_LIST_TOKEN.symbol, name: DEVNET_LIST_TOKEN.name, decimals: DEVNET_LIST_TOKEN.decimals }
          ]
        }
      ],
      prices: { ETH: 3000, DUSD: 1 },
      priceProviders: { coingecko: { baseUrl: gecko.url, networks: { 'eip155:31337': { platform: 'devnet', nativeCoinId: 'ethereum' } } } },
      history: { enabled: false }
    }
    server = await createServer({ config, relay: false })
  })
  after(async () => {
    await server?.close()
    await gecko?.close()
    await anvil?.stop()
  })

  it('answers static prices, provider prices, and no price (no `price`, no `value`) for a token nobody prices', async () => {
    const { status, body } = await getJson<OrError<{ balances: Balance[] }>>(
      urlOf(server.url, `/v1/account/${WALLET_ACCOUNT}/balance`, { currency: 'usd', chainId: 'eip155:31337' })
    )
    assert.equal(status, 200)
    assert.deepEqual(v.parse(BalancesSchema, body), body, 'what the modal accepts, field for field')
    const bySymbol = Object.fromEntries(body.balances.map(b => [b.symbol, b]))
    assert.equal(bySymbol.ETH!.price, 3000, 'the static price wins over the provider')
    assert.equal(bySymbol.DUSD!.price, 1)
    assert.equal(bySymbol.USDT!.price, 0.99, 'priced by the CoinGecko stand-in')
    assert.equal(bySymbol.USDT!.value, Number(bySymbol.USDT!.quantity.numeric) * 0.99)
    const dlst = bySymbol.DLST!
    assert.ok(Number(dlst.quantity.numeric) > 0)
    assert.equal('price' in dlst, false)
    assert.equal('value' in dlst, false)
  })

  it('/v1/fungible/price prices from the same sources and leaves unpriced tokens out', async () => {
    const { status, body } = await postJson(urlOf(server.url, '/v1/fungible/price'), {
      currency: 'usd',
      projectId: 'demo',
      addresses: [`eip155:31337:${tokens.USDT}`, `eip155:31337:${DEVNET_LIST_TOKEN.address}`, 'eip155:31337:native']
    })
    assert.equal(status, 200)
    assert.deepEqual(
      body.fungibles.map((f: { symbol: string; price: number }) => [f.symbol, f.price]),
      [
        ['USDT', 0.99],
        ['ETH', 3000]
      ]
    )
  })

  it('still answers balances when the provider is down: unknown prices are left out, static ones stay', async () => {
    gecko.fail({ status: 503 })
    try {
      // (Prices asked before are still cached: what matters is that the route answers.)
      const { status, body } = await getJson<OrError<{ balances: Balance[] }>>(
        urlOf(server.url, `/v1/account/${WALLET_ACCOUNT}/balance`, { currency: 'usd', chainId: 'eip155:31337' })
      )
      assert.equal(status, 200)
      assert.equal(body.balances.find(b => b.symbol === 'ETH')!.price, 3000)
    } finally {
      gecko.recover()
    }
  })
})
