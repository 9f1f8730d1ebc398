import { ApiError } from '../http/ApiError.js'
import { readLogFilter, type LogFilter, type LogFilterBlock } from './readLogFilter.js'
import { upstreamRpc } from './upstreamRpc.js'

/** Default widest `eth_getLogs` block range the RPC proxy forwards (`rpcProxy.maxLogsBlockRange`). */
export const MAX_LOGS_BLOCK_RANGE = 10_000

/** JSON-RPC 2.0's "Invalid params": a filter {@link readLogFilter} refuses. */
export const INVALID_PARAMS = -32602
/** EIP-1474's "limit exceeded": a range over the cap. */
export const LIMIT_EXCEEDED = -32005

/** A block parameter as a number, or 'head' for the tags (and the default) that mean the chain's head. */
function blockOf(value: LogFilterBlock | undefined): bigint | 'head' {
  if (value === undefined || value === 'latest' || value === 'pending' || value === 'safe' || value === 'finalized') return 'head'
  if (value === 'earliest') return 0n
  return BigInt(value)
}

/**
 * Why an `eth_getLogs` filter asks for too many blocks, or undefined when it may go ahead. One
 * call over a long range makes a node scan (and the proxy relay) every log of it, so ranges are
 * capped the way public node providers cap them. A filter by `blockHash` is one block. Tags
 * meaning the head are resolved with `head()`, asked at most once per call and only when the
 * other end is a number.
 *
 * @param filter - The filter as {@link readLogFilter} rebuilt it.
 * @param maxRange - Most blocks allowed (`toBlock - fromBlock + 1`).
 * @param head - Reads the chain's current block number.
 */
export async function logsRangeProblem(filter: LogFilter, maxRange: number, head: () => Promise<bigint>): Promise<string | undefined> {
  if (filter.blockHash !== undefined) return undefined
  const from = blockOf(filter.fromBlock)
  const to = blockOf(filter.toBlock)
  if (from === 'head' && to === 'head') return undefined
  const fromNumber = from === 'head' ? await head() : from
  const toNumber = to === 'head' ? await head() : to
  const blocks = toNumber - fromNumber + 1n
  if (blocks <= BigInt(maxRange)) return undefined
  return `eth_getLogs block range of ${blocks} blocks exceeds ${maxRange}`
}

/** What {@link checkLogsCall} makes of an `eth_getLogs` call: the params to forward, or the JSON-RPC error to answer. */
export type LogsCallOutcome = { ok: true; params: [LogFilter] } | { ok: false; code: number; message: string }

/**
 * The one check of every path that forwards `eth_getLogs` (the RPC proxy, batches included, and
 * the secure site's `/api/rpc`): reads the filter into its canonical form ({@link readLogFilter}),
 * checks its range ({@link logsRangeProblem}), and hands back the params to forward, built from
 * the canonical filter and never the caller's object.
 *
 * @param params - The call's params, unchecked.
 * @param maxRange - Most blocks allowed.
 * @param head - Reads the chain's current block number.
 */
export async function checkLogsCall(params: unknown, maxRange: number, head: () => Promise<bigint>): Promise<LogsCallOutcome> {
  const read = readLogFilter(params)
  if (!read.ok) return { ok: false, code: INVALID_PARAMS, message: read.reason }
  const problem = await logsRangeProblem(read.filter, maxRange, head)
  if (problem) return { ok: false, code: LIMIT_EXCEEDED, message: problem }
  return { ok: true, params: [read.filter] }
}

/**
 * Reads a node's head block number (for {@link checkLogsCall}'s `head`).
 *
 * @param rpcUrl - The node.
 * @param timeoutMs - Give up after this long.
 * @throws {ApiError} 502 when the node answers no block number.
 */
export async function upstreamHead(rpcUrl: string, timeoutMs: number): Promise<bigint> {
  const answer = (await upstreamRpc(rpcUrl, { jsonrpc: '2.0', id: 0, method: 'eth_blockNumber' }, timeoutMs)) as { result?: unknown }
  if (typeof answer?.result !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(answer.result)) throw new ApiError(502, 'Upstream RPC gave no block number')
  return BigInt(answer.result)
}
