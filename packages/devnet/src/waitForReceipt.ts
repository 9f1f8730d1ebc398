import { createPublicClient, http, numberToHex, type Hex } from 'viem'
import { jsonRpc } from './jsonRpc.js'

/** The receipt fields the devnet's callers read, in the node's JSON-RPC form (hex quantities). */
export interface DevnetReceipt {
  /** `0x1` for success, `0x0` for a revert. */
  status: Hex
  blockNumber: Hex
  from: Hex
  to: Hex | null
  contractAddress: Hex | null
}

/** Options of {@link waitForReceipt}. */
export interface WaitForReceiptOptions {
  /** How long a transaction may stay pending before the node is asked to mine (default 3 s). */
  nudgeAfterMs?: number
  /** Where the nudge is reported (default `console.warn`). */
  log?: (line: string) => void
}

/**
 * Waits, through viem's `waitForTransactionReceipt`, until the transaction is mined. anvil answers
 * `eth_sendTransaction` before its block is sealed (under load, reads right after it can still
 * see the old state), so whatever reads the chain after a transaction waits for this first.
 *
 * anvil's auto-miner can leave a ready transaction in its pool until another one arrives
 * (docs/repository.md, "Platform bugs we work around"; a deployment's last transaction once
 * waited out the 30 s). So a transaction still pending after `nudgeAfterMs` gets an
 * `evm_mine` (and again each `nudgeAfterMs`), reported through `log`; a node without that method,
 * or one that does not know the transaction, is left alone.
 *
 * @param rpcUrl - The node.
 * @param hash - The transaction.
 * @param timeoutMs - How long to wait (default 30 s); each request to the node gets as long.
 * @param options - See {@link WaitForReceiptOptions}.
 * @throws Error when no receipt comes in time.
 * @example
 * ```ts
 * const hash = await jsonRpc<Hex>(rpcUrl, 'eth_sendTransaction', [tx])
 * const { status } = await waitForReceipt(rpcUrl, hash) // '0x1'
 * ```
 */
export async function waitForReceipt(rpcUrl: string, hash: Hex, timeoutMs = 30_000, options: WaitForReceiptOptions = {}): Promise<DevnetReceipt> {
  const { nudgeAfterMs = 3000, log = console.warn } = options
  // anvil seals a block in milliseconds: poll often rather than at viem's 4 s default.
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 0 }), pollingInterval: 20 })
  const started = Date.now()
  const nudge = async (): Promise<void> => {
    try {
      const pending = await jsonRpc<{ blockNumber: Hex | null } | null>(rpcUrl, 'eth_getTransactionByHash', [hash], { timeoutMs: nudgeAfterMs })
      if (!pending || pending.blockNumber) return
      await jsonRpc(rpcUrl, 'evm_mine', [], { timeoutMs: nudgeAfterMs })
      log(`devnet: ${hash} was still pending after ${Date.now() - started} ms; asked ${rpcUrl} to mine a block`)
    } catch {
      // The wait below reports a node that does not answer; a node without evm_mine just waits.
    }
  }
  const timer = setInterval(() => void nudge(), nudgeAfterMs)
  try {
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: timeoutMs, pollingInterval: 20, retryCount: 0 })
    return {
      status: receipt.status === 'success' ? '0x1' : '0x0',
      blockNumber: numberToHex(receipt.blockNumber),
      from: receipt.from,
      to: receipt.to,
      contractAddress: receipt.contractAddress ?? null
    }
  } finally {
    clearInterval(timer)
  }
}
