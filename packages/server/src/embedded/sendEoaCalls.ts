import { concat, createWalletClient, http, numberToHex, type Hex, type LocalAccount, type PublicClient } from 'viem'
import { ApiError } from '../http/ApiError.js'
import type { CallsBatch } from './signingParams.js'

/**
 * Longest time {@link sendEoaCalls} waits, all calls together, for calls to be mined before
 * sending the next: the approval frame gives the whole signing request 30 s
 * (`site/secureApi.ts`), and the answer must come before it gives up, or the site would hear of a
 * failure while its calls go out. The last call is not waited for.
 */
export const SEQUENTIAL_WAIT_MS = 20_000

/**
 * The last word of a batch id made by {@link sendEoaCalls}: the id is the calls' transaction
 * hashes, the chain id and this word. It is the word viem's `sendCalls` ends its own
 * one-transaction-per-call ids with, so viem's `getCallsStatus` reads ours from the chain itself.
 */
export const EOA_BATCH_SUFFIX: Hex = '0x5792579257925792579257925792579257925792579257925792579257925792'
/** The hash slot of a call that was not sent (an earlier call failed): 32 zero bytes, as viem writes it. */
export const NOT_SENT: Hex = `0x${'00'.repeat(32)}`

/** Whether `id` is a batch id of {@link sendEoaCalls} (1 to 20 hashes, the chain, the suffix). */
export function isEoaBatchId(id: string): boolean {
  return /^0x(?:[0-9a-fA-F]{64}){3,22}$/.test(id) && id.slice(-64).toLowerCase() === EOA_BATCH_SUFFIX.slice(2)
}

/** The chain id and the hashes (or {@link NOT_SENT}) of an {@link isEoaBatchId} id. */
export function readEoaBatchId(id: Hex): { chainId: number; hashes: Hex[] } {
  const words = (id.slice(2).match(/.{64}/g) ?? []).map(word => `0x${word}` as Hex)
  return { chainId: Number(BigInt(words[words.length - 2]!)), hashes: words.slice(0, -2) }
}

/**
 * EIP-5792 `wallet_sendCalls` from the key's own account (an EOA), for a batch the site lets go
 * one call after another (`atomicRequired: false`; or a single call): one transaction per call,
 * in order, each sent once the one before it is mined, so a call may rely on what the previous
 * one did (an approval, then the swap). When a call reverts, the network refuses it, or it is not
 * mined within what is left of `waitMs`, the calls after it are not sent (EIP-5792: the wallet
 * should stop); what was done stays done, and the status tells it (600, partly reverted).
 * Answers `{ id }` once the last call is sent: the hashes, the chain, and
 * {@link EOA_BATCH_SUFFIX}, which `wallet_getCallsStatus` reads back (`eoaCallsStatus`).
 *
 * @param batch - The checked batch (`callsOf`); refused when it must be atomic.
 * @param account - The person's key.
 * @param client - The chain's node, for receipts.
 * @param rpcUrl - The chain's node, to send through.
 * @param chainId - The chain's id.
 * @param timeoutMs - Time the node gets for each call.
 * @param waitMs - Longest wait, all calls together, for calls to be mined before the next is sent.
 * @throws ApiError 502 when the network refuses the first call (then nothing was sent)
 */
export async function sendEoaCalls(
  batch: CallsBatch,
  account: LocalAccount,
  client: PublicClient,
  rpcUrl: string,
  chainId: number,
  timeoutMs: number,
  waitMs = SEQUENTIAL_WAIT_MS
): Promise<{ id: Hex }> {
  const wallet = createWalletClient({ account, transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 0 }) })
  const hashes: Hex[] = []
  const deadline = Date.now() + waitMs
  for (const [i, call] of batch.calls.entries()) {
    let hash: Hex
    try {
      hash = await wallet.sendTransaction({ chain: null, to: call.to, value: call.value, data: call.data, gas: call.gas })
    } catch (error) {
      if (i === 0) {
        const e = error as { shortMessage?: string; message?: string }
        throw new ApiError(502, `The network refused the transaction: ${e.shortMessage ?? e.message ?? 'unknown reason'}`)
      }
      break
    }
    hashes.push(hash)
    // The last call is followed by the status (wallet_getCallsStatus), not waited for here.
    if (i === batch.calls.length - 1) break
    const left = deadline - Date.now()
    const receipt = left > 0 ? await client.waitForTransactionReceipt({ hash, pollingInterval: 250, timeout: left }).catch(() => undefined) : undefined
    // Reverted, or not mined in time: the next call cannot count on this one.
    if (receipt?.status !== 'success') break
  }
  while (hashes.length < batch.calls.length) hashes.push(NOT_SENT)
  return { id: concat([...hashes, numberToHex(chainId, { size: 32 }), EOA_BATCH_SUFFIX]) }
}

/** The receipt fields EIP-5792 `wallet_getCallsStatus` answers. */
interface CallsReceipt {
  logs: { address: string; data: string; topics: string[] }[]
  status: string
  blockHash: string
  blockNumber: string
  gasUsed: string
  transactionHash: string
}

/**
 * EIP-5792 `wallet_getCallsStatus` of a {@link sendEoaCalls} batch, read from the chain's node:
 * pending (100) while a sent call has no receipt; confirmed (200) when every call was sent and
 * succeeded; reverted (500) when none succeeded; partly reverted (600) otherwise. The receipts
 * are the sent calls', in order; `atomic` is false.
 *
 * @param id - The batch id.
 * @param rpc - Asks the chain's node (the id's chain).
 */
export async function eoaCallsStatus(id: Hex, rpc: (method: string, params: unknown[]) => Promise<unknown>): Promise<unknown> {
  const { chainId, hashes } = readEoaBatchId(id)
  const sent = hashes.filter(hash => hash !== NOT_SENT)
  const receipts = (await Promise.all(sent.map(hash => rpc('eth_getTransactionReceipt', [hash])))) as (CallsReceipt | null)[]
  const base = { version: '2.0.0', id, chainId: numberToHex(chainId), atomic: false }
  if (receipts.some(r => !r)) return { ...base, status: 100 }
  const done = receipts as CallsReceipt[]
  const succeeded = done.filter(r => r.status === '0x1').length
  const status = succeeded === hashes.length ? 200 : succeeded === 0 ? 500 : 600
  return {
    ...base,
    status,
    receipts: done.map(({ logs, status, blockHash, blockNumber, gasUsed, transactionHash }) => ({
      logs: logs.map(({ address, data, topics }) => ({ address, data, topics })),
      status,
      blockHash,
      blockNumber,
      gasUsed,
      transactionHash
    }))
  }
}
