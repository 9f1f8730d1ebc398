// Browser entry of the 'Devnet Solana' wallet, for the devnet-wallet bundle to import. Nothing
// runs on import: the bundle's entry calls installDevnetSolanaWallet with the /devnet.json values.
export { installDevnetSolanaWallet, type InstallDevnetSolanaWalletOptions } from './installDevnetSolanaWallet.js'
export {
  createDevnetSolanaWallet,
  DEVNET_SOLANA_WALLET_NAME,
  type DevnetSolanaWallet,
  type DevnetSolanaWalletFeatures,
  type DevnetSolanaWalletMode,
  type DevnetSolanaWalletOptions
} from './createDevnetSolanaWallet.js'
export { DEVNET_SOLANA_WALLET_ICON } from './devnetSolanaWalletIcon.js'
export { signWireTransaction, firstSignature, WireTransactionError } from './signWireTransaction.js'
export {
  SOLANA_CAIP_NETWORK_ID,
  SOLANA_GENESIS_HASH,
  SOLANA_NETWORK_NAME,
  SOLANA_WALLET_ADDRESS,
  SOLANA_WALLET_SECRET,
  SOLANA_RECEIVER_ADDRESS,
  SOLANA_SPL_MINT,
  SOLANA_SPL_TOKEN
} from '../solanaConstants.js'
