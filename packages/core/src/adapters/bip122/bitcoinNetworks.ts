/** CAIP-2 ids of the Bitcoin networks (genesis block hash prefixes), by the name wallets use. */
export const BITCOIN_NETWORKS: Record<string, string> = {
  mainnet: 'bip122:000000000019d6689c085ae165831e93',
  testnet: 'bip122:000000000933ea01ad0ee984209779ba',
  testnet4: 'bip122:00000000da84f2bafbbc53dee25a72ae',
  signet: 'bip122:00000008819873e925422c1ff0f99f7c',
  regtest: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
}

/** The CAIP-2 id for a wallet's network name ('Mainnet', 'Regtest', ...), if known. */
export function bitcoinNetworkId(name: unknown): string | undefined {
  return typeof name === 'string' ? BITCOIN_NETWORKS[name.toLowerCase()] : undefined
}

/** The network an address belongs to, from its prefix (bech32 HRP or base58 version). */
export function bitcoinNetworkOfAddress(address: string): string | undefined {
  if (/^bcrt1/i.test(address)) return BITCOIN_NETWORKS.regtest
  if (/^tb1/i.test(address) || /^[mn2]/.test(address)) return BITCOIN_NETWORKS.testnet
  if (/^bc1/i.test(address) || /^[13]/.test(address)) return BITCOIN_NETWORKS.mainnet
  return undefined
}
