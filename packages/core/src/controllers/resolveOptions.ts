// Checks a site's options and fills in the defaults (spec §2): what createCore holds in OptionsController.
import { WalletModalError } from '../errors/WalletModalError.js'
import { assertEvmChainId } from '../utils/address.js'
import { parseCaipNetworkId } from '../utils/caip.js'
import type { CaipNetwork, NetworkInput, WiredNamespace } from '../types/network.js'
import { WIRED_NAMESPACES } from '../types/network.js'
import type { FeatureOptions, WalletModalOptions, ResolvedOptions, AdapterNamespace } from '../types/options.js'
import { resolveTokens } from './resolveTokens.js'
import { configWarnings } from './configWarnings.js'
import { PUBLIC_REGISTRY_URL, WALLETCONNECT_RELAY_URL } from '../api/publicServices.js'

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
 * Validates a site's options and applies defaults; a name it does not know is told once in the
 * console, asynchronously (AppKit's names are translated by `fromAppKit()`, which the site calls).
 * @throws WalletModalError 'A project id is required', 'At least one network is required', …
 */
export function resolveOptions(options: WalletModalOptions): ResolvedOptions {
  // Told a moment later, from a chunk of its own (configWarnings.ts).
  // A chunk that fails to load (offline, a CDN error) costs the warning only.
  configWarnings().then(
    w => w.warnUnknownOptions(options),
    () => {}
  )
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
