// The on-ramp API against the devnet's on-ramp sandbox (a real HTTP provider whose checkout pays
// devnet DUSD): options, quotes and their limits, the checkout URL, a purchase paid through the
// checkout form and seen on chain and in the activity feed, the signed webhook, and a provider
// that is down, slow, or answers a checkout URL on another origin.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createHmac, randomBytes } from 'node:crypto'
import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { encodeFunctionData, erc20Abi, type Hex } from 'viem'
import { DEVNET_ACCOUNTS, findFreePort, jsonRpc, startDevnet, startOnRampSandbox, type Devnet, type OnRampSandbox } from '@wallet-modal/devnet'
import { createServer, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { getJson, postJson, urlOf } from '../__fixtures__/http.js'

/** Anvil account 6: holds no DUSD before it buys some here. */
const BUYER = DEVNET_ACCOUNTS[6]
const API_KEY = randomBytes(16).toString('hex')
const SECRET = randomBytes(32).toString('hex')

/** A server whose only on-ramp provider is the sandbox at `url`. */
async function serverWith(devnet: Devnet, url: string, timeoutMs = 5000): Promise<WalletModalServer> {
  const config = demoServerConfig({ chains: devnet.chains, tokens: devnet.tokens })
  config.onramp = { providers: [{ sandbox: { url, apiKey: API_KEY, networks: devnet.chains.map(c => `eip155:${c.chainId}`), webhookSecret: SECRET } }] }
  return createServer({ config, upstreamTimeoutMs: timeoutMs })
}

describe('on-ramp API (devnet sandbox)', () => {
  let devnet: Devnet
  let sandbox: OnRampSandbox
  let server: WalletModalServer
  const post = (path: string, body: unknown) => postJson(urlOf(server.url, path), body)
  const dusdOf = async (who: string) =>
    BigInt(
      await jsonRpc<Hex>(devnet.chains[0]!.rpcUrl, 'eth_call', [
        { to: devnet.tokens.DUSD, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [who as Hex] }) },
        'latest'
      ])
    )
  const report = (body: Record<string, unknown>, secret = SECRET) => {
    const text = JSON.stringify(body)
    return fetch(`${server.url}/v1/onramp/webhook/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': createHmac('sha256', secret).update(text).digest('hex') },
      body: text
    })
  }

  before(async () => {
    devnet = await startDevnet()
    sandbox = await startOnRampSandbox({ chains: devnet.chains, dusd: devnet.tokens.DUSD, apiKey: API_KEY })
    server = await serverWith(devnet, sandbox.url)
    sandbox.setWebhook({ url: `${server.url}/v1/onramp/webhook/sandbox`, secret: SECRET })
  })
  after(async () => {
    await server?.close()
    await sandbox?.close()
    await devnet?.stop()
  })

  it('lists the providers, and what the sandbox sells and takes', async () => {
    const { status, body } = await getJson(urlOf(server.url, '/v1/onramp/options'))
    assert.equal(status, 200)
    assert.deepEqual(body.providers, [{ id: 'sandbox', name: 'Devnet Sandbox', feeRange: '1-2%', networks: ['eip155:31337', 'eip155:31338'] }])
    assert.deepEqual(
      body.purchaseCurrencies[0].networks.map((n: { name: string; chain_id: string }) => [n.name, n.chain_id]),
      [
        ['devnet', '31337'],
        ['devnet-2', '31338']
      ]
    )
    assert.deepEqual(
      body.paymentCurrencies.map((c: { id: string }) => c.id),
      ['USD', 'EUR']
    )
    assert.deepEqual(body.paymentCurrencies[0].payment_method_limits[0], { id: 'card', min: '20', max: '5000' })
    const unknown = await getJson(urlOf(server.url, '/v1/onramp/options', { provider: 'nope' }))
    assert.deepEqual([unknown.status, unknown.body.reason], [400, 'Unknown on-ramp provider: nope'])
  })

  it('quotes with every fee, in either currency', async () => {
    const usd = await post('/v1/onramp/quote', { purchaseCurrency: 'DUSD', paymentCurrency: 'USD', amount: '50', network: 'devnet' })
    assert.equal(usd.status, 200)
    // 1.5% fee (0.75) and 0.10 network fee out of 50.00: 49.15 DUSD.
    assert.deepEqual(
      { ...usd.body.quote, quoteId: undefined },
      {
        purchaseAmount: { amount: '49.15', currency: 'DUSD' },
        paymentSubtotal: { amount: '49.15', currency: 'USD' },
        paymentTotal: { amount: '50.00', currency: 'USD' },
        networkFee: { amount: '0.10', currency: 'USD' },
        providerFee: { amount: '0.75', currency: 'USD' },
        quoteId: undefined
      }
    )
    assert.match(usd.body.quote.quoteId, /^sandbox-[0-9a-f]{16}$/)
    const eur = await post('/v1/onramp/quote', { purchaseCurrency: 'DUSD', paymentCurrency: 'EUR', paymentMethod: 'bank', amount: '50', network: 'devnet-2' })
    assert.equal(eur.body.quote.purchaseAmount.amount, '53.082')
  })

  it("refuses amounts outside the payment method's limits, and what the provider does not sell", async () => {
    const reason = async (body: Record<string, unknown>) => {
      const r = await post('/v1/onramp/quote', { purchaseCurrency: 'DUSD', paymentCurrency: 'USD', network: 'devnet', amount: '50', ...body })
      assert.equal(r.status, 400)
      return r.body.reason as string
    }
    assert.equal(await reason({ amount: '19.99' }), 'Amount must be between 20.00 and 5,000.00 USD')
    assert.equal(await reason({ amount: '5000.01' }), 'Amount must be between 20.00 and 5,000.00 USD')
    assert.equal(await reason({ amount: '10000.01', paymentMethod: 'bank' }), 'Amount must be between 20.00 and 10,000.00 USD')
    assert.equal(await reason({ paymentCurrency: 'GBP' }), 'Devnet Sandbox does not take GBP')
    assert.equal(await reason({ purchaseCurrency: 'BTC' }), 'Devnet Sandbox does not sell BTC')
    assert.equal(await reason({ network: 'mainnet' }), 'Devnet Sandbox does not sell DUSD on mainnet')
    assert.match(await reason({ amount: '-5' }), /amount/)
  })

  it('opens a checkout on the provider; paying with the test card sends the DUSD, and the feed lists it as bought', async () => {
    const before = await dusdOf(BUYER)
    assert.equal(before, 0n)
    const { status, body } = await post('/v1/generators/onrampurl', {
      destinationWallets: [{ address: BUYER, blockchains: ['devnet'], assets: ['DUSD'] }],
      defaultNetwork: 'devnet',
      partnerUserId: BUYER,
      defaultExperience: 'buy',
      presetFiatAmount: '50',
      fiatCurrency: 'USD'
    })
    assert.equal(status, 200)
    assert.ok(body.url.startsWith(`${sandbox.url}/checkout/`), body.url)
    const page = await (await fetch(body.url)).text()
    assert.match(page, /You receive<\/dt><dd data-testid="checkout-purchase">49\.15 DUSD/)
    const declined = await fetch(`${body.url}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'card=4000+0000+0000+0002'
    })
    assert.equal(declined.status, 402)
    assert.equal(await dusdOf(BUYER), 0n)
    const paid = await fetch(`${body.url}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'card=4242+4242+4242+4242'
    })
    assert.equal(paid.status, 200)
    assert.equal(await dusdOf(BUYER), 49_150_000n)
    const [purchase] = sandbox.purchases()
    // The feed: once indexed, the transfer is a purchase from the sandbox, also under onramp=sandbox.
    const receipt = await jsonRpc<{ blockNumber: Hex }>(devnet.chains[0]!.rpcUrl, 'eth_getTransactionReceipt', [purchase!.txHash])
    await server.history!.waitForBlock('eip155:31337', Number(receipt.blockNumber))
    for (const onramp of [undefined, 'sandbox']) {
      const feed = await getJson(urlOf(server.url, `/v1/account/${BUYER}/history`, { chainId: 'eip155:31337', onramp }))
      assert.equal(feed.status, 200)
      const [tx] = feed.body.data
      assert.deepEqual([tx.metadata.hash, tx.metadata.operationType, tx.metadata.onramp], [purchase!.txHash, 'buy', 'sandbox'])
      assert.deepEqual(
        tx.transfers.map((t: { direction: string; quantity: { numeric: string }; fungible_info: { symbol: string } }) => [
          t.direction,
          t.quantity.numeric,
          t.fungible_info.symbol
        ]),
        [['in', '49.15', 'DUSD']]
      )
    }
    const none = await getJson(urlOf(server.url, `/v1/account/${BUYER}/history`, { chainId: 'eip155:31337', onramp: 'coinbase' }))
    assert.deepEqual(none.body.data, [])
  })

  it('takes only signed, well-formed purchase reports for networks the provider sells on', async () => {
    const good = {
      txHash: `0x${'ab'.repeat(32)}`,
      network: 'eip155:31337',
      address: BUYER,
      asset: 'DUSD',
      amount: '1',
      fiatAmount: '20.00',
      fiatCurrency: 'USD'
    }
    assert.equal((await report(good, 'x'.repeat(64))).status, 401)
    assert.equal((await report({ ...good, txHash: 'nope' })).status, 400)
    const other = await report({ ...good, network: 'eip155:1' })
    assert.deepEqual([other.status, ((await other.json()) as { reason: string }).reason], [400, 'The provider does not sell on eip155:1'])
    assert.equal((await report(good)).status, 204)
    assert.equal((await report(good)).status, 204, 'a repeated report changes nothing')
    const unknown = await fetch(`${server.url}/v1/onramp/webhook/acme`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    assert.equal(unknown.status, 404)
  })
})

describe('on-ramp API with a provider that fails', () => {
  let devnet: Devnet
  const stops: (() => Promise<unknown>)[] = []
  before(async () => {
    devnet = await startDevnet()
  })
  after(async () => {
    for (const stop of stops.reverse()) await stop()
    await devnet?.stop()
  })
  /** A stand-in provider answering every call with `answer` (or never, for `hang`). */
  const standIn = async (answer: 'hang' | ((url: string) => { status: number; body: unknown })): Promise<string> => {
    const http: Server = createHttpServer((req, res) => {
      if (answer === 'hang') return
      const { status, body } = answer(req.url ?? '')
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    })
    await new Promise<void>(resolve => http.listen(0, '127.0.0.1', resolve))
    stops.push(() => new Promise(resolve => (http.closeAllConnections(), http.close(resolve))))
    return `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  }
  const started = async (url: string, timeoutMs?: number) => {
    const server = await serverWith(devnet, url, timeoutMs)
    stops.push(() => server.close())
    return server
  }

  it('answers 502 for a provider that is down or malformed, 504 for one that does not answer', async () => {
    const down = await started(`http://127.0.0.1:${await findFreePort()}`)
    const r1 = await getJson(urlOf(down.url, '/v1/onramp/options'))
    assert.deepEqual([r1.status, r1.body.reason], [502, 'Devnet Sandbox unreachable'])
    const slow = await started(await standIn('hang'), 300)
    const r2 = await getJson(urlOf(slow.url, '/v1/onramp/options'))
    assert.deepEqual([r2.status, r2.body.reason], [504, 'Devnet Sandbox did not answer within 300 ms'])
    const odd = await started(await standIn(() => ({ status: 200, body: { purchaseCurrencies: 'many' } })))
    const r3 = await getJson(urlOf(odd.url, '/v1/onramp/options'))
    assert.deepEqual([r3.status, r3.body.reason], [502, 'Devnet Sandbox gave a malformed answer'])
  })

  it('refuses a checkout URL on another origin than the provider', async () => {
    const options = { purchaseCurrencies: [], paymentCurrencies: [] }
    const evil = await started(
      await standIn(url => (url.startsWith('/api/sessions') ? { status: 200, body: { url: 'http://127.0.0.2:9/checkout' } } : { status: 200, body: options }))
    )
    const r = await postJson(urlOf(evil.url, '/v1/generators/onrampurl'), {
      destinationWallets: [{ address: BUYER, blockchains: ['devnet'], assets: ['DUSD'] }],
      defaultNetwork: 'devnet',
      partnerUserId: BUYER,
      defaultExperience: 'buy'
    })
    assert.deepEqual([r.status, r.body.reason], [502, 'Devnet Sandbox answered a checkout URL on another origin'])
  })
})
