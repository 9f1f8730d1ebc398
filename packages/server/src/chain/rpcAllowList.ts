/**
 * JSON-RPC methods the proxy forwards, per chain namespace: the standard read methods and raw
 * transaction submission. Anything else (account management, signing, node admin, debug and
 * trace methods) never reaches the upstream node: the proxy answers it with -32601.
 */
export const RPC_ALLOW_LIST: Readonly<Record<string, ReadonlySet<string>>> = {
  eip155: new Set([
    'eth_chainId',
    'eth_blockNumber',
    'eth_getBalance',
    'eth_call',
    'eth_estimateGas',
    'eth_gasPrice',
    'eth_maxPriorityFeePerGas',
    'eth_feeHistory',
    'eth_getTransactionCount',
    'eth_getTransactionReceipt',
    'eth_getTransactionByHash',
    'eth_getBlockByNumber',
    'eth_getBlockByHash',
    'eth_getLogs',
    'eth_getCode',
    'eth_getStorageAt',
    'eth_sendRawTransaction',
    'net_version',
    'net_listening',
    'web3_clientVersion'
  ]),
  solana: new Set([
    'getAccountInfo',
    'getBalance',
    'getBlockHeight',
    'getEpochInfo',
    'getFeeForMessage',
    'getGenesisHash',
    'getHealth',
    'getLatestBlockhash',
    'getMinimumBalanceForRentExemption',
    'getMultipleAccounts',
    'getSignatureStatuses',
    'getSlot',
    'getTokenAccountBalance',
    'getTokenAccountsByOwner',
    'getTokenSupply',
    'getTransaction',
    'getVersion',
    'isBlockhashValid',
    'sendTransaction',
    'simulateTransaction'
  ])
}

/**
 * Whether the proxy forwards `method` for a chain.
 *
 * @param caipNetworkId - The chain (`eip155:1`).
 * @param method - The JSON-RPC method.
 */
export function isRpcMethodAllowed(caipNetworkId: string, method: string): boolean {
  const namespace = caipNetworkId.split(':')[0] ?? ''
  // Own keys only: `__proto__` or `constructor` must read as "not listed", not as Object's members.
  return Object.hasOwn(RPC_ALLOW_LIST, namespace) && RPC_ALLOW_LIST[namespace]!.has(method)
}
