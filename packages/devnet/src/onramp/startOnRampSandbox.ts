import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem'
import { DEPLOYER_ACCOUNT, DEVNET_TOKEN_DECIMALS } from '../constants.js'
import { jsonRpc } from '../jsonRpc.js'
import { waitForReceipt } from '../waitForReceipt.js'
import { escapeHtml, readBody } from '../server/standInHttp.js'

/** The test card the sandbox accepts (any other number is declined, as a provider's test mode does). */
export const SANDBOX_TEST_CARD = '4242 4242 4242 4242'

/**
 * The sandbox's limits per payment method, in either currency: deliberately unlike the modal's
 * built-in fallback limits (card 10–7,500, bank 10–25,000), so a page shows which it used.
 */
export const SANDBOX_LIMITS = { card: { min: '20', max: '5000' }, bank: { min: '20', max: '10000' } } as const

/**
 * What the sandbox sells: DUSD (standing in for USDC) on the EVM chains, at 1 USD; SOL on the local
 * Solana network at the demo's 150 USD, paid by the network's faucet (`requestAirdrop`).
 */
const ASSETS = { DUSD: { priceUsd: 1, decimals: DEVNET_TOKEN_DECIMALS }, SOL: { priceUsd: 150, decimals: 9 } } as const
type Asset = keyof typeof ASSETS
/** The sandbox's name of the local Solana network. */
export const SANDBOX_SOLANA_NETWORK = 'solana-devnet'

/** What one unit of each payment currency is worth in USD. */
const FIAT_IN_USD: Record<string, number> = { USD: 1, EUR: 1.08 }
/** The provider's fee (1.5%, within the advertised 1–2%) and a flat network fee per purchase, in the payment currency. */
const PROVIDER_FEE_BPS = 150n
const NETWORK_FEE_CENTS = 10n
/** Sessions a checkout may be opened from (older ones are dropped first). */
const MAX_SESSIONS = 1000

/** A chain the sandbox sells DUSD on. */
export interface SandboxChain {
  chainId: number
  name: string
  rpcUrl: string
}

/** Options of {@link startOnRampSandbox}. */
export interface OnRampSandboxOptions {
  port?: number
  /** The devnet chains; DUSD (its contract `dusd`) stands in for USDC on each. */
  chains: readonly SandboxChain[]
  dusd: Address
  /** The local Solana network: SOL is sold there too. */
  solana?: { rpcUrl: string; caipNetworkId: string; name: string }
  /** The key the wallet-modal server calls the API with. */
  apiKey: string
  /** Where purchases are reported (the server's webhook), and the secret that signs the reports. */
  webhook?: { url: string; secret: string }
}

/** The running sandbox. */
export interface OnRampSandbox {
  readonly url: string
  /** The purchases paid so far, oldest first. */
  purchases(): readonly SandboxPurchase[]
  /** Points the purchase reports at the server (known only once it runs). */
  setWebhook(webhook: { url: string; secret: string }): void
  close(): Promise<void>
}

/** A paid purchase. */
export interface SandboxPurchase {
  sessionId: string
  /** A 0x transaction hash, or a Solana signature. */
  txHash: string
  network: string
  address: string
  asset: string
  /** Whole units of the asset sent. */
  amount: string
  fiatAmount: string
  fiatCurrency: string
  partnerUserId: string
}

interface Session {
  id: string
  address: string
  network: string
  asset: Asset
  fiatAmount: string
  fiatCurrency: string
  paymentMethod: string
  partnerUserId: string
  paid?: SandboxPurchase
}

/** Network names the sandbox uses: `devnet` for the first chain, `devnet-2` and so on after. */
const networkName = (i: number) => (i === 0 ? 'devnet' : `devnet-${i + 1}`)

/** Cents of a decimal money amount (at most 2 places), or undefined. */
function cents(amount: string): bigint | undefined {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount)
  return m ? BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0')) : undefined
}
const fromCents = (c: bigint) => `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`

/** The fees and what a payment buys of `asset` (DUSD is worth 1 USD, SOL 150; EUR converts at its USD rate). */
export function sandboxQuote(
  fiatAmount: string,
  fiatCurrency: string,
  asset: Asset = 'DUSD'
): { purchase: string; units: bigint; subtotal: string; total: string; networkFee: string; providerFee: string } | undefined {
  const total = cents(fiatAmount)
  const rate = FIAT_IN_USD[fiatCurrency]
  if (total === undefined || rate === undefined) return undefined
  const providerFee = (total * PROVIDER_FEE_BPS + 9_999n) / 10_000n
  const subtotal = total - providerFee - NETWORK_FEE_CENTS
  if (subtotal <= 0n) return undefined
  // Subtotal (cents of the currency) in the asset's base units, rounded down.
  const { priceUsd, decimals } = ASSETS[asset]
  const one = 10n ** BigInt(decimals)
  const units = (subtotal * BigInt(Math.round(rate * 10_000)) * one) / (1_000_000n * BigInt(priceUsd))
  const frac = (units % one).toString().padStart(decimals, '0').replace(/0+$/, '')
  return {
    purchase: frac ? `${units / one}.${frac}` : String(units / one),
    units,
    subtotal: fromCents(subtotal),
    total: fromCents(total),
    networkFee: fromCents(NETWORK_FEE_CENTS),
    providerFee: fromCents(providerFee)
  }
}

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', ...headers }).end(body)
}
const json = (res: ServerResponse, status: number, body: unknown) => send(res, status, 'application/json', JSON.stringify(body))

/** The checkout pages' policy: no script at all; the form posts to this origin only. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.8rem 0 .2rem;font-weight:600}input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}button{font:inherit;margin-top:1rem;padding:.6rem 1rem;width:100%}dl{display:grid;grid-template-columns:auto auto;gap:.3rem 1rem}dd{margin:0;text-align:right}.note{color:#555}.error{color:#b00020;font-weight:600}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`
}

/**
 * The devnet's on-ramp sandbox: a provider with a real HTTP API for the wallet-modal server
 * (`GET /api/options`, `POST /api/quote`, `POST /api/sessions`, with its API key as a bearer token)
 * and a checkout page a person uses (`/checkout/{session}`: a card field, the test card
 * {@link SANDBOX_TEST_CARD}, the amount). Paying charges nothing: the sandbox sends what the quote
 * promised to the buyer (DUSD from the devnet's deployer account on an EVM chain, waiting until it
 * is mined; SOL from the local Solana network's faucet), then reports the purchase to the server's webhook, signed with HMAC-SHA256 of the body
 * (`x-sandbox-signature`). Listens on 127.0.0.1.
 *
 * @example
 * ```ts
 * const sandbox = await startOnRampSandbox({ chains: devnet.chains, dusd: devnet.tokens.DUSD, apiKey })
 * // server config: onramp: { providers: [{ sandbox: { url: sandbox.url, apiKey, networks, webhookSecret } }] }
 * ```
 */
export async function startOnRampSandbox(options: OnRampSandboxOptions): Promise<OnRampSandbox> {
  const sessions = new Map<string, Session>()
  const purchases: SandboxPurchase[] = []
  let webhook = options.webhook
  const chains = new Map(options.chains.map((c, i) => [networkName(i), c]))
  const authorized = (req: IncomingMessage) => {
    const given = Buffer.from(req.headers.authorization ?? '')
    const expected = Buffer.from(`Bearer ${options.apiKey}`)
    return given.length === expected.length && timingSafeEqual(given, expected)
  }
  const solana = options.solana
  const optionsAnswer = () => ({
    purchaseCurrencies: [
      {
        id: 'DUSD',
        name: 'Devnet USD',
        symbol: 'DUSD',
        networks: options.chains.map((c, i) => ({ name: networkName(i), display_name: c.name, chain_id: String(c.chainId), contract_address: options.dusd }))
      },
      ...(solana
        ? [
            {
              id: 'SOL',
              name: 'Solana',
              symbol: 'SOL',
              networks: [
                {
                  name: SANDBOX_SOLANA_NETWORK,
                  display_name: solana.name,
                  chain_id: solana.caipNetworkId.slice(solana.caipNetworkId.indexOf(':') + 1),
                  contract_address: ''
                }
              ]
            }
          ]
        : [])
    ],
    paymentCurrencies: Object.keys(FIAT_IN_USD).map(id => ({
      id,
      payment_method_limits: Object.entries(SANDBOX_LIMITS).map(([method, l]) => ({ id: method, ...l }))
    }))
  })
  /** A quote, or the reason there is none (the same checks the API and the checkout apply). */
  const sells = (asset: string, network: string) => (asset === 'DUSD' ? chains.has(network) : asset === 'SOL' && !!solana && network === SANDBOX_SOLANA_NETWORK)
  const quoteOf = (asset: string, network: string, fiatAmount: string, fiatCurrency: string, method: string) => {
    if (!(asset in ASSETS)) return { reason: `The sandbox does not sell ${asset}` }
    if (!sells(asset, network)) return { reason: `The sandbox does not sell ${asset} on ${network}` }
    const limits = SANDBOX_LIMITS[method as keyof typeof SANDBOX_LIMITS]
    const amount = cents(fiatAmount)
    if (!limits || !(fiatCurrency in FIAT_IN_USD)) return { reason: `The sandbox does not take ${method} in ${fiatCurrency}` }
    if (amount === undefined || amount < cents(limits.min)! || amount > cents(limits.max)!)
      return { reason: `Amount must be between ${limits.min} and ${limits.max} ${fiatCurrency}` }
    const q = sandboxQuote(fiatAmount, fiatCurrency, asset as Asset)
    return q ? { quote: q } : { reason: 'Amount too small' }
  }

  /** Sends the purchase on chain, waits for it, reports it. */
  const pay = async (session: Session): Promise<SandboxPurchase> => {
    const q = sandboxQuote(session.fiatAmount, session.fiatCurrency, session.asset)!
    let txHash: string
    let network: string
    if (session.asset === 'SOL') {
      // The local network's faucet pays: a recorded transfer, like any other.
      txHash = await jsonRpc<string>(solana!.rpcUrl, 'requestAirdrop', [session.address, Number(q.units)])
      network = solana!.caipNetworkId
    } else {
      const chain = chains.get(session.network)!
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [session.address as Address, q.units] })
      txHash = await jsonRpc<Hex>(chain.rpcUrl, 'eth_sendTransaction', [{ from: DEPLOYER_ACCOUNT, to: options.dusd, data, gas: '0x30d40' }])
      const receipt = await waitForReceipt(chain.rpcUrl, txHash as Hex)
      if (receipt.status !== '0x1') throw new Error(`the DUSD transfer ${txHash} reverted`)
      network = `eip155:${chain.chainId}`
    }
    const purchase: SandboxPurchase = {
      sessionId: session.id,
      txHash,
      network,
      address: session.address,
      asset: session.asset,
      amount: q.purchase,
      fiatAmount: q.total,
      fiatCurrency: session.fiatCurrency,
      partnerUserId: session.partnerUserId
    }
    purchases.push(purchase)
    if (webhook) {
      const body = JSON.stringify({ provider: 'sandbox', ...purchase })
      const signature = createHmac('sha256', webhook.secret).update(body).digest('hex')
      // The server records the purchase for Activity; the chain already has it, so a failed report is only logged.
      await fetch(webhook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
        body,
        signal: AbortSignal.timeout(10_000)
      })
        .then(r => (r.ok ? undefined : console.warn(`onramp sandbox: the webhook answered HTTP ${r.status}`)))
        .catch((error: unknown) => console.warn(`onramp sandbox: the webhook failed: ${error instanceof Error ? error.message : String(error)}`))
    }
    return purchase
  }

  const checkoutPage = (session: Session, problem?: string) => {
    const q = sandboxQuote(session.fiatAmount, session.fiatCurrency, session.asset)
    return page(
      'Devnet Sandbox checkout',
      `<p class="note">A test provider: nothing is charged. Use the test card <strong>${SANDBOX_TEST_CARD}</strong>.</p>
<dl><dt>You pay</dt><dd data-testid="checkout-total">${escapeHtml(q?.total ?? session.fiatAmount)} ${escapeHtml(session.fiatCurrency)}</dd>
<dt>You receive</dt><dd data-testid="checkout-purchase">${escapeHtml(q?.purchase ?? '?')} ${escapeHtml(session.asset)}</dd>
<dt>To</dt><dd><code>${escapeHtml(session.address)}</code></dd><dt>Network</dt><dd>${escapeHtml(chains.get(session.network)?.name ?? solana?.name ?? session.network)}</dd></dl>
${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="/checkout/${escapeHtml(session.id)}/pay"><label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="${SANDBOX_TEST_CARD}" required>
<button type="submit">Pay ${escapeHtml(q?.total ?? session.fiatAmount)} ${escapeHtml(session.fiatCurrency)}</button></form>`
    )
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      if (url.pathname.startsWith('/api/')) {
        if (!authorized(req)) return json(res, 401, { reason: 'A valid API key is required' })
        if (req.method === 'GET' && url.pathname === '/api/options') return json(res, 200, optionsAnswer())
        const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>
        const text = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : '')
        if (req.method === 'POST' && url.pathname === '/api/quote') {
          const r = quoteOf(text('purchaseCurrency'), text('network'), text('amount'), text('paymentCurrency'), text('paymentMethod') || 'card')
          if (!r.quote) return json(res, 400, { reason: r.reason })
          const money = (amount: string, currency: string) => ({ amount, currency })
          const c = text('paymentCurrency')
          return json(res, 200, {
            purchaseAmount: money(r.quote.purchase, text('purchaseCurrency')),
            paymentSubtotal: money(r.quote.subtotal, c),
            paymentTotal: money(r.quote.total, c),
            networkFee: money(r.quote.networkFee, c),
            providerFee: money(r.quote.providerFee, c),
            quoteId: `sandbox-${randomBytes(8).toString('hex')}`
          })
        }
        if (req.method === 'POST' && url.pathname === '/api/sessions') {
          const networks = Array.isArray(body.networks) ? body.networks.map(String) : []
          const network = text('defaultNetwork')
          const address = text('address')
          const onSolana = network === SANDBOX_SOLANA_NETWORK
          if (!(onSolana ? /^[1-9A-HJ-NP-Za-km-z]{32,44}$/ : /^0x[0-9a-fA-F]{40}$/).test(address))
            return json(res, 400, { reason: `Not an address on ${network}` })
          if (!networks.includes(network)) return json(res, 400, { reason: `The sandbox does not sell on ${network}` })
          const fiatCurrency = text('fiatCurrency') || 'USD'
          const fiatAmount = text('presetFiatAmount') || SANDBOX_LIMITS.card.min
          const method = text('paymentMethod') || 'card'
          const asset = text('defaultAsset') || (onSolana ? 'SOL' : 'DUSD')
          const r = quoteOf(asset, network, fiatAmount, fiatCurrency, method)
          if (!r.quote) return json(res, 400, { reason: r.reason })
          const id = randomBytes(16).toString('hex')
          if (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value!)
          sessions.set(id, {
            id,
            address,
            network,
            asset: asset as Asset,
            fiatAmount,
            fiatCurrency,
            paymentMethod: method,
            partnerUserId: text('partnerUserId')
          })
          const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
          return json(res, 200, { url: `${origin}/checkout/${id}` })
        }
        return json(res, 404, { reason: 'Not found' })
      }
      const checkout = /^\/checkout\/([0-9a-f]{32})(\/pay)?$/.exec(url.pathname)
      const session = checkout ? sessions.get(checkout[1]!) : undefined
      const html = (status: number, body: string) =>
        send(res, status, 'text/html; charset=utf-8', body, { 'content-security-policy': PAGE_CSP, 'referrer-policy': 'no-referrer' })
      if (checkout && !session) return html(404, page('Checkout not found', '<p>This checkout does not exist or has expired. Start again from the site.</p>'))
      if (session && req.method === 'GET' && !checkout![2]) {
        if (session.paid) return html(200, paidPage(session.paid))
        return html(200, checkoutPage(session))
      }
      if (session && req.method === 'POST' && checkout![2]) {
        if (session.paid) return html(200, paidPage(session.paid))
        const card = new URLSearchParams(await readBody(req)).get('card')?.replace(/\s+/g, '') ?? ''
        if (card !== SANDBOX_TEST_CARD.replace(/\s+/g, '')) return html(402, checkoutPage(session, 'Card declined: use the test card.'))
        session.paid = await pay(session)
        return html(200, paidPage(session.paid))
      }
      send(res, 404, 'text/plain; charset=utf-8', 'Not found')
    })().catch(err => {
      if (!res.headersSent) json(res, 500, { reason: err instanceof Error ? err.message : String(err) })
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    purchases: () => [...purchases],
    setWebhook: next => void (webhook = next),
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

function paidPage(p: SandboxPurchase): string {
  return page(
    'Payment complete',
    `<p role="status">Paid ${escapeHtml(p.fiatAmount)} ${escapeHtml(p.fiatCurrency)}: <strong data-testid="paid-amount">${escapeHtml(p.amount)} ${escapeHtml(p.asset)}</strong> sent to <code>${escapeHtml(p.address)}</code>.</p>
<p class="note">Transaction <code data-testid="paid-tx">${escapeHtml(p.txHash)}</code>. You can close this window and return to the site.</p>`
  )
}
