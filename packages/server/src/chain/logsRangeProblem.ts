/** Default widest `eth_getLogs` block range the RPC proxy forwards (`rpcProxy.maxLogsBlockRange`). */
export const MAX_LOGS_BLOCK_RANGE = 10_000

const HEAD_TAGS = new Set(['latest', 'pending', 'safe', 'finalized'])
const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,64}$/

/** A block parameter as a number, or 'head' for the tags that mean the chain's head. */
function blockOf(value: unknown): bigint | 'head' | undefined {
  if (value === undefined || value === null) return 'head' // the node's default is 'latest'
  if (typeof value !== 'string') return undefined
  if (value === 'earliest') return 0n
  if (HEAD_TAGS.has(value)) return 'head'
  return HEX_QUANTITY.test(value) ? BigInt(value) : undefined
}

/**
 * Why an `eth_getLogs` call asks for too many blocks, or undefined when it may go ahead. One call
 * over a long range makes a node scan (and the proxy relay) every log of it, so ranges are capped
 * the way public node providers cap them. A filter by `blockHash` is one block; values the node
 * would refuse anyway (malformed blocks) are left for it to answer. Tags meaning the head are
 * resolved with `head()`, asked at most once per call and only when the other end is a number.
 *
 * @param params - The call's params (`[filter]`).
 * @param maxRange - Most blocks allowed (`toBlock - fromBlock + 1`).
 * @param head - Reads the chain's current block number.
 */
export async function logsRangeProblem(params: unknown, maxRange: number, head: () => Promise<bigint>): Promise<string | undefined> {
  const filter = Array.isArray(params) ? params[0] : undefined
  if (typeof filter !== 'object' || filter === null) return undefined
  const { fromBlock, toBlock, blockHash } = filter as Record<string, unknown>
  if (blockHash !== undefined) return undefined
  const from = blockOf(fromBlock)
  const to = blockOf(toBlock)
  if (from === undefined || to === undefined || (from === 'head' && to === 'head')) return undefined
  const fromNumber = from === 'head' ? await head() : from
  const toNumber = to === 'head' ? await head() : to
  const blocks = toNumber - fromNumber + 1n
  if (blocks <= BigInt(maxRange)) return undefined
  return `eth_getLogs block range of ${blocks} blocks exceeds ${maxRange}`
}
