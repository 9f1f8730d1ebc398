import type { Address } from 'viem'
import { DEVNET_ACCOUNTS } from '../constants.js'

/**
 * The stand-in Safe's address: anvil account 3 (funded with ETH and both tokens, unlocked on the
 * chains, so the stand-in executes and signs through the node without a key). A real Safe is a
 * contract whose owners confirm; this one is a 1-of-1 that executes at once.
 *
 * @example await verifyMessage({ address: DEVNET_SAFE_ADDRESS, message, signature })
 */
export const DEVNET_SAFE_ADDRESS: Address = DEVNET_ACCOUNTS[3]
