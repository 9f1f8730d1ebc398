import { installDevnetWallet, walletModeFromUrl } from './installDevnetWallet.js'
import { installDevnetBitcoinWallet } from '../bitcoin/installDevnetBitcoinWallet.js'
import { installDevnetSolanaWallet } from '../solana/wallet/installDevnetSolanaWallet.js'

/**
 * Installs every dev wallet the demo page offers, as extensions would: the EVM Devnet Wallet
 * (EIP-6963), 'Devnet Bitcoin' (where sats-connect finds wallets) and, once its network is known
 * from `/devnet.json`, 'Devnet Solana' (Wallet Standard). `?wallet=` sets the mode of all of them
 * (the Solana wallet has no prompt: it approves); `?bitcoin=mainnet` installs a Bitcoin wallet
 * that is on Mainnet only, to show the modal's "does not support any of the requested chains".
 */
export async function installDevnetWallets(): Promise<void> {
  const mode = walletModeFromUrl()
  if (mode === null) return
  const bitcoinMainnet = new URL(location.href).searchParams.get('bitcoin') === 'mainnet'
  installDevnetBitcoinWallet(bitcoinMainnet ? { network: 'Mainnet', supportedNetworks: ['Mainnet'], mode } : { network: 'Regtest', mode })
  const evm = installDevnetWallet({ mode })
  try {
    const config = (await (await fetch('/devnet.json', { cache: 'no-store' })).json()) as { solana?: { rpcUrl: string; caipNetworkId: string } }
    if (config.solana)
      installDevnetSolanaWallet({
        rpcUrl: config.solana.rpcUrl,
        caipNetworkId: config.solana.caipNetworkId,
        mode: mode === 'reject' ? 'reject' : 'approve',
        storage: localStorage
      })
  } catch (error) {
    console.error('Devnet Solana: could not load /devnet.json; the wallet is not installed.', error)
  }
  await evm
}
