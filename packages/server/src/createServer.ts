import cors from '@fastify/cors'
import Fastify from 'fastify'
import { PriceTable } from './chain/PriceTable.js'
import { createPriceService } from './prices/createPriceService.js'
import { UPSTREAM_TIMEOUT_MS } from './chain/upstreamRpc.js'
import { parseFeatures, parseServerConfig, type FeatureConfig, type ServerConfig } from './config/ServerConfig.js'
import { openStore } from './db/openStore.js'
import { RETENTION_DEFAULTS, RetentionJob } from './db/RetentionJob.js'
import type { Store } from './db/Store.js'
import { syncIdentities } from './db/syncIdentities.js'
import { ChainIndexer } from './history/ChainIndexer.js'
import { indexedChains } from './history/createHistoryProviders.js'
import { corsOptions } from './http/corsOptions.js'
import { FaultInjector } from './http/FaultInjector.js'
import { installErrorHandlers } from './http/installErrorHandlers.js'
import { originGuard } from './http/originGuard.js'
import { projectGuard } from './http/projectGuard.js'
import { installRateLimits } from './http/rateLimits.js'
import { RequestLog } from './http/RequestLog.js'
import { createValidatorCompiler } from './http/validatorCompiler.js'
import { ImageCatalogue } from './images/ImageCatalogue.js'
import { analyticsRoutes } from './routes/analyticsRoutes.js'
import { blockchainRoutes } from './routes/blockchainRoutes.js'
import { convertRoutes } from './routes/convertRoutes.js'
import { onrampRoutes } from './routes/onrampRoutes.js'
import { aboutRoute } from './routes/aboutRoute.js'
import { directoryRoutes } from './routes/directoryRoutes.js'
import { faultRoutes } from './routes/faultRoutes.js'
import { historyRoutes } from './routes/historyRoutes.js'
import { imageRoutes } from './routes/imageRoutes.js'
import { profileRoutes } from './routes/profileRoutes.js'
import { NameService } from './names/NameService.js'
import { createEnsResolver } from './names/createEnsResolver.js'
import type { RouteContext } from './routes/RouteContext.js'
import { rpcProxyRoutes } from './routes/rpcProxyRoutes.js'
import { bundlerRoutes } from './routes/bundlerRoutes.js'
import { createBundlers } from './bundler/createBundlers.js'
import type { Bundler } from './bundler/Bundler.js'
import { sessionRoutes } from './routes/sessionRoutes.js'
import { RelayHub, type RelayOptions } from './relay/RelayHub.js'
import { RELAY_PATH, relayRoutes } from './relay/relayRoutes.js'
import { loadWalletCatalogue } from './wallets/WalletCatalogue.js'
import { startSecureSite, type SecureSite, type SecureSiteOptions } from './embedded/SecureSite.js'
import { seedWallets } from './wallets/seedWallets.js'
import { RegistryRefreshJob, type RegistryRefreshOptions } from './wallets/RegistryRefreshJob.js'
import { TokenLists, type TokenListsOptions } from './tokenLists/TokenLists.js'

/** Default of {@link CreateServerOptions.requestTimeoutMs}: time a client has to send a whole request. */
export const REQUEST_TIMEOUT_MS = 30_000

/** Default of {@link CreateServerOptions.idleTimeoutMs}: a connection silent this long is closed. */
export const IDLE_TIMEOUT_MS = 120_000

/**
 * Default of {@link CreateServerOptions.maxConnections}: open connections, relay sockets included
 * (10,000 idle WalletConnect sockets cost about 40 MB, see the server benchmark).
 */
export const MAX_CONNECTIONS = 16_384

/** How long request log entries are kept by default (see `retention` in the config). */
export const REQUEST_LOG_RETENTION_DAYS = RETENTION_DEFAULTS.requestLogDays

/** Trusts the nearest `hops` proxies (hop 0 is the peer of the socket). */
const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops

/** Options of {@link createServer}. */
export interface CreateServerOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number
  /** Interface to listen on (default 127.0.0.1: only this machine). */
  host?: string
  /** Projects, chains, prices, identities: see {@link ServerConfig}. Checked at start. */
  config: ServerConfig
  /** PGlite data folder; undefined keeps the embedded database in memory. */
  dataDir?: string
  /** PostgreSQL connection string; when set, used instead of PGlite. */
  databaseUrl?: string
  /** Print one line per request to stdout (they are stored in `request_log` either way). */
  logger?: boolean
  /** Mount the test-only fault API (`/__faults`), answering loopback clients only. Never enable in production. */
  enableFaults?: boolean
  /** External base URL used in links the server returns, when it runs behind a proxy. */
  publicUrl?: string
  /**
   * Which proxies in front of the server to believe about the client's address
   * (`X-Forwarded-For`), as Fastify's `trustProxy`: a number of hops, or the proxies' addresses
   * and CIDR ranges (comma-separated). Off by default: the connection's address is the client's.
   * Per-client limits (sign-in nonces) count by it, so behind a proxy set it.
   */
  trustProxy?: number | string
  /**
   * Time a client has to send a whole request, headers and body (default
   * {@link REQUEST_TIMEOUT_MS}); a slower one is answered 408 and dropped, so dribbled bodies do
   * not hold connections. Headers alone get at most 10 s of it.
   */
  requestTimeoutMs?: number
  /** A connection that sends nothing this long is closed (default {@link IDLE_TIMEOUT_MS}; relay sockets are not affected). */
  idleTimeoutMs?: number
  /** Most open connections; more are closed as they arrive (default {@link MAX_CONNECTIONS}). */
  maxConnections?: number
  /** How long upstream RPC nodes get to answer (default 10 s). */
  upstreamTimeoutMs?: number
  /**
   * The WalletConnect relay (WebSocket at `/relay`, see {@link WalletModalServer.relayUrl}):
   * on by default; false leaves it out, an object tunes it.
   */
  relay?: boolean | RelayOptions
  /**
   * The embedded (e-mail) wallet's secure site, on its own port (its own origin): off unless
   * given. See {@link SecureSiteOptions}; its URL is {@link WalletModalServer.secureSiteUrl}.
   */
  secureSite?: SecureSiteOptions
  /** Tuning of the wallet registry refresh (`registry.projectId` in the config); tests shorten it. */
  registryRefresh?: RegistryRefreshOptions
  /** Tuning of the token lists (`tokenLists` in the config): fetch timeout and size, check period; tests shorten them. */
  tokenLists?: TokenListsOptions
}

/** A running server, as returned by {@link createServer}. */
export interface WalletModalServer {
  /** Base URL, e.g. `http://127.0.0.1:8787` (no trailing slash). */
  url: string
  port: number
  /** Stops listening, ends hanging requests, flushes the request log and closes the database. */
  close(): Promise<void>
  /** The database (for tests and tooling). */
  store: Store
  /**
   * The WalletConnect relay's URL, e.g. `ws://127.0.0.1:8787/relay`: what a sign-client takes
   * as `relayUrl`. Undefined when the relay is off.
   */
  relayUrl?: string
  /** The relay itself (for tests and tooling); undefined when it is off. */
  relay?: RelayHub
  /**
   * The chain indexer behind `/v1/account/{account}/history` (for tests and tooling); undefined
   * when `history.enabled` is false.
   */
  history?: ChainIndexer
  /** The secure site's origin (embedded wallet), when it runs. */
  secureSiteUrl?: string
  /** The secure site itself (for tests and tooling). */
  secureSite?: SecureSite
  /**
   * Replaces a project's remote features (spec §9: email, socials, swaps, onramp, activity,
   * reownBranding, multiWallet) while the server runs: what `/appkit/v1/config` answers from the
   * next request, so a modal follows after a reload. Validated as the configuration is; throws
   * for an unknown project or an invalid feature.
   *
   * @example
   * ```ts
   * server.setProjectFeatures('my-project', [{ id: 'swaps', isEnabled: false }])
   * ```
   */
  setProjectFeatures(projectId: string, features: FeatureConfig[]): void
}

/**
 * Starts the services the modal calls (spec §7) in this process: wallet directory, project
 * configuration, blockchain data API, sign-in sessions, RPC proxy, analytics sink and
 * WalletConnect relay, on one port.
 *
 * Opens the database (PGlite in `dataDir` or memory, or PostgreSQL at `databaseUrl`), applies
 * migrations, loads the wallet catalogue on first start and the configured identities, then
 * listens and starts the chain indexer of the activity feed (unless `history.enabled` is false).
 * If anything fails on the way, what was opened is closed before the error is thrown.
 *
 * @param options - See {@link CreateServerOptions}.
 */
export async function createServer(options: CreateServerOptions): Promise<WalletModalServer> {
  const config = parseServerConfig(options.config)
  const catalogue = loadWalletCatalogue(config.walletsFile)
  const store = await openStore({ dataDir: options.dataDir, databaseUrl: options.databaseUrl })
  try {
    await seedWallets(store, catalogue)
    await syncIdentities(store, config.identities)
    return await listen(options, config, store)
  } catch (error) {
    await store.close()
    throw error
  }
}

async function listen(options: CreateServerOptions, config: ServerConfig, store: Store): Promise<WalletModalServer> {
  const projects = new Map(config.projects.map(p => [p.id, p]))
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS
  // One bundler per chain, shared by the bundler route and the secure site (one operator nonce).
  const bundlers = createBundlers(config.chains, store, upstreamTimeoutMs)
  // Stored copies and file: lists before the first request; URL lists are fetched once listening.
  // Made here because the secure site's wallet_getAssets reads the same tokens and prices as the balance route.
  const tokenLists = new TokenLists(store, config.tokenLists, options.tokenLists)
  await tokenLists.load()
  const priceService = createPriceService(config.prices, config.priceProviders, new Map(config.chains.map(c => [c.caipNetworkId, c])), (provider, error) =>
    console.warn(`wallet-modal-server: prices: ${provider} skipped: ${error.message}`)
  )
  const secureSite = options.secureSite
    ? await startSecureSite(options.secureSite, {
        store,
        config,
        projects,
        host: options.host ?? '127.0.0.1',
        upstreamTimeoutMs,
        bundlers,
        tokenLists,
        priceService,
        // The same proxies are believed on both origins (one proxy usually fronts both).
        ...(options.trustProxy === undefined ? {} : { trustProxy: typeof options.trustProxy === 'number' ? trustHops(options.trustProxy) : options.trustProxy })
      })
    : undefined
  try {
    return await listenMain(options, config, store, projects, secureSite, bundlers, { tokenLists, priceService })
  } catch (error) {
    await secureSite?.close()
    throw error
  }
}

async function listenMain(
  options: CreateServerOptions,
  config: ServerConfig,
  store: Store,
  projects: Map<string, ServerConfig['projects'][number]>,
  secureSite: SecureSite | undefined,
  bundlers: ReadonlyMap<string, Bundler>,
  { tokenLists, priceService }: { tokenLists: TokenLists; priceService: RouteContext['priceService'] }
): Promise<WalletModalServer> {
  // The secure site's chains (the configured ones, else its built-in set): the RPC proxy and the
  // blockchain API must serve every chain the embedded wallet signs on.
  const chains = new Map((secureSite?.chains ?? config.chains).map(c => [c.caipNetworkId, c]))
  // What the operator configured: names (registration's signature checks) and ENS ride these only,
  // never the built-in set's public nodes.
  const configuredChains = new Map(config.chains.map(c => [c.caipNetworkId, c]))
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS
  const ctx: RouteContext = {
    tokenLists,
    secureSiteUrl: secureSite?.url,
    socials: secureSite?.socials ?? [],
    config,
    store,
    chains,
    prices: new PriceTable(config.prices),
    priceService,
    images: new ImageCatalogue(config),
    names: new NameService(store, config.names, configuredChains, upstreamTimeoutMs),
    ens: createEnsResolver(config.ens, configuredChains, upstreamTimeoutMs),
    bundlers,
    publicUrl: options.publicUrl,
    upstreamTimeoutMs
  }
  const requestLog = new RequestLog(store, options.logger ?? false)
  const relay = options.relay === false ? undefined : new RelayHub(store, options.relay === true ? {} : options.relay)
  const faults = options.enableFaults ? new FaultInjector() : undefined
  const history =
    config.history?.enabled === false
      ? undefined
      : new ChainIndexer({
          store,
          // Chains an explorer API serves (`historyProviders`) are not followed.
          chains: indexedChains(config),
          timeoutMs: ctx.upstreamTimeoutMs,
          pollMs: config.history?.pollMs,
          batchBlocks: config.history?.batchBlocks
        })

  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS
  const app = Fastify({
    logger: false,
    requestTimeout,
    connectionTimeout: options.idleTimeoutMs ?? IDLE_TIMEOUT_MS,
    // Node checks running requests against requestTimeout every connectionsCheckingInterval
    // (30 s by default), so a short timeout needs a shorter interval to be kept.
    http: { headersTimeout: Math.min(10_000, requestTimeout), connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(requestTimeout / 4))) },
    // Default JSON bodies stay small; routes that need more (the RPC proxy) say so.
    bodyLimit: 1024 * 1024,
    // Sockets left open by clients must not keep close() waiting.
    forceCloseConnections: true,
    routerOptions: { maxParamLength: 200 },
    // A hop count becomes the function form (Fastify's types take no number).
    ...(options.trustProxy === undefined ? {} : { trustProxy: typeof options.trustProxy === 'number' ? trustHops(options.trustProxy) : options.trustProxy })
  })
  app.server.maxConnections = options.maxConnections ?? MAX_CONNECTIONS
  app.setValidatorCompiler(createValidatorCompiler())
  app.decorateRequest('project', null)
  installErrorHandlers(app)
  // Its last poll must end before close() closes the database.
  if (history) app.addHook('onClose', async () => history.stop())
  // Tables that grow with traffic are kept bounded by age (request log, events, sessions, relay).
  const retention = new RetentionJob(store, config.retention)
  app.addHook('onClose', async () => retention.stop())
  // With a registry project id the directory is refreshed from the public registry (daily by default).
  const registryProjectId = config.registry?.projectId
  const registryRefresh = registryProjectId
    ? new RegistryRefreshJob(store, { ...config.registry, projectId: registryProjectId }, options.registryRefresh)
    : undefined
  if (registryRefresh) app.addHook('onClose', async () => registryRefresh.stop())
  app.addHook('onClose', async () => tokenLists.stop())

  // Hook order matters: CORS headers first (so even faults and refusals are readable by the
  // page), then faults (they stand in for a broken server, before any check), then the guard.
  await app.register(cors, corsOptions(projects, faults !== undefined))
  if (faults) {
    app.addHook('onRequest', async (request, reply) => {
      if (faults.apply(request, reply)) return reply
    })
    app.addHook('preClose', async () => faults.releaseAll())
    faultRoutes(app, faults)
  }
  app.addHook('onRequest', projectGuard(projects))
  app.addHook('onRequest', originGuard())
  // After the guard (it counts per project), before any route is declared (it hooks each one).
  await installRateLimits(app, config, store)
  app.addHook('onResponse', async (request, reply) => {
    const projectId = (request.query as Record<string, unknown> | undefined)?.projectId
    requestLog.add({
      at: new Date(),
      method: request.method,
      path: (request.url.split('?')[0] ?? '').slice(0, 500),
      status: reply.statusCode,
      ms: reply.elapsedTime,
      projectId: typeof projectId === 'string' ? projectId.slice(0, 128) : null
    })
  })

  // The relay's own URL is known once the server listens: public mode's default audience.
  let ownRelayUrl: string | undefined
  if (relay) await relayRoutes(app, relay, projects, { ...config.relay, ownRelayUrl: () => ownRelayUrl })
  directoryRoutes(app, ctx)
  aboutRoute(app)
  imageRoutes(app, ctx)
  blockchainRoutes(app, ctx)
  convertRoutes(app, ctx)
  onrampRoutes(app, ctx)
  historyRoutes(app, ctx)
  profileRoutes(app, ctx)
  sessionRoutes(app, ctx)
  rpcProxyRoutes(app, ctx)
  bundlerRoutes(app, ctx)
  analyticsRoutes(app, ctx)

  const host = options.host ?? '127.0.0.1'
  await app.listen({ port: options.port ?? 0, host })
  if (relay) {
    try {
      await relay.start()
    } catch (error) {
      await app.close()
      throw error
    }
  }
  history?.start()
  retention.start()
  registryRefresh?.start()
  tokenLists.start()
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0)
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host
  if (relay) ownRelayUrl = `ws://${urlHost}:${port}${RELAY_PATH}`

  let closing: Promise<void> | undefined
  return {
    url: `http://${urlHost}:${port}`,
    port,
    store,
    relayUrl: ownRelayUrl,
    relay,
    history,
    secureSiteUrl: secureSite?.url,
    secureSite,
    setProjectFeatures(projectId, features) {
      const project = projects.get(projectId)
      if (!project) throw new Error(`setProjectFeatures: no project ${projectId}`)
      project.features = parseFeatures(features)
    },
    close() {
      closing ??= (async () => {
        await secureSite?.close()
        await app.close()
        await requestLog.close()
        await store.close()
      })()
      return closing
    }
  }
}
