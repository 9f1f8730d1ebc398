// The spam and poisoning rules every history source goes through, and which tokens count as known.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { PriceTable } from '../chain/PriceTable.js'
import type { ChainConfig } from '../config/ServerConfig.js'
import { openStore } from '../db/openStore.js'
import { TokenLists } from '../tokenLists/TokenLists.js'
import type { StoredActivity } from './ActivityTable.js'
import { NATIVE_LOG_INDEX } from './extractActivity.js'
import { knownTokens } from './knownTokens.js'
import { isPoisoningTransfer, listsTransaction, showsTransfer, type RuleRow } from './spamRules.js'
import { toHistoryTransaction } from './toHistoryTransaction.js'

const VICTIM = '0x2222222222222222222222222222222222222222'
const LOOKALIKE = '0x2222222222222222222222222222222222229999'
const ATTACKER = '0x3333333333333333333333333333333333333333'
const FRIEND = '0x4444444444444444444444444444444444444444'
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const LISTED = '0x700b6a60ce7eaaea56f065753d8dcb9653dbad35'

const token = (from: string, to: string, amount: bigint, tokenAddress = USDC): RuleRow => ({ tokenAddress, from, to, amount, status: 'confirmed' })
const coin = (from: string, to: string | null, amount: bigint, status: 'confirmed' | 'failed' = 'confirmed'): RuleRow => ({
  tokenAddress: null,
  from,
  to,
  amount,
  status
})

describe('spam rules', () => {
  it("attack: transferFrom(victim, lookalike, 0) by a third party is dropped; the account's own zero transfer is not", () => {
    assert.equal(isPoisoningTransfer(token(VICTIM, LOOKALIKE, 0n), ATTACKER), true)
    assert.equal(isPoisoningTransfer(token(VICTIM, LOOKALIKE, 0n), undefined), true, 'an unknown sender counts as a third party')
    assert.equal(isPoisoningTransfer(token(VICTIM, LOOKALIKE, 0n), VICTIM), false)
    assert.equal(isPoisoningTransfer(token(VICTIM, LOOKALIKE, 1n), ATTACKER), false, 'it moved tokens')
    assert.equal(isPoisoningTransfer(coin(ATTACKER, VICTIM, 0n), ATTACKER), false, 'the transaction row is not a transfer')
  })

  it('lists a transaction for its sender, for a token sender, and for a recipient of something that moved', () => {
    assert.equal(listsTransaction([coin(VICTIM, FRIEND, 0n, 'failed')], VICTIM), true)
    assert.equal(listsTransaction([coin(FRIEND, VICTIM, 5n)], VICTIM), true)
    assert.equal(listsTransaction([coin(FRIEND, VICTIM, 5n, 'failed')], VICTIM), false, 'a failed transaction moved nothing')
    // A zero-value coin or token "transfer" from a look-alike moved nothing: not in the victim's Activity.
    assert.equal(listsTransaction([coin(LOOKALIKE, VICTIM, 0n)], VICTIM), false)
    assert.equal(listsTransaction([coin(LOOKALIKE, USDC, 0n), token(LOOKALIKE, VICTIM, 0n)], VICTIM), false)
    assert.equal(listsTransaction([coin(ATTACKER, USDC, 0n), token(FRIEND, VICTIM, 3n)], VICTIM), true)
    assert.equal(listsTransaction([coin(ATTACKER, USDC, 0n), token(VICTIM, FRIEND, 3n)], VICTIM), true, 'tokens taken with an allowance')
  })

  it('shows the transfers the account took part in that moved something, and its own zero transfers', () => {
    assert.equal(showsTransfer(token(VICTIM, FRIEND, 1n), VICTIM, ATTACKER), true)
    assert.equal(showsTransfer(token(LOOKALIKE, VICTIM, 0n), VICTIM, LOOKALIKE), false, 'a zero transfer someone else sent')
    assert.equal(showsTransfer(token(VICTIM, LOOKALIKE, 0n), VICTIM, VICTIM), true)
    assert.equal(showsTransfer(coin(VICTIM, FRIEND, 0n), VICTIM, VICTIM), false, 'no native value')
    assert.equal(showsTransfer(token(FRIEND, ATTACKER, 9n), VICTIM, VICTIM), false, 'not the account')
  })
})

describe('known tokens', () => {
  const chain: ChainConfig = {
    caipNetworkId: 'eip155:31337',
    name: 'Devnet',
    rpcUrl: 'http://127.0.0.1:9',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    tokens: [{ address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC', name: 'USD Coin', decimals: 6 }]
  }
  const list = {
    name: 'Test',
    timestamp: '2026-01-01T00:00:00.000Z',
    version: { major: 1, minor: 0, patch: 0 },
    tokens: [{ chainId: 31337, address: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35', name: 'Devnet Listed', symbol: 'DLST', decimals: 6 }]
  }
  const row = (tokenAddress: string, symbol: string): StoredActivity => ({
    chainId: chain.caipNetworkId,
    blockNumber: 1,
    txIndex: 0,
    logIndex: 0,
    txHash: `0x${'1'.repeat(64)}`,
    minedAt: 1_700_000_000,
    nonce: 0,
    from: FRIEND,
    to: VICTIM,
    tokenAddress,
    amount: 1_000_000n,
    symbol,
    name: symbol,
    decimals: 6,
    status: 'confirmed'
  })
  const shaped = (known: ReturnType<typeof knownTokens>, tokenAddress: string, symbol: string) => {
    const head = { ...row(tokenAddress, 'ETH'), logIndex: NATIVE_LOG_INDEX, tokenAddress: null, amount: 0n, to: tokenAddress }
    const tx = toHistoryTransaction(
      { cursor: { minedAt: 1_700_000_000, blockNumber: 1, txIndex: 0, chainId: chain.caipNetworkId }, rows: [head, row(tokenAddress, symbol)] },
      VICTIM,
      chain,
      known,
      new PriceTable({ DLST: 2, USDC: 1 }),
      s => `https://icons.example/${s}`
    )
    return tx.transfers[0]!
  }

  it('counts a token only a token list names as known (verified, named and priced from the list), as the balance answer does', async () => {
    const store = await openStore({})
    try {
      // The test list stands in for the bundled default list; `default: false` leaves it out.
      const lists = new TokenLists(store, { default: false }, { defaultList: () => list })
      const withList = new TokenLists(store, {}, { defaultList: () => list })
      await lists.load()
      await withList.load()
      assert.deepEqual([...knownTokens(chain, withList).keys()], [USDC, LISTED])
      assert.deepEqual([...knownTokens(chain, lists).keys()], [USDC])
      assert.deepEqual([...knownTokens(chain).keys()], [USDC], 'without token lists: the configured tokens')

      const listed = shaped(knownTokens(chain, withList), LISTED, 'FAKE')
      assert.deepEqual(listed, {
        fungible_info: { name: 'Devnet Listed', symbol: 'DLST', icon: { url: 'https://icons.example/DLST' } },
        direction: 'in',
        quantity: { numeric: '1' },
        value: 2,
        price: 2
      })
      // Not on a list: what the contract claims, no price by symbol, no icon by symbol, unverified.
      assert.deepEqual(shaped(knownTokens(chain, lists), LISTED, 'USDC'), {
        fungible_info: { name: 'USDC', symbol: 'USDC', flags: { verified: false } },
        direction: 'in',
        quantity: { numeric: '1' }
      })

      const hidden = new TokenLists(store, { hide: [`eip155:31337:${LISTED}`] }, { defaultList: () => list })
      await hidden.load()
      assert.equal(knownTokens(chain, hidden).has(LISTED), false, "the operator's hide list wins")
    } finally {
      await store.close()
    }
  })
})
