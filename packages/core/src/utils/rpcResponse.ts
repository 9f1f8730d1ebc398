/** Spec §5: a transaction hash, `0x` and 64 hex digits. */
const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/
/** Spec §5: a signed message, 62 or more hex digits (`0x` as wallets write it, or without). */
const SIGNATURE = /^(0x)?[0-9a-fA-F]{62,}$/
/** Longer than any signature a wallet gives (an ERC-6492 wrapped one is a few KB): not one. */
const MAX_LENGTH = 65_536

/** How the modal reads a wallet's answer to a signing or sending request (spec §5). */
export type RpcResponseKind = 'transaction' | 'object'

/**
 * Spec §5: whether a wallet's answer is a transaction response: a transaction hash (`0x` and 64
 * hex digits) or a signed message of 62 or more hex digits. Anything else (a batch's `{ id }`,
 * `null`, a short or non-hex string) is an object response.
 *
 * @example
 * isTransactionResponse('0x' + 'ab'.repeat(32)) // true (a hash)
 * isTransactionResponse('0x' + 'ab'.repeat(65)) // true (a signature)
 * isTransactionResponse({ id: '0x01' }) // false
 */
export function isTransactionResponse(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_LENGTH && (TRANSACTION_HASH.test(value) || SIGNATURE.test(value))
}

/**
 * Spec §5: the kind of a wallet's answer, {@link isTransactionResponse} or not.
 *
 * @example rpcResponseKind({ id: 'batch-1' }) // 'object'
 */
export function rpcResponseKind(value: unknown): RpcResponseKind {
  return isTransactionResponse(value) ? 'transaction' : 'object'
}
