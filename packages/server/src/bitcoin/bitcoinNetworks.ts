/**
 * A Bitcoin network by the names sats-connect uses (`BitcoinNetworkType`), which wallets report
 * from `wallet_getNetwork`.
 */
export type BitcoinNetwork = 'Mainnet' | 'Testnet' | 'Testnet4' | 'Signet' | 'Regtest'

/** What tells the Bitcoin networks apart where messages and addresses are concerned. */
export interface BitcoinNetworkInfo {
  /** Bech32 human-readable part of segwit addresses: 'bc', 'tb' or 'bcrt'. */
  readonly hrp: 'bc' | 'tb' | 'bcrt'
  /** CAIP-2 id: `bip122:` and the first 32 hex digits of the genesis block hash. */
  readonly caipNetworkId: string
}

/** Every {@link BitcoinNetwork}, Mainnet first. */
export const BITCOIN_NETWORK_INFO: Readonly<Record<BitcoinNetwork, BitcoinNetworkInfo>> = Object.freeze({
  Mainnet: { hrp: 'bc', caipNetworkId: 'bip122:000000000019d6689c085ae165831e93' },
  Testnet: { hrp: 'tb', caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba' },
  Testnet4: { hrp: 'tb', caipNetworkId: 'bip122:00000000da84f2bafbbc53dee25a72ae' },
  Signet: { hrp: 'tb', caipNetworkId: 'bip122:00000008819873e925422c1ff0f99f7c' },
  // Regtest addresses have their own prefix (bcrt1...), unlike the public test networks.
  Regtest: { hrp: 'bcrt', caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328' }
})

/**
 * The network a CAIP-2 id names, if it is one of the known Bitcoin networks. Bitcoin needs no
 * configuration to verify messages: the genesis hash says which network, the address prefix must agree.
 *
 * @param caipNetworkId - E.g. `bip122:0f9188f13cb7b2c71f2a335e3a4fc328`.
 */
export function bitcoinNetworkOf(caipNetworkId: string): BitcoinNetwork | undefined {
  return (Object.keys(BITCOIN_NETWORK_INFO) as BitcoinNetwork[]).find(n => BITCOIN_NETWORK_INFO[n].caipNetworkId === caipNetworkId)
}
