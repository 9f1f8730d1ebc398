import { DEVNET_WALLET_ICON } from './devnetWalletIcon.js'
import type { DevnetWalletProvider } from './types.js'

/** EIP-6963 provider info. */
export interface EIP6963ProviderInfo {
  /** Random per page load (UUIDv4). */
  readonly uuid: string
  /** 'Devnet Wallet'. */
  readonly name: string
  /** Data URI of the icon. */
  readonly icon: string
  /** Reverse-DNS id: 'dev.wallet-modal.devnet'. */
  readonly rdns: string
}

/** EIP-6963 announcement payload (`event.detail`). */
export interface EIP6963ProviderDetail {
  /** Who the wallet is. */
  readonly info: EIP6963ProviderInfo
  /** The EIP-1193 provider. */
  readonly provider: DevnetWalletProvider
}

/** Options of {@link announceDevnetWallet}. */
export interface AnnounceDevnetWalletOptions {
  /** Also set `window.ethereum = provider` when nothing else has (legacy discovery). */
  setWindowEthereum?: boolean
  /** Where the events go (default `window`); tests may pass any EventTarget. */
  target?: EventTarget
}

/** The reverse-DNS id the Devnet Wallet announces. */
export const DEVNET_WALLET_RDNS = 'dev.wallet-modal.devnet'

/**
 * Makes the wallet discoverable through EIP-6963: announces once now (for dapps already
 * listening) and again on every `eip6963:requestProvider` (for dapps that ask later), with the
 * same frozen `detail` each time.
 *
 * @param provider - The wallet to announce.
 * @param options - See {@link AnnounceDevnetWalletOptions}.
 * @returns A function that stops answering requests.
 */
export function announceDevnetWallet(provider: DevnetWalletProvider, options: AnnounceDevnetWalletOptions = {}): () => void {
  const target: EventTarget = options.target ?? window
  const info: EIP6963ProviderInfo = Object.freeze({
    uuid: randomUuid(),
    name: 'Devnet Wallet',
    icon: DEVNET_WALLET_ICON,
    rdns: DEVNET_WALLET_RDNS
  })
  const detail: EIP6963ProviderDetail = Object.freeze({ info, provider })
  const announce = (): void => {
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  }
  target.addEventListener('eip6963:requestProvider', announce)
  if (options.setWindowEthereum) {
    const holder = target as EventTarget & { ethereum?: unknown }
    if (holder.ethereum === undefined) holder.ethereum = provider
  }
  announce()
  return () => target.removeEventListener('eip6963:requestProvider', announce)
}

function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  // crypto.randomUUID needs a secure context; build a v4 UUID by hand otherwise.
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = [...bytes].map(b => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
