// The rows the indexer stores of a swap into the native coin: the token leaving the account (a
// Transfer log) and the coin arriving by an internal call (from the node's call trace).
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { INTERNAL_TRANSFER_LOG_INDEX, NATIVE_LOG_INDEX, TRANSFER_TOPIC, extractActivity } from './extractActivity.js'
import { WITHDRAWAL_TOPIC, internalTransfers } from './readBlockRange.js'

const USER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const ROUTER = '0xdc64a140aa3e981100a9beca4e685f962f0cf6c9'
const WETH = '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0'
const PAIR = '0x1111111111111111111111111111111111111111'
const DUSD = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const topic = (a: string) => `0x${a.slice(2).padStart(64, '0')}`

describe('internal transfers from a call trace', () => {
  it('lists value-carrying calls below the top frame, in order, and skips reverted frames and the top value', () => {
    const found = internalTransfers({
      type: 'CALL',
      from: USER,
      to: ROUTER,
      value: '0x5',
      calls: [
        { type: 'STATICCALL', from: ROUTER, to: PAIR },
        { type: 'CALL', from: ROUTER, to: WETH, value: '0x0', calls: [{ type: 'CALL', from: WETH, to: ROUTER, value: '0x64' }] },
        { type: 'CALL', from: ROUTER, to: USER, value: '0x64' },
        { type: 'CALL', from: ROUTER, to: PAIR, value: '0x9', error: 'execution reverted' } as never
      ]
    })
    assert.deepEqual(found, [
      { from: WETH, to: ROUTER, value: 100n },
      { from: ROUTER, to: USER, value: 100n }
    ])
  })

  it('refuses a trace whose addresses are not addresses', () => {
    assert.throws(
      () => internalTransfers({ type: 'CALL', from: USER, to: ROUTER, calls: [{ type: 'CALL', from: 'nope', to: USER, value: '0x1' }] }),
      /malformed trace sender/
    )
  })
})

describe('activity rows of a swap into the coin', () => {
  it('stores the transaction, the token out and the coin in, in that order', () => {
    const rows = extractActivity('eip155:31337', {
      number: 7,
      hash: `0x${'a'.repeat(64)}`,
      parentHash: `0x${'b'.repeat(64)}`,
      timestamp: 1_700_000_000,
      transactions: [{ hash: `0x${'c'.repeat(64)}`, index: 0, from: USER, to: ROUTER, value: 0n, nonce: 3 }],
      receipts: [
        {
          transactionHash: `0x${'c'.repeat(64)}`,
          success: true,
          contractAddress: null,
          logs: [
            { address: DUSD, topics: [TRANSFER_TOPIC, topic(USER), topic(PAIR)], data: `0x${(100_000_000).toString(16).padStart(64, '0')}`, logIndex: 0 },
            { address: WETH, topics: [WITHDRAWAL_TOPIC, topic(ROUTER)], data: `0x${(33n * 10n ** 15n).toString(16).padStart(64, '0')}`, logIndex: 1 }
          ],
          internalTransfers: [
            { from: WETH, to: ROUTER, value: 33n * 10n ** 15n },
            { from: ROUTER, to: USER, value: 33n * 10n ** 15n }
          ]
        }
      ]
    })
    assert.deepEqual(
      rows.map(r => [r.logIndex, r.from, r.to, r.tokenAddress, r.amount]),
      [
        [NATIVE_LOG_INDEX, USER, ROUTER, null, 0n],
        [0, USER, PAIR, DUSD, 100_000_000n],
        [INTERNAL_TRANSFER_LOG_INDEX, WETH, ROUTER, null, 33n * 10n ** 15n],
        [INTERNAL_TRANSFER_LOG_INDEX + 1, ROUTER, USER, null, 33n * 10n ** 15n]
      ]
    )
  })
})

describe('zero-amount transfers', () => {
  const VICTIM = '0x2222222222222222222222222222222222222222'
  const LOOKALIKE = '0x2222222222222222222222222222222222229999'
  const ATTACKER = '0x3333333333333333333333333333333333333333'
  const block = (txFrom: string, tokenFrom: string, amount: bigint) =>
    extractActivity('eip155:31337', {
      number: 8,
      hash: `0x${'a'.repeat(64)}`,
      parentHash: `0x${'b'.repeat(64)}`,
      timestamp: 1_700_000_000,
      transactions: [{ hash: `0x${'d'.repeat(64)}`, index: 0, from: txFrom, to: DUSD, value: 0n, nonce: 1 }],
      receipts: [
        {
          transactionHash: `0x${'d'.repeat(64)}`,
          success: true,
          contractAddress: null,
          logs: [
            { address: DUSD, topics: [TRANSFER_TOPIC, topic(tokenFrom), topic(LOOKALIKE)], data: `0x${amount.toString(16).padStart(64, '0')}`, logIndex: 0 }
          ]
        }
      ]
    }).map(r => [r.logIndex, r.from, r.to, r.amount])

  it("attack: zero-amount transferFrom poisoning the victim's feed", () => {
    // transferFrom(victim, lookalike, 0) sent by someone else: only the attacker's own transaction row stays.
    assert.deepEqual(block(ATTACKER, VICTIM, 0n), [[NATIVE_LOG_INDEX, ATTACKER, DUSD, 0n]])
  })

  it('keeps a zero-amount transfer the account sent itself, and any transfer that moved tokens', () => {
    assert.deepEqual(block(VICTIM, VICTIM, 0n), [
      [NATIVE_LOG_INDEX, VICTIM, DUSD, 0n],
      [0, VICTIM, LOOKALIKE, 0n]
    ])
    assert.deepEqual(block(ATTACKER, VICTIM, 5n), [
      [NATIVE_LOG_INDEX, ATTACKER, DUSD, 0n],
      [0, VICTIM, LOOKALIKE, 5n]
    ])
  })
})
