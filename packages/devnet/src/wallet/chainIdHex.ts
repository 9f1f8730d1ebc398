/**
 * Formats a chain id the way EIP-1193 wallets report it: `0x`-prefixed lowercase hex, no padding.
 *
 * @param chainId - Numeric chain id.
 */
export function chainIdHex(chainId: number): string {
  return `0x${chainId.toString(16)}`
}

/**
 * Parses a hex chain id as sent to `wallet_switchEthereumChain` / `wallet_addEthereumChain`.
 * EIP-3085/3326 require a 0x-prefixed hex string without leading zeros; anything else, or a value
 * outside the safe integer range, gives `undefined`.
 *
 * @param value - The `chainId` parameter as received.
 */
export function parseChainIdHex(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^0x[1-9a-fA-F][0-9a-fA-F]*$/.test(value)) return undefined
  const n = Number.parseInt(value.slice(2), 16)
  return Number.isSafeInteger(n) ? n : undefined
}
