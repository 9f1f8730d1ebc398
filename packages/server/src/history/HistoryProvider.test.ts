// Merging the pages of several history sources: feed order, the limit, and a source with more
// only vouching for what is above its own `until`.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { ActivityTransaction } from './ActivityTable.js'
import { mergeHistoryPages, type HistorySourcePage } from './HistoryProvider.js'
import { compareFeedKeys, type HistoryCursor } from './historyCursor.js'

const key = (minedAt: number, chainId = 'eip155:1', blockNumber = minedAt, txIndex = 0): HistoryCursor => ({ minedAt, blockNumber, txIndex, chainId })
const tx = (cursor: HistoryCursor): ActivityTransaction => ({ cursor, rows: [] })
const page = (keys: HistoryCursor[], until: HistoryCursor | null = null): HistorySourcePage => ({ transactions: keys.map(tx), until })
const times = (merged: HistorySourcePage) => merged.transactions.map(t => `${t.cursor.chainId}@${t.cursor.minedAt}`)

describe('mergeHistoryPages', () => {
  it('orders by time, then block, then position, then chain, newest first', () => {
    assert.ok(compareFeedKeys(key(10), key(9)) < 0)
    assert.ok(compareFeedKeys(key(10, 'eip155:1', 5), key(10, 'eip155:1', 4)) < 0)
    assert.ok(compareFeedKeys(key(10, 'eip155:1', 5, 2), key(10, 'eip155:1', 5, 1)) < 0)
    assert.ok(compareFeedKeys(key(10, 'eip155:2'), key(10, 'eip155:1')) < 0, 'chain id descending, as the indexer SQL sorts')
    assert.equal(compareFeedKeys(key(10), key(10)), 0)
  })

  it('merges exhausted sources and cuts at the limit', () => {
    const merged = mergeHistoryPages([page([key(9), key(5)]), page([key(8, 'eip155:2'), key(7, 'eip155:2')])], 3)
    assert.deepEqual(times(merged), ['eip155:1@9', 'eip155:2@8', 'eip155:2@7'])
    assert.deepEqual(merged.until, key(7, 'eip155:2'))
    assert.deepEqual(mergeHistoryPages([page([key(9)]), page([])], 3), { transactions: [tx(key(9))], until: null })
  })

  it('takes nothing below the newest until of a source with more', () => {
    // Source 2 read down to block 8 only: source 1's older transactions wait for the next page.
    const horizon = { ...key(8, 'eip155:2'), txIndex: Number.MAX_SAFE_INTEGER }
    const merged = mergeHistoryPages([page([key(9), key(7), key(3)]), page([], horizon)], 10)
    assert.deepEqual(times(merged), ['eip155:1@9'])
    assert.deepEqual(merged.until, horizon)
    // The other way round: the indexer's own until (its last transaction) bounds the explorer's.
    const other = mergeHistoryPages([page([key(9), key(6)], key(6)), page([key(8, 'eip155:2'), key(5, 'eip155:2')])], 10)
    assert.deepEqual(times(other), ['eip155:1@9', 'eip155:2@8', 'eip155:1@6'])
    assert.deepEqual(other.until, key(6))
  })
})
