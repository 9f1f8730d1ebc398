import {
  ERROR_REPORT_LIMITS,
  analyticsEndpoints,
  blockchainEndpoints,
  directoryEndpoints,
  encodeQuery,
  historyEndpoints,
  profileEndpoints,
  type AnalyticsEvent,
  type EndpointRequest
} from '@wallet-modal/wire'
import { WalletModalError } from '../errors/WalletModalError.js'
import type { HttpClient } from './HttpClient.js'
import { createCheckedCalls, type CallQuery } from './checkedCalls.js'
import { parseBalances, parseHistory, type Identity, type Profile, type RemoteFeature, type TokenBalance, type Transaction } from './schemas.js'
import { SDK_TYPE, SDK_VERSION } from './sdk.js'

export { SDK_TYPE, SDK_VERSION }
// The wallet lists' client lives in this chunk too (core.loadDirectory imports it from here): one
// chunk for both, whichever a page needs, instead of two sharing the wire contract's pieces.
export { createDirectoryClient, type DirectoryClient, type DirectoryLocation, type WalletPage, type WalletQuery } from './DirectoryClient.js'
export type { AnalyticsEvent }

/** Where the services live; every one may be a different deployment. */
export interface ServiceUrls {
  directoryUrl: string
  blockchainApiUrl: string
  analyticsUrl: string
}

/** Options of the history call (spec §7: cursor, onramp, chainId). */
export interface HistoryQuery {
  /** CAIP-2 id of the network to list; all the service's networks without it. */
  chainId?: string
  /** The previous page's `next`. */
  cursor?: string
  /** An on-ramp provider (`coinbase`): list that provider's purchases instead of the transactions. */
  onramp?: string
}

/**
 * Typed calls to the services of spec §7 (the directory's configuration calls, blockchain data API, analytics; the wallet lists are {@link createDirectoryClient}'s), with
 * projectId, st and sv on every call and every answer validated. Paths, parameters and answers
 * are the wire contract's (`@wallet-modal/wire`), the ones the server checks and answers by.
 */
export function createServiceClient(http: HttpClient, urls: ServiceUrls, projectId: string) {
  const { urlOf, withQuery, getChecked } = createCheckedCalls(http, projectId)

  return {
    async getProjectConfig(): Promise<RemoteFeature[]> {
      return (await getChecked(urls.directoryUrl, directoryEndpoints.projectConfig, undefined, {}, 'config')).features
    },
    async getAllowedOrigins(): Promise<string[]> {
      // Rate limits and server errors are answered by the caller, not retried away here.
      return (await getChecked(urls.directoryUrl, directoryEndpoints.allowedOrigins, undefined, {}, 'origins', { retries: 0 })).allowedOrigins
    },
    async getAnalyticsConfig(): Promise<boolean> {
      return (await getChecked(urls.directoryUrl, directoryEndpoints.analyticsConfig, undefined, {}, 'analytics config')).isAnalyticsEnabled
    },
    async getSupportedChains(): Promise<string[]> {
      return (await getChecked(urls.blockchainApiUrl, blockchainEndpoints.supportedChains, undefined, {}, 'supported chains')).http
    },
    /**
     * The name and avatar of an address (spec §7 `/v1/identity/{address}`). `sender` is the
     * connected account that asks (not the address looked up, when they differ).
     */
    async getIdentity(address: string, q: CallQuery<typeof blockchainEndpoints.identity> = {}): Promise<Identity> {
      return getChecked(urls.blockchainApiUrl, blockchainEndpoints.identity, { address }, q, 'identity')
    },
    async getBalances(address: string, caipNetworkId: string, forceUpdate?: string): Promise<TokenBalance[]> {
      const query: CallQuery<typeof blockchainEndpoints.balance> = { currency: 'usd', chainId: caipNetworkId, forceUpdate }
      const raw = await http.get(urlOf(urls.blockchainApiUrl, blockchainEndpoints.balance, { address }), withQuery(query))
      try {
        return parseBalances(raw)
      } catch (err) {
        throw new WalletModalError('INVALID_RESPONSE', { details: 'balance', cause: err })
      }
    },
    /**
     * One page of the account's transaction history (spec §7), newest first; `cursor` is the
     * previous page's `next`, `onramp` asks for an on-ramp provider's purchases instead.
     */
    async getHistory(address: string, q: HistoryQuery = {}): Promise<{ data: Transaction[]; next?: string }> {
      const query: CallQuery<typeof historyEndpoints.history> = { chainId: q.chainId, cursor: q.cursor, onramp: q.onramp }
      const raw = await http.get(urlOf(urls.blockchainApiUrl, historyEndpoints.history, { account: address }), withQuery(query))
      try {
        return parseHistory(raw)
      } catch (err) {
        throw new WalletModalError('INVALID_RESPONSE', { details: 'history', cause: err })
      }
    },
    /** The profile of a name (spec §7 `/v1/profile/account/{name}`, apiVersion 2); undefined when unknown (404). */
    // An unknown name is an error like any other: its reason ('Name not found: …') is what the
    // visitor reads (spec §8: name errors show the service's first reason).
    async getProfile(name: string): Promise<Profile> {
      return getChecked(urls.blockchainApiUrl, profileEndpoints.profile, { name }, { apiVersion: '2' }, 'profile', { retries: 0 })
    },
    /** The RPC proxy URL for a network (`/v1/?chainId=…&projectId=…`). */
    rpcProxyUrl(caipNetworkId: string): string {
      const u = new URL(urlOf(urls.blockchainApiUrl, blockchainEndpoints.rpcProxy))
      const query: EndpointRequest<typeof blockchainEndpoints.rpcProxy>['query'] = { chainId: caipNetworkId, projectId }
      for (const [name, value] of Object.entries(encodeQuery(query))) u.searchParams.set(name, value)
      return u.href
    },
    /** Sends an event; fields longer than the sink takes are clipped, so a huge error report is stored rather than refused whole. */
    async sendEvent(event: AnalyticsEvent): Promise<void> {
      await http.post(urlOf(urls.analyticsUrl, analyticsEndpoints.sendEvent), clipEvent(event), withQuery({}, { retries: 1 }))
    }
  }
}

/** The service client's type. */
export type ServiceClient = ReturnType<typeof createServiceClient>

/** Cuts text to `max` characters, marking the cut. */
function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

/** An event with its page and error fields within `ERROR_REPORT_LIMITS`. */
function clipEvent(event: AnalyticsEvent): AnalyticsEvent {
  const props = { ...event.props }
  for (const field of ['errorType', 'errorMessage', 'stackTrace'] as const) {
    const value = props[field]
    if (typeof value === 'string') props[field] = clip(value, ERROR_REPORT_LIMITS[field])
  }
  return { ...event, url: clip(event.url, ERROR_REPORT_LIMITS.url), domain: clip(event.domain, ERROR_REPORT_LIMITS.domain), props }
}
