import { WalletModalError } from '../errors/WalletModalError.js'

const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/

/** Largest EVM chain id the modal accepts (exclusive), spec §5. */
export const MAX_EVM_CHAIN_ID = 2147483648

/** EVM address rule of spec §5: 40 hex digits, optional 0x. */
export function isEvmAddress(value: unknown): value is string {
  return typeof value === 'string' && EVM_ADDRESS.test(value)
}

/**
 * Validates an EVM chain id: a positive safe integer below 2147483648.
 * @throws WalletModalError `INVALID_CHAIN_ID` ('Invalid chainId')
 */
export function assertEvmChainId(value: unknown): number {
  const n = typeof value === 'string' && /^(0x[0-9a-fA-F]+|\d+)$/.test(value) ? Number(value) : value
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n <= 0 || n >= MAX_EVM_CHAIN_ID) {
    // String() itself throws for some objects (`{ toString: 0 }`): name anything else by its type.
    const shown = typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? String(value) : typeof value
    throw new WalletModalError('INVALID_CHAIN_ID', { details: shown.slice(0, 100) })
  }
  return n
}

/** `0x1234…abcd`: the first `head` and last `tail` characters of an address. */
export function shortenAddress(address: string, head = 6, tail = 4): string {
  if (address.length <= head + tail + 1) return address
  return `${address.slice(0, head)}…${address.slice(-tail)}`
}

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/

/** Spec §5: a Solana address is base58, 32 to 44 characters. */
export function isSolanaAddress(value: unknown): value is string {
  return typeof value === 'string' && value.length >= 32 && value.length <= 44 && BASE58.test(value)
}
