import * as v from 'valibot'
import type { RetentionConfig } from '../db/RetentionJob.js'
import type { RegistryConfig } from '../wallets/RegistryRefreshJob.js'
import type { TokenListsConfig } from './TokenListsConfig.js'
import { PriceProvidersConfigSchema, type PriceProvidersConfig } from '../prices/PriceProvidersConfig.js'
import { HistoryProvidersConfigSchema, checkHistoryProviders, type HistoryProvidersConfig } from '../history/HistoryProvidersConfig.js'

// The server's configuration: what a site owner writes in the JSON file the CLI reads. Checked
// with one schema at start-up, so a typo fails loudly instead of surfacing as a 500 later.

// The scheme may be left out (`example.com`: http and https), as the WalletConnect network's allow-list takes it.
const ORIGIN_PATTERN = /^(\*|(https?:\/\/)?[A-Za-z0-9.*-]+(:(\d{1,5}|\*))?)$/
const CAIP2_PATTERN = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
const EVM_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/
const SOLANA_ADDRESS_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/

const boundedInteger = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max))

/** The route groups requests are counted in (see `http/rateLimits.ts`). */
export const RATE_LIMIT_GROUPS = ['directory', 'images', 'fanout', 'sessions', 'nonce', 'analytics', 'names', 'bundler'] as const

/** A route group of the rate limits: which counter a request adds to. */
export type RateLimitGroup = (typeof RATE_LIMIT_GROUPS)[number]

const RateLimitsSchema = v.object({
  enabled: v.optional(v.boolean()),
  windowMs: v.optional(boundedInteger(1000, 3_600_000)),
  max: v.optional(boundedInteger(1, 10_000_000)),
  routes: v.optional(
    v.record(
      v.picklist(RATE_LIMIT_GROUPS, 'rate limit group: directory, images, fanout, sessions, nonce, analytics, names or bundler'),
      boundedInteger(1, 10_000_000)
    )
  )
})

const FeatureSchema = v.object({
  id: v.pipe(v.string(), v.regex(ID_PATTERN, 'feature id: letters, digits, _ or -')),
  isEnabled: v.boolean(),
  config: v.optional(v.unknown())
})

/**
 * Checks a project's remote features as the configuration file's are checked.
 * @throws Error 'Invalid features: …' naming the first problem.
 */
export function parseFeatures(features: unknown): FeatureConfig[] {
  const parsed = v.safeParse(v.array(FeatureSchema), features)
  if (!parsed.success) throw new Error(`Invalid features: ${parsed.issues[0]?.message ?? 'not a list of { id, isEnabled, config? }'}`)
  return parsed.output as FeatureConfig[]
}

const ProjectSchema = v.object({
  id: v.pipe(v.string(), v.regex(ID_PATTERN, 'project id: 1-100 letters, digits, _ or -')),
  name: v.optional(v.pipe(v.string(), v.maxLength(200))),
  allowedOrigins: v.array(v.pipe(v.string(), v.regex(ORIGIN_PATTERN, 'origin like "https://example.com", "example.com" or "http://127.0.0.1:*"'))),
  features: v.optional(v.array(FeatureSchema)),
  analyticsEnabled: v.optional(v.boolean()),
  analyticsStoreAddresses: v.optional(v.boolean()),
  rateLimits: v.optional(RateLimitsSchema)
})

const TokenSchema = v.object({
  // Which of the two fits is checked against the chain's namespace in parseServerConfig.
  address: v.pipe(
    v.string(),
    v.check(value => EVM_ADDRESS_PATTERN.test(value) || SOLANA_ADDRESS_PATTERN.test(value), 'token address: 0x and 40 hex digits, or a base58 Solana mint')
  ),
  symbol: v.pipe(v.string(), v.regex(/^[A-Za-z0-9.$_-]{1,20}$/, 'token symbol: 1-20 characters')),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(36)),
  iconUrl: v.optional(v.pipe(v.string(), v.url()))
})

const ChainSchema = v.object({
  caipNetworkId: v.pipe(v.string(), v.regex(CAIP2_PATTERN, 'caipNetworkId like "eip155:1"')),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  rpcUrl: v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//, 'rpcUrl must be http(s)')),
  nativeCurrency: v.object({
    name: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
    symbol: v.pipe(v.string(), v.regex(/^[A-Za-z0-9.$_-]{1,20}$/)),
    decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(36))
  }),
  imageId: v.optional(v.pipe(v.string(), v.regex(ID_PATTERN))),
  tokens: v.optional(v.array(TokenSchema)),
  historyFromBlock: v.optional(v.union([v.pipe(v.number(), v.integer(), v.minValue(0)), v.literal('latest')])),
  swap: v.optional(
    v.union(
      [
        v.strictObject({
          uniswapV2: v.object({
            router: v.pipe(v.string(), v.regex(EVM_ADDRESS_PATTERN, 'swap.uniswapV2.router: 0x and 40 hex digits')),
            factory: v.pipe(v.string(), v.regex(EVM_ADDRESS_PATTERN, 'swap.uniswapV2.factory: 0x and 40 hex digits')),
            weth: v.pipe(v.string(), v.regex(EVM_ADDRESS_PATTERN, 'swap.uniswapV2.weth: 0x and 40 hex digits'))
          })
        }),
        v.strictObject({
          oneInch: v.object({
            apiKey: v.pipe(v.string(), v.minLength(1), v.maxLength(500)),
            baseUrl: v.optional(v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//, 'swap.oneInch.baseUrl must be http(s)')))
          })
        })
      ],
      'swap: { uniswapV2: { router, factory, weth } } or { oneInch: { apiKey, baseUrl? } }'
    )
  ),
  smartAccounts: v.optional(
    v.strictObject({
      entryPoint: v.pipe(v.string(), v.regex(EVM_ADDRESS_PATTERN, 'smartAccounts.entryPoint: 0x and 40 hex digits')),
      accountFactory: v.pipe(v.string(), v.regex(EVM_ADDRESS_PATTERN, 'smartAccounts.accountFactory: 0x and 40 hex digits')),
      bundler: v.union(
        [
          v.strictObject({
            // Prefer WALLET_MODAL_BUNDLER_KEY(_FILE) (bundler/smartAccountKey.ts): left out, the key is read from there.
            operatorKey: v.optional(v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{64}$/, 'smartAccounts.bundler.operatorKey: 0x and 64 hex digits'))),
            opsPerMinute: v.optional(boundedInteger(1, 10_000)),
            clientOpsPerMinute: v.optional(boundedInteger(1, 100_000)),
            maxVerificationGas: v.optional(boundedInteger(50_000, 30_000_000)),
            maxCallGas: v.optional(boundedInteger(21_000, 30_000_000)),
            maxPreVerificationGas: v.optional(boundedInteger(21_000, 30_000_000)),
            maxPaymasterGas: v.optional(boundedInteger(10_000, 30_000_000)),
            maxFeeOverBaseFee: v.optional(boundedInteger(1, 1000)),
            maxPriorityFeeGwei: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100_000)))
          }),
          v.strictObject({
            url: v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//, 'smartAccounts.bundler.url must be http(s)'))
          })
        ],
        'smartAccounts.bundler: { operatorKey?, opsPerMinute?, … } or { url }'
      ),
      paymaster: v.optional(
        v.strictObject({
          address: v.pipe(v.string(), v.regex(EVM_ADDRESS_PATTERN, 'smartAccounts.paymaster.address: 0x and 40 hex digits')),
          // Prefer WALLET_MODAL_PAYMASTER_KEY(_FILE): left out, the key is read from there.
          signerKey: v.optional(v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{64}$/, 'smartAccounts.paymaster.signerKey: 0x and 64 hex digits'))),
          maxGasPerOperation: v.optional(boundedInteger(100_000, 30_000_000)),
          perUserPerDay: v.optional(boundedInteger(1, 1_000_000)),
          perClientPerDay: v.optional(boundedInteger(1, 1_000_000)),
          gasPerDay: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100_000), v.maxValue(Number.MAX_SAFE_INTEGER)))
        })
      )
    })
  )
})

const IdentitySchema = v.object({
  name: v.nullable(v.pipe(v.string(), v.maxLength(200))),
  avatar: v.nullable(
    v.pipe(
      v.string(),
      v.maxLength(2000),
      v.regex(/^(https:\/\/|data:image\/|\/public\/getAssetImage\/)/, 'avatar: https:, data:image/ or /public/getAssetImage/{id}')
    )
  )
})

const HistorySchema = v.object({
  enabled: v.optional(v.boolean()),
  pollMs: v.optional(boundedInteger(50, 600_000)),
  batchBlocks: v.optional(boundedInteger(1, 1000)),
  pageSize: v.optional(boundedInteger(1, 100))
})

const retentionDays = v.pipe(v.number(), v.minValue(0.0001), v.maxValue(3650))

const SessionsSchema = v.object({
  noncesPerMinute: v.optional(boundedInteger(1, 100_000)),
  maxLifetimeDays: v.optional(v.pipe(v.number(), v.minValue(0.0001), v.maxValue(366)))
})

/** A non-empty list of CAIP-2 ids. */
const caip2List = v.pipe(v.array(v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'a CAIP-2 network id'))), v.minLength(1))

/** A name suffix: a dot, then dot-separated labels of a-z, 0-9 and '-' (`.reown.id`). */
const NameSuffixSchema = v.pipe(
  v.string(),
  v.maxLength(60),
  v.regex(/^(\.[a-z0-9-]+)+$/, 'a name suffix: a dot, then labels of a-z, 0-9 and "-" (".reown.id")')
)

const RelaySchema = v.strictObject({
  publicMode: v.optional(v.boolean()),
  audiences: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.maxLength(500), v.url(), v.regex(/^wss?:\/\/[^?#]+$/, 'relay.audiences[]: a ws:// or wss:// URL without query'))),
      v.maxLength(20)
    )
  )
})

/** Schema of {@link ServerConfig}, used by {@link parseServerConfig}. */
export const ServerConfigSchema = v.object({
  projects: v.pipe(v.array(ProjectSchema), v.minLength(1, 'at least one project')),
  chains: v.array(ChainSchema),
  prices: v.optional(v.record(v.string(), v.pipe(v.number(), v.minValue(0), v.finite()))),
  priceProviders: v.optional(PriceProvidersConfigSchema),
  identities: v.optional(v.record(v.pipe(v.string(), v.regex(EVM_ADDRESS_PATTERN, 'identity key: 0x and 40 hex digits')), IdentitySchema)),
  analyticsEnabled: v.optional(v.boolean()),
  analyticsReadToken: v.optional(v.pipe(v.string(), v.minLength(16, 'analyticsReadToken: at least 16 characters'), v.maxLength(200))),
  walletsFile: v.optional(v.string()),
  history: v.optional(HistorySchema),
  historyProviders: v.optional(HistoryProvidersConfigSchema),
  sessions: v.optional(SessionsSchema),
  rateLimits: v.optional(RateLimitsSchema),
  relay: v.optional(RelaySchema),
  retention: v.optional(
    v.object({
      requestLogDays: v.optional(retentionDays),
      analyticsDays: v.optional(retentionDays),
      endedSessionsDays: v.optional(retentionDays),
      relayMessagesDays: v.optional(retentionDays),
      userOperationsDays: v.optional(retentionDays),
      intervalMs: v.optional(boundedInteger(100, 24 * 60 * 60 * 1000))
    })
  ),
  rpcProxy: v.optional(
    v.object({
      maxBatch: v.optional(boundedInteger(1, 1000)),
      maxLogsBlockRange: v.optional(boundedInteger(1, 10_000_000)),
      maxResponseBytes: v.optional(boundedInteger(1024, 256 * 1024 * 1024))
    })
  ),
  names: v.optional(
    v.object({
      suffix: v.optional(NameSuffixSchema),
      legacySuffixes: v.optional(v.pipe(v.array(NameSuffixSchema), v.maxLength(10))),
      namesPerAddress: v.optional(boundedInteger(1, 1000)),
      messageMaxAgeSeconds: v.optional(boundedInteger(10, 3600))
    })
  ),
  tokenLists: v.optional(
    v.strictObject({
      urls: v.optional(
        v.pipe(
          v.array(v.pipe(v.string(), v.maxLength(2000), v.url(), v.regex(/^(https?:\/\/|file:\/\/)/, 'tokenLists.urls[]: an http(s) or file: URL'))),
          v.maxLength(20, 'tokenLists.urls: at most 20 lists')
        )
      ),
      default: v.optional(v.boolean()),
      hide: v.optional(
        v.pipe(
          v.array(
            v.pipe(
              v.string(),
              v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/, 'tokenLists.hide[]: a CAIP-10 token id like "eip155:1:0xabc…"')
            )
          ),
          v.maxLength(10_000)
        )
      ),
      refreshHours: v.optional(v.pipe(v.number(), v.minValue(0.001), v.maxValue(24 * 365)))
    })
  ),
  ens: v.optional(
    v.union([
      v.literal(false),
      v.strictObject({
        chainId: v.pipe(v.string(), v.regex(/^eip155:\d{1,12}$/, 'ens.chainId: an eip155 CAIP-2 id of a configured chain')),
        registry: v.optional(v.pipe(v.string(), v.regex(EVM_ADDRESS_PATTERN, 'ens.registry: 0x and 40 hex digits'))),
        gateways: v.optional(
          v.pipe(
            v.array(v.pipe(v.string(), v.maxLength(500), v.url(), v.regex(/^https?:\/\/[^?#]+$/, 'ens.gateways[]: an http(s) URL prefix without query'))),
            v.maxLength(50)
          )
        ),
        ipfsGateway: v.optional(v.pipe(v.string(), v.maxLength(500), v.url(), v.regex(/^https:\/\/.+\/$/, 'ens.ipfsGateway: an https URL ending in /'))),
        nftAvatarService: v.optional(
          v.union([v.null(), v.pipe(v.string(), v.maxLength(500), v.url(), v.regex(/^https:\/\/.+\/$/, 'ens.nftAvatarService: an https URL ending in /'))])
        ),
        cacheSeconds: v.optional(boundedInteger(1, 7 * 24 * 3600)),
        timeoutMs: v.optional(boundedInteger(100, 60_000))
      })
    ])
  ),
  registry: v.optional(
    v.object({
      sourceUrl: v.optional(v.pipe(v.string(), v.maxLength(500), v.url(), v.regex(/^https?:\/\/[^?#]+$/, 'registry.sourceUrl: an http(s) URL without query'))),
      projectId: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200), v.regex(/^[A-Za-z0-9_-]+$/, 'registry.projectId: letters, digits, _ or -'))),
      refreshHours: v.optional(v.pipe(v.number(), v.minValue(0.001), v.maxValue(24 * 365)))
    })
  ),
  onramp: v.optional(
    v.object({
      providers: v.array(
        v.union(
          [
            v.strictObject({
              sandbox: v.object({
                url: v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//, 'onramp.providers[].sandbox.url must be http(s)')),
                apiKey: v.pipe(v.string(), v.minLength(8, 'onramp.providers[].sandbox.apiKey: at least 8 characters')),
                networks: caip2List,
                webhookSecret: v.pipe(v.string(), v.minLength(16, 'onramp.providers[].sandbox.webhookSecret: at least 16 characters'))
              })
            }),
            v.strictObject({
              coinbase: v.object({
                keyId: v.pipe(v.string(), v.minLength(1)),
                keySecret: v.pipe(
                  v.string(),
                  v.maxLength(4096),
                  v.regex(
                    /^[A-Za-z0-9+/]{43}=?$|^[A-Za-z0-9+/]{86}(==)?$|^-----BEGIN EC PRIVATE KEY-----/,
                    "onramp.providers[].coinbase.keySecret: the CDP key's base64 Ed25519 secret or its PEM EC key"
                  )
                ),
                networks: caip2List,
                country: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'a two-letter country code'))),
                subdivision: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9]{1,3}$/, 'an ISO 3166-2 subdivision code (NY)'))),
                apiUrl: v.optional(v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//, 'must be http(s)'))),
                payUrl: v.optional(v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//, 'must be http(s)')))
              })
            }),
            v.strictObject({
              meld: v.object({
                apiKey: v.pipe(
                  v.string(),
                  v.minLength(8, 'onramp.providers[].meld.apiKey: the API key from the Meld dashboard'),
                  v.maxLength(512),
                  v.regex(/^[\x21-\x7e]+$/, 'onramp.providers[].meld.apiKey: the key as the dashboard shows it, without "BASIC "')
                ),
                networks: caip2List,
                baseUrl: v.optional(v.pipe(v.string(), v.url(), v.regex(/^https?:\/\/[^?#]+$/, 'an http(s) URL without query'))),
                countryCode: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'a two-letter country code'))),
                subdivision: v.optional(
                  v.pipe(v.string(), v.regex(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$|^[A-Z0-9]{1,3}$/, 'an ISO 3166-2 subdivision code (NY or US-NY)'))
                ),
                widgetOrigin: v.optional(v.pipe(v.string(), v.url(), v.regex(/^https?:\/\/[^/?#]+\/?$/, 'an origin: scheme and host only'))),
                webhook: v.optional(
                  v.object({
                    secret: v.pipe(v.string(), v.minLength(16, 'onramp.providers[].meld.webhook.secret: at least 16 characters')),
                    url: v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//, 'must be http(s)'))
                  })
                )
              })
            })
          ],
          'onramp.providers[]: { sandbox: { url, apiKey, networks, webhookSecret } }, { coinbase: { keyId, keySecret, networks, country?, subdivision?, apiUrl?, payUrl? } } or { meld: { apiKey, networks, baseUrl?, countryCode?, subdivision?, widgetOrigin?, webhook? } }'
        )
      )
    })
  )
})

/** A remote feature entry of a project (spec §3 Project config), served by `/appkit/v1/config`. */
export interface FeatureConfig {
  /** Feature id: email, socials, swaps, onramp, activity, reownBranding, multiWallet... */
  id: string
  isEnabled: boolean
  /** Feature-specific value, e.g. the list of socials. */
  config?: unknown
}

/** A project: the unit a `projectId` names. */
export interface ProjectConfig {
  id: string
  name?: string
  /**
   * Origins the modal may run on; `*` matches any port (`http://127.0.0.1:*`) or host label, and a
   * host without scheme (`example.com`) allows http and https. The relay in public mode reads
   * this list by the WalletConnect network's rules instead (see {@link RelayConfig}).
   */
  allowedOrigins: string[]
  features?: FeatureConfig[]
  /** Overrides {@link ServerConfig.analyticsEnabled} for this project. */
  analyticsEnabled?: boolean
  /** Keep visitors' wallet addresses in stored events (default false: they are dropped on arrival). */
  analyticsStoreAddresses?: boolean
  /** Overrides {@link ServerConfig.rateLimits} for requests naming this project (field by field). */
  rateLimits?: RateLimitsConfig
}

/**
 * Per-client request limits (`http/rateLimits.ts`). A client is an IPv4 address or an IPv6 /64
 * (behind `trustProxy`, the address the proxy names); requests are counted per client, project
 * and route group in fixed windows. Over the limit the answer is 429 with `Retry-After`.
 */
export interface RateLimitsConfig {
  /** Off turns every limit off (benchmarks; never on a public server). Default on. */
  enabled?: boolean
  /** Window length in ms (default 60000; 1000 to 3600000). The `nonce` group always counts per minute. */
  windowMs?: number
  /** Requests per window for every group not named in `routes` (default: each group's own, see `RATE_LIMIT_DEFAULTS`). */
  max?: number
  /** Requests per window by group: directory, images, fanout, sessions, nonce, analytics. */
  routes?: Partial<Record<RateLimitGroup, number>>
}

/**
 * Who the WalletConnect relay (`/relay`) lets in.
 *
 * By default (`publicMode` off) a socket must name a configured project, a browser's Origin must
 * be in the project's `allowedOrigins` ({@link ProjectConfig}), and an `auth` JWT, when sent, must
 * verify; a client without one gets a random id.
 *
 * `publicMode: true` applies the rules of the WalletConnect network's public relay
 * (wss://relay.walletconnect.org, the modal's default), so tests and the devnet meet what sites
 * meet in production: the `auth` JWT (`?auth=` or `Authorization: Bearer`) is required, its
 * signature, `exp` and `iat` must hold and its `aud` must be one of `audiences` (a trailing slash
 * does not count); the project must exist; and a browser's Origin must pass the network's
 * allow-list rules (`allowListPermits`: an empty list allows all, localhost always passes,
 * `example.com` allows http and https, a `*` label stands for one label). A refused socket is
 * closed with code 3000 (final for the sign-client) and one of the reasons of `RELAY_REFUSALS`
 * (`@wallet-modal/wire`): `401 Project not found`, `401 Unauthorized: invalid key (…)`,
 * `403 Unauthorized: origin not allowed`.
 *
 * `audiences` are the relay URLs clients are given, exactly as they are given: the sign-client
 * signs `aud` = its `relayUrl` (`wss://relay.example.org`, `ws://127.0.0.1:8787/relay`). Left out
 * (or empty), the server's own `relayUrl` is the audience (`ws://127.0.0.1:<port>/relay`, its
 * path-less form, and the same with `localhost` when it listens on 127.0.0.1): enough for a
 * server clients reach directly; behind a proxy or TLS terminator list the public URL.
 *
 * @example
 * ```json
 * { "relay": { "publicMode": true, "audiences": ["wss://relay.example.org"] } }
 * ```
 */
export interface RelayConfig {
  /** Apply the public relay's rules (default false). */
  publicMode?: boolean
  /** The relay URLs an `auth` JWT may be made out to, in public mode (at most 20). */
  audiences?: string[]
}

/** The RPC proxy's bounds (`routes/rpcProxyRoutes.ts`). */
export interface RpcProxyConfig {
  /** Most entries in one JSON-RPC batch (default 100; at most the spec's 1000). */
  maxBatch?: number
  /** Widest `eth_getLogs` block range (toBlock - fromBlock + 1; default 10000). */
  maxLogsBlockRange?: number
  /** Largest upstream answer relayed, in bytes (default 10 MB); a larger one is cut off with a 502. */
  maxResponseBytes?: number
}

/** An ERC20 token or SPL mint the server reports balances and prices for. */
export interface TokenConfig {
  /** Contract address, 0x + 40 hex; on a solana chain the mint's base58 address. */
  address: string
  symbol: string
  name: string
  decimals: number
  /** Icon; default: this server's `/public/getTokenImage/{symbol}`. */
  iconUrl?: string
}

/** A chain: its upstream RPC (for the proxy and balances), native currency and known tokens. */
export interface ChainConfig {
  /** CAIP-2 id, e.g. `eip155:31337`. */
  caipNetworkId: string
  name: string
  /** Upstream JSON-RPC endpoint the proxy forwards to. */
  rpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** Id of the network image under `/public/getAssetImage/{id}` (the CAIP-2 id always works too). */
  imageId?: string
  tokens?: TokenConfig[]
  /**
   * Where the activity indexer starts on this chain (eip155) when it has stored nothing yet: a
   * block number, or 'latest' for the blocks after the head it first sees. Default: 0 when `rpcUrl` is on this
   * machine (a devnet), 'latest' otherwise (a public chain would take days to read from genesis).
   */
  historyFromBlock?: number | 'latest'
  /** Swaps on this chain (eip155); see {@link SwapChainConfig}. Without it the chain has no swaps. */
  swap?: SwapChainConfig
  /**
   * ERC-4337 smart accounts on this chain (eip155); see {@link SmartAccountsConfig}. Without it
   * the chain has no bundler and embedded wallets stay plain accounts there.
   */
  smartAccounts?: SmartAccountsConfig
}

/**
 * A chain's ERC-4337 contracts and the bundler behind `POST /v1/bundler?chainId=…`: the EntryPoint
 * (v0.8) and the WalletModalAccountFactory the embedded wallet's accounts are made by
 * (SimpleAccount plus ERC-1271; its source is the devnet's `contracts/`), and either this
 * server's own bundler, which submits `handleOps` from `operatorKey` (an account the operator
 * funds; it is repaid by each operation's gas fees), or an external bundler at `url` that the
 * endpoint forwards to. Run one server per operator key: two would race for its nonces.
 */
export interface SmartAccountsConfig {
  entryPoint: string
  accountFactory: string
  bundler: LocalBundlerConfig | { url: string }
  /**
   * Off unless set: a verifying paymaster the operator deployed and funds (the devnet's
   * `WalletModalPaymaster.sol`), which pays for an embedded account's first transaction (the one
   * that deploys it), so a person can use a new account before holding the chain's coin.
   * `signerKey` is the paymaster's `verifyingSigner` (prefer the environment:
   * `WALLET_MODAL_PAYMASTER_KEY`, or `WALLET_MODAL_PAYMASTER_KEY_FILE` naming a file holding it;
   * either wins over the config). An operation needing more than `maxGasPerOperation` gas in all
   * (default 600,000) is not sponsored, nor more than `perUserPerDay` operations (default 3) per
   * embedded account (or sender), `perClientPerDay` (default 10) per client address, nor more than
   * `gasPerDay` gas (default 50,000,000) in all, over the last 24 hours (counted in the database).
   */
  paymaster?: { address: string; signerKey?: string; maxGasPerOperation?: number; perUserPerDay?: number; perClientPerDay?: number; gasPerDay?: number }
}

/**
 * This server's own bundler on a chain. `operatorKey` signs and pays for the bundles: prefer the
 * environment (`WALLET_MODAL_BUNDLER_KEY`, or `WALLET_MODAL_BUNDLER_KEY_FILE` naming a file holding
 * it; either wins over the config). Limits, each with a default (`bundler/LocalBundler.ts`):
 * operations per sender (`opsPerMinute`, 10) and per client address (`clientOpsPerMinute`, 30) a
 * minute; the most gas one operation may ask for verification (`maxVerificationGas`, 1,000,000),
 * its call (`maxCallGas`, 6,000,000), `preVerificationGas` (`maxPreVerificationGas`, 1,000,000)
 * and each paymaster limit (`maxPaymasterGas`, 300,000); `maxPriorityFeePerGas` at most
 * `maxPriorityFeeGwei` (100) and `maxFeePerGas` at most `maxFeeOverBaseFee` (4) times the base fee
 * plus that.
 */
export interface LocalBundlerConfig {
  operatorKey?: string
  opsPerMinute?: number
  clientOpsPerMinute?: number
  maxVerificationGas?: number
  maxCallGas?: number
  maxPreVerificationGas?: number
  maxPaymasterGas?: number
  maxFeeOverBaseFee?: number
  maxPriorityFeeGwei?: number
}

/**
 * Where a chain's swaps are made: a Uniswap V2 exchange (its router, factory and wrapped native
 * coin), quoted on chain with the router's `getAmountsOut`; or the 1inch aggregation API (the
 * operator's API key; only on the spec's {@link SWAP_NETWORK_IDS}).
 */
export type SwapChainConfig = { uniswapV2: { router: string; factory: string; weth: string } } | { oneInch: { apiKey: string; baseUrl?: string } }

/** The networks 1inch swaps on (spec §9: the 12 swap networks), by eip155 chain id. */
export const SWAP_NETWORK_IDS: readonly number[] = [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554]

/** Name and avatar `/v1/identity/{address}` answers for an address. */
export interface IdentityConfig {
  name: string | null
  /** `https:` or `data:image/` URL, or `/public/getAssetImage/{id}` (served by this server). */
  avatar: string | null
}

/**
 * The activity feed (`/v1/account/{account}/history`): a background indexer follows every eip155
 * chain (except those an explorer API serves, see {@link HistoryProvidersConfig}) and stores its
 * native transfers and ERC20 `Transfer` logs.
 */
export interface HistoryConfig {
  /** Run the indexer (default true). Off, the feed answers what was indexed before (or nothing). */
  enabled?: boolean
  /** How often each chain's head is polled, in ms (default 1000; 50 to 600000). */
  pollMs?: number
  /** Most blocks read per chain and poll while catching up (default 50; 1 to 1000). */
  batchBlocks?: number
  /** Transactions per page of the feed (default 20; 1 to 100). */
  pageSize?: number
}

/** The sign-in session service (`/v1/sessions...`). */
export interface SessionsConfig {
  /**
   * Sign-in nonces one client address may ask for per minute (default 30; 1 to 100000): each
   * one is a row in the database, so a script asking in a loop is answered 429 instead.
   */
  noncesPerMinute?: number
  /**
   * Longest a session token is accepted, in days (default 30; fractions allowed; at most 366),
   * even when the signed message sets a later expiry or none.
   */
  maxLifetimeDays?: number
}

/**
 * Where ENS names are resolved: a configured eip155 chain (its `rpcUrl`) holding an ENS registry.
 * Configured identities (`identities`) override what ENS says.
 */
export interface EnsConfig {
  /** The chain holding the registry (`eip155:1` for real names). */
  chainId: string
  /** The registry (default the one on mainnet, Sepolia and Holesky: `0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e`). */
  registry?: string
  /**
   * CCIP-Read (EIP-3668) gateways a wildcard resolver may send this server to, as URL prefixes
   * (same origin, path under the prefix). Default none: names answered off-chain do not resolve.
   */
  gateways?: string[]
  /** Where `ipfs://` avatars load from (default `https://ipfs.io/ipfs/`). */
  ipfsGateway?: string
  /** Serves NFT avatars by name (default `https://metadata.ens.domains/mainnet/avatar/`); null: NFT avatars are left out. */
  nftAvatarService?: string | null
  /** How long answers are kept, in seconds (default 300; "no name" at most 60). */
  cacheSeconds?: number
  /** Time for each node or gateway request, in ms (default: the upstream timeout). */
  timeoutMs?: number
}

/** Everything the server serves that is not read live from a chain. */
export interface ServerConfig {
  projects: ProjectConfig[]
  chains: ChainConfig[]
  /**
   * USD prices. Keys: a symbol (`ETH`), a CAIP-10 token id (`eip155:1:0xabc...`), or
   * `eip155:1:native`; the most specific key wins. They override every price provider; an asset
   * no one prices has no price (never 0).
   */
  prices?: Record<string, number>
  /** Where other USD prices come from (CoinGecko, Chainlink feeds); see {@link PriceProvidersConfig}. */
  priceProviders?: PriceProvidersConfig
  /** Known names and avatars by EVM address. */
  identities?: Record<string, IdentityConfig>
  /** Whether `/getAnalyticsConfig` says yes and `POST /e` stores events (default false). */
  analyticsEnabled?: boolean
  /**
   * Reading events back (`GET /e`) needs `Authorization: Bearer <token>`; without a token reading
   * is off. Events describe visitors, and a project id is public (it is in every page).
   */
  analyticsReadToken?: string
  /** A wallet catalogue JSON file to use instead of the bundled sample catalogue. */
  walletsFile?: string
  /** The activity indexer and feed; see {@link HistoryConfig}. */
  history?: HistoryConfig
  /**
   * Explorer APIs (Etherscan V2, Blockscout) that serve the activity feed of the chains they name,
   * instead of the indexer; see {@link HistoryProvidersConfig}.
   */
  historyProviders?: HistoryProvidersConfig
  /** The sign-in session service; see {@link SessionsConfig}. */
  sessions?: SessionsConfig
  /** Request limits per client; see {@link RateLimitsConfig}. */
  rateLimits?: RateLimitsConfig
  /** Who the WalletConnect relay lets in; see {@link RelayConfig}. */
  relay?: RelayConfig
  /** The RPC proxy's bounds; see {@link RpcProxyConfig}. */
  rpcProxy?: RpcProxyConfig
  /** How long rows that grow with traffic are kept; see {@link RetentionConfig}. */
  retention?: RetentionConfig
  /** The on-ramp providers behind `/v1/onramp/*`; see {@link OnRampConfig}. Without it there is no on-ramp. */
  onramp?: OnRampConfig
  /** The name service behind `/v1/profile/*`; see {@link NamesConfig}. */
  names?: NamesConfig
  /**
   * ENS names (forward, reverse, avatar) for `/v1/identity` and `/v1/profile/account`; see
   * {@link EnsConfig}. Left out: on when `eip155:1` is configured (mainnet's registry), else off;
   * `false`: off.
   */
  ens?: EnsConfig | false
  /** The public wallet registry the directory is synced from; see {@link RegistryConfig}. */
  registry?: RegistryConfig
  /**
   * Token lists whose tokens the balance answer reads besides each chain's `tokens`; see
   * {@link TokenListsConfig}. Left out, the Uniswap default list (bundled) is used.
   */
  tokenLists?: TokenListsConfig
}

/**
 * The name service (spec §7 `/v1/profile/*`): always on; this sets its suffix and rules.
 */
export interface NamesConfig {
  /** The suffix names are registered under (default the spec's `.reown.id`); the modal learns it from `/appkit/v1/config`. */
  suffix?: string
  /** Older suffixes that still resolve to the same names (default the spec's `.wcn.id`). */
  legacySuffixes?: string[]
  /** Names one address may register (default 1). */
  namesPerAddress?: number
  /** How old a signed registration may be, in seconds (default 300); a future one is always refused. */
  messageMaxAgeSeconds?: number
}

/**
 * The on-ramp providers, in the order the modal lists them (see {@link OnRampProviderConfig}).
 * `sandbox`: a provider with a real HTTP API and checkout page that pays with devnet tokens (the
 * devnet runs one); `apiKey` authenticates this server to it, `webhookSecret` signs its purchase
 * callbacks to this server.
 */
export interface OnRampConfig {
  providers: OnRampProviderConfig[]
}

/**
 * One on-ramp provider. `coinbase`: Coinbase Onramp with the operator's CDP API key (`keyId` and
 * its `keySecret`: base64 Ed25519 or a PEM EC key; neither leaves this server), the networks
 * offered, the country and (required by Coinbase for the US) `subdivision` its options and quotes
 * are asked for (default US), and other bases for a proxy. `meld`: Meld with the operator's API key
 * (sent as `BASIC <key>`), the networks offered, `baseUrl` (default https://api.meld.io; the sandbox
 * is https://api-sb.meld.io), the country asked for (default US), the widget's origin when neither
 * Meld host is used, and a webhook profile (`secret`, and the `url` Meld posts to) for purchase reports.
 */
export type OnRampProviderConfig =
  | { sandbox: { url: string; apiKey: string; networks: string[]; webhookSecret: string } }
  | { coinbase: { keyId: string; keySecret: string; networks: string[]; country?: string; subdivision?: string; apiUrl?: string; payUrl?: string } }
  | {
      meld: {
        apiKey: string
        networks: string[]
        baseUrl?: string
        countryCode?: string
        subdivision?: string
        widgetOrigin?: string
        webhook?: { secret: string; url: string }
      }
    }

/**
 * The documented interfaces and the schema describe one object. `parseServerConfig` assigns the
 * schema's output to `ServerConfig` without a cast (a field the schema reads differently fails to
 * compile there); this fails to compile when `ServerConfig` documents a field the schema does not
 * read at all.
 */
type ConfigFieldsRead = [Exclude<keyof ServerConfig, keyof v.InferOutput<typeof ServerConfigSchema>>] extends [never] ? true : false
const configFieldsRead: ConfigFieldsRead = true
void configFieldsRead

/**
 * Checks an untrusted value (e.g. a parsed JSON file) against the config schema, and checks that
 * ids are unique. Throws an Error naming the first problem and where it is.
 *
 * @param value - The candidate configuration.
 */
export function parseServerConfig(value: unknown): ServerConfig {
  const result = v.safeParse(ServerConfigSchema, value)
  if (!result.success) {
    const issue = result.issues[0]
    const path = issue?.path?.map(p => String(p.key)).join('.') ?? ''
    throw new Error(`Invalid server config${path ? ` at ${path}` : ''}: ${issue?.message ?? 'invalid'}`)
  }
  // No cast: what the schema yields type-checks as the documented ServerConfig (see ConfigFieldsRead below).
  const config: ServerConfig = result.output
  assertUnique(
    config.projects.map(p => p.id),
    'project id'
  )
  assertUnique(
    config.chains.map(c => c.caipNetworkId),
    'chain caipNetworkId'
  )
  config.chains.forEach((chain, i) => {
    const solana = chain.caipNetworkId.startsWith('solana:')
    if (
      chain.swap &&
      'oneInch' in chain.swap &&
      !(chain.caipNetworkId.startsWith('eip155:') && SWAP_NETWORK_IDS.includes(Number(chain.caipNetworkId.slice(7))))
    ) {
      throw new Error(`Invalid server config at chains.${i}.swap.oneInch: 1inch swaps only on eip155 chains ${SWAP_NETWORK_IDS.join(', ')}`)
    }
    if (chain.smartAccounts && !chain.caipNetworkId.startsWith('eip155:')) {
      throw new Error(`Invalid server config at chains.${i}.smartAccounts: smart accounts only on eip155 chains`)
    }
    chain.tokens?.forEach((token, j) => {
      if (!(solana ? SOLANA_ADDRESS_PATTERN : EVM_ADDRESS_PATTERN).test(token.address)) {
        throw new Error(
          `Invalid server config at chains.${i}.tokens.${j}.address: ${solana ? 'a base58 Solana mint' : '0x and 40 hex digits'} on ${chain.caipNetworkId}`
        )
      }
    })
  })
  checkHistoryProviders(config)
  if (config.ens && !config.chains.some(chain => chain.caipNetworkId === (config.ens as EnsConfig).chainId)) {
    throw new Error(`Invalid server config at ens.chainId: ${config.ens.chainId} is not a configured chain`)
  }
  return config
}

function assertUnique(values: string[], what: string): void {
  const seen = new Set<string>()
  for (const value of values) {
    if (seen.has(value)) throw new Error(`Invalid server config: duplicate ${what} "${value}"`)
    seen.add(value)
  }
}
