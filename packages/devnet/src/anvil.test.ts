import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { startAnvil, type AnvilInstance } from './anvil.js'
import { resolveAnvilBinary } from './anvilBinary.js'
import { jsonRpc } from './jsonRpc.js'

describe('startAnvil', () => {
  const started: AnvilInstance[] = []
  after(async () => {
    await Promise.all(started.map(anvil => anvil.stop()))
  })

  it('finds the anvil binary', () => {
    assert.ok(existsSync(resolveAnvilBinary()))
  })

  it('starts on a free port, answers with its chain id, and stops', async () => {
    const anvil = await startAnvil({ chainId: 4242 })
    started.push(anvil)
    assert.match(anvil.url, /^http:\/\/127\.0\.0\.1:\d+$/)
    assert.equal(await jsonRpc(anvil.url, 'eth_chainId'), '0x1092')

    await anvil.stop()
    await anvil.stop() // idempotent
    await assert.rejects(jsonRpc(anvil.url, 'eth_chainId', [], { timeoutMs: 1000 }))
    assert.throws(() => process.kill(anvil.pid, 0), 'the anvil process is gone')
  })

  it('fails clearly when the port is taken', async () => {
    const first = await startAnvil({ chainId: 4243 })
    started.push(first)
    await assert.rejects(startAnvil({ chainId: 4244, port: first.port }), /already in use/)
  })
})
