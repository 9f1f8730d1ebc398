import type { WalletModalOptions } from '../types/options.js'
import { warnOnce } from './warnOnce.js'

/**
 * Every option of ours by name: a name here is never warned about. Kept complete by the type
 * check (a new option in {@link WalletModalOptions} must be added here).
 */
export const WALLET_MODAL_OPTION_NAMES = {
  projectId: 1,
  networks: 1,
  defaultNetwork: 1,
  metadata: 1,
  themeMode: 1,
  themeVariables: 1,
  fontUrl: 1,
  enableReconnect: 1,
  allowUnsupportedChain: 1,
  enableNetworkSwitch: 1,
  ignoreSwitchConfirmation: 1,
  enableEmbedded: 1,
  disableAppend: 1,
  enableEIP6963: 1,
  enableInjected: 1,
  safeAppOrigins: 1,
  coinbaseWalletSDK: 1,
  excludedWallets: 1,
  customWallets: 1,
  connectors: 1,
  locale: 1,
  messages: 1,
  termsConditionsUrl: 1,
  privacyPolicyUrl: 1,
  debug: 1,
  storage: 1,
  serviceUrl: 1,
  directoryUrl: 1,
  blockchainApiUrl: 1,
  analyticsUrl: 1,
  featuredWalletIds: 1,
  includeWalletIds: 1,
  excludeWalletIds: 1,
  features: 1,
  relayUrl: 1,
  enableWalletConnect: 1,
  secureSiteUrl: 1,
  adapters: 1,
  siwx: 1,
  siweConfig: 1,
  http: 1,
  tokens: 1
} as const satisfies Record<keyof WalletModalOptions, 1>

/**
 * Tells the console, once per name and page, about each option the modal does not know (a typo,
 * or an AppKit name given without `fromAppKit()`), instead of dropping it silently.
 *
 * @example
 * warnUnknownOptions({ projectId: 'p', networks, colour: 'red' }) // [wallet-modal] unknown option "colour" ignored …
 */
export function warnUnknownOptions(options: WalletModalOptions): void {
  if (!options || typeof options !== 'object') return
  for (const name of Object.keys(options)) {
    if (!Object.hasOwn(WALLET_MODAL_OPTION_NAMES, name)) {
      warnOnce(`option:${name}`, `unknown option "${name}" ignored (AppKit's options: wrap them in fromAppKit(), docs/migrating/from-appkit.md)`)
    }
  }
}

/**
 * Tells the console, once per name and page, that a theme variable given to `setThemeVariables`
 * is not one of ours (`--wm-*`), instead of dropping it silently.
 *
 * @example
 * warnUnknownThemeVariable('--w3m-accent') // [wallet-modal] unknown theme variable "--w3m-accent" ignored …
 */
export function warnUnknownThemeVariable(name: string): void {
  warnOnce(`theme:${name}`, `unknown theme variable "${name}" ignored (AppKit's: wrap the options in fromAppKit())`)
}
