// A stand-in for Coinbase Onramp's server API (https://api.developer.coinbase.com/onramp/v1/…) and
// its hosted checkout (https://pay.coinbase.com/buy/select-asset), answering as its published
// reference does (https://docs.cdp.coinbase.com/api-reference/rest-api/onramp-offramp/, the guides
// under https://docs.cdp.coinbase.com/onramp/, and https://docs.cdp.coinbase.com/pay-sdk/docs/api-overview):
//   GET  /onramp/v1/buy/config                    -> { countries: [{ id, subdivisions, payment_methods: [{ id }] }] }
//   GET  /onramp/v1/buy/options?country&subdivision&networks
//        -> { payment_currencies: [{ id, limits: [{ id, min, max }] }],
//             purchase_currencies: [{ id, name, symbol, networks: [{ name, display_name, chain_id, contract_address }] }] }
//        (country required; subdivision "only required for US")
//   POST /onramp/v1/buy/quote { purchaseCurrency (ticker or id), purchaseNetwork?, paymentAmount,
//        paymentCurrency, paymentMethod (CARD, ACH_BANK_ACCOUNT, APPLE_PAY, …), country, subdivision? }
//        -> { payment_total, payment_subtotal, purchase_amount, coinbase_fee, network_fee: { value, currency }, quote_id }
//   POST /onramp/v1/token { addresses: [{ address, blockchains }], assets?, clientIp }
//        -> { token, channel_id }   (single use, expires after 5 minutes)
//   GET  /buy/select-asset?sessionToken=…&…      the checkout page a session token opens (once)
// Request bodies are read in camelCase or snake_case (as gRPC-gateway APIs accept); answers are
// snake_case as in the guides, or camelCase as in the OpenAPI examples (`casing: 'camel'`).
// Every API call needs `Authorization: Bearer <JWT>` signed with a CDP secret API key, as
// Coinbase's SDK makes it (docs.cdp.coinbase.com/get-started/authentication/jwt-authentication;
// @coinbase/cdp-sdk auth/utils/jwt.ts): header { alg: EdDSA | ES256, kid, typ: 'JWT', nonce },
// claims { sub: kid, iss: 'cdp', aud?: ['cdp_service'], uris: ['<METHOD> <host><path>'] (or the
// older `uri`), nbf, exp }, at most 2 minutes long. Refusals are the documented default error
// `Status` { code, message, details } (gRPC codes: 3 invalid argument → 400, 16 unauthenticated →
// 401, 7 → 403, 5 → 404, 8 → 429 'rate_limit_exceeded', 13 → 500, 14 → 503). The messages of the
// stand-in's 400s are its own wording (the reference gives the shape, not the texts).
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, randomUUID, verify, type KeyObject } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { isIP } from 'node:net'
import { ed25519 } from '@noble/curves/ed25519'
import { base64, base64urlnopad } from '@scure/base'
import { listenLoopback } from '../server/listenLoopback.js'
import { escapeHtml, readBody } from '../server/standInHttp.js'
import { FailureSchedule } from '../server/FailureSchedule.js'

/** A CDP secret API key as the operator configures it (the provider signs with it, the stand-in checks). */
export interface CdpApiKey {
  /** `organizations/{org}/apiKeys/{id}`. */
  keyId: string
  /** base64 of the Ed25519 seed and public key (64 bytes), or a PEM EC private key (ES256). */
  keySecret: string
}

/**
 * A fresh CDP secret API key, as the CDP portal hands one out: Ed25519 (the default) or ECDSA.
 *
 * @example const key = generateCdpApiKey() // { keyId: 'organizations/…/apiKeys/…', keySecret: 'base64…' }
 */
export function generateCdpApiKey(kind: 'ed25519' | 'ecdsa' = 'ed25519'): CdpApiKey {
  const keyId = `organizations/${randomUUID()}/apiKeys/${randomUUID()}`
  if (kind === 'ecdsa') {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    return { keyId, keySecret: privateKey.export({ type: 'sec1', format: 'pem' }).toString() }
  }
  const seed = randomBytes(32)
  return { keyId, keySecret: base64.encode(new Uint8Array([...seed, ...ed25519.getPublicKey(seed)])) }
}

/** A network an asset is sold on (Coinbase's names: 'base', 'ethereum'). */
export interface CoinbaseNetwork {
  name: string
  display_name: string
  chain_id: string
  contract_address: string
  /** The stand-in's network fee for a purchase on it, in the payment currency (default '0.01'). */
  fee?: string
}

/** An asset the stand-in sells. */
export interface CoinbasePurchaseCurrency {
  /** Coinbase's asset UUID. */
  id: string
  name: string
  symbol: string
  /** Decimals of purchase amounts. */
  decimals: number
  /** Price of one unit in the payment currency (decimal text). */
  price: string
  networks: CoinbaseNetwork[]
}

/** A fiat currency and its payment methods' limits. */
export interface CoinbasePaymentCurrency {
  id: string
  limits: { id: string; min: string; max: string }[]
}

/** USDC's asset UUID at Coinbase (as its options list it). */
export const COINBASE_USDC_ID = 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4'

// The networks the default assets are sold on, each listing adding its contract ('' for the coin).
const BASE = { name: 'base', display_name: 'Base', chain_id: '8453' }
const ETHEREUM = { name: 'ethereum', display_name: 'Ethereum', chain_id: '1', fee: '1.50' }

/** What the stand-in sells by default: USDC and ETH on Base and Ethereum. */
export const COINBASE_STAND_IN_ASSETS: readonly CoinbasePurchaseCurrency[] = [
  {
    id: COINBASE_USDC_ID,
    name: 'USD Coin',
    symbol: 'USDC',
    decimals: 6,
    price: '1',
    networks: [
      { ...BASE, contract_address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913' },
      { ...ETHEREUM, contract_address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' }
    ]
  },
  {
    id: 'c2b5c3f0-0000-4000-8000-0000000000e7',
    name: 'Ethereum',
    symbol: 'ETH',
    decimals: 8,
    price: '3000',
    networks: [
      { ...BASE, contract_address: '' },
      { ...ETHEREUM, contract_address: '' }
    ]
  }
]

/** Which fiat and methods by default: USD by card, bank and Apple Pay. */
export const COINBASE_STAND_IN_PAYMENTS: readonly CoinbasePaymentCurrency[] = [
  {
    id: 'USD',
    limits: [
      { id: 'CARD', min: '2', max: '500' },
      { id: 'ACH_BANK_ACCOUNT', min: '2', max: '25000' },
      { id: 'APPLE_PAY', min: '2', max: '500' }
    ]
  }
]

/** The countries served by default, and the US states. */
export const COINBASE_STAND_IN_COUNTRIES: Readonly<Record<string, readonly string[]>> = { US: ['CA', 'NY', 'TX', 'WA'], GB: [], DE: [] }

/** The stand-in's fee per payment method (hundredths of a percent of the total; 1.5% otherwise). */
const FEE_BPS: Record<string, bigint> = { CARD: 250n, ACH_BANK_ACCOUNT: 100n, APPLE_PAY: 250n }
const DEFAULT_FEE_BPS = 150n
/** How long a session token opens the checkout (the reference: 5 minutes). */
const SESSION_MS = 5 * 60_000
/** The longest JWT lifetime accepted (the reference: "expires after 2 minutes"). */
const MAX_JWT_SECONDS = 120
/** Clock skew allowed on `nbf`. */
const SKEW_SECONDS = 5

/** gRPC status codes of the documented `Status` error, by HTTP status. */
const GRPC_CODE: Record<number, number> = { 400: 3, 401: 16, 403: 7, 404: 5, 429: 8, 500: 13, 503: 14 }
const DEFAULT_MESSAGE: Record<number, string> = {
  401: 'Unauthenticated',
  403: 'permission denied',
  404: 'not found',
  429: 'rate_limit_exceeded',
  500: 'internal error',
  503: 'service unavailable'
}

/** A failure the stand-in answers with instead of the real answer. */
export type CoinbaseFailure =
  /** A refusal in the `Status` envelope (400 with `message`; the others with their default text). */
  | { status: 400; message: string }
  | { status: 401 | 403 | 404 | 429 | 500 | 503 }
  /** Never answers ('headers'), or sends the status and half a body, then stalls ('body'). */
  | { slow: 'headers' | 'body' }
  /** 200 with a body that is not JSON ('garbage'), or one of 8 MB ('oversized'). */
  | { malformed: 'garbage' | 'oversized' }

/** The API's endpoints, by path after `/onramp/v1/`. */
export type CoinbaseEndpoint = 'buy/config' | 'buy/options' | 'buy/quote' | 'token'

/** Options of {@link startCoinbaseOnRampStandIn}. */
export interface CoinbaseOnRampStandInOptions {
  /** Port (default: a free one). */
  port?: number
  /** The CDP keys whose JWTs it accepts. */
  keys: readonly CdpApiKey[]
  /** What it sells (default {@link COINBASE_STAND_IN_ASSETS}). */
  purchaseCurrencies?: readonly CoinbasePurchaseCurrency[]
  /** What it takes (default {@link COINBASE_STAND_IN_PAYMENTS}). */
  paymentCurrencies?: readonly CoinbasePaymentCurrency[]
  /** Countries and their subdivisions (default {@link COINBASE_STAND_IN_COUNTRIES}). */
  countries?: Readonly<Record<string, readonly string[]>>
  /** Answer keys in snake_case (the guides, default) or camelCase (the OpenAPI examples). */
  casing?: 'snake' | 'camel'
  /** Calls a key may make per second before 429 (Coinbase: 100 per endpoint); default unlimited. */
  requestsPerSecond?: number
  /** The clock (ms; default `Date.now`). */
  now?: () => number
}

/** A call the stand-in received. */
export interface CoinbaseCall {
  method: string
  path: string
  query: Record<string, string>
  body?: unknown
  /** The JWT's verified claims, when it had a good one. */
  claims?: Record<string, unknown>
}

/** A checkout opened with a session token. */
export interface CoinbaseCheckout {
  /** The session's addresses and assets, and the client address it was made for. */
  addresses: { address: string; blockchains: string[] }[]
  assets?: string[]
  clientIp: string
  /** The checkout URL's parameters. */
  params: Record<string, string>
}

/** A running {@link startCoinbaseOnRampStandIn}. */
export interface CoinbaseOnRampStandIn {
  /** The API and checkout base, as `https://api.developer.coinbase.com` (`http://127.0.0.1:<port>`). */
  readonly url: string
  /** Every API call received, oldest first. */
  readonly calls: CoinbaseCall[]
  /** Checkouts opened, oldest first. */
  readonly checkouts: CoinbaseCheckout[]
  /** Answers the next `times` calls (default every call until {@link recover}) to `endpoint` (default any) with `failure`. */
  fail(failure: CoinbaseFailure, times?: number, endpoint?: CoinbaseEndpoint): void
  /** Answers normally again. */
  recover(): void
  /** Stops the server, dropping the calls it holds. */
  close(): Promise<void>
}

/** A refusal thrown inside a handler, answered as a `Status`. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string
  ) {
    super(message)
  }
}

/** A verifying key per key id. */
type Verifier = { alg: 'EdDSA'; publicKey: Uint8Array } | { alg: 'ES256'; publicKey: KeyObject }

function verifierOf(key: CdpApiKey): Verifier {
  if (key.keySecret.includes('-----BEGIN')) return { alg: 'ES256', publicKey: createPublicKey(createPrivateKey(key.keySecret)) }
  const bytes = base64.decode(key.keySecret)
  return { alg: 'EdDSA', publicKey: bytes.length === 64 ? bytes.slice(32) : ed25519.getPublicKey(bytes.slice(0, 32)) }
}

/** Decimal text as an integer of `places` decimals ('1.5', 2 → 150n); undefined when not decimal. */
function scaled(value: string, places: number): bigint | undefined {
  const match = /^(\d{1,20})(?:\.(\d{1,18}))?$/.exec(value)
  if (!match) return undefined
  return BigInt(match[1]! + (match[2] ?? '').padEnd(places, '0').slice(0, places))
}
/** An integer of `places` decimals as decimal text (150n, 2 → '1.50'). */
function unscaled(value: bigint, places: number): string {
  const text = value.toString().padStart(places + 1, '0')
  return places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`
}

/** `payment_total` -> `paymentTotal`, through objects and arrays. */
function camelKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map(camelKeys)
  return Object.fromEntries(Object.entries(value).map(([k, item]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), camelKeys(item)]))
}

/**
 * Starts the Coinbase Onramp stand-in on 127.0.0.1 (see the file's header for what it implements
 * and where the reference is): options, quotes computed from its prices and fees, single-use
 * session tokens bound to the client's address, and the checkout page they open; every call
 * checked for a good CDP JWT. `fail` switches it to each documented failure, a silent or stalling
 * answer, or a malformed one. Its `url` serves as both the API base and the checkout base.
 *
 * @example
 * const key = generateCdpApiKey()
 * const coinbase = await startCoinbaseOnRampStandIn({ keys: [key] })
 * // server config: onramp.providers = [{ coinbase: { ...key, networks: ['eip155:8453'], subdivision: 'NY', apiUrl: coinbase.url, payUrl: coinbase.url } }]
 */
export async function startCoinbaseOnRampStandIn(options: CoinbaseOnRampStandInOptions): Promise<CoinbaseOnRampStandIn> {
  const now = options.now ?? Date.now
  const assets = options.purchaseCurrencies ?? COINBASE_STAND_IN_ASSETS
  const payments = options.paymentCurrencies ?? COINBASE_STAND_IN_PAYMENTS
  const countries = options.countries ?? COINBASE_STAND_IN_COUNTRIES
  const verifiers = new Map(options.keys.map(k => [k.keyId, verifierOf(k)]))
  const calls: CoinbaseCall[] = []
  const checkouts: CoinbaseCheckout[] = []
  const sessions = new Map<string, { expires: number; addresses: { address: string; blockchains: string[] }[]; assets?: string[]; clientIp: string }>()
  const windows = new Map<string, { second: number; count: number }>()
  const failures = new FailureSchedule<CoinbaseFailure, CoinbaseEndpoint>()

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(options.casing === 'camel' ? camelKeys(body) : body))
  }
  const refuse = (res: ServerResponse, status: number, message = DEFAULT_MESSAGE[status] ?? 'error') =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ code: GRPC_CODE[status] ?? 2, message, details: [] }))

  /** The JWT's claims when it is good for this call, else undefined. */
  const verifiedClaims = (req: IncomingMessage, path: string): Record<string, unknown> | undefined => {
    const token = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/.exec(req.headers.authorization ?? '')?.[1]
    if (!token) return undefined
    const [h, p, s] = token.split('.') as [string, string, string]
    try {
      const header = JSON.parse(new TextDecoder().decode(base64urlnopad.decode(h))) as Record<string, unknown>
      const claims = JSON.parse(new TextDecoder().decode(base64urlnopad.decode(p))) as Record<string, unknown>
      const verifier = typeof header.kid === 'string' ? verifiers.get(header.kid) : undefined
      if (!verifier || header.alg !== verifier.alg || header.typ !== 'JWT' || typeof header.nonce !== 'string') return undefined
      const input = new TextEncoder().encode(`${h}.${p}`)
      const signature = base64urlnopad.decode(s)
      const good =
        verifier.alg === 'EdDSA'
          ? ed25519.verify(signature, input, verifier.publicKey)
          : verify('sha256', input, { key: verifier.publicKey, dsaEncoding: 'ieee-p1363' }, signature)
      if (!good) return undefined
      const seconds = now() / 1000
      const { sub, iss, nbf, exp, aud } = claims
      if (sub !== header.kid || iss !== 'cdp' || typeof nbf !== 'number' || typeof exp !== 'number') return undefined
      if (nbf > seconds + SKEW_SECONDS || exp <= seconds || exp - nbf > MAX_JWT_SECONDS) return undefined
      if (aud !== undefined && !(Array.isArray(aud) && aud.includes('cdp_service'))) return undefined
      const uri = `${req.method} ${req.headers.host}${path}`
      const uris = Array.isArray(claims.uris) ? claims.uris : typeof claims.uri === 'string' ? [claims.uri] : []
      return uris.includes(uri) ? claims : undefined
    } catch {
      return undefined
    }
  }

  /** A body field in camelCase or snake_case. */
  const field = (body: Record<string, unknown>, camel: string): unknown => body[camel] ?? body[camel.replace(/[A-Z]/g, c => `_${c.toLowerCase()}`)]
  const text = (body: Record<string, unknown>, camel: string): string | undefined => {
    const value = field(body, camel)
    return typeof value === 'string' && value !== '' ? value : undefined
  }
  const requireRegion = (country: string | undefined, subdivision: string | undefined) => {
    if (!country) throw new Refusal(400, 'country is required')
    const states = countries[country]
    if (!states) throw new Refusal(400, `country ${country} is not supported`)
    if (country === 'US' && !subdivision) throw new Refusal(400, 'subdivision is required for country US')
    if (subdivision && states.length > 0 && !states.includes(subdivision)) throw new Refusal(400, `subdivision ${subdivision} is not supported`)
  }

  const buyOptions = (query: Record<string, string>) => {
    requireRegion(query.country, query.subdivision)
    const only = query.networks?.split(',').map(n => n.trim())
    return {
      payment_currencies: payments.map(c => ({ id: c.id, limits: c.limits.map(l => ({ ...l })) })),
      purchase_currencies: assets
        .map(a => ({ id: a.id, name: a.name, symbol: a.symbol, networks: a.networks.filter(n => !only || only.includes(n.name)).map(({ fee: _, ...n }) => n) }))
        .filter(a => a.networks.length > 0)
    }
  }

  const buyQuote = (body: Record<string, unknown>) => {
    requireRegion(text(body, 'country'), text(body, 'subdivision'))
    const wanted = text(body, 'purchaseCurrency')
    if (!wanted) throw new Refusal(400, 'purchase_currency is required')
    const asset = assets.find(a => a.id === wanted || a.symbol === wanted.toUpperCase())
    if (!asset) throw new Refusal(400, `purchase currency ${wanted} is not supported`)
    const networkName = text(body, 'purchaseNetwork')
    const network = networkName === undefined ? asset.networks[0] : asset.networks.find(n => n.name === networkName)
    if (!network) throw new Refusal(400, `${asset.symbol} cannot be bought on network ${networkName}`)
    const currencyId = text(body, 'paymentCurrency')
    const currency = payments.find(c => c.id === currencyId)
    if (!currency) throw new Refusal(400, `payment currency ${currencyId ?? ''} is not supported`)
    const method = text(body, 'paymentMethod') ?? 'UNSPECIFIED'
    const limit = method === 'UNSPECIFIED' ? currency.limits[0] : currency.limits.find(l => l.id === method)
    if (!limit) throw new Refusal(400, `payment method ${method} is not available for ${currency.id}`)
    const amountText = text(body, 'paymentAmount')
    if (!amountText) throw new Refusal(400, 'payment_amount is required')
    if (!/^\d{1,15}(\.\d{1,2})?$/.test(amountText)) throw new Refusal(400, 'payment_amount must have at most two decimals')
    const total = scaled(amountText, 2)!
    if (total < scaled(limit.min, 2)! || total > scaled(limit.max, 2)!)
      throw new Refusal(400, `payment_amount must be between ${limit.min} and ${limit.max} ${currency.id}`)
    const fee = (total * (FEE_BPS[limit.id] ?? DEFAULT_FEE_BPS) + 5_000n) / 10_000n
    const networkFee = scaled(network.fee ?? '0.01', 2)!
    const subtotal = total - fee - networkFee
    if (subtotal <= 0n) throw new Refusal(400, 'payment_amount does not cover the fees')
    // subtotal (cents) / price, in the asset's decimals.
    const price = scaled(asset.price, 8)!
    const purchase = (subtotal * 10n ** BigInt(asset.decimals) * 10n ** 8n) / (price * 100n)
    const money = (value: bigint, places: number, currencyCode: string) => ({ value: unscaled(value, places), currency: currencyCode })
    return {
      payment_total: money(total, 2, currency.id),
      payment_subtotal: money(subtotal, 2, currency.id),
      purchase_amount: money(purchase, asset.decimals, asset.symbol),
      coinbase_fee: money(fee, 2, currency.id),
      network_fee: money(networkFee, 2, currency.id),
      quote_id: randomUUID()
    }
  }

  const sessionToken = (body: Record<string, unknown>) => {
    const addresses = field(body, 'addresses')
    if (!Array.isArray(addresses) || addresses.length === 0 || addresses.length > 20) throw new Refusal(400, 'addresses is required')
    const known = new Set(assets.flatMap(a => a.networks.map(n => n.name)))
    const entries = addresses.map(entry => {
      const e = (entry ?? {}) as Record<string, unknown>
      if (typeof e.address !== 'string' || e.address.length === 0 || e.address.length > 128) throw new Refusal(400, 'each address needs an address')
      if (!Array.isArray(e.blockchains) || e.blockchains.length === 0 || !e.blockchains.every(b => typeof b === 'string' && known.has(b)))
        throw new Refusal(400, `blockchains of ${e.address} must be supported network names`)
      return { address: e.address, blockchains: e.blockchains as string[] }
    })
    const assetList = field(body, 'assets')
    if (
      assetList !== undefined &&
      (!Array.isArray(assetList) || !assetList.every(a => typeof a === 'string' && assets.some(x => x.symbol === a || x.id === a)))
    )
      throw new Refusal(400, 'assets must be supported asset tickers or ids')
    const clientIp = text(body, 'clientIp')
    if (!clientIp) throw new Refusal(400, 'clientIp is required')
    if (!isIP(clientIp)) throw new Refusal(400, 'clientIp must be an IP address')
    const token = base64urlnopad.encode(randomBytes(24))
    if (sessions.size >= 1000) sessions.delete(sessions.keys().next().value!)
    sessions.set(token, { expires: now() + SESSION_MS, addresses: entries, ...(assetList ? { assets: assetList as string[] } : {}), clientIp })
    return { token, channel_id: '' }
  }

  const checkoutPage = (res: ServerResponse, url: URL) => {
    const token = url.searchParams.get('sessionToken') ?? ''
    const session = sessions.get(token)
    // A token opens one checkout, within its five minutes.
    sessions.delete(token)
    const page = (status: number, body: string) =>
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Coinbase Onramp (stand-in)</title><main>${body}</main>`)
    if (!session || session.expires < now()) return page(400, '<p data-testid="checkout-error">This session has expired or was already used.</p>')
    const params = Object.fromEntries(url.searchParams)
    checkouts.push({ addresses: session.addresses, ...(session.assets ? { assets: session.assets } : {}), clientIp: session.clientIp, params })
    const wallets = session.addresses.map(a => `<li>${escapeHtml(a.address)} on ${escapeHtml(a.blockchains.join(', '))}</li>`).join('')
    const preset = params.presetFiatAmount
      ? `<p data-testid="checkout-amount">${escapeHtml(params.presetFiatAmount)} ${escapeHtml(params.fiatCurrency ?? '')}</p>`
      : ''
    return page(200, `<h1>Buy ${escapeHtml(params.defaultAsset ?? 'crypto')}</h1><ul data-testid="checkout-wallets">${wallets}</ul>${preset}`)
  }

  const failWith = (res: ServerResponse, current: CoinbaseFailure) => {
    if ('slow' in current) {
      if (current.slow === 'body') {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.write('{"payment_total":')
      }
      return
    }
    if ('malformed' in current) {
      res.writeHead(200, { 'content-type': 'application/json' })
      if (current.malformed === 'garbage') return res.end('<html><body>upstream connect error</body></html>')
      return res.end(`{"token":"${'x'.repeat(8 * 1024 * 1024)}"}`)
    }
    return current.status === 400 ? refuse(res, 400, current.message) : refuse(res, current.status)
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    if (req.method === 'GET' && url.pathname === '/buy/select-asset') return checkoutPage(res, url)
    const query = Object.fromEntries(url.searchParams)
    let body: unknown
    if (req.method === 'POST') {
      try {
        body = JSON.parse(await readBody(req, 65_536))
      } catch {
        return refuse(res, 400, 'invalid JSON body')
      }
    }
    const claims = verifiedClaims(req, url.pathname)
    calls.push({ method: req.method ?? 'GET', path: url.pathname, query, ...(body === undefined ? {} : { body }), ...(claims ? { claims } : {}) })
    if (calls.length > 10_000) calls.shift()
    if (!claims) return refuse(res, 401)
    if (options.requestsPerSecond !== undefined) {
      const second = Math.floor(now() / 1000)
      const key = String(claims.sub)
      const window = windows.get(key)
      if (window?.second === second) window.count++
      else windows.set(key, { second, count: 1 })
      if ((windows.get(key)?.count ?? 0) > options.requestsPerSecond) return refuse(res, 429)
    }
    const endpoint = url.pathname.startsWith('/onramp/v1/') ? url.pathname.slice('/onramp/v1/'.length) : ''
    const route = `${req.method} ${endpoint}`
    const known: Record<string, CoinbaseEndpoint> = {
      'GET buy/config': 'buy/config',
      'GET buy/options': 'buy/options',
      'POST buy/quote': 'buy/quote',
      'POST token': 'token'
    }
    if (!known[route]) return refuse(res, 404)
    const current = failures.take(known[route])
    if (current) return failWith(res, current)
    const record = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
    try {
      switch (known[route]) {
        case 'buy/config':
          return send(res, 200, {
            countries: Object.entries(countries).map(([id, subdivisions]) => ({
              id,
              subdivisions,
              payment_methods: [...new Set(payments.flatMap(c => c.limits.map(l => l.id)))].map(m => ({ id: m }))
            }))
          })
        case 'buy/options':
          return send(res, 200, buyOptions(query))
        case 'buy/quote':
          return send(res, 200, buyQuote(record))
        case 'token':
          return send(res, 200, sessionToken(record))
      }
    } catch (error) {
      if (error instanceof Refusal) return refuse(res, error.status, error.message)
      throw error
    }
  }

  const loopback = await listenLoopback(handle, res => refuse(res, 500), options.port)
  return {
    url: loopback.url,
    calls,
    checkouts,
    fail(next, times = Infinity, endpoint) {
      failures.set(next, times, endpoint)
    },
    recover() {
      failures.clear()
    },
    close: loopback.close
  }
}
