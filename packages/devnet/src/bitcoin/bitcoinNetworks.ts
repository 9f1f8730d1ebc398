import { BITCOIN_NETWORK_INFO, type BitcoinNetwork } from '@wallet-modal/server/bitcoin'

/**
 * A Bitcoin network by the names sats-connect 4.2.1 uses (`BitcoinNetworkType`): the wallet
 * reports them from `wallet_getNetwork` and accepts them in `wallet_connect` / `wallet_changeNetwork`.
 */
export type DevnetBitcoinNetwork = BitcoinNetwork

/** How addresses and keys differ per network. */
export interface BitcoinNetworkParams {
  /** Bech32 human-readable part of segwit addresses: 'bc', 'tb' or 'bcrt'. */
  readonly hrp: 'bc' | 'tb' | 'bcrt'
  /** SLIP-44 coin type in BIP-44-style paths: 0 on Mainnet, 1 on every test network. */
  readonly coinType: 0 | 1
  /** The Stacks network sats-connect's network objects pair with it ('mainnet' or 'testnet'). */
  readonly stacks: 'mainnet' | 'testnet'
  /** The Spark network sats-connect's network objects pair with it ('mainnet' or 'regtest'). */
  readonly spark: 'mainnet' | 'regtest'
}

/** Parameters of every {@link DevnetBitcoinNetwork}, in sats-connect's order. */
export const BITCOIN_NETWORKS: Readonly<Record<DevnetBitcoinNetwork, BitcoinNetworkParams>> = Object.freeze({
  Mainnet: { hrp: BITCOIN_NETWORK_INFO.Mainnet.hrp, coinType: 0, stacks: 'mainnet', spark: 'mainnet' },
  Testnet: { hrp: BITCOIN_NETWORK_INFO.Testnet.hrp, coinType: 1, stacks: 'testnet', spark: 'regtest' },
  Testnet4: { hrp: BITCOIN_NETWORK_INFO.Testnet4.hrp, coinType: 1, stacks: 'testnet', spark: 'regtest' },
  Signet: { hrp: BITCOIN_NETWORK_INFO.Signet.hrp, coinType: 1, stacks: 'testnet', spark: 'regtest' },
  Regtest: { hrp: BITCOIN_NETWORK_INFO.Regtest.hrp, coinType: 1, stacks: 'testnet', spark: 'regtest' }
})

/** All network names, Mainnet first. */
export const BITCOIN_NETWORK_NAMES = Object.freeze(Object.keys(BITCOIN_NETWORKS) as DevnetBitcoinNetwork[])

/**
 * Whether `value` is one of the {@link DevnetBitcoinNetwork} names (case-sensitive, as sats-connect sends them).
 *
 * @param value - Anything, e.g. a request parameter.
 */
export function isBitcoinNetwork(value: unknown): value is DevnetBitcoinNetwork {
  return typeof value === 'string' && Object.hasOwn(BITCOIN_NETWORKS, value)
}
