import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { SANDBOX_SOLANA_NETWORK, type SandboxCatalogue } from './SandboxCatalogue.js'
import type { SandboxSessions } from './SandboxSessions.js'
import type { SandboxAsset } from './sandboxQuote.js'
import { SANDBOX_LIMITS } from './sandboxQuote.js'
import { sandboxJson, sandboxPath } from './sandboxReply.js'

/** What the API routes need from the sandbox. */
export interface SandboxApiContext {
  /** The key the wallet-modal server calls with (`Authorization: Bearer <key>`). */
  apiKey: string
  catalogue: SandboxCatalogue
  sessions: SandboxSessions
  /** The sandbox's own origin, for the checkout links (known once it listens). */
  origin(): string
}

/**
 * The API's JSON body as an object (`{}` when empty); throws on text that is not JSON, which the
 * sandbox answers with its 500 envelope.
 */
function sandboxApiBody(request: FastifyRequest): Record<string, unknown> {
  return JSON.parse((typeof request.body === 'string' ? request.body : '') || '{}') as Record<string, unknown>
}

/**
 * The provider API the wallet-modal server calls: `GET /api/options`, `POST /api/quote`,
 * `POST /api/sessions` (which opens a checkout and answers its URL). Every `/api/` path, known or
 * not, first needs the key (401 `{ reason }`, before the body is read); refusals are 400 `{ reason }`.
 * It returns the API's not-found answer (404 `{ reason }`), for the sandbox's not-found handler.
 *
 * @param app - The sandbox's Fastify instance (the routes and the key check go on it directly).
 * @param ctx - See {@link SandboxApiContext}.
 * @example const api = sandboxApiRoutes(app, { apiKey, catalogue, sessions, origin: () => url })
 */
export function sandboxApiRoutes(app: FastifyInstance, ctx: SandboxApiContext): { notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply } {
  const expected = Buffer.from(`Bearer ${ctx.apiKey}`)
  const authorized = (request: FastifyRequest) => {
    const given = Buffer.from(request.headers.authorization ?? '')
    return given.length === expected.length && timingSafeEqual(given, expected)
  }
  const refuse = (reply: FastifyReply) => sandboxJson(reply, 401, { reason: 'A valid API key is required' })
  app.addHook('onRequest', async (request, reply) => {
    if (sandboxPath(request).startsWith('/api/') && !authorized(request)) return refuse(reply)
  })

  app.get('/api/options', async (_request, reply) => sandboxJson(reply, 200, ctx.catalogue.options()))

  app.post('/api/quote', async (request, reply) => {
    const text = fieldsOf(sandboxApiBody(request))
    const r = ctx.catalogue.quote(text('purchaseCurrency'), text('network'), text('amount'), text('paymentCurrency'), text('paymentMethod') || 'card')
    if (!r.quote) return sandboxJson(reply, 400, { reason: r.reason })
    const money = (amount: string, currency: string) => ({ amount, currency })
    const c = text('paymentCurrency')
    return sandboxJson(reply, 200, {
      purchaseAmount: money(r.quote.purchase, text('purchaseCurrency')),
      paymentSubtotal: money(r.quote.subtotal, c),
      paymentTotal: money(r.quote.total, c),
      networkFee: money(r.quote.networkFee, c),
      providerFee: money(r.quote.providerFee, c),
      quoteId: `sandbox-${randomBytes(8).toString('hex')}`
    })
  })

  app.post('/api/sessions', async (request, reply) => {
    const body = sandboxApiBody(request)
    const text = fieldsOf(body)
    const networks = Array.isArray(body.networks) ? body.networks.map(String) : []
    const network = text('defaultNetwork')
    const address = text('address')
    const onSolana = network === SANDBOX_SOLANA_NETWORK
    if (!(onSolana ? /^[1-9A-HJ-NP-Za-km-z]{32,44}$/ : /^0x[0-9a-fA-F]{40}$/).test(address))
      return sandboxJson(reply, 400, { reason: `Not an address on ${network}` })
    if (!networks.includes(network)) return sandboxJson(reply, 400, { reason: `The sandbox does not sell on ${network}` })
    const fiatCurrency = text('fiatCurrency') || 'USD'
    const fiatAmount = text('presetFiatAmount') || SANDBOX_LIMITS.card.min
    const method = text('paymentMethod') || 'card'
    const asset = text('defaultAsset') || (onSolana ? 'SOL' : 'DUSD')
    const r = ctx.catalogue.quote(asset, network, fiatAmount, fiatCurrency, method)
    if (!r.quote) return sandboxJson(reply, 400, { reason: r.reason })
    const id = randomBytes(16).toString('hex')
    ctx.sessions.add({
      id,
      address,
      network,
      asset: asset as SandboxAsset,
      fiatAmount,
      fiatCurrency,
      paymentMethod: method,
      partnerUserId: text('partnerUserId')
    })
    return sandboxJson(reply, 200, { url: `${ctx.origin()}/checkout/${id}` })
  })

  return {
    // The key is checked again here: a path that does not decode reaches this without the hook.
    // Then the body, as the API reads it before it routes: text that is not JSON is a 500 here too.
    notFound(request, reply) {
      if (!authorized(request)) return refuse(reply)
      sandboxApiBody(request)
      return sandboxJson(reply, 404, { reason: 'Not found' })
    }
  }
}

/** A body's text field, or '' when it is absent or not text. */
const fieldsOf = (body: Record<string, unknown>) => (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : '')
