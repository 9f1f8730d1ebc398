// A site moving from Reown AppKit keeps its `createAppKit` options (issue #44) by passing them
// through `fromAppKit()`: the names AppKit spells differently from us are translated here, in one
// place. Explicit, so a site that does not migrate pays nothing for the table (it would add
// 1.5 KB gzip to the first chunk); resolveOptions itself only warns about names it does not know.
// AppKit names equal to ours (projectId, networks, metadata, featuredWalletIds, termsConditionsUrl,
// enableWalletConnect…) need nothing: they are ours. docs/migrating/from-appkit.md is the guide.
import type { FeatureOptions, WalletModalOptions } from '../types/options.js'
import { isMobile } from '../utils/platform.js'
import { toWalletModalThemeVariables } from './appKitThemeVariables.js'
import { warnOnce } from './warnOnce.js'
import { WALLET_MODAL_OPTION_NAMES } from './optionNames.js'

/**
 * The `createAppKit` options whose names are not ours, accepted as they are written for AppKit.
 * Those marked deprecated have no equivalent here: they are ignored with a console warning.
 */
export interface AppKitOptions {
  /**
   * AppKit's All Wallets button: `'SHOW'` (default), `'HIDE'`, or `'ONLY_MOBILE'` (phones only).
   * Ours is `features.allWallets` (a boolean, which wins when both are given).
   *
   * @example createWalletModal(fromAppKit({ projectId, networks, allWallets: 'ONLY_MOBILE' }))
   */
  allWallets?: 'SHOW' | 'HIDE' | 'ONLY_MOBILE'
  /** Network images by chain id (`{ 1: 'https://…/eth.png' }`): ours is each network's `assets.imageUrl`. */
  chainImages?: Record<number | string, string>
  /**
   * RPC URLs by CAIP-2 network id, used before the network's own (`{ 'eip155:1': [{ url }] }`):
   * ours is each network's `rpcUrls.default.http`. A URL's `config` (fetch options) is not used.
   */
  customRpcUrls?: Record<string, readonly { url: string; config?: unknown }[]>
  /** The Coinbase Wallet SDK row: ours is `coinbaseWalletSDK` (off unless asked for, where AppKit's is on). */
  enableCoinbase?: boolean
  /** Which accounts Coinbase's popup offers: ours is `coinbaseWalletSDK: { options }` (turns it on). */
  coinbasePreference?: 'all' | 'smartWalletOnly' | 'eoaOnly'
  /** @deprecated No equivalent: the modal shows no wallet guide footer. `false` is accepted silently. */
  enableWalletGuide?: boolean
  /** @deprecated No equivalent: the wallets always show. `true` is accepted silently. */
  showWallets?: boolean
  /** @deprecated No equivalent (use `enableInjected`, `enableEIP6963`, `enableWalletConnect`: false). `true` is accepted silently. */
  enableWallets?: boolean
  /** @deprecated No equivalent: there is no Base Account connector. `false` is accepted silently. */
  enableBaseAccount?: boolean
  /** @deprecated No equivalent. `false` is accepted silently. */
  enableAuthLogger?: boolean
  /** @deprecated No equivalent. `false` is accepted silently. */
  enableMobileFullScreen?: boolean
  /** @deprecated No equivalent: wallets open by their directory links. `false` is accepted silently. */
  experimental_preferUniversalLinks?: boolean
  /** @deprecated No equivalent. `false` is accepted silently. */
  basic?: boolean
  /** @deprecated No equivalent. `false` is accepted silently. */
  manualWCControl?: boolean
  /** @deprecated No equivalent: the modal makes its own WalletConnect client. */
  universalProvider?: unknown
  /** @deprecated No equivalent. */
  universalProviderConfigOverride?: unknown
  /** @deprecated No equivalent: the spec's default account types apply. */
  defaultAccountTypes?: unknown
  /** @deprecated No equivalent: a site's own wallet (`connectors`, `customWallets`) carries its image. */
  connectorImages?: Record<string, string>
}

type Draft = Record<string, unknown>

/**
 * What becomes of one AppKit option: `to`, our name for the same value (in the same object), or a
 * function writing ours into the draft (returning what did not carry over, for the warning).
 * Without `to` there is no equivalent: the option is ignored with a warning, unless its value is
 * `quiet`, the one that asks for what the modal does anyway. What to use instead is in
 * docs/migrating/from-appkit.md (kept out of the messages, which stay short).
 */
export interface AppKitOptionRule {
  to?: string | ((value: unknown, out: Draft, input: Draft) => string | undefined)
  quiet?: unknown
}

const networksOf = (out: Draft): Draft[] | undefined => (Array.isArray(out.networks) ? out.networks : undefined)
// The CAIP-2 id resolveOptions will give a network (toCaipNetwork's rule).
const caipIdOf = (n: Draft): string =>
  typeof n.caipNetworkId === 'string' ? n.caipNetworkId : `${typeof n.chainNamespace === 'string' ? n.chainNamespace : 'eip155'}:${String(n.id)}`
const isRecord = (v: unknown): v is Draft => !!v && typeof v === 'object' && !Array.isArray(v)
const COINBASE_PREFERENCES = ['all', 'smartWalletOnly', 'eoaOnly']
const coinbase = (preference: unknown) => (COINBASE_PREFERENCES.includes(preference as string) ? { options: preference } : true)

/**
 * AppKit's top-level option names that are not ours, and what each becomes. Ours, when the site
 * gives both, wins. The same table, side by side with ours, is docs/migrating/from-appkit.md.
 */
export const APPKIT_OPTIONS: Readonly<Record<keyof AppKitOptions, AppKitOptionRule>> = {
  allWallets: {
    to(value, out) {
      const on = value === 'SHOW' ? true : value === 'HIDE' ? false : value === 'ONLY_MOBILE' ? isMobile() : undefined
      if (on === undefined) return "ignored: it must be 'SHOW', 'HIDE' or 'ONLY_MOBILE'"
      // Decided once, as the modal is made: a page does not move between a phone and a desktop.
      const features = (out.features ??= {}) as FeatureOptions
      features.allWallets ??= on
    }
  },
  chainImages: {
    to(value, out) {
      if (!isRecord(value)) return 'ignored: it must map chain ids to image URLs'
      const nets = networksOf(out)
      if (!nets) return
      out.networks = nets.map(n => {
        const url = isRecord(n) ? (value[String(n.id)] ?? value[caipIdOf(n)]) : undefined
        return typeof url === 'string' ? { ...n, assets: { ...(n.assets as object), imageUrl: url } } : n
      })
    }
  },
  customRpcUrls: {
    to(value, out) {
      if (!isRecord(value)) return 'ignored: it must map CAIP-2 network ids to lists of { url }'
      const nets = networksOf(out)
      if (!nets) return
      let config = false
      out.networks = nets.map(n => {
        const list = isRecord(n) ? value[caipIdOf(n)] : undefined
        if (!Array.isArray(list)) return n
        const urls = list.flatMap(e => (isRecord(e) && typeof e.url === 'string' ? [e.url] : []))
        config ||= list.some(e => isRecord(e) && e.config !== undefined)
        const rpc = (n.rpcUrls ?? {}) as { default?: { http?: readonly string[] } }
        return urls.length ? { ...n, rpcUrls: { ...rpc, default: { ...rpc.default, http: [...urls, ...(rpc.default?.http ?? [])] } } } : n
      })
      return config ? "used without its URLs' config (fetch options)" : undefined
    }
  },
  enableCoinbase: {
    to: (value, out, input) => void (out.coinbaseWalletSDK ??= value === false ? false : coinbase(input.coinbasePreference))
  },
  coinbasePreference: {
    // With enableCoinbase given, that rule decides (and reads this preference).
    to: (value, out, input) => void (input.enableCoinbase === undefined && (out.coinbaseWalletSDK ??= coinbase(value)))
  },
  enableWalletGuide: { quiet: false },
  showWallets: { quiet: true },
  enableWallets: { quiet: true },
  enableBaseAccount: { quiet: false },
  enableAuthLogger: { quiet: false },
  enableMobileFullScreen: { quiet: false },
  experimental_preferUniversalLinks: { quiet: false },
  basic: { quiet: false },
  manualWCControl: { quiet: false },
  universalProvider: {},
  universalProviderConfigOverride: {},
  defaultAccountTypes: {},
  connectorImages: {}
}

/**
 * AppKit's `features` names that are not ours. AppKit's others (`swaps`, `onramp`, `email`,
 * `socials`, `analytics`, `allWallets`, `legalCheckbox`, `connectMethodsOrder`…) are ours too.
 */
export const APPKIT_FEATURES: Readonly<Record<string, AppKitOptionRule>> = {
  history: { to: 'activity' },
  smartSessions: { quiet: false },
  reownAuthentication: { quiet: false },
  headless: { quiet: false },
  pay: { quiet: false },
  emailShowWallets: { quiet: true }
}

function apply(label: string, rule: AppKitOptionRule, value: unknown, out: Draft, input: Draft): void {
  if (value === undefined) return
  if (typeof rule.to === 'string') {
    out[rule.to] ??= value
  } else if (rule.to) {
    const lost = rule.to(value, out, input)
    if (lost) warnOnce(`appkit:${label}`, `AppKit option "${label}" ${lost}`)
  } else if (!('quiet' in rule) || value !== rule.quiet) {
    warnOnce(`appkit:${label}`, `AppKit option "${label}" has no equivalent and is ignored`)
  }
}

// AppKit's adapters are objects (`new WagmiAdapter(…)`) that name their namespace; ours are the
// namespaces themselves, served by the modal's own adapters.
function adaptersOf(value: unknown): unknown {
  if (!Array.isArray(value) || !value.some(isRecord)) return value
  warnOnce('appkit:adapters', 'AppKit option "adapters": only each adapter\'s namespace is used (a wagmi site adds @wallet-modal/wagmi)')
  return value.map(a => (isRecord(a) && typeof a.namespace === 'string' ? a.namespace : a))
}

/**
 * A site's options with AppKit's names (see {@link AppKitOptions}, {@link APPKIT_OPTIONS},
 * {@link APPKIT_FEATURES}) and theme variables (`--w3m-*`, see `toWalletModalThemeVariables`)
 * turned into ours; names that are neither ours nor AppKit's are left out. Each thing left out or
 * only partly carried over is told once per page in the console; our own options never are. The
 * site's object is not changed.
 *
 * @example
 * createWalletModal(fromAppKit({ projectId, networks, allWallets: 'HIDE', features: { history: false }, themeVariables: { '--w3m-accent': '#00bb7f' } })
 * // { projectId, networks, features: { allWallets: false, activity: false }, themeVariables: { '--wm-accent': '#00bb7f' } }
 */
export function fromAppKit(options: WalletModalOptions & AppKitOptions): WalletModalOptions {
  if (!isRecord(options)) return options
  const input: Draft = options
  const out: Draft = {}
  for (const [name, value] of Object.entries(input)) {
    if (Object.hasOwn(WALLET_MODAL_OPTION_NAMES, name)) out[name] = value
    else if (!Object.hasOwn(APPKIT_OPTIONS, name)) warnOnce(`option:${name}`, `unknown option "${name}" ignored`)
  }
  if (isRecord(input.features)) {
    const features: Draft = {}
    for (const [name, value] of Object.entries(input.features)) if (!Object.hasOwn(APPKIT_FEATURES, name)) features[name] = value
    for (const [name, value] of Object.entries(input.features)) {
      if (Object.hasOwn(APPKIT_FEATURES, name)) apply(`features.${name}`, APPKIT_FEATURES[name]!, value, features, input.features)
    }
    out.features = features
  }
  if (isRecord(input.themeVariables)) out.themeVariables = toWalletModalThemeVariables(input.themeVariables as Record<string, string | number>)
  if (input.adapters !== undefined) out.adapters = adaptersOf(input.adapters)
  for (const [name, value] of Object.entries(input)) {
    if (Object.hasOwn(APPKIT_OPTIONS, name)) apply(name, APPKIT_OPTIONS[name as keyof AppKitOptions], value, out, input)
  }
  return out as unknown as WalletModalOptions
}
