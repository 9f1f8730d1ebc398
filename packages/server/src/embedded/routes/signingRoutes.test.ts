// The wallet's chain calls alone (signingRoutes on 127.0.0.1), in front of a stand-in JSON-RPC
// node that records what reaches it: which methods run silently, are described or signed, or are
// refused; what the node gets and how its errors and silences come back; bodies and sessions.
import assert from 'node:assert/strict'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, it } from 'node:test'
import { verifyMessage } from 'viem'
import type { ChainConfig } from '../../config/ServerConfig.js'
import { startSecureRoutes, type SecureRoutesServer } from '../../__fixtures__/startSecureRoutes.js'
import { useStarted } from '../../__fixtures__/useStarted.js'
import { signingRoutes } from './signingRoutes.js'

interface RpcCall {
  method: string
  params: unknown
}

/** A node on 127.0.0.1 that records every call (single or batched). */
interface StandInNode {
  url: string
  calls: RpcCall[]
  close(): void
}

const HEAD = 100
const BALANCE = 42n * 10n ** 18n

/**
 * Answers eth_blockNumber ({@link HEAD}), eth_getBalance ({@link BALANCE}), eth_getLogs (none) and
 * eth_gasPrice; never answers eth_getCode; every other method is a JSON-RPC error naming it.
 */
async function startStandInNode(): Promise<StandInNode> {
  const calls: RpcCall[] = []
  const answer = (call: RpcCall & { id: unknown }): object | undefined => {
    calls.push({ method: call.method, params: call.params })
    const reply = (result: unknown) => ({ jsonrpc: '2.0', id: call.id, result })
    switch (call.method) {
      case 'eth_blockNumber':
        return reply(`0x${HEAD.toString(16)}`)
      case 'eth_getBalance':
        return reply(`0x${BALANCE.toString(16)}`)
      case 'eth_getLogs':
        return reply([])
      case 'eth_gasPrice':
        return reply('0x3b9aca00')
      case 'eth_getCode':
        // Hangs: the route's timeout answers for it.
        return undefined
      default:
        return { jsonrpc: '2.0', id: call.id, error: { code: -32000, message: `stand-in node: ${call.method} failed` } }
    }
  }
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    return JSON.parse(Buffer.concat(chunks).toString()) as (RpcCall & { id: unknown }) | (RpcCall & { id: unknown })[]
  }
  const server: Server = createServer(async (request, response) => {
    const body = await read(request)
    const replies = (Array.isArray(body) ? body : [body]).map(answer)
    if (replies.some(r => r === undefined)) return // held until the client gives up
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Array.isArray(body) ? replies : replies[0]))
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close() {
      server.closeAllConnections()
      server.close()
    }
  }
}

const chainOn = (rpcUrl: string): ChainConfig => ({
  caipNetworkId: 'eip155:31337',
  name: 'Stand-in',
  rpcUrl,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  tokens: []
})

const HELLO = '0x68656c6c6f'

describe('signingRoutes', () => {
  const s = useStarted(
    async () => {
      const node = await startStandInNode()
      const site = await startSecureRoutes(signingRoutes, { chains: [chainOn(node.url)], upstreamTimeoutMs: 300 })
      return { node, site, close: () => site.close().finally(() => node.close()) }
    },
    started => started.close()
  )
  const signedIn = async (site: SecureRoutesServer, email: string) => {
    const { token, account } = await site.signIn(email)
    return { api: site.client(token), account }
  }
  /** The calls that reach the node while `run` runs. */
  const callsDuring = async (run: () => Promise<unknown>) => {
    const before = s.node.calls.length
    await run()
    return s.node.calls.slice(before)
  }

  it('forwards the calls that need no approval to the chain named in any form, and answers what the node answers', async () => {
    const { api } = await signedIn(s.site, 'reader@example.com')
    for (const chainId of [31337, '31337', 'eip155:31337']) {
      const calls = await callsDuring(async () => {
        const answer = await api('/api/rpc', { chainId, method: 'eth_blockNumber', params: [] })
        assert.deepEqual([answer.status, answer.json], [200, { result: '0x64' }], String(chainId))
      })
      assert.deepEqual(calls, [{ method: 'eth_blockNumber', params: [] }])
    }
    // The node's own error is a 502 with its message.
    const failed = await api('/api/rpc', { chainId: 31337, method: 'eth_call', params: [{ to: '0x0000000000000000000000000000000000000001' }, 'latest'] })
    assert.deepEqual([failed.status, failed.json], [502, { error: 'bad_gateway', reason: 'stand-in node: eth_call failed' }])
    // A node that does not answer: 504 once the upstream time is up, not a hanging request.
    const started = Date.now()
    const silent = await api('/api/rpc', { chainId: 31337, method: 'eth_getCode', params: ['0x0000000000000000000000000000000000000001', 'latest'] })
    assert.deepEqual([silent.status, silent.json.reason], [504, 'Upstream RPC did not answer within 300 ms'])
    assert.ok(Date.now() - started < 5000)
  })

  it('checks eth_getLogs ranges as the RPC proxy does and forwards the filter it checked', async () => {
    const { api } = await signedIn(s.site, 'logs@example.com')
    const tooWide = await api('/api/rpc', { chainId: 31337, method: 'eth_getLogs', params: [{ fromBlock: '0x0', toBlock: '0x4e20' }] })
    assert.deepEqual([tooWide.status, tooWide.json.reason], [400, 'eth_getLogs block range of 20001 blocks exceeds 10000'])
    const calls = await callsDuring(async () => {
      const fine = await api('/api/rpc', {
        chainId: 31337,
        method: 'eth_getLogs',
        params: [{ fromBlock: '0x0', toBlock: 'latest', address: '0x000000000000000000000000000000000000dEaD' }]
      })
      assert.deepEqual([fine.status, fine.json], [200, { result: [] }])
    })
    // The head is read to measure the range; the node gets the filter as checked, in its canonical form.
    assert.deepEqual(calls, [
      { method: 'eth_blockNumber', params: undefined },
      { method: 'eth_getLogs', params: [{ fromBlock: '0x0', toBlock: 'latest', address: '0x000000000000000000000000000000000000dead' }] }
    ])
    const unknownKey = await api('/api/rpc', { chainId: 31337, method: 'eth_getLogs', params: [{ fromBlock: '0x0', extra: 'x' }] })
    assert.deepEqual([unknownKey.status, unknownKey.json.reason], [400, 'eth_getLogs filter has an unknown key: extra'])
  })

  it("answers wallet_getAssets (EIP-7811) from the served chains' balances (unpriced: this server has no price service)", async () => {
    const { api, account } = await signedIn(s.site, 'assets@example.com')
    const answer = await api('/api/rpc', { chainId: 31337, method: 'wallet_getAssets', params: [{ account: account.addresses.eip155 }] })
    assert.equal(answer.status, 200, JSON.stringify(answer.json))
    assert.deepEqual(answer.json.result, {
      '0x7a69': [
        {
          address: 'native',
          balance: `0x${BALANCE.toString(16)}`,
          type: 'NATIVE',
          metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 }
        }
      ]
    })
    const bad = await api('/api/rpc', { chainId: 31337, method: 'wallet_getAssets', params: [{ account: 'me' }] })
    assert.equal(bad.status, 400)
  })

  it('describes and signs a message with the person’s key, without the node', async () => {
    const { api, account } = await signedIn(s.site, 'signer@example.com')
    const calls = await callsDuring(async () => {
      const described = await api('/api/describe', { chainId: 31337, method: 'personal_sign', params: [HELLO, account.addresses.eip155] })
      assert.deepEqual(
        [described.status, described.json],
        [200, { title: 'Sign this message', rows: [{ label: 'Network', value: 'Stand-in' }], message: 'hello' }]
      )
      const signed = await api('/api/sign', { chainId: 'eip155:31337', method: 'personal_sign', params: [HELLO, account.addresses.eip155], accountType: 'eoa' })
      assert.equal(signed.status, 200, JSON.stringify(signed.json))
      assert.equal(await verifyMessage({ address: account.addresses.eip155 as `0x${string}`, message: 'hello', signature: signed.json.result }), true)
    })
    assert.deepEqual(calls, [])
    // A transaction from another account is refused before anything is sent.
    const other = await api('/api/sign', {
      chainId: 31337,
      method: 'eth_sendTransaction',
      params: [{ from: '0x000000000000000000000000000000000000dEaD', to: '0x000000000000000000000000000000000000bEEF', value: '0x1' }]
    })
    assert.deepEqual([other.status, other.json.reason], [400, 'from is not this account'])
  })

  it('refuses methods of the wrong kind per route, chains not served, and smart accounts where the chain has none', async () => {
    const { api, account } = await signedIn(s.site, 'refused@example.com')
    const NOT_ALLOWED = 'Requested RPC call is not allowed'
    const cases: [string, Record<string, unknown>, number, string][] = [
      // Approvals are not silent reads, reads are not approvals, and the rest is neither.
      ['/api/rpc', { chainId: 31337, method: 'personal_sign', params: [HELLO, account.addresses.eip155] }, 403, NOT_ALLOWED],
      ['/api/rpc', { chainId: 31337, method: 'anvil_setBalance', params: [] }, 403, NOT_ALLOWED],
      ['/api/rpc', { chainId: 31337, method: 'eth_accounts', params: [] }, 403, NOT_ALLOWED],
      ['/api/describe', { chainId: 31337, method: 'eth_blockNumber', params: [] }, 403, NOT_ALLOWED],
      ['/api/sign', { chainId: 31337, method: 'eth_blockNumber', params: [] }, 403, NOT_ALLOWED],
      ['/api/sign', { chainId: 31337, method: 'eth_sign', params: [] }, 403, NOT_ALLOWED],
      ['/api/rpc', { chainId: 1, method: 'eth_blockNumber', params: [] }, 400, 'Network eip155:1 is not served here'],
      ['/api/sign', { chainId: 'solana:abc', method: 'personal_sign', params: [HELLO] }, 400, 'Network solana:abc is not served here'],
      ['/api/smart-account', { chainId: 31337 }, 400, 'Smart accounts are not enabled on Stand-in'],
      ['/api/rpc', { chainId: 31337, method: 'wallet_getCallsStatus', params: [`0x${'12'.repeat(32)}`] }, 400, 'Smart accounts are not enabled on Stand-in'],
      [
        '/api/sign',
        { chainId: 31337, method: 'personal_sign', params: [HELLO, account.addresses.eip155], accountType: 'smartAccount' },
        400,
        'Smart accounts are not enabled on Stand-in'
      ],
      [
        '/api/describe',
        { chainId: 31337, method: 'personal_sign', params: [HELLO, account.addresses.eip155], accountType: 'smartAccount' },
        400,
        'Smart accounts are not enabled on Stand-in'
      ]
    ]
    const calls = await callsDuring(async () => {
      for (const [path, body, status, reason] of cases) {
        const refused = await api(path, body)
        assert.deepEqual([refused.status, refused.json.reason], [status, reason], `${path} ${JSON.stringify(body)}`)
      }
    })
    assert.deepEqual(calls, [], 'nothing refused reaches the node')
  })

  it('looks the session up before the body, then checks the body with its own words', async () => {
    for (const path of ['/api/rpc', '/api/describe', '/api/sign', '/api/smart-account']) {
      const refused = await s.site.client()(path, { chainId: -1 })
      assert.deepEqual([refused.status, refused.json.reason], [401, 'Not connected to email or social'], path)
    }
    const { api } = await signedIn(s.site, 'bodies@example.com')
    const cases: [Record<string, unknown>, string][] = [
      [{ chainId: 31337, method: 'personal_sign', accountType: 'both' }, 'accountType: eoa or smartAccount'],
      [{ chainId: 31337, method: 'x'.repeat(101) }, 'Invalid length: Expected <=100 but received 101'],
      [{ chainId: 'x'.repeat(61), method: 'personal_sign' }, 'Invalid length: Expected <=60 but received 61'],
      [{ method: 'personal_sign' }, 'Invalid key: Expected "chainId" but received undefined']
    ]
    for (const [body, reason] of cases) {
      const refused = await api('/api/sign', body)
      assert.deepEqual([refused.status, refused.json.reason], [400, reason], JSON.stringify(body))
    }
  })
})
