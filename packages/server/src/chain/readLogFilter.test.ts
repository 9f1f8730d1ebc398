// The one reading of an eth_getLogs filter that every forwarding path shares: what the range check
// reads is what the node gets, because the node gets the rebuilt filter.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readLogFilter } from './readLogFilter.js'
import { checkLogsCall, INVALID_PARAMS, LIMIT_EXCEEDED } from './logsRangeProblem.js'

const HEAD = 0x100000n
const head = async () => HEAD
const ADDRESS = `0x${'Ab'.repeat(20)}`
const TOPIC = `0x${'Cd'.repeat(32)}`

describe('readLogFilter', () => {
  it('attack: a log filter with upper-case keys', async () => {
    // Nodes that read keys case-insensitively would scan from block 0 while the old check saw no range.
    for (const filter of [
      { FromBlock: '0x0' },
      { fromblock: '0x0', toBlock: 'latest' },
      { fromBlock: '0x0', FROMBLOCK: '0x0' },
      { TOPICS: [] },
      { extra: 1 }
    ]) {
      const checked = await checkLogsCall([filter], 1000, head)
      assert.equal(checked.ok, false, JSON.stringify(filter))
      assert.deepEqual(checked.ok ? undefined : [checked.code, checked.message.startsWith('eth_getLogs filter has an unknown key: ')], [INVALID_PARAMS, true])
    }
  })

  it('attack: 0X-prefixed or decimal block numbers', async () => {
    // Before: '0X0' and '0' were "malformed, left to the node", which reads them as block 0.
    for (const fromBlock of ['0X0', '0', 0, '0x000']) {
      assert.deepEqual(await checkLogsCall([{ fromBlock, toBlock: 'latest' }], 1000, head), {
        ok: false,
        code: LIMIT_EXCEEDED,
        message: `eth_getLogs block range of ${HEAD + 1n} blocks exceeds 1000`
      })
    }
    // Within the range they go ahead, written the one canonical way.
    assert.deepEqual(await checkLogsCall([{ fromBlock: '0X0FFC00', toBlock: '1048000' }], 1000, head), {
      ok: true,
      params: [{ fromBlock: '0xffc00', toBlock: '0xffdc0' }]
    })
    assert.deepEqual(await checkLogsCall([{ fromBlock: 1048000 }], 1000, head), { ok: true, params: [{ fromBlock: '0xffdc0' }] })
  })

  it('rebuilds the filter from the spec keys only, lower-cased, and refuses what is not one', () => {
    assert.deepEqual(readLogFilter([{ fromBlock: 'earliest', toBlock: 'finalized', address: [ADDRESS], topics: [TOPIC, null, [TOPIC, null]] }]), {
      ok: true,
      filter: {
        fromBlock: 'earliest',
        toBlock: 'finalized',
        address: [ADDRESS.toLowerCase()],
        topics: [TOPIC.toLowerCase(), null, [TOPIC.toLowerCase(), null]]
      }
    })
    assert.deepEqual(readLogFilter([{ blockHash: TOPIC, address: ADDRESS, fromBlock: null }]), {
      ok: true,
      filter: { blockHash: TOPIC.toLowerCase(), address: ADDRESS.toLowerCase() }
    })
    const refused: Array<[unknown, RegExp]> = [
      [[], /exactly one filter object/],
      [[{}, {}], /exactly one filter object/],
      [{ fromBlock: '0x0' }, /exactly one filter object/],
      [[{ fromBlock: 'Latest' }], /fromBlock must be a block tag or a block number/],
      [[{ toBlock: '-1' }], /toBlock must be/],
      [[{ toBlock: '0x' }], /toBlock must be/],
      [[{ toBlock: 1.5 }], /toBlock must be/],
      [[{ toBlock: '18446744073709551616' }], /toBlock must be/],
      [[{ toBlock: { blockNumber: '0x1' } }], /toBlock must be/],
      [[{ blockHash: TOPIC, fromBlock: '0x1' }], /blockHash or fromBlock\/toBlock, not both/],
      [[{ blockHash: '0x12' }], /blockHash must be a 32-byte/],
      [[{ address: '0x12' }], /address must be/],
      [[{ address: Array(1001).fill(ADDRESS) }], /address must be/],
      [[{ topics: [TOPIC, TOPIC, TOPIC, TOPIC, TOPIC] }], /topics must be/],
      [[{ topics: [[TOPIC, 5]] }], /topics must be/],
      [[{ topics: 'x' }], /topics must be/]
    ]
    for (const [params, reason] of refused) {
      const outcome = readLogFilter(params)
      assert.equal(outcome.ok, false, JSON.stringify(params))
      assert.match(outcome.ok ? '' : outcome.reason, reason, JSON.stringify(params))
    }
  })

  it('checks the range of the canonical filter: tags against the head, a block hash as one block', async () => {
    assert.equal((await checkLogsCall([{ fromBlock: '0x0', toBlock: '0x3e7' }], 1000, head)).ok, true)
    assert.equal((await checkLogsCall([{ fromBlock: '0x0', toBlock: '0x3e8' }], 1000, head)).ok, false)
    assert.equal((await checkLogsCall([{ fromBlock: 'earliest' }], 1000, head)).ok, false)
    assert.equal((await checkLogsCall([{ blockHash: TOPIC }], 1000, async () => assert.fail('no head needed'))).ok, true)
    assert.equal((await checkLogsCall([{}], 1000, async () => assert.fail('no head needed'))).ok, true)
  })
})
