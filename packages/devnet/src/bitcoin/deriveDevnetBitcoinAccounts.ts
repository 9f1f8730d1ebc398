// The Devnet Bitcoin wallet's keys. They come from the best-known BIP-39 test mnemonic, so every
// Mainnet address can be checked against the published BIP-84 / BIP-86 test vectors; anyone can
// spend from them, which is the point of a devnet wallet and the reason it must never hold funds.
import { HDKey } from '@scure/bip32'
import { hex } from '@scure/base'
import { encodeP2trAddress, encodeP2wpkhAddress, hash160 } from '@wallet-modal/server/bitcoin'
import { BITCOIN_NETWORKS, type DevnetBitcoinNetwork } from './bitcoinNetworks.js'
import { taprootOutputKey } from './taprootTweak.js'

/** The BIP-39 mnemonic of the Devnet Bitcoin wallet (the BIP-84/86 test-vector mnemonic; public, never fund it). */
export const DEVNET_BITCOIN_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'

/**
 * The BIP-39 seed of {@link DEVNET_BITCOIN_MNEMONIC} (empty passphrase), hex. Stored rather than
 * computed so the browser wallet skips 2048 rounds of PBKDF2; a test checks that it matches.
 */
export const DEVNET_BITCOIN_SEED =
  '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4'

/** The two Bitcoin account purposes the wallet serves (sats-connect's `AddressPurpose` values). */
export type DevnetBitcoinPurpose = 'payment' | 'ordinals'

/**
 * Position of each account in the wallet's account list (the spec's "Bitcoin account indexes:
 * payment 0, ordinal 1"). The index is the order in which `getAccounts`, `wallet_connect` and
 * `wallet_getAccount` list the accounts, not a BIP-32 index: both accounts use account 0' and
 * address 0 of their own purpose tree (BIP-84 for payment, BIP-86 for ordinals), as Xverse does.
 */
export const DEVNET_BITCOIN_ACCOUNT_INDEX: Readonly<Record<DevnetBitcoinPurpose, number>> = Object.freeze({
  payment: 0,
  ordinals: 1
})

/** The addresses the wallet reports on Regtest (the devnet's default network). */
export const DEVNET_BITCOIN_REGTEST_ADDRESSES: Readonly<Record<DevnetBitcoinPurpose, string>> = Object.freeze({
  payment: 'bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk',
  ordinals: 'bcrt1p8wpt9v4frpf3tkn0srd97pksgsxc5hs52lafxwru9kgeephvs7rqjeprhg'
})

/** One of the wallet's Bitcoin accounts, as sats-connect reports it plus where it comes from. */
export interface DevnetBitcoinAccount {
  /** The address: bech32 P2WPKH for payment, bech32m P2TR for ordinals. */
  readonly address: string
  /**
   * Hex public key: the 33-byte compressed key for payment; the 32-byte x-only taproot
   * internal key for ordinals (what Xverse reports; the address commits to its BIP-86 tweak).
   */
  readonly publicKey: string
  /** 'payment' or 'ordinals'. */
  readonly purpose: DevnetBitcoinPurpose
  /** 'p2wpkh' for payment, 'p2tr' for ordinals. */
  readonly addressType: 'p2wpkh' | 'p2tr'
  /** Always 'software' (sats-connect's `walletType`). */
  readonly walletType: 'software'
  /** BIP-32 path, e.g. "m/84'/1'/0'/0/0". */
  readonly derivationPath: string
  /** Position in the account list, see {@link DEVNET_BITCOIN_ACCOUNT_INDEX}. */
  readonly index: number
}

/** A {@link DevnetBitcoinAccount} with its private key: only the wallet itself and tests use this. */
export interface DevnetBitcoinKey extends DevnetBitcoinAccount {
  /** The 32-byte private key at {@link DevnetBitcoinAccount.derivationPath} (untweaked for ordinals). */
  readonly privateKey: Uint8Array
}

/**
 * The BIP-32 paths of the two accounts on a network: `m/84'/coin'/0'/0/0` (payment, BIP-84) and
 * `m/86'/coin'/0'/0/0` (ordinals, BIP-86), coin type 0 on Mainnet and 1 on test networks.
 *
 * @param network - The network.
 */
export function devnetBitcoinPaths(network: DevnetBitcoinNetwork): Readonly<Record<DevnetBitcoinPurpose, string>> {
  const coin = BITCOIN_NETWORKS[network].coinType
  return { payment: `m/84'/${coin}'/0'/0/0`, ordinals: `m/86'/${coin}'/0'/0/0` }
}

/**
 * Derives the wallet's payment and ordinals keys on `network`, payment first.
 *
 * @param network - Decides the coin type and the address prefix.
 * @param seedHex - BIP-32 seed as hex (default {@link DEVNET_BITCOIN_SEED}).
 */
export function deriveDevnetBitcoinKeys(network: DevnetBitcoinNetwork, seedHex: string = DEVNET_BITCOIN_SEED): DevnetBitcoinKey[] {
  const root = HDKey.fromMasterSeed(hex.decode(seedHex))
  const paths = devnetBitcoinPaths(network)
  const payment = root.derive(paths.payment)
  const ordinals = root.derive(paths.ordinals)
  if (!payment.publicKey || !payment.privateKey || !ordinals.publicKey || !ordinals.privateKey) {
    throw new Error('deriveDevnetBitcoinKeys: derivation gave no key')
  }
  const internalKey = ordinals.publicKey.slice(1)
  return [
    {
      address: encodeP2wpkhAddress(hash160(payment.publicKey), network),
      publicKey: hex.encode(payment.publicKey),
      purpose: 'payment',
      addressType: 'p2wpkh',
      walletType: 'software',
      derivationPath: paths.payment,
      index: DEVNET_BITCOIN_ACCOUNT_INDEX.payment,
      privateKey: payment.privateKey
    },
    {
      address: encodeP2trAddress(taprootOutputKey(internalKey), network),
      publicKey: hex.encode(internalKey),
      purpose: 'ordinals',
      addressType: 'p2tr',
      walletType: 'software',
      derivationPath: paths.ordinals,
      index: DEVNET_BITCOIN_ACCOUNT_INDEX.ordinals,
      privateKey: ordinals.privateKey
    }
  ]
}

/**
 * The wallet's two accounts on `network` without private keys, payment first.
 *
 * @param network - Decides the coin type and the address prefix.
 * @param seedHex - BIP-32 seed as hex (default {@link DEVNET_BITCOIN_SEED}).
 */
export function deriveDevnetBitcoinAccounts(network: DevnetBitcoinNetwork, seedHex?: string): DevnetBitcoinAccount[] {
  return deriveDevnetBitcoinKeys(network, seedHex).map(({ privateKey: _privateKey, ...account }) => account)
}
