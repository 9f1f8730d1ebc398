import type { Address } from 'viem'
import { announceDevnetWallet } from './announceDevnetWallet.js'
import { createDevnetWallet } from './createDevnetWallet.js'
import type { DevnetWalletProvider, WalletChain, WalletMode } from './types.js'

/** Options of {@link installDevnetWallet}. */
export interface InstallDevnetWalletOptions {
  /** Where to read the chains from (default `/devnet.json`, served by the demo server). */
  configUrl?: string
  /** Mode; default from the page URL's `?wallet=` (see {@link walletModeFromUrl}). */
  mode?: WalletMode
}

/**
 * Reads a wallet mode from a page URL: `?wallet=prompt`, `?wallet=reject` or `?wallet=approve`
 * (the default). `?wallet=none` returns `null`: no wallet at all, to show the modal's
 * "no wallet installed" state.
 *
 * @param url - The page URL (default `location.href`).
 */
export function walletModeFromUrl(url: string = location.href): WalletMode | null {
  const value = new URL(url).searchParams.get('wallet')
  if (value === 'none') return null
  return value === 'prompt' || value === 'reject' ? value : 'approve'
}

/**
 * Installs the Devnet Wallet in the page like an extension would: fetches the chains from
 * `/devnet.json`, creates the provider, exposes it as `window.devnetWallet` (for tests), announces
 * it with EIP-6963, sets `window.ethereum` if free, and finally dispatches `devnet-wallet:ready`
 * on `window` (detail: the provider).
 *
 * The announcement waits for the config fetch: the demo's CSP allows no inline configuration,
 * and EIP-6963 dapps accept late announcements.
 *
 * @param options - See {@link InstallDevnetWalletOptions}.
 * @returns The provider, or null when `?wallet=none` or the config could not be loaded.
 */
export async function installDevnetWallet(options: InstallDevnetWalletOptions = {}): Promise<DevnetWalletProvider | null> {
  const mode = options.mode ?? walletModeFromUrl()
  if (mode === null) return null
  const configUrl = options.configUrl ?? '/devnet.json'
  let config: { chains: WalletChain[]; walletAccount?: Address }
  try {
    const response = await fetch(configUrl, { cache: 'no-store' })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    config = (await response.json()) as typeof config
    if (!Array.isArray(config.chains) || config.chains.length === 0) throw new Error('no chains')
  } catch (error) {
    console.error(`Devnet Wallet: could not load ${configUrl}; the wallet is not installed.`, error)
    return null
  }
  const provider = createDevnetWallet({ chains: config.chains, mode, account: config.walletAccount })
  ;(window as Window & { devnetWallet?: DevnetWalletProvider }).devnetWallet = provider
  announceDevnetWallet(provider, { setWindowEthereum: true })
  window.dispatchEvent(new CustomEvent('devnet-wallet:ready', { detail: provider }))
  return provider
}
