// The on-ramp sandbox as its callers see it: the provider API (with its key), the checkout page a
// person pays on, and the signed purchase report. The chain is a small JSON-RPC node on loopback
// (the local Solana network's faucet), so a payment needs no anvil.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SANDBOX_TEST_CARD, startOnRampSandbox, type OnRampSandbox } from './startOnRampSandbox.js'

const API_KEY = 'sandbox-test-key'
const SECRET = 'sandbox-webhook-secret'
const DUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const BUYER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOLANA_BUYER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'

/** A loopback HTTP server answering `answer(body)` as JSON, keeping what it was sent. */
async function recorder(answer: (body: string) => unknown) {
  const received: { body: string; headers: Record<string, unknown> }[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', chunk => void (body += chunk))
    req.on('end', () => {
      received.push({ body, headers: req.headers })
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(body)))
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>(resolve => server.close(() => resolve()))
  }
}

describe('on-ramp sandbox', () => {
  let sandbox: OnRampSandbox
  let solana: Awaited<ReturnType<typeof recorder>>
  let webhook: Awaited<ReturnType<typeof recorder>>

  const api = async (method: string, path: string, body?: string, key: string | undefined = API_KEY) => {
    const response = await fetch(new URL(path, sandbox.url), {
      method,
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body
    })
    return { response, text: await response.text() }
  }
  const session = async (fields: Record<string, unknown>) => {
    const { response, text } = await api('POST', '/api/sessions', JSON.stringify(fields))
    assert.equal(response.status, 200, text)
    return (JSON.parse(text) as { url: string }).url
  }

  before(async () => {
    solana = await recorder(body => ({ jsonrpc: '2.0', id: (JSON.parse(body) as { id: number }).id, result: SIGNATURE }))
    webhook = await recorder(() => ({ ok: true }))
    sandbox = await startOnRampSandbox({
      chains: [{ chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:9/' }],
      dusd: DUSD,
      solana: { rpcUrl: solana.url, caipNetworkId: 'solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K', name: 'Local Solana' },
      apiKey: API_KEY
    })
    sandbox.setWebhook({ url: webhook.url, secret: SECRET })
  })
  after(async () => {
    await sandbox?.close()
    await solana?.close()
    await webhook?.close()
  })

  it('listens on 127.0.0.1', () => {
    assert.match(sandbox.url, /^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it('refuses the API without its key, whatever the path', async () => {
    for (const [method, path] of [
      ['GET', '/api/options'],
      ['POST', '/api/quote'],
      ['GET', '/api/nothing'],
      ['GET', '/api/%zz']
    ] as const) {
      const { response, text } = await api(method, path, undefined, 'wrong')
      assert.equal(response.status, 401)
      assert.deepEqual(JSON.parse(text), { reason: 'A valid API key is required' })
      assert.equal(response.headers.get('content-type'), 'application/json')
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff')
      assert.equal(response.headers.get('cache-control'), 'no-store')
    }
  })

  it('lists what it sells and its limits', async () => {
    const { response, text } = await api('GET', '/api/options')
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('content-type'), 'application/json')
    assert.deepEqual(JSON.parse(text), {
      purchaseCurrencies: [
        {
          id: 'DUSD',
          name: 'Devnet USD',
          symbol: 'DUSD',
          networks: [{ name: 'devnet', display_name: 'Devnet', chain_id: '31337', contract_address: DUSD }]
        },
        {
          id: 'SOL',
          name: 'Solana',
          symbol: 'SOL',
          networks: [{ name: 'solana-devnet', display_name: 'Local Solana', chain_id: '8E9rvCKLFQia2Y35HXjjpWzj8weVo44K', contract_address: '' }]
        }
      ],
      paymentCurrencies: ['USD', 'EUR'].map(id => ({
        id,
        payment_method_limits: [
          { id: 'card', min: '20', max: '5000' },
          { id: 'bank', min: '20', max: '10000' }
        ]
      }))
    })
  })

  it('quotes with its fees, and refuses what it does not sell', async () => {
    const quote = await api(
      'POST',
      '/api/quote',
      JSON.stringify({ purchaseCurrency: 'DUSD', network: 'devnet', amount: '100', paymentCurrency: 'USD', paymentMethod: 'card' })
    )
    assert.equal(quote.response.status, 200)
    const { quoteId, ...terms } = JSON.parse(quote.text) as Record<string, unknown>
    assert.match(String(quoteId), /^sandbox-[0-9a-f]{16}$/)
    assert.deepEqual(terms, {
      purchaseAmount: { amount: '98.4', currency: 'DUSD' },
      paymentSubtotal: { amount: '98.40', currency: 'USD' },
      paymentTotal: { amount: '100.00', currency: 'USD' },
      networkFee: { amount: '0.10', currency: 'USD' },
      providerFee: { amount: '1.50', currency: 'USD' }
    })
    const refusals: [Record<string, string>, string][] = [
      [{ purchaseCurrency: 'DUSD', network: 'devnet', amount: '5', paymentCurrency: 'USD' }, 'Amount must be between 20 and 5000 USD'],
      [{ purchaseCurrency: 'BTC', network: 'devnet', amount: '50', paymentCurrency: 'USD' }, 'The sandbox does not sell BTC'],
      [{ purchaseCurrency: 'DUSD', network: 'mainnet', amount: '50', paymentCurrency: 'USD' }, 'The sandbox does not sell DUSD on mainnet'],
      [{ purchaseCurrency: 'DUSD', network: 'devnet', amount: '50', paymentCurrency: 'GBP' }, 'The sandbox does not take card in GBP']
    ]
    for (const [body, reason] of refusals) {
      const { response, text } = await api('POST', '/api/quote', JSON.stringify(body))
      assert.equal(response.status, 400)
      assert.deepEqual(JSON.parse(text), { reason })
    }
  })

  it('answers unknown API routes, methods and bad JSON in its own envelope', async () => {
    assert.deepEqual(await api('GET', '/api/quote').then(r => [r.response.status, JSON.parse(r.text)]), [404, { reason: 'Not found' }])
    assert.deepEqual(await api('POST', '/api/nothing', '{}').then(r => [r.response.status, JSON.parse(r.text)]), [404, { reason: 'Not found' }])
    assert.equal((await api('HEAD', '/api/options')).response.status, 404)
    const bad = await api('POST', '/api/quote', '{not json')
    assert.equal(bad.response.status, 500)
    assert.equal(typeof (JSON.parse(bad.text) as { reason: unknown }).reason, 'string')
    const big = await api('POST', '/api/quote', JSON.stringify({ pad: 'x'.repeat(20_000) }))
    assert.deepEqual([big.response.status, JSON.parse(big.text)], [500, { reason: 'body too large' }])
  })

  it('opens sessions only for an address of the network it sells on', async () => {
    const notAddress = await api('POST', '/api/sessions', JSON.stringify({ address: '0x12', defaultNetwork: 'devnet', networks: ['devnet'] }))
    assert.deepEqual([notAddress.response.status, JSON.parse(notAddress.text)], [400, { reason: 'Not an address on devnet' }])
    const elsewhere = await api('POST', '/api/sessions', JSON.stringify({ address: BUYER, defaultNetwork: 'devnet', networks: ['devnet-2'] }))
    assert.deepEqual([elsewhere.response.status, JSON.parse(elsewhere.text)], [400, { reason: 'The sandbox does not sell on devnet' }])
    const url = await session({ address: BUYER, defaultNetwork: 'devnet', networks: ['devnet'], presetFiatAmount: '50' })
    assert.match(url, new RegExp(`^${sandbox.url}/checkout/[0-9a-f]{32}$`))
  })

  it('shows the checkout under a strict policy, declines other cards, pays with the test card and reports it signed', async () => {
    const url = await session({
      address: SOLANA_BUYER,
      defaultNetwork: 'solana-devnet',
      networks: ['solana-devnet'],
      presetFiatAmount: '150',
      fiatCurrency: 'USD',
      partnerUserId: 'user-1'
    })
    const checkout = await fetch(url)
    const html = await checkout.text()
    assert.equal(checkout.status, 200)
    assert.equal(checkout.headers.get('content-type'), 'text/html; charset=utf-8')
    assert.equal(
      checkout.headers.get('content-security-policy'),
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    )
    assert.equal(checkout.headers.get('referrer-policy'), 'no-referrer')
    assert.equal(checkout.headers.get('x-content-type-options'), 'nosniff')
    assert.equal(checkout.headers.get('cache-control'), 'no-store')
    assert.match(html, /<title>Devnet Sandbox checkout<\/title>/)
    assert.match(html, /data-testid="checkout-total">150.00 USD</)
    assert.match(html, /data-testid="checkout-purchase">0.984333333 SOL</)
    assert.match(html, /<dt>Network<\/dt><dd>Local Solana<\/dd>/)
    assert.ok(html.includes(`action="${new URL(url).pathname}/pay"`))

    const pay = (card: string) =>
      fetch(`${url}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ card }) })
    const declined = await pay('4000 0000 0000 0002')
    assert.equal(declined.status, 402)
    assert.match(await declined.text(), /<p class="error" role="alert">Card declined: use the test card.<\/p>/)
    assert.equal(solana.received.length, 0)

    const paid = await pay(SANDBOX_TEST_CARD)
    const paidHtml = await paid.text()
    assert.equal(paid.status, 200)
    assert.equal(paid.headers.get('content-security-policy')?.startsWith("default-src 'none'"), true)
    assert.match(paidHtml, /<title>Payment complete<\/title>/)
    assert.match(paidHtml, /data-testid="paid-amount">0.984333333 SOL<\/strong> sent to <code>9WzDX/)
    assert.ok(paidHtml.includes(`data-testid="paid-tx">${SIGNATURE}<`))
    assert.deepEqual(JSON.parse(solana.received[0]!.body).params, [SOLANA_BUYER, 984_333_333])

    const purchase = {
      sessionId: new URL(url).pathname.split('/')[2],
      txHash: SIGNATURE,
      network: 'solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K',
      address: SOLANA_BUYER,
      asset: 'SOL',
      amount: '0.984333333',
      fiatAmount: '150.00',
      fiatCurrency: 'USD',
      partnerUserId: 'user-1'
    }
    assert.deepEqual(sandbox.purchases(), [purchase])
    const report = webhook.received[0]!
    assert.deepEqual(JSON.parse(report.body), { provider: 'sandbox', ...purchase })
    assert.equal(report.headers['x-sandbox-signature'], createHmac('sha256', SECRET).update(report.body).digest('hex'))

    // Paid once: the page and a second payment show the purchase, nothing more is sent.
    assert.match(await (await fetch(url)).text(), /Payment complete/)
    assert.equal((await pay(SANDBOX_TEST_CARD)).status, 200)
    assert.equal(solana.received.length, 1)
    assert.equal(webhook.received.length, 1)
  })

  it('answers unknown checkouts with a page, and everything else with a plain 404', async () => {
    const unknown = await fetch(`${sandbox.url}/checkout/${'0'.repeat(32)}`)
    assert.equal(unknown.status, 404)
    assert.equal(unknown.headers.get('content-type'), 'text/html; charset=utf-8')
    assert.match(await unknown.text(), /<title>Checkout not found<\/title>/)
    assert.equal((await fetch(`${sandbox.url}/checkout/${'0'.repeat(32)}/pay`, { method: 'POST', body: 'card=1' })).status, 404)

    const url = await session({ address: BUYER, defaultNetwork: 'devnet', networks: ['devnet'] })
    for (const [method, path] of [
      ['GET', '/nothing'],
      ['GET', '/checkout/xyz'],
      ['POST', url],
      ['GET', `${url}/pay`]
    ] as const) {
      const response = await fetch(new URL(path, sandbox.url), { method })
      assert.equal(response.status, 404, `${method} ${path}`)
      assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8')
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff')
      assert.equal(await response.text(), 'Not found')
    }
  })
})
