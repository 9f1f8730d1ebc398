import { numberToHex } from 'viem'
import type { Bundler } from '../bundler/Bundler.js'
import { ApiError } from '../http/ApiError.js'

/** EIP-5792 status codes of a batch. */
export const CALLS_STATUS = { pending: 100, confirmed: 200, reverted: 500 } as const

interface RpcReceipt {
  blockHash: string
  blockNumber: string
  gasUsed: string
  status: string
  transactionHash: string
}

interface UserOperationReceipt {
  success: boolean
  logs: { address: string; data: string; topics: string[] }[]
  receipt: RpcReceipt
}

/**
 * EIP-5792 `wallet_getCallsStatus` of a batch the embedded smart account sent (its id is the user
 * operation's hash): pending (100) until the bundler has a receipt, then confirmed (200) or
 * reverted (500), with the bundle transaction's receipt and the batch's own logs. An id the
 * bundler never took is refused ('Unknown bundle id').
 *
 * @param bundler - The chain's bundler.
 * @param chainId - The chain's id.
 * @param params - `[id]`.
 */
export async function callsStatus(bundler: Bundler, chainId: number, params: unknown): Promise<unknown> {
  const id = Array.isArray(params) ? params[0] : undefined
  if (typeof id !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(id)) throw new ApiError(400, 'Unknown bundle id')
  const base = { version: '2.0.0', id, chainId: numberToHex(chainId), atomic: true }
  const receipt = (await bundler.request('eth_getUserOperationReceipt', [id]).catch(() => {
    throw new ApiError(502, 'The bundler did not answer')
  })) as UserOperationReceipt | null
  if (!receipt) {
    const known = await bundler.request('eth_getUserOperationByHash', [id]).catch(() => null)
    if (!known) throw new ApiError(400, 'Unknown bundle id')
    return { ...base, status: CALLS_STATUS.pending }
  }
  const { blockHash, blockNumber, gasUsed, status, transactionHash } = receipt.receipt
  return {
    ...base,
    status: receipt.success ? CALLS_STATUS.confirmed : CALLS_STATUS.reverted,
    receipts: [{ logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics })), status, blockHash, blockNumber, gasUsed, transactionHash }]
  }
}
