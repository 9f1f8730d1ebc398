// `@wallet-modal/server/bitcoin`: Bitcoin message signatures (BIP-322 "simple" and BIP-137) and
// the address and network facts they rest on. Pure JS (@noble, @scure), so it runs in Node (the
// session service verifies sign-ins with it) and in browsers (the devnet's wallet signs with the
// same BIP-322 constructions), and it pulls in nothing of the server itself.
export { verifyBitcoinMessage, type VerifyBitcoinMessageOptions } from './verifyBitcoinMessage.js'
export {
  decodeBitcoinAddress,
  encodeP2trAddress,
  encodeP2wpkhAddress,
  addressMatchesNetwork,
  type BitcoinAddressType,
  type DecodedBitcoinAddress
} from './bitcoinAddress.js'
export { BITCOIN_NETWORK_INFO, bitcoinNetworkOf, type BitcoinNetwork, type BitcoinNetworkInfo } from './bitcoinNetworks.js'
export { bitcoinMessageHash } from './bitcoinMessageHash.js'
export {
  bip322MessageHash,
  bip322ToSpendTxid,
  bip322P2wpkhSighash,
  bip322P2trSighash,
  encodeWitness,
  decodeWitness,
  SIGHASH_ALL,
  SIGHASH_DEFAULT
} from './bip322.js'
export { equalBytes, hash160, hash256, taggedHash } from './bitcoinHashes.js'
