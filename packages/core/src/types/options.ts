// The site's options (spec §2) as it writes them and as the core holds them once checked.
// Types only: resolution is in controllers/resolveOptions.ts, the state in OptionsController.ts.
import type { MessageOverrides } from '../i18n/I18nController.js'
import type { StorageBackend } from '../utils/storage.js'
import type { CaipNetwork, CaipNetworkId, NetworkInput, WiredNamespace } from './network.js'
import type { SiteToken } from '../controllers/resolveTokens.js'

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

/**
 * Everything a site can configure (spec §3 feature options, the parts in use so far). A site
 * moving from Reown AppKit passes its options through `fromAppKit()`.
 */
export interface WalletModalOptions {
  /** Required: the project the services know the site by. */
  projectId: string
  /** The site's networks; the first is the default unless `defaultNetwork` is set. */
  networks: NetworkInput[]
  defaultNetwork?: NetworkInput | string
  metadata?: SiteMetadata
  themeMode?: 'light' | 'dark'
  /**
   * CSS custom property overrides, e.g. `{ '--wm-accent': '#f00' }`; another name is ignored
   * with a console warning (AppKit's `--w3m-*` are translated by `fromAppKit()`).
   */
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
   * and `keysUrl` (the popup's address; `https:`). Default off. Under a strict CSP, see docs/guide/options.md.
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
   * analytics (docs/guide/getting-started.md, "Three ways to run it").
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

/** The namespaces an adapter exists for. */
export type AdapterNamespace = WiredNamespace
