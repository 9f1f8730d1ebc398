import type { IncomingMessage, ServerResponse } from 'node:http'
import { listenLoopback } from '../server/listenLoopback.js'
import { ChainRows, tokentxRow, txlistRow } from './ChainRows.js'
import { FailureSchedule } from '../server/FailureSchedule.js'

/** The API key the stand-in accepts unless told others. */
export const ETHERSCAN_STAND_IN_KEY = 'StandInApiKeyToken'

/** Etherscan's documented window: `page` × `offset` may not pass 10,000 rows. */
const MAX_WINDOW = 10_000

/** A row as an explorer API writes it (served as given, so tests can serve malformed ones too). */
export type ExplorerRow = Record<string, unknown>

/** What the stand-in serves of one chain. */
export interface EtherscanStandInChain {
  /** `txlist` rows of fixture accounts, as Etherscan writes them. */
  transactions?: ExplorerRow[]
  /** `tokentx` rows of fixture accounts. */
  tokenTransfers?: ExplorerRow[]
  /**
   * A node whose blocks are read into rows as an explorer indexes a chain (every transaction, every
   * ERC-20 `Transfer` log), before each answer. With it, the fixture rows are not used.
   */
  rpcUrl?: string
}

/** A failure the stand-in answers with, each as the explorer APIs document or do it. */
export type EtherscanFailure =
  /** HTTP 200, `{ status: "0", message: "NOTOK", result: "Max rate limit reached, please use API Key for higher rate limit" }`. */
  | { kind: 'rateLimit' }
  /** HTTP 200, `result: "Invalid API Key"` (whatever key was sent). */
  | { kind: 'invalidKey' }
  /** HTTP 200, `result: "Missing/Invalid API Key"`. */
  | { kind: 'missingKey' }
  /** An HTTP error status (429 with `Retry-After`, a 5xx), with a short body. */
  | { kind: 'http'; status: 429 | 500 | 502 | 503; retryAfterSeconds?: number }
  /** Accepts the request and never answers (until {@link EtherscanStandIn.close}). */
  | { kind: 'slow' }
  /** HTTP 200 with an HTML page (a proxy's error page), not JSON. */
  | { kind: 'garbage' }
  /** HTTP 200 with a body of `bytes` bytes (a JSON string). */
  | { kind: 'huge'; bytes: number }

/** Options of {@link startEtherscanStandIn}. */
export interface EtherscanStandInOptions {
  /** Port (default: a free one). */
  port?: number
  /** Chains by numeric chain id: the `chainid` of `/v2/api`. Others answer Etherscan's "unsupported chainid". */
  chains: Record<number, EtherscanStandInChain>
  /** Keys `/v2/api` accepts in `apikey` (default [{@link ETHERSCAN_STAND_IN_KEY}]). `/api` needs none. */
  apiKeys?: readonly string[]
  /** The one chain `/api` serves, as a Blockscout instance does (default: the first of `chains`). */
  blockscoutChainId?: number
}

/** A call the stand-in received. */
export interface EtherscanCall {
  /** `/v2/api` or `/api`. */
  path: string
  query: Record<string, string>
}

/** A running {@link startEtherscanStandIn}. */
export interface EtherscanStandIn {
  /** Etherscan V2's root on the stand-in: `http://127.0.0.1:<port>/v2/api` (for `historyProviders.etherscan.baseUrl`). */
  readonly url: string
  /** A Blockscout instance's root on the stand-in: `http://127.0.0.1:<port>/api`. */
  readonly blockscoutUrl: string
  /** A key `/v2/api` accepts. */
  readonly apiKey: string
  /** Every call received, oldest first (the last 10,000). */
  readonly calls: EtherscanCall[]
  /** Answers the next `times` calls (default every call until {@link recover}) with `failure`. */
  fail(failure: EtherscanFailure, times?: number): void
  /** Answers normally again. */
  recover(): void
  /** Stops the server, dropping the calls it holds. */
  close(): Promise<void>
}

/**
 * A stand-in for Etherscan's V2 API (`GET /v2/api?chainid=…&module=account&action=…`, docs.etherscan.io)
 * and a Blockscout instance's Etherscan-compatible RPC API (`GET /api?module=account&action=…`),
 * enough for an account's history: `action=txlist` and `action=tokentx`, with `address`,
 * `contractaddress` (tokentx), `startblock`, `endblock`, `sort` (`asc` by default on Etherscan,
 * `desc` on Blockscout), `page` and `offset`. It answers the documented envelope with HTTP 200 and
 * string numbers: `{ status: "1", message: "OK", result: [...] }`; `{ status: "0", message: "No
 * transactions found", result: [] }` when there is nothing (Blockscout: "No token transfers found"
 * for tokentx); `{ status: "0", message: "NOTOK", result: "<why>" }` for "Missing/Invalid API Key",
 * "Invalid API Key", "Missing or unsupported chainid parameter (required for v2 api)…", "Result
 * window is too large, PageNo x Offset size must be less than or equal to 10000", "Error! Invalid
 * address format", "Error! Missing Or invalid Action name" (Blockscout writes its errors in
 * `message` with a null `result`). On demand it answers each failure of {@link EtherscanFailure}.
 *
 * Rows come from fixtures, or from a real node (`rpcUrl`): every block read with its
 * transactions, receipts and ERC-20 `Transfer` logs, like an explorer indexes a chain (the
 * devnet's second chain can have its history served this way instead of by the server's indexer).
 *
 * @example
 * const explorer = await startEtherscanStandIn({ chains: { 31338: { rpcUrl: devnet.chains[1].rpcUrl } } })
 * // server config: historyProviders: { etherscan: { baseUrl: explorer.url, apiKey: explorer.apiKey, chains: ['eip155:31338'] } }
 */
export async function startEtherscanStandIn(options: EtherscanStandInOptions): Promise<EtherscanStandIn> {
  const apiKeys = options.apiKeys ?? [ETHERSCAN_STAND_IN_KEY]
  const chainIds = Object.keys(options.chains).map(Number)
  const blockscoutChainId = options.blockscoutChainId ?? chainIds[0]
  const nodes = new Map(chainIds.flatMap(id => (options.chains[id]!.rpcUrl ? [[id, new ChainRows(options.chains[id]!.rpcUrl!)] as const] : [])))
  const calls: EtherscanCall[] = []
  const failures = new FailureSchedule<EtherscanFailure>()

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
    res.end(JSON.stringify(body))
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const query = Object.fromEntries(url.searchParams)
    calls.push({ path: url.pathname, query })
    if (calls.length > 10_000) calls.shift()
    const blockscout = url.pathname === '/api'
    if (url.pathname !== '/v2/api' && !blockscout) return send(res, 404, { status: '0', message: 'NOTOK', result: 'Not found' })
    if (req.method !== 'GET') return send(res, 405, { status: '0', message: 'NOTOK', result: 'Method not allowed' })
    // Etherscan says NOTOK and the reason in `result`; Blockscout says the reason in `message`.
    const notOk = (reason: string) =>
      send(res, 200, blockscout ? { status: '0', message: reason, result: null } : { status: '0', message: 'NOTOK', result: reason })

    const current = failures.take()
    if (current) {
      switch (current.kind) {
        case 'slow':
          return // held until close()
        case 'rateLimit':
          return notOk('Max rate limit reached, please use API Key for higher rate limit')
        case 'invalidKey':
          return notOk('Invalid API Key')
        case 'missingKey':
          return notOk('Missing/Invalid API Key')
        case 'garbage':
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          return res.end('<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>')
        case 'huge':
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
          return res.end(JSON.stringify('x'.repeat(Math.max(0, current.bytes - 2))))
        case 'http':
          res.writeHead(current.status, {
            'content-type': 'text/plain; charset=utf-8',
            ...(current.status === 429 ? { 'retry-after': String(current.retryAfterSeconds ?? 1) } : {})
          })
          return res.end(current.status === 429 ? 'Too Many Requests' : 'Server Error')
      }
    }

    if (!blockscout) {
      if (!query.apikey) return notOk('Missing/Invalid API Key')
      if (!apiKeys.includes(query.apikey)) return notOk('Invalid API Key')
    }
    const chainId = blockscout ? blockscoutChainId : /^\d{1,18}$/.test(query.chainid ?? '') ? Number(query.chainid) : undefined
    if (chainId === undefined || !options.chains[chainId]) {
      return notOk(
        'Missing or unsupported chainid parameter (required for v2 api), please see https://api.etherscan.io/v2/chainlist for the list of supported chainids'
      )
    }
    const action = query.module === 'account' ? query.action : undefined
    if (action !== 'txlist' && action !== 'tokentx') return notOk(blockscout ? 'Unknown action' : 'Error! Missing Or invalid Action name')
    const address = query.address?.toLowerCase()
    if (!address || !/^0x[0-9a-f]{40}$/.test(address)) return notOk(blockscout ? 'Invalid address format' : 'Error! Invalid address format')
    const contract = query.contractaddress?.toLowerCase()
    const number = (text: string | undefined, fallback: number) => (text !== undefined && /^\d{1,18}$/.test(text) ? Number(text) : fallback)
    const startblock = number(query.startblock, 0)
    const endblock = number(query.endblock, Number.MAX_SAFE_INTEGER)
    const page = number(query.page, 0)
    const offset = number(query.offset, 0)
    if (page * offset > MAX_WINDOW) return notOk('Result window is too large, PageNo x Offset size must be less than or equal to 10000')
    const descending = (query.sort ?? (blockscout ? 'desc' : 'asc')) === 'desc'

    const node = nodes.get(chainId)
    const head = node ? await node.refresh() : 0
    const fixtures = options.chains[chainId]!
    let rows: { row: ExplorerRow; order: number[] }[]
    if (action === 'txlist') {
      rows = node
        ? node.transactions
            .filter(tx => tx.from === address || tx.to === address || tx.contractAddress === address)
            .map(tx => ({ row: txlistRow(tx, head, blockscout), order: [tx.blockNumber, tx.transactionIndex] }))
        : (fixtures.transactions ?? []).filter(row => involves(row, address, true)).map((row, i) => ({ row, order: [blockOf(row), indexOf(row), i] }))
    } else {
      rows = node
        ? node.transfers
            .filter(t => (t.from === address || t.to === address) && (!contract || t.token === contract))
            .map(t => ({ row: tokentxRow(t, head, blockscout), order: [t.transaction.blockNumber, t.logIndex] }))
        : (fixtures.tokenTransfers ?? [])
            .filter(row => involves(row, address, false) && (!contract || String(row.contractAddress).toLowerCase() === contract))
            .map((row, i) => ({ row, order: [blockOf(row), indexOf(row), i] }))
    }
    rows = rows.filter(({ order }) => order[0]! >= startblock && order[0]! <= endblock)
    rows.sort((a, b) => compareOrder(a.order, b.order) * (descending ? -1 : 1))
    const window = page > 0 && offset > 0 ? rows.slice((page - 1) * offset, page * offset) : rows.slice(0, MAX_WINDOW)
    if (window.length === 0) {
      return send(res, 200, { status: '0', message: blockscout && action === 'tokentx' ? 'No token transfers found' : 'No transactions found', result: [] })
    }
    return send(res, 200, { status: '1', message: 'OK', result: window.map(({ row }) => row) })
  }

  const server = await listenLoopback(handle, res => send(res, 500, { status: '0', message: 'NOTOK', result: 'Internal error' }), options.port)
  return {
    url: `${server.url}/v2/api`,
    blockscoutUrl: `${server.url}/api`,
    apiKey: apiKeys[0] ?? ETHERSCAN_STAND_IN_KEY,
    calls,
    fail(next, times = Infinity) {
      failures.set(next, times)
    },
    recover() {
      failures.clear()
    },
    // Held (slow) calls end with their sockets.
    close: () => server.close()
  }
}

/** Whether a fixture row is the account's: its sender or recipient, or for `txlist` the contract it created. */
function involves(row: ExplorerRow, address: string, created: boolean): boolean {
  const is = (value: unknown) => typeof value === 'string' && value.toLowerCase() === address
  return is(row.from) || is(row.to) || (created && row.to === '' && is(row.contractAddress))
}

function blockOf(row: ExplorerRow): number {
  const n = Number(row.blockNumber)
  return Number.isFinite(n) ? n : 0
}

function indexOf(row: ExplorerRow): number {
  const n = Number(row.logIndex ?? row.transactionIndex)
  return Number.isFinite(n) ? n : 0
}

function compareOrder(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}
