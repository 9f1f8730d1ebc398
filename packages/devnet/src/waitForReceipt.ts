import type { Hex } from 'viem'
import { jsonRpc } from './jsonRpc.js'

/** The receipt fields the devnet's callers read. */
export interface DevnetReceipt {
  status: Hex
  blockNumber: Hex
  from: Hex
  to: Hex | null
  contractAddress: Hex | null
}

/**
 * Polls `eth_getTransactionReceipt` until the transaction is mined. anvil answers
 * `eth_sendTransaction` before its block is sealed (under load, reads right after it can still
 * see the old state), so whatever reads the chain after a transaction waits for this first.
 *
 * @param rpcUrl - The node.
 * @param hash - The transaction.
 * @param timeoutMs - How long to wait (default 10 s).
 * @throws Error when no receipt comes in time.
 */
export async function waitForReceipt(rpcUrl: string, hash: Hex, timeoutMs = 10_000): Promise<DevnetReceipt> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const receipt = await jsonRpc<DevnetReceipt | null>(rpcUrl, 'eth_getTransactionReceipt', [hash])
    if (receipt) return receipt
    if (Date.now() > deadline) throw new Error(`no receipt for ${hash} on ${rpcUrl} after ${timeoutMs} ms`)
    await new Promise(resolve => setTimeout(resolve, 20))
  }
}
