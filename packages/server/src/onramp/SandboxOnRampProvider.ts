import * as v from 'valibot'
import { OnRampQuoteSchema, OnRampUrlSchema, PaymentCurrencySchema, PurchaseCurrencySchema, type OnRampQuote } from '@wallet-modal/wire'
import type { OnRampCheckoutRequest, OnRampOptions, OnRampProviderApi, OnRampQuoteRequest } from './OnRampProvider.js'
import { providerCall } from './providerCall.js'

/** Options of {@link SandboxOnRampProvider}. */
export interface SandboxOnRampOptions {
  /** The sandbox's base URL (the devnet runs one: `startOnRampSandbox`). */
  url: string
  /** The operator's key at the sandbox (a bearer token; never sent to a browser). */
  apiKey: string
  /** The CAIP-2 networks it sells on. */
  networks: string[]
  /** Time for each call, the whole answer included. */
  timeoutMs: number
}

const OptionsAnswerSchema = v.object({ purchaseCurrencies: v.array(PurchaseCurrencySchema), paymentCurrencies: v.array(PaymentCurrencySchema) })

/**
 * The sandbox on-ramp: a provider with a real HTTP API and checkout page that charges nothing and
 * pays with devnet tokens (spec §7 through a provider the devnet can run). It speaks the same
 * shapes as the wire contract: `GET /api/options`, `POST /api/quote`, `POST /api/sessions`.
 *
 * @example
 * ```ts
 * const sandbox = new SandboxOnRampProvider({ url: 'http://127.0.0.1:8795', apiKey, networks: ['eip155:31337'], timeoutMs: 10_000 })
 * const quote = await sandbox.quote({ purchaseCurrency: 'DUSD', paymentCurrency: 'USD', amount: '50', network: 'devnet' })
 * ```
 */
export class SandboxOnRampProvider implements OnRampProviderApi {
  readonly info
  readonly checkoutOrigin: string

  constructor(private readonly config: SandboxOnRampOptions) {
    this.info = { id: 'sandbox', name: 'Devnet Sandbox', feeRange: '1-2%', networks: [...config.networks] }
    this.checkoutOrigin = new URL(config.url).origin
  }

  private call<S extends v.GenericSchema>(path: string, method: 'GET' | 'POST', schema: S, body?: unknown): Promise<v.InferOutput<S>> {
    return providerCall(
      'Devnet Sandbox',
      new URL(path, this.config.url),
      { method, headers: { authorization: `Bearer ${this.config.apiKey}` }, body },
      schema,
      this.config.timeoutMs
    )
  }

  async options(): Promise<OnRampOptions> {
    return this.call('/api/options', 'GET', OptionsAnswerSchema)
  }

  async quote(request: OnRampQuoteRequest): Promise<OnRampQuote> {
    return this.call('/api/quote', 'POST', OnRampQuoteSchema, request)
  }

  async checkoutUrl(request: OnRampCheckoutRequest): Promise<string> {
    return (await this.call('/api/sessions', 'POST', OnRampUrlSchema, request)).url
  }
}
