/**
 * Swap's errors (spec §8 'Network not supported for Swaps', and the on-chain outcomes the Swap
 * view explains), kept out of the first chunk: only the swap flows raise them, always with their
 * words. Codes join `ErrorCode`.
 */
export const SWAP_ERROR_MESSAGES = {
  SWAP_UNSUPPORTED_NETWORK: 'Network not supported for Swaps',
  SWAP_REVERTED: 'The swap failed on chain: the price moved beyond your slippage tolerance. Nothing was swapped.',
  APPROVAL_REVERTED: 'The approval failed on chain. Nothing was swapped.',
  SWAP_STILL_PENDING: 'The transaction is still pending. Activity will show it once it is mined.',
  INVALID_SLIPPAGE: 'Slippage must be more than 0% and at most 50%',
  QUOTE_EXPIRED: 'The quote expired. Check the new quote and swap again.'
} as const

/** A code of {@link SWAP_ERROR_MESSAGES}. */
export type SwapErrorCode = keyof typeof SWAP_ERROR_MESSAGES
