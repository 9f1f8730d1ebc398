import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { AccountAddressSchema, Caip2Schema, DecimalSchema, onrampEndpoints } from '@wallet-modal/wire'
import { OnRampPurchases } from '../onramp/OnRampPurchases.js'
import { ApiError } from '../http/ApiError.js'
import { serveEndpoint } from '../http/serveEndpoint.js'
import type { OnRampOptions, OnRampProviderApi } from '../onramp/OnRampProvider.js'
import { SandboxOnRampProvider } from '../onramp/SandboxOnRampProvider.js'
import { CoinbaseOnRampProvider } from '../onramp/CoinbaseOnRampProvider.js'
import { MeldOnRampProvider } from '../onramp/MeldOnRampProvider.js'
import { receiveMeldWebhook } from '../onramp/MeldWebhook.js'
import type { RouteContext } from './RouteContext.js'

/** How long a provider's options are reused for the limit checks of quotes (ms). */
export const ONRAMP_OPTIONS_CACHE_MS = 60_000

/** Without configured providers every on-ramp call answers this. */
export const ONRAMP_NOT_CONFIGURED = 'On-ramp is not configured on this server'

/** The providers of the configuration, in its order. */
export function onrampProviders(ctx: RouteContext): OnRampProviderApi[] {
  return (ctx.config.onramp?.providers ?? []).map(p =>
    'sandbox' in p
      ? new SandboxOnRampProvider({ ...p.sandbox, timeoutMs: ctx.upstreamTimeoutMs })
      : 'coinbase' in p
        ? new CoinbaseOnRampProvider({ ...p.coinbase, timeoutMs: ctx.upstreamTimeoutMs })
        : new MeldOnRampProvider({ ...p.meld, timeoutMs: ctx.upstreamTimeoutMs })
  )
}

/** A provider's purchase report (`POST /v1/onramp/webhook/{provider}`). */
const PurchaseReportSchema = v.object({
  /** A 0x transaction hash, or a Solana signature (base58). */
  txHash: v.pipe(v.string(), v.regex(/^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{64,88})$/, 'a transaction hash or signature')),
  network: Caip2Schema,
  address: AccountAddressSchema,
  asset: v.pipe(v.string(), v.minLength(1), v.maxLength(32)),
  amount: DecimalSchema,
  fiatAmount: DecimalSchema,
  fiatCurrency: v.pipe(v.string(), v.minLength(1), v.maxLength(8))
})

/** Biggest purchase report read (bytes). */
const MAX_REPORT_BYTES = 4096

/** `12.5` → `12.50`, `7500` → `7,500.00`: money as the limit messages write it. */
function money(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.')
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction.padEnd(2, '0').slice(0, 2)}`
}

/** Compares two decimal texts exactly (no float). */
function compareDecimal(a: string, b: string): number {
  const [aw = '0', af = ''] = a.split('.')
  const [bw = '0', bf = ''] = b.split('.')
  const width = Math.max(af.length, bf.length)
  const x = BigInt(aw + af.padEnd(width, '0'))
  const y = BigInt(bw + bf.padEnd(width, '0'))
  return x < y ? -1 : x > y ? 1 : 0
}

/**
 * The on-ramp API of spec §7 (`onrampEndpoints` of the wire contract), over the configured
 * providers: `GET /v1/onramp/options` (the providers, and what one sells and takes),
 * `POST /v1/onramp/quote` (checked against the payment method's limits before the provider is
 * asked), `POST /v1/generators/onrampurl` (the provider's checkout page for one purchase; only a
 * URL on the provider's own origin is passed on). Provider refusals carry the provider's reason.
 * `POST /v1/onramp/webhook/{provider}` takes a provider's purchase reports, signed with
 * HMAC-SHA256 of the exact body under the provider's `webhookSecret` (`x-sandbox-signature`),
 * for the activity feed; Meld's, when its `webhook` profile is configured, are signed as Meld signs
 * them and read back from Meld (`receiveMeldWebhook`).
 *
 * @param app - The Fastify instance.
 * @param ctx - Shared configuration and storage.
 */
export function onrampRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const providers = onrampProviders(ctx)
  const byId = new Map(providers.map(p => [p.info.id, p]))
  const cached = new Map<string, { at: number; options: Promise<OnRampOptions> }>()

  const providerOf = (id: string | undefined): OnRampProviderApi => {
    if (providers.length === 0) throw new ApiError(400, ONRAMP_NOT_CONFIGURED)
    const provider = id === undefined ? providers[0]! : byId.get(id)
    if (!provider) throw new ApiError(400, `Unknown on-ramp provider: ${id!.slice(0, 64)}`)
    return provider
  }
  /** A provider's options, reused for a minute (a failed read is not kept). */
  const optionsOf = (provider: OnRampProviderApi): Promise<OnRampOptions> => {
    const hit = cached.get(provider.info.id)
    if (hit && Date.now() - hit.at < ONRAMP_OPTIONS_CACHE_MS) return hit.options
    const options = provider.options()
    cached.set(provider.info.id, { at: Date.now(), options })
    options.catch(() => cached.delete(provider.info.id))
    return options
  }

  const purchases = new OnRampPurchases(ctx.store)
  // Providers that report purchases to this server (the sandbox; Coinbase's purchases are not reported here).
  const secrets = new Map((ctx.config.onramp?.providers ?? []).flatMap(p => ('sandbox' in p ? [['sandbox', p.sandbox] as const] : [])))
  // Its own scope: the body is read as text, since the signature covers the exact bytes.
  void app.register(async scope => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_REPORT_BYTES }, (_request, body, done) => done(null, body))
    scope.post<{ Params: { provider: string }; Body: string }>('/v1/onramp/webhook/:provider', { config: { access: 'signed' } }, async (request, reply) => {
      // Meld signs its own way (MeldWebhook.ts) and names only the transaction, read back from Meld.
      const meld = providers.find((p): p is MeldOnRampProvider => p instanceof MeldOnRampProvider && p.webhook !== undefined)
      if (request.params.provider === 'meld' && meld)
        return receiveMeldWebhook(meld, request.headers, request.body, purchases).then(() => reply.code(204).send())
      const provider = secrets.get(request.params.provider as 'sandbox')
      if (!provider) throw new ApiError(404, 'Unknown on-ramp provider', 'not_found')
      const given = String(request.headers['x-sandbox-signature'] ?? '')
      const expected = createHmac('sha256', provider.webhookSecret).update(request.body).digest('hex')
      if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected)))
        throw new ApiError(401, 'Bad signature', 'unauthorized')
      let report: v.InferOutput<typeof PurchaseReportSchema>
      try {
        report = v.parse(PurchaseReportSchema, JSON.parse(request.body))
      } catch {
        throw new ApiError(400, 'Malformed purchase report')
      }
      if (!provider.networks.includes(report.network)) throw new ApiError(400, `The provider does not sell on ${report.network}`)
      await purchases.record({
        provider: request.params.provider,
        chainId: report.network,
        txHash: report.txHash,
        address: report.address,
        asset: report.asset,
        amount: report.amount,
        fiatAmount: report.fiatAmount,
        fiatCurrency: report.fiatCurrency
      })
      return reply.code(204).send()
    })
  })

  serveEndpoint(app, onrampEndpoints.options, {}, async request => {
    const provider = providerOf(request.query.provider)
    return { providers: providers.map(p => ({ ...p.info, networks: [...p.info.networks] })), ...(await optionsOf(provider)) }
  })

  serveEndpoint(app, onrampEndpoints.quote, {}, async request => {
    const body = request.body
    const provider = providerOf(body.provider)
    const options = await optionsOf(provider)
    const purchase = options.purchaseCurrencies.find(c => c.id === body.purchaseCurrency)
    if (!purchase) throw new ApiError(400, `${provider.info.name} does not sell ${body.purchaseCurrency}`)
    if (!purchase.networks.some(n => n.name === body.network))
      throw new ApiError(400, `${provider.info.name} does not sell ${purchase.symbol} on ${body.network}`)
    const payment = options.paymentCurrencies.find(c => c.id === body.paymentCurrency)
    if (!payment) throw new ApiError(400, `${provider.info.name} does not take ${body.paymentCurrency}`)
    const limit = body.paymentMethod === undefined ? payment.payment_method_limits[0] : payment.payment_method_limits.find(l => l.id === body.paymentMethod)
    if (!limit) throw new ApiError(400, `${provider.info.name} does not take ${body.paymentMethod ?? 'any payment method'} in ${payment.id}`)
    if (compareDecimal(body.amount, limit.min) < 0 || compareDecimal(body.amount, limit.max) > 0) {
      throw new ApiError(400, `Amount must be between ${money(limit.min)} and ${money(limit.max)} ${payment.id}`)
    }
    return { quote: await provider.quote({ ...body, paymentMethod: limit.id }) }
  })

  serveEndpoint(app, onrampEndpoints.generateUrl, {}, async request => {
    const body = request.body
    const provider = providerOf(body.provider)
    const [wallet] = body.destinationWallets
    if (!wallet!.blockchains.includes(body.defaultNetwork)) throw new ApiError(400, "defaultNetwork must be one of the destination wallet's blockchains")
    const url = await provider.checkoutUrl({
      address: wallet!.address,
      networks: wallet!.blockchains,
      assets: wallet!.assets,
      defaultNetwork: body.defaultNetwork,
      defaultAsset: body.defaultAsset,
      partnerUserId: body.partnerUserId,
      presetFiatAmount: body.presetFiatAmount,
      presetCryptoAmount: body.presetCryptoAmount,
      fiatCurrency: body.fiatCurrency,
      paymentMethod: body.paymentMethod,
      // Behind a proxy, the visitor's address as `trustProxy` allows (never a header taken on trust).
      clientIp: request.ip
    })
    // The modal opens this URL: only the provider's own pages, never where an answer points.
    if (new URL(url).origin !== provider.checkoutOrigin) throw new ApiError(502, `${provider.info.name} answered a checkout URL on another origin`)
    return { url }
  })
}
