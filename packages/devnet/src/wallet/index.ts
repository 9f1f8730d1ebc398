// Browser entry of the Devnet Wallet, built to dist/browser/devnet-wallet.js.
//
// Loaded by `<script type="module" src="/devnet-wallet.js">` it installs itself in the page.
// Imported from source (browser tests) it only exports its functions, so tests set it up
// themselves and nothing fetches /devnet.json behind their back.
import { installDevnetWallets } from './installDevnetWallets.js'

export { createDevnetWallet, type CreateDevnetWalletOptions } from './createDevnetWallet.js'
export {
  announceDevnetWallet,
  DEVNET_WALLET_RDNS,
  type AnnounceDevnetWalletOptions,
  type EIP6963ProviderDetail,
  type EIP6963ProviderInfo
} from './announceDevnetWallet.js'
export { installDevnetWallet, walletModeFromUrl, type InstallDevnetWalletOptions } from './installDevnetWallet.js'
export { showPrompt, type PromptContent } from './showPrompt.js'
export { DEVNET_WALLET_ICON } from './devnetWalletIcon.js'
export { walletErrors } from './walletErrors.js'
export { RpcError } from '../RpcError.js'
export type {
  DevnetWalletProvider,
  RequestArguments,
  StorageLike,
  WalletChain,
  WalletEvent,
  WalletListener,
  WalletMode
} from './types.js'

export { installDevnetWallets } from './installDevnetWallets.js'
export * from '../bitcoin/index.js'
export * from '../solana/wallet/index.js'

if (typeof window !== 'undefined' && new URL(import.meta.url).pathname.endsWith('/devnet-wallet.js')) {
  void installDevnetWallets()
}
