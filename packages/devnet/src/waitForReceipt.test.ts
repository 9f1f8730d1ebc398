// waitForReceipt against a real anvil: a transaction the node leaves in its pool (as anvil's
// auto-miner sometimes does under load; here the node does not mine by itself at all) is mined
// on request and reported; a transaction mined at once is waited for without a word.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Hex } from 'viem'
import { startAnvil, type AnvilInstance } from './anvil.js'
import { jsonRpc } from './jsonRpc.js'
import { DEVNET_ACCOUNTS } from './constants.js'
import { waitForReceipt } from './waitForReceipt.js'

const transfer = (url: string) =>
  jsonRpc<Hex>(url, 'eth_sendTransaction', [{ from: DEVNET_ACCOUNTS[7], to: '0x1000000000000000000000000000000000000f0f', value: '0x1' }])

describe('waitForReceipt', () => {
  let idle: AnvilInstance | undefined
  let mining: AnvilInstance | undefined
  before(async () => {
    ;[idle, mining] = await Promise.all([startAnvil({ chainId: 31337, args: ['--no-mining'] }), startAnvil({ chainId: 31337 })])
  })
  after(async () => {
    await Promise.all([idle?.stop(), mining?.stop()])
  })

  it('a transaction left pending gets a block mined for it, and says so', async () => {
    const hash = await transfer(idle!.url)
    const lines: string[] = []
    const receipt = await waitForReceipt(idle!.url, hash, 10_000, { nudgeAfterMs: 200, log: line => lines.push(line) })
    assert.equal(receipt.status, '0x1')
    assert.equal(BigInt(receipt.blockNumber), 1n)
    assert.equal(lines.length, 1, lines.join('\n'))
    assert.match(lines[0]!, new RegExp(`^devnet: ${hash} was still pending after \\d+ ms; asked ${idle!.url} to mine a block$`))
  })

  it('a transaction mined at once is not nudged', async () => {
    const before = Number(await jsonRpc<Hex>(mining!.url, 'eth_blockNumber'))
    const lines: string[] = []
    const receipt = await waitForReceipt(mining!.url, await transfer(mining!.url), 10_000, { log: line => lines.push(line) })
    assert.equal(receipt.status, '0x1')
    assert.equal(Number(receipt.blockNumber), before + 1)
    assert.deepEqual(lines, [])
  })

  it('an unknown transaction is not mined for, and times out', async () => {
    const start = Number(await jsonRpc<Hex>(idle!.url, 'eth_blockNumber'))
    const lines: string[] = []
    await assert.rejects(
      waitForReceipt(idle!.url, `0x${'ab'.repeat(32)}`, 1000, { nudgeAfterMs: 100, log: line => lines.push(line) }),
      /Timed out while waiting/
    )
    assert.deepEqual(lines, [])
    assert.equal(Number(await jsonRpc<Hex>(idle!.url, 'eth_blockNumber')), start)
  })
})
