// The batch ids of the key's own account (one transaction per call) and their EIP-5792 status,
// read from the node. SecureSite.test.ts sends real batches on the devnet.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { concat, numberToHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { startAnvil, type AnvilInstance } from '@wallet-modal/devnet'
import { createChainClient } from '../chain/createChainClient.js'
import { upstreamRpc } from '../chain/upstreamRpc.js'
import { EOA_BATCH_SUFFIX, eoaCallsStatus, isEoaBatchId, NOT_SENT, readEoaBatchId, sendEoaCalls } from './sendEoaCalls.js'

const hash = (n: number) => numberToHex(n, { size: 32 })
const idOf = (hashes: Hex[], chainId = 31337) => concat([...hashes, numberToHex(chainId, { size: 32 }), EOA_BATCH_SUFFIX])
const receipt = (h: Hex, ok: boolean) => ({
  transactionHash: h,
  status: ok ? '0x1' : '0x0',
  blockHash: hash(99),
  blockNumber: '0x5',
  gasUsed: '0x5208',
  logs: [{ address: '0x01', data: '0x', topics: [], logIndex: '0x0' }],
  from: '0xabc'
})

describe("batches of the key's own account (EIP-5792 without atomicity)", () => {
  it('an id is the hashes, the chain and the suffix viem uses for its own one-transaction-per-call ids', () => {
    const id = idOf([hash(1), hash(2)], 31338)
    assert.equal(isEoaBatchId(id), true)
    assert.deepEqual(readEoaBatchId(id), { chainId: 31338, hashes: [hash(1), hash(2)] })
    // A user operation's hash (a smart-account batch) is not one; nor is a forged suffix or length.
    assert.equal(isEoaBatchId(hash(7)), false)
    assert.equal(isEoaBatchId(concat([hash(1), hash(31337), hash(5)])), false)
    assert.equal(isEoaBatchId(idOf(Array.from({ length: 21 }, (_, i) => hash(i + 1)))), false)
  })

  it('is pending while a sent call has no receipt, confirmed when every call succeeded, and says a partial or complete revert', async () => {
    const receipts = new Map<string, unknown>()
    const rpc = async (method: string, params: unknown[]) => {
      assert.equal(method, 'eth_getTransactionReceipt')
      return receipts.get(params[0] as string) ?? null
    }
    const id = idOf([hash(1), hash(2)])
    receipts.set(hash(1), receipt(hash(1), true))
    assert.deepEqual(await eoaCallsStatus(id, rpc), { version: '2.0.0', id, chainId: '0x7a69', atomic: false, status: 100 })
    receipts.set(hash(2), receipt(hash(2), true))
    const done = (await eoaCallsStatus(id, rpc)) as { status: number; receipts: { transactionHash: string; logs: unknown[] }[] }
    assert.equal(done.status, 200)
    assert.deepEqual(
      done.receipts.map(r => r.transactionHash),
      [hash(1), hash(2)]
    )
    assert.deepEqual(done.receipts[0]!.logs, [{ address: '0x01', data: '0x', topics: [] }], 'only the fields EIP-5792 names')

    // The second reverted, the third was never sent: partly reverted, two receipts.
    receipts.set(hash(3), receipt(hash(3), false))
    const partial = (await eoaCallsStatus(idOf([hash(1), hash(3), NOT_SENT]), rpc)) as { status: number; receipts: unknown[] }
    assert.equal(partial.status, 600)
    assert.equal(partial.receipts.length, 2)
    // The first reverted and the rest were not sent: reverted completely.
    assert.equal(((await eoaCallsStatus(idOf([hash(3), NOT_SENT]), rpc)) as { status: number }).status, 500)
  })
})

describe('sendEoaCalls on a node that does not mine on its own', () => {
  let anvil: AnvilInstance
  before(async () => {
    anvil = await startAnvil({ chainId: 31337, args: ['--no-mining'] })
  })
  after(async () => {
    await anvil?.stop()
  })
  const rpc = async (method: string, params: unknown[]) =>
    ((await upstreamRpc(anvil.url, { jsonrpc: '2.0', id: 1, method, params }, 5000)) as { result?: unknown }).result ?? null

  it('stops when a call is not mined in time: the later calls are not sent, and the status tells it', async () => {
    // anvil's first funded account.
    const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
    const to = '0x000000000000000000000000000000000000c0de' as const
    const batch = {
      atomicRequired: false,
      calls: [
        { to, value: 1n },
        { to, value: 2n }
      ]
    }
    const started = Date.now()
    const { id } = await sendEoaCalls(batch, account, createChainClient(anvil.url, 5000), anvil.url, 31337, 5000, 600)
    assert.ok(Date.now() - started < 5000, 'answered within its wait')
    const { hashes } = readEoaBatchId(id)
    assert.equal(hashes.length, 2)
    assert.notEqual(hashes[0], NOT_SENT)
    assert.equal(hashes[1], NOT_SENT, 'the second call was not sent')
    assert.equal(((await eoaCallsStatus(id, rpc)) as { status: number }).status, 100, 'pending while the first is not mined')
    await rpc('evm_mine', [])
    const status = (await eoaCallsStatus(id, rpc)) as { status: number; receipts: unknown[] }
    assert.deepEqual([status.status, status.receipts.length], [600, 1])
    assert.equal(await rpc('eth_getTransactionCount', [account.address, 'latest']), '0x1', 'one transaction only')
  })
})
