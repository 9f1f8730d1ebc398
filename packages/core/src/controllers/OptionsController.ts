import { proxy, ref } from 'valtio/vanilla'
import type { MessageOverrides } from '../i18n/I18nController.js'
import { WalletModalError } from '../errors/WalletModalError.js'
import { assertEvmChainId } from '../utils/address.js'
import { parseCaipNetworkId } from '../utils/caip.js'
import type { StorageBackend } from '../utils/storage.js'
import type { CaipNetwork, CaipNetworkId, NetworkInput, WiredNamespace } from '../types/network.js'
import { WIRED_NAMESPACES } from '../types/network.js'
import { resolveTokens, type SiteToken } from './resolveTokens.js'
import { PUBLIC_REGISTRY_URL, WALLETCONNECT_RELAY_URL } from '../api/publicServices.js'

/** Site metadata shown to wallets and in the modal. */
export interface SiteMetadata {
  name: string
  description?: string
  url?: string
  icons?: string[]
}

/** A wallet the site does not want listed, by rdns or by name (spec §5). */
export interface ExcludedWallet {
  rdns?: string
  name?: string
}

/** Feature switches (spec §9 default features; remote configuration may override some). */
export interface FeatureOptions {
  /** The All Wallets list (default true). */
  allWallets?: boolean
  /** Analytics events (default true; the project's remote analytics config must agree). */
  analytics?: boolean
  receive?: boolean
  send?: boolean
  /**
   * Connect asks the visitor to agree to the site's `termsConditionsUrl` / `privacyPolicyUrl`
   * (a checkbox with links to them) before any way to connect can be used (default false).
   */
  legalCheckbox?: boolean
  /** Remote features (email, socials, swaps, onramp, activity, multiWallet...) by id. */
  [id: string]: unknown
}

/** A wallet the site lists itself (`customWallets`): the directory's fields, `id` and `name` required. */
export interface CustomWallet {
  id: string
  name: string
  image_url?: string
  rdns?: string
  mobile_link?: string
  desktop_link?: string
  webapp_link?: string
  homepage?: string
  /** CAIP-2 ids of the chains it supports. */
  chains?: string[]
}

/** A wallet the site brings as an EIP-1193 provider (`connectors`). */
export interface SiteConnector {
  /** Stable id (the connection is remembered by it). */
  id: string
  name: string
  /** `https:` or `data:image/` URL. */
  imageUrl?: string
  /** The wallet's reverse-DNS id, when it has one: it is listed once with the same installed wallet. */
  rdns?: string
  provider: import('../types/connector.js').Eip1193Provider
}

/** Everything a site can configure (spec §3 feature options, the parts in use so far). */
export interface WalletModalOptions {
  /** Required: the project the services know the site by. */
  projectId: string
  /** The site's networks; the first is the default unless `defaultNetwork` is set. */
  networks: NetworkInput[]
  defaultNetwork?: NetworkInput | string
  metadata?: SiteMetadata
  themeMode?: 'light' | 'dark'
  /** CSS custom property overrides, e.g. `{ '--wm-accent': '#f00' }`. */
  themeVariables?: Record<string, string | number>
  /**
   * The modal's font (Inter, spec §9), loaded when the dialog first opens. Default: the file that
   * ships next to the modal's script (same origin as the script: a CSP's `font-src` allows it).
   * A URL (`http(s):` or `data:`) loads the site's own copy instead; `false` loads none (the system
   * fonts show). A `--wm-font-family` the site sets wins, and then nothing is loaded either.
   *
   * @example createWalletModal({ projectId, networks, fontUrl: '/static/fonts/inter-latin-wght-normal.woff2' })
   */
  fontUrl?: string | false
  /** Restore the last connection on load (default true). */
  enableReconnect?: boolean
  /** Keep a wallet connected on a network the site does not list (default false). */
  allowUnsupportedChain?: boolean
  /**
   * Let visitors change the network from the modal (default true; AppKit's `enableNetworkSwitch`).
   * `false` keeps the network the wallet is on: Account shows the network without opening the
   * network list, a wallet on a network the site does not list is not sent to UnsupportedChain
   * (spec §4: that view shows only while switching is enabled), and `switchNetwork` rejects with
   * 'Failed to switch network' (code `SWITCH_NETWORK_FAILED`, details naming this option).
   *
   * @example createWalletModal({ projectId, networks: [mainnet], enableNetworkSwitch: false })
   */
  enableNetworkSwitch?: boolean
  /**
   * Skip SwitchActiveChain's confirmation (spec §2, "confirmation is ignored"): choosing a network
   * of a chain family the visitor has no wallet connected on goes straight to Connect, showing
   * that family's wallets, instead of first explaining that another wallet is needed. Default false.
   *
   * @example createWalletModal({ projectId, networks: [mainnet, solana], ignoreSwitchConfirmation: true })
   */
  ignoreSwitchConfirmation?: boolean
  /** Render inline in the page instead of as an overlay; closing then shows Account or Connect. */
  enableEmbedded?: boolean
  /** Do not append `<wallet-modal>` to the body (the site places it). */
  disableAppend?: boolean
  /** List EIP-6963 announced wallets (default true). */
  enableEIP6963?: boolean
  /** List the legacy `window.ethereum` wallet (default true). */
  enableInjected?: boolean
  /**
   * Origins of a self-hosted Safe{Wallet} (besides `https://app.safe.global`) that may frame this
   * site as a Safe app: framed by one, the modal offers the Safe connector first.
   */
  safeAppOrigins?: string[]
  /**
   * Offer Coinbase Wallet through Coinbase's SDK (`@coinbase/wallet-sdk`): a "Coinbase Wallet" row
   * (connector `coinbaseWalletSDK`, Connect's external group) that opens Coinbase's popup
   * (`keys.coinbase.com`: the Smart Wallet with a passkey, or the mobile app). The SDK's code loads
   * only when a visitor picks the row (or a reload restores it). Where the Coinbase Wallet
   * extension is installed, or in Coinbase Wallet's own browser, that wallet's row serves instead.
   * `true`, or the popup's choices: `options` (`'all'` default, `'smartWalletOnly'`, `'eoaOnly'`)
   * and `keysUrl` (the popup's address; `https:`). Default off. Under a strict CSP, see README.
   *
   * @example createWalletModal({ projectId, networks: [base], coinbaseWalletSDK: { options: 'smartWalletOnly' } })
   */
  coinbaseWalletSDK?: boolean | import('../adapters/eip155/coinbase/CoinbaseSdkProvider.js').CoinbaseSdkOptions
  excludedWallets?: ExcludedWallet[]
  /**
   * Wallets the directory does not list (spec §5), shown in Connect's `custom` group: each an
   * `id`, a `name`, an `image_url` (`https:` or `data:image/`) and the links the directory gives
   * its wallets (`mobile_link`, `desktop_link`, `webapp_link`, `homepage`), chosen like any
   * directory wallet (WalletConnect with its links).
   */
  customWallets?: CustomWallet[]
  /**
   * The site's own wallets as EIP-1193 providers (a vendor SDK's, say), shown in Connect's
   * `external` group and connected like an extension. A wallet also installed in the browser
   * (same rdns or name) is listed once.
   */
  connectors?: SiteConnector[]
  /**
   * The language (a BCP 47 tag; the nearest of the 17 locales with a catalogue, e.g. `pt` →
   * `pt-BR`). Default: the page's `<html lang>`, else the browser's languages, else English.
   */
  locale?: string
  /**
   * Replacements of single messages, by key, in every locale: a text whose `{name}` placeholders
   * take the message's values, or a function of them. See the catalogue in
   * packages/core/src/i18n/messages.
   */
  messages?: MessageOverrides
  /**
   * The site's terms of service and privacy policy, linked from Connect's checkbox when
   * `features.legalCheckbox` is on: `https:` addresses (or relative ones, or `http:` on the page's
   * own origin); any other is not linked (a console warning says so).
   *
   * @example
   * createWalletModal({ projectId, networks, termsConditionsUrl: 'https://site.example/terms', privacyPolicyUrl: 'https://site.example/privacy', features: { legalCheckbox: true } })
   */
  termsConditionsUrl?: string
  privacyPolicyUrl?: string
  /** Log more, show short snack messages (spec §8). */
  debug?: boolean
  /** Storage for persistence; defaults to localStorage. */
  storage?: StorageBackend
  /**
   * Base URL of a wallet-modal server (packages/server, self-hosted or any compatible deployment):
   * wallet directory, WalletConnect relay, blockchain data API, RPC proxy and analytics. Without it
   * the modal runs with no server of the site's own: WalletConnect over the WalletConnect network,
   * the wallet list from the public registry, balances read from each network's `rpcUrls`, no
   * analytics (README, "Three ways to run it").
   */
  serviceUrl?: string
  /**
   * Overrides of single services (default: `serviceUrl`; the directory's default without it is the
   * public registry, `https://api.web3modal.org`).
   */
  directoryUrl?: string
  blockchainApiUrl?: string
  analyticsUrl?: string
  /** Directory wallet ids shown first on Connect (spec: featured, default 4 shown). */
  featuredWalletIds?: string[]
  /** Only these directory wallets are listed. */
  includeWalletIds?: string[]
  /** These directory wallets are never listed. */
  excludeWalletIds?: string[]
  /** Local feature switches; remote project configuration overrides them (with a warning). */
  features?: FeatureOptions
  /**
   * WalletConnect relay (`wss:` or `ws:`), e.g. the self-hosted server's `/relay`. Defaults to
   * `serviceUrl` + `/relay`, else the WalletConnect network's public relay
   * (`wss://relay.walletconnect.org`), the one phone wallets listen on: the project id must then be
   * a WalletConnect (Reown Cloud) project id that allows the site's origin.
   */
  relayUrl?: string
  /** Offer WalletConnect (QR code and phone wallets). Default true. */
  enableWalletConnect?: boolean
  /**
   * The embedded wallet's secure site (its origin), for e-mail login. Default: the one the
   * project's remote `email` feature names, when the services run one. Sites with a CSP allow it
   * in `frame-src`.
   */
  secureSiteUrl?: string
  /**
   * Chain adapters for wallets in this browser (extensions, announced wallets, Wallet Standard
   * and sats-connect wallets). `[]` is universal-provider mode: WalletConnect only, and opening
   * shows its QR code (spec §2). Default: every namespace (each is used only when the site lists
   * networks of it).
   */
  adapters?: AdapterNamespace[]
  /**
   * Sign-in with the wallet after connecting (spec §4): a {@link SIWXConfig} such as
   * `createServiceSIWX()` (verified by the wallet-modal server) or `createLocalSIWX()`.
   */
  siwx?: import('../siwx/SIWXConfig.js').SIWXConfig
  /** The older Sign-In With Ethereum configuration; cannot be combined with `siwx`. */
  siweConfig?: import('../siwx/SIWXConfig.js').SIWEConfig
  /** Tuning of every remote call (defaults: 10 s timeout, 3 retries, 150 ms base delay). */
  http?: { timeoutMs?: number; retries?: number; retryBaseMs?: number }
  /**
   * Tokens whose balances the modal reads itself, by CAIP-2 network id (AppKit's shape): one
   * `{ address, image? }` or a list of them per network (at most 50). Used when no blockchain data
   * API is configured: the native coin and these tokens are then read from the network's first
   * `rpcUrls` entry (EVM: one Multicall3 call; Solana: one JSON-RPC batch), without USD values.
   *
   * @example
   * tokens: {
   *   'eip155:1': [{ address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', image: 'https://…/usdc.png' }],
   *   'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': { address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' }
   * }
   */
  tokens?: Record<CaipNetworkId, SiteToken | SiteToken[]>
}

/** The validated options, with defaults applied. */
export interface ResolvedOptions extends Omit<WalletModalOptions, 'networks' | 'defaultNetwork' | 'tokens'> {
  networks: CaipNetwork[]
  defaultNetwork: CaipNetwork
  enableReconnect: boolean
  allowUnsupportedChain: boolean
  enableNetworkSwitch: boolean
  enableEmbedded: boolean
  disableAppend: boolean
  enableEIP6963: boolean
  enableInjected: boolean
  excludedWallets: ExcludedWallet[]
  metadata: SiteMetadata
  featuredWalletIds: string[]
  includeWalletIds: string[]
  excludeWalletIds: string[]
  features: FeatureOptions
  adapters: AdapterNamespace[]
  /** The WalletConnect relay, or undefined when WalletConnect is off. */
  relayUrl?: string
  /**
   * The wallet directory: the site's (`directoryUrl`, else `serviceUrl`), else the public registry
   * (`public`: its answers and parameters are the registry's, see docs/ARCHITECTURE.md).
   */
  directory: { url: string; public: boolean }
  /** Resolved service URLs (blockchain data API and analytics), or undefined when the site configured none. */
  services?: { directoryUrl: string; blockchainApiUrl: string; analyticsUrl: string }
  /** The site's tokens by network, each a list (undefined when the site lists none). */
  tokens?: Record<CaipNetworkId, SiteToken[]>
}

/**
 * Spec §9 default features. The spec's `smartSessions` and `pay` are not here: there is nothing
 * behind them (docs/SPEC-COVERAGE.md rows 9.37 and 2.23 say why).
 */
export const DEFAULT_FEATURES: FeatureOptions = { receive: true, send: true, analytics: true, allWallets: true, legalCheckbox: false, collapseWallets: false }

function serviceUrl(value: string | undefined, what: string): string | undefined {
  if (value === undefined) return undefined
  try {
    const u = new URL(value)
    if (u.protocol === 'https:' || u.protocol === 'http:') return u.href
  } catch {
    // reported below
  }
  throw new WalletModalError('INVALID_OPTIONS', { details: `${what} must be an http(s) URL` })
}

/**
 * Turns a site's network description into a {@link CaipNetwork}, deriving the CAIP-2 id.
 * @throws WalletModalError for malformed ids ('Invalid CAIP-2 network id: …', 'Invalid chainId').
 */
export function toCaipNetwork(input: NetworkInput): CaipNetwork {
  const namespace = (input.chainNamespace ?? (input.caipNetworkId ? parseCaipNetworkId(input.caipNetworkId).namespace : 'eip155')) as WiredNamespace
  if (!(WIRED_NAMESPACES as readonly string[]).includes(namespace)) {
    throw new WalletModalError('UNSUPPORTED_CHAIN_NAMESPACE', { details: namespace })
  }
  if (namespace === 'eip155') assertEvmChainId(input.id)
  const caipNetworkId = input.caipNetworkId ?? (`${namespace}:${input.id}` as const)
  parseCaipNetworkId(caipNetworkId)
  // Bitcoin networks are read through the wallet only (no balances, spec §9): no RPC needed.
  const rpcUrls = input.rpcUrls ?? (namespace === 'bip122' ? { default: { http: [] } } : undefined)
  if (!input.name || !input.nativeCurrency || (namespace !== 'bip122' && !rpcUrls?.default?.http?.length)) {
    throw new WalletModalError('INVALID_OPTIONS', { details: `network ${caipNetworkId} needs a name, nativeCurrency and rpcUrls.default.http` })
  }
  return { ...input, rpcUrls: rpcUrls!, caipNetworkId, chainNamespace: namespace }
}

/**
 * Validates a site's options and applies defaults.
 * @throws WalletModalError 'A project id is required', 'At least one network is required', …
 */
export function resolveOptions(options: WalletModalOptions): ResolvedOptions {
  if (!options || typeof options.projectId !== 'string' || options.projectId.trim() === '') {
    throw new WalletModalError('PROJECT_ID_REQUIRED')
  }
  if (options.siwx && options.siweConfig) throw new WalletModalError('SIWX_CONFLICT')
  if (!Array.isArray(options.networks) || options.networks.length === 0) {
    throw new WalletModalError('NETWORKS_REQUIRED')
  }
  const networks = options.networks.map(toCaipNetwork)
  const wanted = options.defaultNetwork
  const wantedId = typeof wanted === 'string' ? wanted : wanted ? toCaipNetwork(wanted).caipNetworkId : undefined
  const defaultNetwork = wantedId ? networks.find(n => n.caipNetworkId === wantedId) : networks[0]
  if (!defaultNetwork) throw new WalletModalError('NETWORK_NOT_FOUND', { details: String(wantedId) })
  return {
    ...options,
    networks,
    defaultNetwork,
    enableReconnect: options.enableReconnect ?? true,
    allowUnsupportedChain: options.allowUnsupportedChain ?? false,
    enableNetworkSwitch: options.enableNetworkSwitch ?? true,
    enableEmbedded: options.enableEmbedded ?? false,
    disableAppend: options.disableAppend ?? false,
    enableEIP6963: options.enableEIP6963 ?? true,
    enableInjected: options.enableInjected ?? true,
    excludedWallets: options.excludedWallets ?? [],
    metadata: options.metadata ?? { name: globalThis.document?.title || 'This site' },
    featuredWalletIds: options.featuredWalletIds ?? [],
    includeWalletIds: options.includeWalletIds ?? [],
    excludeWalletIds: options.excludeWalletIds ?? [],
    features: { ...DEFAULT_FEATURES, ...options.features },
    adapters: resolveAdapters(options.adapters),
    relayUrl: options.enableWalletConnect === false ? undefined : resolveRelayUrl(options),
    directory: resolveDirectory(options),
    secureSiteUrl: serviceUrl(options.secureSiteUrl, 'secureSiteUrl'),
    services: resolveServices(options),
    tokens: resolveTokens(options.tokens, networks)
  }
}

/** The namespaces an adapter exists for. */
export type AdapterNamespace = WiredNamespace

function resolveAdapters(value: WalletModalOptions['adapters']): AdapterNamespace[] {
  if (value === undefined) return [...WIRED_NAMESPACES]
  if (!Array.isArray(value) || value.some(a => !(WIRED_NAMESPACES as readonly string[]).includes(a))) {
    throw new WalletModalError('INVALID_OPTIONS', { details: "adapters must be a list of 'eip155', 'solana', 'bip122'" })
  }
  return [...new Set(value)]
}

function resolveRelayUrl(o: WalletModalOptions): string | undefined {
  if (o.relayUrl !== undefined) {
    try {
      const u = new URL(o.relayUrl)
      if (u.protocol === 'wss:' || u.protocol === 'ws:') return u.href
    } catch {
      // reported below
    }
    throw new WalletModalError('INVALID_OPTIONS', { details: 'relayUrl must be a ws(s) URL' })
  }
  const base = serviceUrl(o.serviceUrl, 'serviceUrl')
  // No server of the site's own: the WalletConnect network, where phone wallets listen.
  if (!base) return WALLETCONNECT_RELAY_URL
  const u = new URL('relay', base.endsWith('/') ? base : `${base}/`)
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:'
  return u.href
}

function resolveDirectory(o: WalletModalOptions): ResolvedOptions['directory'] {
  const own = serviceUrl(o.directoryUrl, 'directoryUrl') ?? serviceUrl(o.serviceUrl, 'serviceUrl')
  return own ? { url: own, public: false } : { url: new URL(PUBLIC_REGISTRY_URL).href, public: true }
}

function resolveServices(o: WalletModalOptions): ResolvedOptions['services'] {
  const base = serviceUrl(o.serviceUrl, 'serviceUrl')
  const directoryUrl = resolveDirectory(o).url
  const blockchainApiUrl = serviceUrl(o.blockchainApiUrl, 'blockchainApiUrl') ?? base
  const analyticsUrl = serviceUrl(o.analyticsUrl, 'analyticsUrl') ?? base
  return directoryUrl && blockchainApiUrl && analyticsUrl ? { directoryUrl, blockchainApiUrl, analyticsUrl } : undefined
}

/** Holds the site's validated configuration. */
export function createOptionsController(options: WalletModalOptions) {
  const resolved = resolveOptions(options)
  // The storage backend and sign-in configs are objects with methods: keep valtio from proxying them.
  const keep = <T extends object>(v: T | undefined) => (v ? ref(v) : undefined)
  const state = proxy<ResolvedOptions>({ ...resolved, storage: keep(resolved.storage), siwx: keep(resolved.siwx), siweConfig: keep(resolved.siweConfig), connectors: keep(resolved.connectors) })
  return {
    state,
    /** Networks of one namespace, in the site's order. */
    networksOf(namespace: WiredNamespace): CaipNetwork[] {
      return state.networks.filter(n => n.chainNamespace === namespace)
    },
    /**
     * Applies the project's remote feature configuration; it wins over local settings, and a local
     * setting it overrides is reported with a warning (spec §8).
     */
    applyRemoteFeatures(remote: readonly { id: string; isEnabled: boolean; config?: unknown }[]): void {
      const local = options.features ?? {}
      const overridden = remote.filter(f => f.id in local).map(f => f.id)
      if (overridden.length) console.warn(`[wallet-modal] Local feature settings are ignored because remote configuration loaded: ${overridden.join(', ')}`)
      for (const f of remote) state.features[f.id] = f.isEnabled ? (f.config ?? true) : false
    },
    /** True when a feature is on. */
    isEnabled(id: string): boolean {
      const f = state.features[id]
      return f !== undefined && f !== false && f !== null
    },
    /** The site's network with this CAIP-2 id, if any. */
    findNetwork(caipNetworkId: string): CaipNetwork | undefined {
      return state.networks.find(n => n.caipNetworkId === caipNetworkId)
    }
  }
}

/** The options controller's type. */
export type OptionsController = ReturnType<typeof createOptionsController>
