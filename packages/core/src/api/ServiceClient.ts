import * as v from 'valibot'
import { WalletModalError } from '../errors/WalletModalError.js'
import type { HttpClient } from './HttpClient.js'
import {
  AnalyticsConfigSchema,
  IdentitySchema,
  OriginsSchema,
  ProjectConfigSchema,
  SupportedChainsSchema,
  WalletPageSchema,
  ProfileSchema,
  parseBalances,
  parseHistory,
  type Identity,
  type Profile,
  type Transaction,
  type RemoteFeature,
  type TokenBalance,
  type Wallet
} from './schemas.js'

import { SDK_TYPE, SDK_VERSION, serviceUrl } from './sdk.js'

export { SDK_TYPE, SDK_VERSION }

/** Where the services live; every one may be a different deployment. */
export interface ServiceUrls {
  directoryUrl: string
  blockchainApiUrl: string
  analyticsUrl: string
}

/** A page of directory wallets. */
export interface WalletPage {
  data: Wallet[]
  count: number
}

/** Query of `/getWallets`. */
export interface WalletQuery {
  page: number
  entries: number
  include?: string[]
  exclude?: string[]
  chains?: string[]
  search?: string
  badge_type?: string
}

/** An analytics or error event (spec §7 `POST /e`). */
export interface AnalyticsEvent {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: Record<string, unknown> & { event: string }
}

function validate<S extends v.GenericSchema>(schema: S, value: unknown, what: string): v.InferOutput<S> {
  const r = v.safeParse(schema, value)
  if (!r.success) throw new WalletModalError('INVALID_RESPONSE', { details: `${what}: ${r.issues[0]?.message ?? 'unexpected shape'}` })
  return r.output
}

const list = (ids?: string[]) => (ids && ids.length ? ids.join(',') : undefined)

/**
 * Typed calls to the services of spec §7 (wallet directory, blockchain data API, analytics), with
 * projectId, st and sv on every call and every answer validated.
 */
export function createServiceClient(http: HttpClient, urls: ServiceUrls, projectId: string) {
  const common = { projectId, st: SDK_TYPE, sv: SDK_VERSION }
  const at = (base: string, path: string) => new URL(path.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`).href
  return {
    async getWallets(q: WalletQuery): Promise<WalletPage> {
      const raw = await http.get(at(urls.directoryUrl, 'getWallets'), {
        params: { ...common, page: q.page, entries: q.entries, include: list(q.include), exclude: list(q.exclude), chains: list(q.chains), search: q.search || undefined, badge_type: q.badge_type }
      })
      return validate(WalletPageSchema, raw, 'getWallets')
    },
    /** The URL of a wallet image (`/getWalletImage/{id}`), with the project parameters. */
    walletImageUrl(imageId: string): string {
      return serviceUrl(urls.directoryUrl, `getWalletImage/${encodeURIComponent(imageId)}`, projectId).href
    },
    async getProjectConfig(): Promise<RemoteFeature[]> {
      return validate(ProjectConfigSchema, await http.get(at(urls.directoryUrl, 'appkit/v1/config'), { params: common }), 'config').features
    },
    async getAllowedOrigins(): Promise<string[]> {
      // Rate limits and server errors are answered by the caller, not retried away here.
      return validate(OriginsSchema, await http.get(at(urls.directoryUrl, 'projects/v1/origins'), { params: common, retries: 0 }), 'origins').allowedOrigins
    },
    async getAnalyticsConfig(): Promise<boolean> {
      return validate(AnalyticsConfigSchema, await http.get(at(urls.directoryUrl, 'getAnalyticsConfig'), { params: common }), 'analytics config').isAnalyticsEnabled
    },
    async getSupportedChains(): Promise<string[]> {
      return validate(SupportedChainsSchema, await http.get(at(urls.blockchainApiUrl, 'v1/supported-chains'), { params: common }), 'supported chains').http
    },
    async getIdentity(address: string): Promise<Identity> {
      return validate(IdentitySchema, await http.get(at(urls.blockchainApiUrl, `v1/identity/${encodeURIComponent(address)}`), { params: { ...common, sender: address } }), 'identity')
    },
    async getBalances(address: string, caipNetworkId: string, forceUpdate?: string): Promise<TokenBalance[]> {
      const raw = await http.get(at(urls.blockchainApiUrl, `v1/account/${encodeURIComponent(address)}/balance`), { params: { ...common, currency: 'usd', chainId: caipNetworkId, forceUpdate } })
      try {
        return parseBalances(raw)
      } catch (err) {
        throw new WalletModalError('INVALID_RESPONSE', { details: 'balance', cause: err })
      }
    },
    /**
     * One page of the account's transaction history (spec §7), newest first; `cursor` is the
     * previous page's `next`.
     */
    async getHistory(address: string, q: { chainId?: string; cursor?: string } = {}): Promise<{ data: Transaction[]; next?: string }> {
      const raw = await http.get(at(urls.blockchainApiUrl, `v1/account/${encodeURIComponent(address)}/history`), { params: { ...common, chainId: q.chainId, cursor: q.cursor } })
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
      return validate(ProfileSchema, await http.get(at(urls.blockchainApiUrl, `v1/profile/account/${encodeURIComponent(name)}`), { params: { ...common, apiVersion: 2 }, retries: 0 }), 'profile')
    },
    /** The RPC proxy URL for a network (`/v1/?chainId=…&projectId=…`). */
    rpcProxyUrl(caipNetworkId: string): string {
      const u = new URL(at(urls.blockchainApiUrl, 'v1/'))
      u.searchParams.set('chainId', caipNetworkId)
      u.searchParams.set('projectId', projectId)
      return u.href
    },
    async sendEvent(event: AnalyticsEvent): Promise<void> {
      await http.post(at(urls.analyticsUrl, 'e'), event, { params: common, retries: 1 })
    }
  }
}

/** The service client's type. */
export type ServiceClient = ReturnType<typeof createServiceClient>
