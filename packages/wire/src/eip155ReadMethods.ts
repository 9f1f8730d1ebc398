/**
 * EVM JSON-RPC methods that only read the chain: no key, no person's approval. Everything that
 * forwards calls on someone's behalf (the embedded wallet's frame, the Safe Apps client, the
 * devnet's Safe{Wallet} stand-in) starts from this list and adds what it alone may forward, so the
 * allow-lists cannot drift apart.
 *
 * @example
 * ```ts
 * import { EIP155_READ_METHODS } from '@wallet-modal/wire'
 * const allowed = new Set([...EIP155_READ_METHODS, 'net_version'])
 * allowed.has('eth_sendTransaction') // false
 * ```
 */
export const EIP155_READ_METHODS: readonly string[] = [
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas'
]
