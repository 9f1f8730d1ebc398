// The RPC proxy (POST /v1/?chainId=…&projectId=…) against real anvil chains (startDevnet), and
// against nodes that are down or never answer.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { DUSD_ADDRESS, WALLET_ACCOUNT, jsonRpc } from '@wallet-modal/devnet'
import { CLIENT, postJson, urlOf } from '../__fixtures__/http.js'
import { startChainServer } from '../__fixtures__/startChainServer.js'
import { useStarted } from '../__fixtures__/useStarted.js'

const EMPTY_ACCOUNT = '0x000000000000000000000000000000000000dEaD'

describe('RPC proxy (devnet)', () => {
  const chains = useStarted(startChainServer, started => started.close())

  const proxy = (body: unknown, chainId = 'eip155:31337', params: Record<string, string> = { projectId: 'demo' }) =>
    postJson(urlOf(chains.server.url, '/v1/', { chainId }, params), body)

  it('forwards a single call (projectId only, no st/sv)', async () => {
    const { status, body } = await proxy({ jsonrpc: '2.0', id: 7, method: 'eth_chainId' })
    assert.equal(status, 200)
    assert.deepEqual(body, { jsonrpc: '2.0', id: 7, result: '0x7a69' })
    const other = await proxy({ jsonrpc: '2.0', id: 'x', method: 'eth_chainId', params: [] }, 'eip155:31338')
    assert.deepEqual(other.body, { jsonrpc: '2.0', id: 'x', result: '0x7a6a' })
    const noSlash = await postJson(`${chains.server.url}/v1?chainId=eip155:31337&projectId=demo`, { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' })
    assert.match(noSlash.body.result, /^0x[0-9a-f]+$/)
  })

  it('forwards a batch and answers in order with the callers ids, refusing disallowed methods per entry', async () => {
    const { status, body } = await proxy([
      { jsonrpc: '2.0', id: 'b', method: 'eth_getBalance', params: [WALLET_ACCOUNT, 'latest'] },
      { jsonrpc: '2.0', id: 1, method: 'eth_accounts', params: [] },
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 2, method: 'eth_sendTransaction', params: [{ from: WALLET_ACCOUNT, to: EMPTY_ACCOUNT, value: '0x1' }] },
      { jsonrpc: '2.0', method: 'eth_blockNumber' },
      { id: 3, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 4, method: 'eth_call', params: [{ to: DUSD_ADDRESS, data: '0xdeadbeef' }, 'latest'] }
    ])
    assert.equal(status, 200)
    assert.equal(body.length, 6, 'the notification gets no answer')
    assert.deepEqual(body[0], { jsonrpc: '2.0', id: 'b', result: await jsonRpc(chains.rpcUrl, 'eth_getBalance', [WALLET_ACCOUNT, 'latest']) })
    assert.deepEqual(body[1], { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not allowed' } })
    assert.deepEqual(body[2], { jsonrpc: '2.0', id: 1, result: '0x7a69' })
    assert.deepEqual(body[3], { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not allowed' } })
    assert.deepEqual(body[4], { jsonrpc: '2.0', id: 3, error: { code: -32600, message: 'Invalid Request' } })
    assert.equal(body[5].id, 4)
    assert.ok(body[5].error, 'the node reverted; its error is passed through')
  })

  it('answers a disallowed single call with -32601', async () => {
    const { status, body } = await proxy({ jsonrpc: '2.0', id: 9, method: 'anvil_setBalance', params: [WALLET_ACCOUNT, '0x0'] })
    assert.equal(status, 200)
    assert.deepEqual(body, { jsonrpc: '2.0', id: 9, error: { code: -32601, message: 'Method not allowed' } })
  })

  it('takes 100 entries by default and rejects 101 with -32600', async () => {
    const batch = (n: number) => Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_chainId' }))
    const full = await proxy(batch(100))
    assert.equal(full.status, 200)
    assert.equal(full.body.length, 100)
    assert.deepEqual(full.body[99], { jsonrpc: '2.0', id: 99, result: '0x7a69' })
    const over = await proxy(batch(101))
    assert.equal(over.status, 400)
    assert.equal(over.body.error.code, -32600)
    assert.match(over.body.error.message, /101 entries exceeds 100/)
    const empty = await proxy([])
    assert.equal(empty.body.error.code, -32600)
  })

  it('refuses unknown chains and projects, and reports upstream failures', async () => {
    const unknownChain = await proxy({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, 'eip155:1')
    assert.equal(unknownChain.status, 400)
    assert.match(unknownChain.body.reason, /Chain not supported/)
    const badChain = await proxy({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, 'mainnet')
    assert.equal(badChain.status, 400)
    const noProject = await proxy({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, 'eip155:31337', { st: CLIENT.st })
    assert.deepEqual(noProject.body, { error: 'bad_request', reason: 'Missing required query parameter: projectId' })
    const unknownProject = await proxy({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, 'eip155:31337', { projectId: 'nope' })
    assert.equal(unknownProject.status, 403)
    const down = await proxy({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, 'eip155:998')
    assert.equal(down.status, 502)
    const slow = await proxy([{ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }], 'eip155:999')
    assert.equal(slow.status, 504)
  })
})
