// The Devnet Bitcoin wallet: a sats-connect 4.2.1 Bitcoin provider with fixed keys, plus message
// verification. Browser-safe (pure JS: @noble/curves, @noble/hashes, @scure/base, @scure/bip32),
// so the same code serves the demo page and the Node tests.
export {
  createDevnetBitcoinProvider,
  DEVNET_BITCOIN_ACCOUNT_ID,
  DEVNET_BITCOIN_METHODS,
  DEVNET_BITCOIN_WALLET_VERSION,
  type CreateDevnetBitcoinProviderOptions
} from './createDevnetBitcoinProvider.js'
export {
  installDevnetBitcoinWallet,
  DEVNET_BITCOIN_PROVIDER_ID,
  DEVNET_BITCOIN_WALLET_NAME,
  type BitcoinProviderEntry,
  type InstallDevnetBitcoinWalletOptions
} from './installDevnetBitcoinWallet.js'
export {
  signBitcoinMessage,
  canSignBitcoinMessage,
  BIP137_P2WPKH_HEADER,
  type BitcoinMessageProtocol,
  type BitcoinMessageSignature,
  type BitcoinMessageSigner
} from './signBitcoinMessage.js'
export {
  deriveDevnetBitcoinAccounts,
  deriveDevnetBitcoinKeys,
  devnetBitcoinPaths,
  DEVNET_BITCOIN_MNEMONIC,
  DEVNET_BITCOIN_SEED,
  DEVNET_BITCOIN_ACCOUNT_INDEX,
  DEVNET_BITCOIN_REGTEST_ADDRESSES,
  type DevnetBitcoinAccount,
  type DevnetBitcoinKey,
  type DevnetBitcoinPurpose
} from './deriveDevnetBitcoinAccounts.js'
export {
  BITCOIN_NETWORKS,
  BITCOIN_NETWORK_NAMES,
  isBitcoinNetwork,
  type BitcoinNetworkParams,
  type DevnetBitcoinNetwork
} from './bitcoinNetworks.js'
// Verification and the address formats live with the session service that verifies sign-ins.
export {
  verifyBitcoinMessage,
  decodeBitcoinAddress,
  encodeP2trAddress,
  encodeP2wpkhAddress,
  addressMatchesNetwork,
  bitcoinMessageHash,
  bip322MessageHash,
  type VerifyBitcoinMessageOptions,
  type BitcoinAddressType,
  type DecodedBitcoinAddress
} from '@wallet-modal/server/bitcoin'
export { taprootOutputKey } from './taprootTweak.js'
export { BITCOIN_RPC_ERROR_CODES, bitcoinWalletErrors } from './bitcoinWalletErrors.js'
export { DEVNET_BITCOIN_ICON } from './devnetBitcoinIcon.js'
export type {
  BitcoinListenerInfo,
  BitcoinNetworkInfo,
  BitcoinRpcFailure,
  BitcoinRpcResponse,
  BitcoinRpcSuccess,
  BitcoinWalletEvent,
  BitcoinWalletEventName,
  DevnetBitcoinProvider,
  SatsConnectAddress
} from './types.js'
