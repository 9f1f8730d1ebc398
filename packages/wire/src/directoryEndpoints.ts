import * as v from 'valibot'
import { ClientParamsSchema } from './ClientParams.js'
import { commaList } from './commaList.js'
import { defineEndpoint } from './Endpoint.js'
import { queryInteger } from './queryInteger.js'

// The wallet directory service (spec §7): wallets, images and a project's remote configuration.

/** A wallet of the directory (spec §3 Wallet). */
export const WalletSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  image_id: v.optional(v.nullable(v.string())),
  /** Absolute URL of the wallet's image (the directory's `/getWalletImage/{image_id}`). */
  image_url: v.optional(v.nullable(v.string())),
  rdns: v.optional(v.nullable(v.string())),
  /** CAIP-2 ids of the chains it supports. */
  chains: v.optional(v.array(v.string()), []),
  mobile_link: v.optional(v.nullable(v.string())),
  desktop_link: v.optional(v.nullable(v.string())),
  webapp_link: v.optional(v.nullable(v.string())),
  homepage: v.optional(v.nullable(v.string())),
  badge_type: v.optional(v.nullable(v.string())),
  /**
   * The public registry's way of naming a wallet's browser providers (its `injected` list,
   * walletconnect-specs' ApiWallet): for eip155, `injected_id` is the EIP-6963 rdns.
   */
  injected: v.optional(v.nullable(v.array(v.object({ namespace: v.string(), injected_id: v.string() }))))
})
/** A directory wallet. */
export type Wallet = v.InferOutput<typeof WalletSchema>

/** A wallet id in a list parameter. */
const WalletIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,100}$/))
/** A CAIP-2 id or a bare namespace (`eip155`) in the `chains` parameter. */
const ChainOrNamespaceSchema = v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}(:[-_a-zA-Z0-9]{1,32})?$/))

/** Query of `/getWallets`: a page, filters and a search. */
export const WalletsQuerySchema = v.object({
  ...ClientParamsSchema.entries,
  /** 1-based. */
  page: queryInteger(1, 100_000),
  /** Page size. */
  entries: queryInteger(1, 100),
  /** Only these wallet ids (empty: no restriction). */
  include: v.optional(commaList(WalletIdSchema, 100)),
  /** Never these wallet ids. */
  exclude: v.optional(commaList(WalletIdSchema, 100)),
  /** Wallets supporting any of these CAIP-2 ids, or any chain of these namespaces. */
  chains: v.optional(commaList(ChainOrNamespaceSchema, 50)),
  /** Case-insensitive part of the name. */
  search: v.optional(v.pipe(v.string(), v.maxLength(100))),
  /** `certified`: certified wallets only; `none` or absent: no badge filter. */
  badge_type: v.optional(v.picklist(['none', 'certified']))
})
/** A `/getWallets` query as the server reads it. */
export type WalletsQuery = v.InferOutput<typeof WalletsQuerySchema>

/** `/getWallets` answer: one page and how many wallets match in all. */
export const WalletPageSchema = v.object({ data: v.array(WalletSchema), count: v.pipe(v.number(), v.integer(), v.minValue(0)) })
/** A page of directory wallets. */
export type WalletPage = v.InferOutput<typeof WalletPageSchema>

/** An image id in a URL path. */
export const ImageIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9:._-]{1,100}$/))
/** Path parameters of the image calls. */
export const ImageParamsSchema = v.object({ id: ImageIdSchema })

/** A remote feature entry (spec §3 Project config). */
export const FeatureSchema = v.object({ id: v.string(), isEnabled: v.boolean(), config: v.optional(v.unknown()) })
/** A remote feature entry. */
export type RemoteFeature = v.InferOutput<typeof FeatureSchema>
/** `/appkit/v1/config` answer. */
export const ProjectConfigSchema = v.object({ features: v.array(FeatureSchema) })

/** `/projects/v1/origins` answer: the origins (with `*` wildcards) the project may be used from. */
export const OriginsSchema = v.object({ allowedOrigins: v.array(v.string()) })

/** `/getAnalyticsConfig` answer. */
export const AnalyticsConfigSchema = v.object({ isAnalyticsEnabled: v.boolean() })

/** The query of the calls that take nothing but the client parameters. */
const ClientQuery = ClientParamsSchema

/**
 * The wallet directory's calls (spec §7), each with `projectId`, `st` and `sv`:
 * - `getWallets`: a page of wallets, filtered (`include`, `exclude`, `chains`, `badge_type`) or
 *   searched;
 * - `walletImage`, `assetImage`, `currencyImage`, `tokenImage`: images (SVG, no JSON answer);
 * - `projectConfig`, `allowedOrigins`, `analyticsConfig`: the project's remote configuration.
 */
export const directoryEndpoints = {
  getWallets: defineEndpoint({ method: 'GET', path: '/getWallets', query: WalletsQuerySchema, response: WalletPageSchema }),
  walletImage: defineEndpoint({ method: 'GET', path: '/getWalletImage/:id', params: ImageParamsSchema, query: ClientQuery }),
  assetImage: defineEndpoint({ method: 'GET', path: '/public/getAssetImage/:id', params: ImageParamsSchema, query: ClientQuery }),
  currencyImage: defineEndpoint({ method: 'GET', path: '/public/getCurrencyImage/:id', params: ImageParamsSchema, query: ClientQuery }),
  tokenImage: defineEndpoint({ method: 'GET', path: '/public/getTokenImage/:id', params: ImageParamsSchema, query: ClientQuery }),
  projectConfig: defineEndpoint({ method: 'GET', path: '/appkit/v1/config', query: ClientQuery, response: ProjectConfigSchema }),
  allowedOrigins: defineEndpoint({ method: 'GET', path: '/projects/v1/origins', query: ClientQuery, response: OriginsSchema }),
  analyticsConfig: defineEndpoint({ method: 'GET', path: '/getAnalyticsConfig', query: ClientQuery, response: AnalyticsConfigSchema })
} as const
