import { registerWallet } from '@wallet-standard/core'
import { createDevnetSolanaWallet, type DevnetSolanaWallet, type DevnetSolanaWalletOptions } from './createDevnetSolanaWallet.js'

/** Options of {@link installDevnetSolanaWallet}: the same as the wallet's own. */
export type InstallDevnetSolanaWalletOptions = DevnetSolanaWalletOptions

/**
 * Creates the 'Devnet Solana' wallet (see `createDevnetSolanaWallet`) and registers it with the
 * page like an extension would, through `@wallet-standard/core`'s `registerWallet`: it
 * dispatches `wallet-standard:register-wallet` on `window` and answers every later
 * `wallet-standard:app-ready`, so apps find it whether they load before or after it.
 *
 * The returned controls are also put on `window.devnetSolanaWallet`, so browser tests can
 * switch the mode (`window.devnetSolanaWallet.setMode('reject')`).
 *
 * @param options - RPC endpoint, CAIP-2 chain, mode and optional secret.
 * @returns The wallet and its controls.
 */
export function installDevnetSolanaWallet(options: InstallDevnetSolanaWalletOptions): DevnetSolanaWallet {
  const created = createDevnetSolanaWallet(options)
  registerWallet(created.wallet)
  ;(window as unknown as { devnetSolanaWallet?: DevnetSolanaWallet }).devnetSolanaWallet = created
  return created
}
