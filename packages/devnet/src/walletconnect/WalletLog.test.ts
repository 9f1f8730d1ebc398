import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { WALLET_LOG_LIMIT, WalletLog } from './WalletLog.js'

describe('WalletLog', () => {
  it('keeps the last 50 entries, oldest first, numbered and time-stamped', () => {
    const log = new WalletLog()
    for (let i = 0; i < 70; i++) log.add({ kind: 'request', method: `m${i}`, peer: 'dapp', outcome: 'answered' })
    const entries = log.list()
    assert.equal(WALLET_LOG_LIMIT, 50)
    assert.equal(entries.length, 50)
    assert.equal(entries[0]!.method, 'm20')
    assert.equal(entries[0]!.seq, 21)
    assert.equal(entries.at(-1)!.method, 'm69')
    assert.ok(!Number.isNaN(Date.parse(entries[0]!.at)))
    entries[0]!.method = 'changed'
    assert.equal(log.list()[0]!.method, 'm20', 'list() returns copies')
  })
})
