import { createPublicClient, http, numberToHex, type Hex } from 'viem'

/** The receipt fields the devnet's callers read, in the node's JSON-RPC form (hex quantities). */
export interface DevnetReceipt {
  /** `0x1` for success, `0x0` for a revert. */
  status: Hex
  blockNumber: Hex
  from: Hex
  to: Hex | null
  contractAddress: Hex | null
}

/**
 * Waits, through viem's `waitForTransactionReceipt`, until the transaction is mined. anvil answers
 * `eth_sendTransaction` before its block is sealed (under load, reads right after it can still
 * see the old state), so whatever reads the chain after a transaction waits for this first.
 *
 * @param rpcUrl - The node.
 * @param hash - The transaction.
 * @param timeoutMs - How long to wait (default 30 s: a machine running test files side by side
 *   once kept a receipt waiting past 10 s); each request to the node gets as long.
 * @throws Error when no receipt comes in time.
 */
export async function waitForReceipt(rpcUrl: string, hash: Hex, timeoutMs = 30_000): Promise<DevnetReceipt> {
  // anvil seals a block in milliseconds: poll often rather than at viem's 4 s default.
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 0 }), pollingInterval: 20 })
  const receipt = await client.waitForTransactionReceipt({ hash, timeout: timeoutMs, pollingInterval: 20, retryCount: 0 })
  return {
    status: receipt.status === 'success' ? '0x1' : '0x0',
    blockNumber: numberToHex(receipt.blockNumber),
    from: receipt.from,
    to: receipt.to,
    contractAddress: receipt.contractAddress ?? null
  }
}
