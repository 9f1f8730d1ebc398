/** A block parameter of a log filter, as forwarded: a tag, or a quantity in lower-case hex without leading zeros. */
export type LogFilterBlock = 'earliest' | 'latest' | 'pending' | 'safe' | 'finalized' | `0x${string}`

/** A topic position of a log filter: any (null), one 32-byte value, or any of several (null in the list matches all). */
export type LogFilterTopic = null | `0x${string}` | Array<`0x${string}` | null>

/**
 * The `eth_getLogs` filter the server forwards: only the JSON-RPC keys, each checked and written
 * the one way nodes agree on. Built afresh from the caller's object, which is never forwarded.
 */
export interface LogFilter {
  fromBlock?: LogFilterBlock
  toBlock?: LogFilterBlock
  blockHash?: `0x${string}`
  address?: `0x${string}` | Array<`0x${string}`>
  topics?: LogFilterTopic[]
}

/** What {@link readLogFilter} makes of a call's params. */
export type LogFilterOutcome = { ok: true; filter: LogFilter } | { ok: false; reason: string }

/** Most addresses in one filter (public node providers cap lists at about this size). */
export const MAX_FILTER_ADDRESSES = 1000
/** Most alternatives in one topic position. */
export const MAX_TOPIC_ALTERNATIVES = 1000

const KEYS = new Set(['fromBlock', 'toBlock', 'blockHash', 'address', 'topics'])
const TAGS = new Set(['earliest', 'latest', 'pending', 'safe', 'finalized'])
// 0x or 0X (geth's hexutil takes both), then up to 16 digits: a block number is a uint64.
const HEX_QUANTITY = /^0[xX][0-9a-fA-F]{1,16}$/
const DECIMAL_QUANTITY = /^[0-9]{1,20}$/
const HASH = /^0[xX][0-9a-fA-F]{64}$/
const ADDRESS = /^0[xX][0-9a-fA-F]{40}$/
const MAX_UINT64 = 2n ** 64n - 1n

/**
 * Reads the params of an `eth_getLogs` call (`[filter]`) into a {@link LogFilter}, or says why it
 * is refused. The check and the node must read the same filter: nodes differ on what they accept
 * beyond the JSON-RPC spec (key case, `0X`, decimal numbers), so a filter the proxy read one way
 * could reach the node meaning another (a range check passed on `fromBlock` while the node reads
 * `FromBlock`). Hence only the spec's exact keys are taken (any other key, including another case
 * of a known one, is refused), block numbers are normalised (`0x`/`0X` hex, decimal strings and
 * JSON integers become lower-case `0x` hex), addresses and hashes are lower-cased, and the caller
 * forwards the rebuilt filter, never the original object.
 *
 * @param params - The call's params, unchecked.
 * @example
 * ```ts
 * readLogFilter([{ fromBlock: '0X10', toBlock: 20 }]) // { ok: true, filter: { fromBlock: '0x10', toBlock: '0x14' } }
 * readLogFilter([{ FromBlock: '0x0' }]) // { ok: false, reason: 'eth_getLogs filter has an unknown key: FromBlock' }
 * ```
 */
export function readLogFilter(params: unknown): LogFilterOutcome {
  if (!Array.isArray(params) || params.length !== 1) return refuse('eth_getLogs takes exactly one filter object')
  const raw: unknown = params[0]
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return refuse('eth_getLogs takes exactly one filter object')
  const input = raw as Record<string, unknown>
  for (const key of Object.keys(input)) {
    if (!KEYS.has(key)) return refuse(`eth_getLogs filter has an unknown key: ${key.slice(0, 40)}`)
  }
  const filter: LogFilter = {}
  for (const key of ['fromBlock', 'toBlock'] as const) {
    if (input[key] === undefined || input[key] === null) continue
    const block = readBlock(input[key])
    if (block === undefined) return refuse(`eth_getLogs ${key} must be a block tag or a block number`)
    filter[key] = block
  }
  if (input.blockHash !== undefined && input.blockHash !== null) {
    if (typeof input.blockHash !== 'string' || !HASH.test(input.blockHash)) return refuse('eth_getLogs blockHash must be a 32-byte hex value')
    // The spec makes them exclusive; nodes differ on which one wins when both come.
    if (filter.fromBlock !== undefined || filter.toBlock !== undefined) return refuse('eth_getLogs takes blockHash or fromBlock/toBlock, not both')
    filter.blockHash = lower(input.blockHash)
  }
  if (input.address !== undefined && input.address !== null) {
    const address = readAddresses(input.address)
    if (address === undefined) return refuse(`eth_getLogs address must be an address or a list of at most ${MAX_FILTER_ADDRESSES} addresses`)
    filter.address = address
  }
  if (input.topics !== undefined && input.topics !== null) {
    const topics = readTopics(input.topics)
    if (topics === undefined) return refuse('eth_getLogs topics must be a list of at most 4 positions, each null, a 32-byte value or a list of them')
    filter.topics = topics
  }
  return { ok: true, filter }
}

/** A block tag or number as the node should get it, or undefined. */
function readBlock(value: unknown): LogFilterBlock | undefined {
  let number: bigint
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) return undefined
    number = BigInt(value)
  } else if (typeof value === 'string') {
    if (TAGS.has(value)) return value as LogFilterBlock
    if (HEX_QUANTITY.test(value)) number = BigInt(`0x${value.slice(2)}`)
    else if (DECIMAL_QUANTITY.test(value)) number = BigInt(value)
    else return undefined
  } else {
    return undefined
  }
  return number > MAX_UINT64 ? undefined : `0x${number.toString(16)}`
}

function readAddresses(value: unknown): LogFilter['address'] | undefined {
  if (typeof value === 'string') return ADDRESS.test(value) ? lower(value) : undefined
  if (!Array.isArray(value) || value.length > MAX_FILTER_ADDRESSES) return undefined
  const addresses: Array<`0x${string}`> = []
  for (const item of value) {
    if (typeof item !== 'string' || !ADDRESS.test(item)) return undefined
    addresses.push(lower(item))
  }
  return addresses
}

function readTopics(value: unknown): LogFilterTopic[] | undefined {
  if (!Array.isArray(value) || value.length > 4) return undefined
  const topics: LogFilterTopic[] = []
  for (const position of value) {
    if (position === null) topics.push(null)
    else if (typeof position === 'string') {
      if (!HASH.test(position)) return undefined
      topics.push(lower(position))
    } else if (Array.isArray(position) && position.length <= MAX_TOPIC_ALTERNATIVES) {
      const alternatives: Array<`0x${string}` | null> = []
      for (const item of position) {
        if (item === null) alternatives.push(null)
        else if (typeof item === 'string' && HASH.test(item)) alternatives.push(lower(item))
        else return undefined
      }
      topics.push(alternatives)
    } else return undefined
  }
  return topics
}

/** Lower case, with the prefix as `0x`. */
function lower(value: string): `0x${string}` {
  return `0x${value.slice(2).toLowerCase()}`
}

function refuse(reason: string): LogFilterOutcome {
  return { ok: false, reason }
}
