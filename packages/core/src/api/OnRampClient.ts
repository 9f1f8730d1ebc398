import { onrampEndpoints, type EndpointRequest, type EndpointResponse, type OnRampQuote } from '@wallet-modal/wire'
import { createCheckedCalls } from './checkedCalls.js'
import type { HttpClient } from './HttpClient.js'

/** What `/v1/onramp/options` answers: the providers, and what one sells and takes. */
export type OnRampOptionsAnswer = EndpointResponse<typeof onrampEndpoints.options>
/** The body of a quote request. */
export type OnRampQuoteRequest = EndpointRequest<typeof onrampEndpoints.quote>['body']
/** The body of a checkout request. */
export type OnRampCheckoutRequest = EndpointRequest<typeof onrampEndpoints.generateUrl>['body']

/**
 * The on-ramp calls of spec §7 on the blockchain data API (`/v1/onramp/options`,
 * `/v1/onramp/quote`, `/v1/generators/onrampurl`), every answer checked against the wire
 * contract. Its own module, so only a visitor who opens the on-ramp loads it.
 *
 * @param http - The HTTP client (timeouts, retries).
 * @param blockchainApiUrl - The blockchain data API's base URL.
 * @param projectId - The site's project id.
 */
export function createOnRampClient(http: HttpClient, blockchainApiUrl: string, projectId: string) {
  const { getChecked, postChecked } = createCheckedCalls(http, projectId)
  const base = blockchainApiUrl
  return {
    /** The providers, and what `provider` (else the first) sells and takes. */
    options(provider?: string): Promise<OnRampOptionsAnswer> {
      return getChecked(base, onrampEndpoints.options, undefined, { provider }, 'on-ramp options')
    },
    /** What `amount` buys now, with every fee (asked again as the visitor types: no retries). */
    async quote(body: OnRampQuoteRequest, opts: { signal?: AbortSignal } = {}): Promise<OnRampQuote> {
      return (await postChecked(base, onrampEndpoints.quote, body, 'on-ramp quote', { retries: 0, signal: opts.signal })).quote
    },
    /** The provider's checkout page for one purchase (each call opens a new one: no retries). */
    async checkoutUrl(body: OnRampCheckoutRequest): Promise<string> {
      return (await postChecked(base, onrampEndpoints.generateUrl, body, 'on-ramp checkout', { retries: 0 })).url
    }
  }
}

/** The on-ramp client's type. */
export type OnRampClient = ReturnType<typeof createOnRampClient>
