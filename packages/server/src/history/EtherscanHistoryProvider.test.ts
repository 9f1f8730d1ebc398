// The Etherscan-compatible history provider against the devnet's stand-in speaking the documented
// API: native and token rows merged per transaction newest first, paging, the spam rules, and every
// documented failure answered as a HistoryProviderError (with the circuit breaker opening).
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { startEtherscanStandIn, type EtherscanStandIn, type ExplorerRow } from '@wallet-modal/devnet'
import type { ChainConfig } from '../config/ServerConfig.js'
import type { ActivityTransaction } from './ActivityTable.js'
import { EtherscanHistoryProvider, UNKNOWN_SENDER, type EtherscanHistoryOptions } from './EtherscanHistoryProvider.js'
import type { HistoryCursor } from './historyCursor.js'
import { HistoryProviderError } from './HistoryProviderError.js'

const BASE: ChainConfig = {
  caipNetworkId: 'eip155:8453',
  name: 'Base',
  rpcUrl: 'http://127.0.0.1:9',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }
}
const A = '0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'
const B = '0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'
const ROUTER = '0xcccccccccccccccccccccccccccccccccccccccc'
const PAIR = '0xdddddddddddddddddddddddddddddddddddddddd'
const LOOKALIKE = '0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbc'
const TKN = '0x1111111111111111111111111111111111111111'
const USDX = '0x2222222222222222222222222222222222222222'
const T0 = 1_700_000_000
const hash = (block: number, i = 0) => `0x${(block * 100 + i).toString(16).padStart(64, '0')}`

/** A `txlist` row as Etherscan writes it (every number a string). */
const txRow = (block: number, from: string, to: string, value: bigint, extra: ExplorerRow = {}): ExplorerRow => ({
  blockNumber: String(block),
  blockHash: `0x${'9'.repeat(64)}`,
  timeStamp: String(T0 + block * 2),
  hash: hash(block),
  nonce: String(block),
  transactionIndex: '0',
  from,
  to,
  value: value.toString(),
  gas: '21000',
  gasPrice: '1000000000',
  input: '0x',
  methodId: '0x',
  functionName: '',
  contractAddress: '',
  cumulativeGasUsed: '21000',
  txreceipt_status: '1',
  gasUsed: '21000',
  confirmations: '10',
  isError: '0',
  ...extra
})
/** A `tokentx` row as Etherscan writes it. */
const tokenRow = (block: number, from: string, to: string, value: bigint, token = TKN, extra: ExplorerRow = {}): ExplorerRow => ({
  blockNumber: String(block),
  timeStamp: String(T0 + block * 2),
  hash: hash(block),
  nonce: String(block),
  blockHash: `0x${'9'.repeat(64)}`,
  from,
  contractAddress: token,
  to,
  value: value.toString(),
  tokenName: token === TKN ? 'Token' : 'US Dollar X',
  tokenSymbol: token === TKN ? 'TKN' : 'USDX',
  tokenDecimal: '6',
  transactionIndex: '0',
  gas: '60000',
  gasPrice: '1000000000',
  gasUsed: '50000',
  cumulativeGasUsed: '50000',
  input: 'deprecated',
  methodId: '0xa9059cbb',
  functionName: 'transfer(address _to, uint256 _value)',
  confirmations: '10',
  ...extra
})

/** A's history on Base, oldest first, with what the feed must make of it. */
const transactions: ExplorerRow[] = [
  txRow(20, A, B, 10n ** 18n),
  txRow(21, B, A, 2n * 10n ** 18n),
  txRow(22, A, TKN, 0n, { input: '0xa9059cbb', methodId: '0xa9059cbb' }),
  txRow(24, A, ROUTER, 0n),
  // A zero-value coin "transfer" from a look-alike: moved nothing, not listed.
  txRow(27, LOOKALIKE, A, 0n),
  // Reverted: listed for its sender, as failed.
  txRow(28, A, TKN, 0n, { isError: '1', txreceipt_status: '0' }),
  // A's own zero transfer: its own doing, listed.
  txRow(29, A, TKN, 0n),
  // Malformed: skipped, not a crash.
  txRow(30, A, B, 0n, { value: 'lots' }),
  { blockNumber: '31', hash: 'nope' }
]
const tokenTransfers: ExplorerRow[] = [
  tokenRow(22, A, B, 1_500_000n),
  // B's transaction: only in tokentx.
  tokenRow(23, B, A, 3_000_000n),
  // A swap: two transfers of one transaction.
  tokenRow(24, A, PAIR, 10_000_000n),
  tokenRow(24, PAIR, A, 5_000_000n, USDX),
  // transferFrom(A, lookalike, 0) by an attacker, and a zero "receive" from the look-alike: poisoning.
  tokenRow(25, A, LOOKALIKE, 0n),
  tokenRow(26, LOOKALIKE, A, 0n),
  tokenRow(29, A, B, 0n),
  tokenRow(32, A, B, 1n, TKN, { hash: undefined })
]

/** What a transaction's rows say, compactly: [hash, status, head from, [from, to, token, amount] per transfer]. */
const summary = (tx: ActivityTransaction) => [
  tx.rows[0]!.txHash,
  tx.rows[0]!.status,
  tx.rows[0]!.from,
  tx.rows.slice(1).map(row => [row.from, row.to, row.tokenAddress, row.amount])
]

describe('EtherscanHistoryProvider (stand-in)', () => {
  let explorer: EtherscanStandIn
  let clock = 0
  const provider = (options: Partial<EtherscanHistoryOptions> = {}) =>
    new EtherscanHistoryProvider({
      baseUrl: explorer.url,
      apiKey: explorer.apiKey,
      chains: [BASE],
      timeoutMs: 500,
      breaker: { threshold: 2, cooldownMs: 60_000, now: () => clock },
      ...options
    })
  const firstPage = (p: EtherscanHistoryProvider, limit = 20) => p.page({ account: A, chainIds: ['eip155:8453'], limit })

  before(async () => {
    explorer = await startEtherscanStandIn({ chains: { 8453: { transactions, tokenTransfers } }, blockscoutChainId: 8453 })
  })
  after(() => explorer.close())

  it('merges txlist and tokentx by transaction, newest first, with the spam and poisoning rules', async () => {
    const page = await firstPage(provider())
    assert.equal(page.until, null)
    assert.deepEqual(page.transactions.map(summary), [
      [hash(29), 'confirmed', A, [[A, B, TKN, 0n]]],
      [hash(28), 'failed', A, []],
      [
        hash(24),
        'confirmed',
        A,
        [
          [A, PAIR, TKN, 10_000_000n],
          [PAIR, A, USDX, 5_000_000n]
        ]
      ],
      [hash(23), 'confirmed', UNKNOWN_SENDER, [[B, A, TKN, 3_000_000n]]],
      [hash(22), 'confirmed', A, [[A, B, TKN, 1_500_000n]]],
      [hash(21), 'confirmed', B, []],
      [hash(20), 'confirmed', A, []]
    ])
    const swap = page.transactions[2]!
    assert.deepEqual(swap.cursor, { minedAt: T0 + 48, blockNumber: 24, txIndex: 0, chainId: 'eip155:8453' })
    assert.deepEqual(
      swap.rows.map(row => [row.symbol, row.name, row.decimals]),
      [
        ['ETH', 'Ether', 18],
        ['TKN', 'Token', 6],
        ['USDX', 'US Dollar X', 6]
      ]
    )
    assert.equal(page.transactions[5]!.rows[0]!.amount, 2n * 10n ** 18n)

    // Both documented actions, newest first, the key and chain as parameters.
    const asked = explorer.calls.slice(-2).map(call => call.query)
    assert.deepEqual(asked.map(q => q.action).sort(), ['tokentx', 'txlist'])
    for (const q of asked)
      assert.deepEqual([q.chainid, q.module, q.address, q.sort, q.page, q.offset, q.apikey], ['8453', 'account', A, 'desc', '1', '100', explorer.apiKey])
  })

  it('pages through every transaction with small explorer pages, without gaps or repeats', async () => {
    const p = provider({ pageSize: 2 })
    const all = (await firstPage(provider())).transactions.map(tx => tx.rows[0]!.txHash)
    for (const limit of [1, 2, 3]) {
      const seen: string[] = []
      let after: HistoryCursor | undefined
      for (let i = 0; i < 30; i++) {
        const page = await p.page({ account: A, chainIds: ['eip155:8453'], after, limit })
        assert.ok(page.transactions.length <= limit)
        seen.push(...page.transactions.map(tx => tx.rows[0]!.txHash))
        if (!page.until) break
        after = page.until
      }
      assert.deepEqual(seen, all, `limit ${limit}`)
    }
    const windows = explorer.calls.filter(call => call.query.offset === '2').map(call => Number(call.query.page) * Number(call.query.offset))
    assert.ok(windows.every(w => w <= 10_000))
    assert.ok(
      explorer.calls.some(call => call.query.offset === '2' && call.query.endblock !== undefined),
      'later pages start at an endblock'
    )
  })

  it('refuses to loop on a block holding more rows than a page can read', async () => {
    const crowded = await startEtherscanStandIn({
      chains: {
        8453: {
          tokenTransfers: Array.from({ length: 12 }, (_, i) => tokenRow(40, B, A, BigInt(i + 1), TKN, { hash: hash(40, i), transactionIndex: String(i) }))
        }
      }
    })
    try {
      const p = new EtherscanHistoryProvider({ baseUrl: crowded.url, apiKey: crowded.apiKey, chains: [BASE], pageSize: 1 })
      const first = await firstPage(p)
      assert.deepEqual(first.transactions, [])
      assert.equal(first.until?.blockNumber, 40)
      await assert.rejects(p.page({ account: A, chainIds: ['eip155:8453'], after: first.until!, limit: 20 }), (error: unknown) => {
        assert.ok(error instanceof HistoryProviderError)
        assert.equal(error.status, 502)
        assert.match(error.reason, /more transfers of this account in block 40 of Base than can be paged through/)
        return true
      })
      // With larger pages the same block is read whole.
      const whole = await firstPage(new EtherscanHistoryProvider({ baseUrl: crowded.url, apiKey: crowded.apiKey, chains: [BASE], pageSize: 5 }))
      assert.equal(whole.transactions.length, 12)
    } finally {
      await crowded.close()
    }
  })

  it('reads a Blockscout instance (no chainid, no key, logIndex, null names)', async () => {
    const rows = [tokenRow(50, B, A, 7n, TKN, { logIndex: '3', tokenName: null, tokenSymbol: null, tokenDecimal: '' })]
    const blockscout = await startEtherscanStandIn({ chains: { 100: { transactions: [], tokenTransfers: rows } } })
    try {
      const gnosis = { ...BASE, caipNetworkId: 'eip155:100', name: 'Gnosis' }
      const p = new EtherscanHistoryProvider({ name: 'blockscout', baseUrl: blockscout.blockscoutUrl, chains: [gnosis], chainIdParam: false })
      const page = await p.page({ account: A, chainIds: ['eip155:100'], limit: 5 })
      assert.deepEqual(
        page.transactions.map(tx => tx.rows.slice(1).map(row => [row.logIndex, row.symbol, row.name, row.decimals, row.amount])),
        [[[3, '?', 'Unknown token', 0, 7n]]]
      )
      const query = blockscout.calls.at(-1)!.query
      assert.equal(query.chainid, undefined)
      assert.equal(query.apikey, undefined)
    } finally {
      await blockscout.close()
    }
  })

  describe('failures', () => {
    const failsWith = async (p: EtherscanHistoryProvider, status: number, reason: RegExp) =>
      assert.rejects(firstPage(p), (error: unknown) => {
        assert.ok(error instanceof HistoryProviderError, String(error))
        assert.equal(error.status, status)
        assert.match(error.reason, reason)
        assert.ok(!error.reason.includes(explorer.apiKey), 'the key stays on the server')
        return true
      })

    it('maps every documented failure to a gateway status with a reason', async () => {
      const cases: [Parameters<EtherscanStandIn['fail']>[0], number, RegExp][] = [
        [{ kind: 'rateLimit' }, 503, /^Etherscan rate-limited this server: Max rate limit reached/],
        [{ kind: 'invalidKey' }, 502, /^Etherscan refused this server's API key: Invalid API Key$/],
        [{ kind: 'missingKey' }, 502, /^Etherscan refused this server's API key: Missing\/Invalid API Key$/],
        [{ kind: 'http', status: 500 }, 502, /^Etherscan answered HTTP 500$/],
        [{ kind: 'http', status: 503 }, 502, /^Etherscan answered HTTP 503$/],
        [{ kind: 'http', status: 429, retryAfterSeconds: 2 }, 503, /^Etherscan rate-limited this server \(HTTP 429\)$/],
        [{ kind: 'garbage' }, 502, /^Etherscan gave an answer that is not JSON$/],
        [{ kind: 'huge', bytes: 300_000 }, 502, /^Etherscan answer exceeds 100000 bytes$/],
        [{ kind: 'slow' }, 504, /^Etherscan did not answer within 500 ms$/]
      ]
      for (const [failure, status, reason] of cases) {
        explorer.fail(failure)
        await failsWith(provider({ maxBytes: 100_000 }), status, reason)
        explorer.recover()
      }
    })

    it('says when the explorer does not serve the chain, or refuses the key', async () => {
      const mars = { ...BASE, caipNetworkId: 'eip155:424242', name: 'Mars' }
      const p = new EtherscanHistoryProvider({ baseUrl: explorer.url, apiKey: explorer.apiKey, chains: [mars] })
      await assert.rejects(
        p.page({ account: A, chainIds: ['eip155:424242'], limit: 5 }),
        /Etherscan does not serve this chain: Missing or unsupported chainid parameter/
      )
      await failsWith(provider({ apiKey: 'not-the-key' }), 502, /API key: Invalid API Key/)
      await failsWith(provider({ apiKey: undefined }), 502, /API key: Missing\/Invalid API Key/)
    })

    it('opens the breaker after repeated failures, skips the explorer meanwhile, and closes it on a good answer', async () => {
      const p = provider({ breaker: { threshold: 3, cooldownMs: 60_000, now: () => clock } })
      explorer.fail({ kind: 'http', status: 500 })
      await failsWith(p, 502, /HTTP 500/)
      await failsWith(p, 502, /HTTP 500/)
      assert.ok(p.paused('eip155:8453'))
      const calls = explorer.calls.length
      await failsWith(p, 503, /^Etherscan is skipped for a while after failing \(Etherscan answered HTTP 500\)$/)
      assert.equal(explorer.calls.length, calls, 'no call while open')

      explorer.recover()
      clock += 60_000
      assert.equal((await firstPage(p)).transactions.length, 7)
      assert.ok(!p.paused('eip155:8453'))
    })

    it('opens at once on a refused key', async () => {
      const p = provider({ breaker: { threshold: 5, now: () => clock } })
      explorer.fail({ kind: 'invalidKey' })
      await failsWith(p, 502, /Invalid API Key/)
      explorer.recover()
      assert.ok(p.paused('eip155:8453'))
      await failsWith(p, 503, /skipped for a while/)
    })
  })
})
