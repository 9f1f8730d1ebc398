import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { findFreeFixedPort } from './freePort.js'
import { startMailSink, type MailSink } from './mail/startMailSink.js'
import { DEVNET_SOCIALS, startOidcProvider, type DevnetOidcProvider } from './oidc/startOidcProvider.js'
import { devnetFarcasterCustody, startFarcasterRelay, type DevnetFarcasterRelay } from './farcaster/startFarcasterRelay.js'
import { startSafeStandIn, type SafeStandIn } from './safe/startSafeStandIn.js'
import { startOnRampSandbox, type OnRampSandbox } from './onramp/startOnRampSandbox.js'
import { startEtherscanStandIn, type EtherscanStandIn } from './explorerApi/startEtherscanStandIn.js'
import { DEVNET_COINGECKO_PLATFORM, devnetCoinGeckoPrices, startCoinGeckoStandIn, type CoinGeckoStandIn } from './prices/startCoinGeckoStandIn.js'
import { serveDemo, type DemoServer, type ServeDemoOptions } from './serveDemo.js'
import { startDevnet, type Devnet } from './startDevnet.js'
import { DEVNET_TOKEN_LIST_URL } from './constants.js'
import { createWalletConnectDevWallet, type WalletConnectDevWallet } from './walletconnect/createWalletConnectDevWallet.js'

/** The wallet-modal server as startAll runs it. */
export interface ServiceServer {
  readonly url: string
  /** Its WalletConnect relay (`ws://.../relay`); undefined when the relay is off. */
  readonly relayUrl?: string
  /** The embedded wallet's secure site, when it runs. */
  readonly secureSiteUrl?: string
  /** Replaces a project's remote features while it runs (the server's `setProjectFeatures`). */
  setProjectFeatures(projectId: string, features: { id: string; isEnabled: boolean; config?: unknown }[]): void
  close(): Promise<void>
}

/** Options of {@link startAll}. */
export interface StartAllOptions extends Omit<ServeDemoOptions, 'devnet' | 'serviceUrl' | 'wcWallet' | 'safeUrl'> {
  /** Port of the first anvil node (default: free ports). The demo server's port is `port`. */
  basePort?: number
  /** Port of the wallet-modal server (default: a free one). */
  servicePort?: number
  /** Folder for the server's database (default: in memory). */
  serviceDataDir?: string
  /** Let tests make the server misbehave (its fault API). */
  enableFaults?: boolean
  /** Start no wallet-modal server (the demo then runs without directory, balances and analytics). */
  withoutServices?: boolean
  /** Start no WalletConnect dev wallet even though the services (and their relay) run. */
  withoutWcWallet?: boolean
  /** Port of the embedded wallet's secure site (default: a free one). */
  securePort?: number
  /** Port of the local SMTP sink (default: a free one). */
  mailPort?: number
  /** Port of the local OpenID provider standing in for the social logins (default: a free one). */
  oidcPort?: number
  /** Port of the Farcaster sign-in stand-in (relay and approval page; default: a free one). */
  farcasterPort?: number
  /** Port of the on-ramp sandbox (default: a free one). */
  onrampPort?: number
  /** Port of the Safe{Wallet} stand-in that frames the demo as a Safe app (default: a free one). */
  safePort?: number
  /**
   * Point the secure site's social providers and Farcaster relay at a closed port (tests of
   * providers that cannot be reached; the stand-ins still run).
   */
  socialProvidersDown?: boolean
  /**
   * The SMTP server the secure site sends through (default: the devnet's own sink). Tests point
   * it at a closed port to see e-mail fail.
   */
  smtpUrl?: string
  /**
   * Offer swaps only on these chain ids (tests of a network the swap service does not serve);
   * default every devnet chain.
   */
  swapsOnlyOn?: number[]
  /** Smart accounts (and the bundler) only on these eip155 chain ids (tests of a network without them); default every devnet chain. */
  smartAccountsOnlyOn?: number[]
  /** The WalletConnect dev wallet's key (default the Devnet Wallet's, anvil account 1): tests of two wallets at once give it another. */
  wcWalletPrivateKey?: `0x${string}`
}

/**
 * The key-encryption key of the embedded wallet in dev mode: `WALLET_MODAL_KEK` when set, else one
 * made once and kept next to the server's data (so keys sealed before a restart still open), or
 * only in memory without a data folder. Says so, once, when it makes one.
 */
async function devKek(dataDir: string | undefined): Promise<{ kek: string; made?: string }> {
  const { KeyVault, KEK_ENV } = await import('@wallet-modal/server')
  const fromEnv = process.env[KEK_ENV]?.trim()
  if (fromEnv) return { kek: fromEnv }
  if (!dataDir) return { kek: KeyVault.generateKek(), made: 'in memory' }
  const file = join(dirname(dataDir), 'dev-kek')
  if (existsSync(file)) return { kek: readFileSync(file, 'utf8').trim() }
  mkdirSync(dirname(file), { recursive: true })
  const kek = KeyVault.generateKek()
  writeFileSync(file, kek, { mode: 0o600 })
  return { kek, made: file }
}

/** Nothing listens on port 1 on these machines: a connection there is refused at once. */
const CLOSED_PORT_URL = 'http://127.0.0.1:1'

/**
 * Starts the wallet-modal server (packages/server) on the devnet's chains (the local Solana
 * network included): project `demo`, allowed from any loopback origin.
 */
async function startServices(
  devnet: Devnet,
  options: StartAllOptions,
  smtpUrl: string,
  oidc: DevnetOidcProvider,
  farcaster: DevnetFarcasterRelay,
  securePort: number,
  onramp: { sandbox: OnRampSandbox; apiKey: string; webhookSecret: string },
  coinGecko: CoinGeckoStandIn,
  explorer: EtherscanStandIn
): Promise<ServiceServer> {
  const [{ createServer, KeyVault }, { demoServerConfig }] = await Promise.all([import('@wallet-modal/server'), import('./server/demoServerConfig.js')])
  const { kek, made } = await devKek(options.serviceDataDir)
  if (made) console.log(`devnet: dev mode: made a key-encryption key for the e-mail wallet (${made}); production servers take WALLET_MODAL_KEK`)
  const config = demoServerConfig({
    chains: devnet.chains,
    tokens: devnet.tokens,
    solana: devnet.solana,
    uniswap: devnet.uniswap,
    accountAbstraction: devnet.accountAbstraction,
    origins: ['http://127.0.0.1:*', 'http://localhost:*'],
    // 'Devnet Listed' (DLST) is named by this list only: the Account view shows a token list's token.
    tokenLists: [DEVNET_TOKEN_LIST_URL],
    // Prices besides the static ones (which stay overrides) come from the CoinGecko stand-in.
    coinGecko: { url: coinGecko.url, platform: DEVNET_COINGECKO_PLATFORM },
    // The dev accounts are named through the ENS contracts deployed on the first chain (devnet-wallet.eth).
    ens: { chainId: devnet.ens.chainId, registry: devnet.ens.registry }
  })
  // The on-ramp sandbox sells DUSD on the EVM chains and SOL on the local Solana network; its keys
  // are made per start (the demo's own).
  config.onramp = {
    providers: [
      {
        sandbox: {
          url: onramp.sandbox.url,
          apiKey: onramp.apiKey,
          networks: [...devnet.chains.map(c => `eip155:${c.chainId}`), devnet.solana.caipNetworkId],
          webhookSecret: onramp.webhookSecret
        }
      }
    ]
  }
  // The relay runs by the WalletConnect network's rules (the modal's default relay), so the demo
  // and the tests meet what a site meets in production: every client must bring its auth JWT,
  // made out to this relay. The audience is left to the server: its own relayUrl,
  // ws://127.0.0.1:<port>/relay, which is what the demo page derives from its serviceUrl (the
  // modal's `${serviceUrl}/relay`) and what the WalletConnect dev wallet is given (`relayUrl`).
  config.relay = { publicMode: true }
  // The second chain's activity comes from an Etherscan-compatible explorer API (its stand-in
  // reads the chain), as a chain the operator does not index would; the first chain's from the indexer.
  config.historyProviders = { etherscan: { baseUrl: explorer.url, apiKey: explorer.apiKey, chains: [`eip155:${devnet.chains[1]!.chainId}`] } }
  if (options.swapsOnlyOn) for (const chain of config.chains) if (!options.swapsOnlyOn.some(id => chain.caipNetworkId === `eip155:${id}`)) delete chain.swap
  if (options.smartAccountsOnlyOn)
    for (const chain of config.chains) if (!options.smartAccountsOnlyOn.some(id => chain.caipNetworkId === `eip155:${id}`)) delete chain.smartAccounts
  return createServer({
    port: options.servicePort ?? 0,
    config,
    dataDir: options.serviceDataDir,
    enableFaults: options.enableFaults,
    secureSite: {
      port: securePort,
      mail: { smtpUrl, from: 'Devnet Wallet <wallet@devnet.local>' },
      // Every social login goes to the local OpenID provider (one client per social).
      socials: Object.fromEntries(
        DEVNET_SOCIALS.map(social => [social, { ...oidc.clients[social], issuer: options.socialProvidersDown ? CLOSED_PORT_URL : oidc.issuer }])
      ),
      // Farcaster through the stand-in relay; custody of the test accounts from configuration.
      farcaster: { relayUrl: options.socialProvidersDown ? CLOSED_PORT_URL : farcaster.url, custody: devnetFarcasterCustody() },
      vault: new KeyVault(Buffer.from(kek, /^[0-9a-fA-F]{64}$/.test(kek) ? 'hex' : 'base64'))
    }
  })
}

/**
 * Starts the WalletConnect dev wallet on the relay, serving the devnet chains (it sends
 * transactions to the anvil nodes directly). A wallet that cannot start must not take the demo
 * down with it: the page at /wc-wallet/ then says it is not running, and the reason is printed.
 */
async function startWcWallet(devnet: Devnet, relayUrl: string, privateKey?: `0x${string}`): Promise<WalletConnectDevWallet | undefined> {
  try {
    return await createWalletConnectDevWallet({
      relayUrl,
      privateKey,
      chains: devnet.chains.map(chain => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl }))
    })
  } catch (error) {
    console.warn(`devnet: the WalletConnect dev wallet did not start: ${error instanceof Error ? error.message : String(error)}`)
    return undefined
  }
}

/** The devnet and the demo server, running together. */
export interface AllServices {
  /** The running chains and tokens. */
  readonly devnet: Devnet
  /** The demo server. */
  readonly server: DemoServer
  /** The demo page's URL (same as `server.url`). */
  readonly url: string
  /** The wallet-modal server, unless started without services. */
  readonly services?: ServiceServer
  /**
   * The WalletConnect dev wallet on the services' relay (controlled at `<url>/wc-wallet/`);
   * undefined without services, with `withoutWcWallet`, or if it could not start.
   */
  readonly wcWallet?: WalletConnectDevWallet
  /** The local SMTP sink the secure site sends to (its messages: the demo's `/mailbox/`). */
  readonly mail?: MailSink
  /** The local OpenID provider the secure site's social logins go to. */
  readonly oidc?: DevnetOidcProvider
  /** The Farcaster sign-in stand-in (relay, and the page where a test account approves). */
  readonly farcaster?: DevnetFarcasterRelay
  /** The on-ramp sandbox (its checkout pays with devnet DUSD); with the services only. */
  readonly onramp?: OnRampSandbox
  /** The CoinGecko stand-in the services ask for prices the configuration does not set; with the services only. */
  readonly coinGecko?: CoinGeckoStandIn
  /** The Etherscan-compatible explorer API stand-in the second chain's activity comes from; with the services only. */
  readonly explorer?: EtherscanStandIn
  /** The Safe{Wallet} stand-in (`/` opens the demo as a Safe app). */
  readonly safe: SafeStandIn
  /** Stops the demo server, the wallet, the services, then the chains. Safe to call more than once. */
  stop(): Promise<void>
}

/**
 * Starts the devnet and the demo server in front of it. If the server cannot start (port taken),
 * the chains are stopped again before the error is thrown.
 *
 * @param options - Demo server options plus `basePort` for the chains.
 */
export async function startAll(options: StartAllOptions = {}): Promise<AllServices> {
  const {
    basePort,
    servicePort,
    serviceDataDir,
    enableFaults,
    withoutServices,
    withoutWcWallet,
    securePort,
    mailPort,
    oidcPort,
    farcasterPort,
    safePort,
    socialProvidersDown,
    smtpUrl,
    swapsOnlyOn,
    smartAccountsOnlyOn,
    onrampPort,
    ...serverOptions
  } = options
  const devnet = await startDevnet({ basePort })
  let mail: MailSink | undefined
  let oidc: DevnetOidcProvider | undefined
  let farcaster: DevnetFarcasterRelay | undefined
  let safe: SafeStandIn | undefined
  let onramp: OnRampSandbox | undefined
  let coinGecko: CoinGeckoStandIn | undefined
  let explorer: EtherscanStandIn | undefined
  let services: ServiceServer | undefined
  let wcWallet: WalletConnectDevWallet | undefined
  let server: DemoServer
  try {
    if (!withoutServices) {
      mail = await startMailSink(mailPort ?? 0)
      // The provider must know the secure site's callback before the secure site starts. The port
      // is bound only after the providers below start on ports of their own: chosen outside the
      // range those get, so none of them can take it meanwhile (CI saw EADDRINUSE once).
      const port = securePort || (await findFreeFixedPort())
      oidc = await startOidcProvider({ port: oidcPort ?? 0, redirectUris: [`http://127.0.0.1:${port}/social/callback`] })
      farcaster = await startFarcasterRelay({ port: farcasterPort ?? 0 })
      const onrampKeys = { apiKey: randomBytes(16).toString('hex'), webhookSecret: randomBytes(32).toString('hex') }
      onramp = await startOnRampSandbox({
        port: onrampPort ?? 0,
        chains: devnet.chains,
        dusd: devnet.tokens.DUSD,
        solana: devnet.solana,
        apiKey: onrampKeys.apiKey
      })
      coinGecko = await startCoinGeckoStandIn(devnetCoinGeckoPrices())
      explorer = await startEtherscanStandIn({ chains: { [devnet.chains[1]!.chainId]: { rpcUrl: devnet.chains[1]!.rpcUrl } } })
      services = await startServices(devnet, options, smtpUrl ?? mail.smtpUrl, oidc, farcaster, port, { sandbox: onramp, ...onrampKeys }, coinGecko, explorer)
      onramp.setWebhook({ url: `${services.url}/v1/onramp/webhook/sandbox`, secret: onrampKeys.webhookSecret })
    }
    if (services?.relayUrl && !withoutWcWallet) wcWallet = await startWcWallet(devnet, services.relayUrl, options.wcWalletPrivateKey)
    // The demo configuration's read token (public, like the rest of the demo) lets the demo server
    // show the page's analytics at /analytics.json.
    const analyticsReadToken = services ? (await import('./server/demoServerConfig.js')).DEMO_ANALYTICS_READ_TOKEN : undefined
    safe = await startSafeStandIn({ port: safePort ?? 0, chains: devnet.chains })
    server = await serveDemo({
      ...serverOptions,
      devnet,
      serviceUrl: services?.url,
      wcWallet,
      analyticsReadToken,
      mailbox: mail,
      secureSiteUrl: services?.secureSiteUrl,
      safeUrl: safe.url
    })
    safe.setAppUrl(`${server.url}/`)
  } catch (error) {
    await wcWallet?.close()
    await services?.close()
    await oidc?.close()
    await farcaster?.close()
    await onramp?.close()
    await coinGecko?.close()
    await explorer?.close()
    await safe?.close()
    await mail?.close()
    await devnet.stop()
    throw error
  }
  let stopping: Promise<void> | undefined
  return {
    devnet,
    server,
    services,
    wcWallet,
    mail,
    oidc,
    farcaster,
    onramp,
    coinGecko,
    explorer,
    safe,
    url: server.url,
    stop: () =>
      (stopping ??= (async () => {
        await server.close()
        // Before the services: closing the wallet's socket first keeps it from seeing the relay
        // vanish and scheduling reconnects.
        await wcWallet?.close()
        await services?.close()
        await oidc?.close()
        await farcaster?.close()
        await onramp?.close()
        await coinGecko?.close()
        await explorer?.close()
        await explorer?.close()
        await safe.close()
        await mail?.close()
        await devnet.stop()
      })())
  }
}
