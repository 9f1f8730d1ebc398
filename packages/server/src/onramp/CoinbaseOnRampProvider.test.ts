// Coinbase Onramp through /v1/onramp/*, against a loopback stand-in that answers in Coinbase's
// documented shapes (buy options, buy quote, session token) and, like Coinbase, accepts only a
// JWT signed with the operator's CDP key for that exact call.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ed25519 } from '@noble/curves/ed25519'
import { base64, base64urlnopad } from '@scure/base'
import { createServer, parseServerConfig, type WalletModalServer } from '../index.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { getJson, postJson, urlOf } from '../__fixtures__/http.js'

const KEY_ID = 'organizations/org-1/apiKeys/key-1'
const SEED = randomBytes(32)
const PUBLIC = ed25519.getPublicKey(SEED)
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** Checks the bearer JWT as Coinbase would: signature, key, lifetime and the call it names. */
function verifiedClaims(req: IncomingMessage, host: string): Record<string, unknown> | undefined {
  const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
  const [header, payload, signature] = token?.split('.') ?? []
  if (!header || !payload || !signature) return undefined
  if (!ed25519.verify(base64urlnopad.decode(signature), new TextEncoder().encode(`${header}.${payload}`), PUBLIC)) return undefined
  const h = JSON.parse(new TextDecoder().decode(base64urlnopad.decode(header)))
  const claims = JSON.parse(new TextDecoder().decode(base64urlnopad.decode(payload)))
  const now = Date.now() / 1000
  const path = new URL(req.url ?? '/', 'http://x').pathname
  if (h.alg !== 'EdDSA' || h.kid !== KEY_ID || claims.sub !== KEY_ID || claims.nbf > now + 5 || claims.exp < now || claims.exp - claims.nbf > 300) return undefined
  return claims.uri === `${req.method} ${host}${path}` ? claims : undefined
}

describe('Coinbase on-ramp provider (recorded-shape stand-in)', () => {
  let standIn: Server
  let server: WalletModalServer
  const seen: { path: string; body?: any }[] = []

  before(async () => {
    standIn = createHttpServer((req, res) => {
      let text = ''
      req.on('data', c => (text += c))
      req.on('end', () => {
        const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
        const host = `127.0.0.1:${(standIn.address() as AddressInfo).port}`
        if (!verifiedClaims(req, host)) return send(401, { message: 'Unauthorized' })
        const path = new URL(req.url ?? '/', 'http://x').pathname
        seen.push({ path, body: text ? JSON.parse(text) : undefined })
        if (req.method === 'GET' && path === '/onramp/v1/buy/options') {
          return send(200, {
            payment_currencies: [{ id: 'USD', limits: [{ id: 'CARD', min: '2', max: '500' }, { id: 'ACH_BANK_ACCOUNT', min: '2', max: '25000' }, { id: 'APPLE_PAY', min: '2', max: '500' }] }],
            purchase_currencies: [
              {
                id: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
                name: 'USD Coin',
                symbol: 'USDC',
                networks: [{ name: 'base', display_name: 'Base', chain_id: '8453', contract_address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913' }]
              }
            ]
          })
        }
        if (req.method === 'POST' && path === '/onramp/v1/buy/quote') {
          const body = JSON.parse(text)
          if (body.paymentAmount === '3.00') return send(400, { message: 'Quote unavailable for this amount' })
          return send(200, {
            payment_total: { value: body.paymentAmount, currency: 'USD' },
            payment_subtotal: { value: '48.80', currency: 'USD' },
            purchase_amount: { value: '48.795632', currency: 'USDC' },
            coinbase_fee: { value: '1.19', currency: 'USD' },
            network_fee: { value: '0.01', currency: 'USD' },
            quote_id: 'q-123'
          })
        }
        if (req.method === 'POST' && path === '/onramp/v1/token') return send(200, { token: 'ZWJj.session' })
        send(404, { message: 'not found' })
      })
    })
    await new Promise<void>(resolve => standIn.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`
    const config = demoServerConfig({ chains: [{ chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:1' }], tokens: { DUSD: WALLET, USDT: WALLET } })
    config.history = { enabled: false }
    config.onramp = {
      providers: [{ coinbase: { keyId: KEY_ID, keySecret: base64.encode(new Uint8Array([...SEED, ...PUBLIC])), networks: ['eip155:8453'], apiUrl: base, payUrl: 'https://pay.coinbase.com' } }]
    }
    server = await createServer({ config: parseServerConfig(config), upstreamTimeoutMs: 2000 })
  })
  after(async () => {
    await server?.close()
    standIn?.closeAllConnections()
    await new Promise(resolve => standIn?.close(resolve))
  })

  it("lists Coinbase with its options in the wire's shapes (card and bank; other methods left out)", async () => {
    const { status, body } = await getJson(urlOf(server.url, '/v1/onramp/options'))
    assert.equal(status, 200)
    assert.deepEqual(body.providers, [{ id: 'coinbase', name: 'Coinbase', feeRange: '1-2%', networks: ['eip155:8453'] }])
    assert.deepEqual(body.paymentCurrencies, [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '2', max: '500' }, { id: 'bank', min: '2', max: '25000' }] }])
    assert.equal(body.purchaseCurrencies[0].networks[0].chain_id, '8453')
  })

  it("quotes through Coinbase's buy quote, with its fee as the provider's, and passes its refusal on", async () => {
    const { status, body } = await postJson(urlOf(server.url, '/v1/onramp/quote'), { purchaseCurrency: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4', paymentCurrency: 'USD', amount: '50', network: 'base' })
    assert.equal(status, 200)
    assert.deepEqual(body.quote, {
      purchaseAmount: { amount: '48.795632', currency: 'USDC' },
      paymentSubtotal: { amount: '48.80', currency: 'USD' },
      paymentTotal: { amount: '50.00', currency: 'USD' },
      networkFee: { amount: '0.01', currency: 'USD' },
      providerFee: { amount: '1.19', currency: 'USD' },
      quoteId: 'q-123'
    })
    assert.deepEqual(seen.at(-1)!.body, { purchaseCurrency: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4', purchaseNetwork: 'base', paymentAmount: '50.00', paymentCurrency: 'USD', paymentMethod: 'CARD', country: 'US' })
    const bank = await postJson(urlOf(server.url, '/v1/onramp/quote'), { purchaseCurrency: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4', paymentCurrency: 'USD', amount: '2', network: 'base', paymentMethod: 'bank' })
    assert.equal(bank.status, 200)
    assert.equal(seen.at(-1)!.body.paymentMethod, 'ACH_BANK_ACCOUNT')
    const refused = await postJson(urlOf(server.url, '/v1/onramp/quote'), { purchaseCurrency: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4', paymentCurrency: 'USD', amount: '3', network: 'base' })
    assert.deepEqual([refused.status, refused.body.reason], [400, 'Coinbase: Quote unavailable for this amount'])
  })

  it("opens Coinbase's hosted checkout with a session token for the wallet, the network and the preset amount", async () => {
    const { status, body } = await postJson(urlOf(server.url, '/v1/generators/onrampurl'), {
      destinationWallets: [{ address: WALLET, blockchains: ['base'], assets: ['USDC'] }],
      defaultNetwork: 'base',
      partnerUserId: WALLET,
      defaultExperience: 'buy',
      presetFiatAmount: '50',
      fiatCurrency: 'USD',
      paymentMethod: 'card'
    })
    assert.equal(status, 200)
    const url = new URL(body.url)
    assert.equal(url.origin + url.pathname, 'https://pay.coinbase.com/buy/select-asset')
    assert.deepEqual(Object.fromEntries(url.searchParams), {
      sessionToken: 'ZWJj.session',
      defaultNetwork: 'base',
      partnerUserId: WALLET,
      defaultExperience: 'buy',
      presetFiatAmount: '50',
      fiatCurrency: 'USD',
      defaultPaymentMethod: 'CARD'
    })
    assert.deepEqual(seen.at(-1), { path: '/onramp/v1/token', body: { addresses: [{ address: WALLET, blockchains: ['base'] }], assets: ['USDC'] } })
  })

  it('refuses a configuration whose key secret is not an Ed25519 secret', () => {
    const config = demoServerConfig({ chains: [{ chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:1' }], tokens: { DUSD: WALLET, USDT: WALLET } })
    config.onramp = { providers: [{ coinbase: { keyId: KEY_ID, keySecret: 'not-a-key', networks: ['eip155:8453'] } }] }
    assert.throws(() => parseServerConfig(config), /keySecret/)
  })
})
