/**
 * Wallet Standard names Solana clusters (`solana:mainnet`); CAIP-2 uses the genesis hash prefix
 * (`solana:5eykt4…`). A wallet may list either; both mean the same network.
 */
const NAMED: Record<string, string> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'solana:devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet'
}

/** The ids a wallet may use for a CAIP-2 Solana network. */
export function solanaChainAliases(caipNetworkId: string): string[] {
  const ref = caipNetworkId.split(':')[1] ?? ''
  return NAMED[ref] ? [caipNetworkId, NAMED[ref]] : [caipNetworkId]
}

/** Whether a wallet's chain list covers a CAIP-2 Solana network. */
export function walletSupportsSolanaNetwork(walletChains: readonly string[], caipNetworkId: string): boolean {
  const aliases = solanaChainAliases(caipNetworkId)
  return walletChains.some(c => aliases.includes(c))
}
