// Balances over a long token list, against a real anvil with the devnet's tokens and Multicall3,
// through a proxy that records every JSON-RPC call: one aggregate3 eth_call per 500 tokens, list
// metadata in the answer, and a chain without Multicall3 still read.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { encodeFunctionData, erc20Abi, multicall3Abi, pad, toHex, type Hex } from 'viem'
import { DEVNET_LIST_TOKEN, DEVNET_TOKENS, INITIAL_TOKEN_BALANCE, WALLET_ACCOUNT, deployTokens, installMulticall3, jsonRpc, startAnvil, type AnvilInstance } from '../../../devnet/src/index.js'
import type { ChainConfig, TokenConfig } from '../config/ServerConfig.js'
import { PriceTable } from './PriceTable.js'
import { MAX_TOKENS_PER_MULTICALL, MULTICALL3_ADDRESS, readBalances } from './readBalances.js'

const MC3 = MULTICALL3_ADDRESS.toLowerCase()

/** One JSON-RPC call the proxy saw: its method, the `to` of an eth_call, and the HTTP request it came in. */
interface Seen {
  method: string
  to?: string
  request: number
}

/** A proxy in front of a node that records each call of each HTTP request. */
async function startRecordingProxy(target: string): Promise<{ url: string; seen: Seen[]; close(): Promise<void> }> {
  const seen: Seen[] = []
  let requests = 0
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', chunk => chunks.push(chunk as Buffer))
    request.on('end', () => {
      const body = Buffer.concat(chunks)
      const number = requests++
      const parsed = JSON.parse(body.toString()) as { method: string; params?: [{ to?: string }] } | { method: string; params?: [{ to?: string }] }[]
      for (const call of Array.isArray(parsed) ? parsed : [parsed]) seen.push({ method: call.method, request: number, ...(call.method === 'eth_call' ? { to: call.params?.[0]?.to?.toLowerCase() } : {}) })
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async answer => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()))
        .catch(() => response.destroy())
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise(resolve => server.close(() => resolve()))
  }
}

/** `count` contracts at fresh addresses running the DUSD token's code (real balanceOf, nobody holds any). */
async function installCopies(rpcUrl: string, count: number, from: number): Promise<TokenConfig[]> {
  const code = await jsonRpc<Hex>(rpcUrl, 'eth_getCode', [DEVNET_TOKENS.DUSD, 'latest'])
  const tokens = Array.from({ length: count }, (_, i) => ({ address: pad(toHex(0x10_0000 + from + i), { size: 20 }), symbol: `T${from + i}`, name: `Listed ${from + i}`, decimals: 18 }))
  const batch = tokens.map((token, i) => ({ jsonrpc: '2.0', id: i, method: 'anvil_setCode', params: [token.address, code] }))
  const answer = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch) })
  assert.equal(answer.status, 200)
  return tokens
}

describe('readBalances', () => {
  let anvil: AnvilInstance
  let proxy: Awaited<ReturnType<typeof startRecordingProxy>>
  let listed: TokenConfig[]
  before(async () => {
    anvil = await startAnvil({ chainId: 4252 })
    await deployTokens(anvil.url)
    await installMulticall3(anvil.url)
    proxy = await startRecordingProxy(anvil.url)
    // A 500-token list: the three devnet tokens and 497 contracts nobody holds.
    listed = [
      { address: DEVNET_TOKENS.DUSD, symbol: 'DUSD', name: 'Devnet USD', decimals: 6 },
      { address: DEVNET_TOKENS.USDT, symbol: 'USDT', name: 'Devnet Tether', decimals: 6 },
      { address: DEVNET_LIST_TOKEN.address, symbol: 'DLST', name: 'From The List', decimals: 6, iconUrl: 'https://icons.example/dlst.png' },
      ...(await installCopies(anvil.url, 497, 0))
    ]
  })
  after(async () => {
    await proxy?.close()
    await anvil?.stop()
  })

  const chain = (): ChainConfig => ({ caipNetworkId: 'eip155:4252', name: 'Anvil', rpcUrl: proxy.url, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } })
  const icon = (symbol: string, configured?: string) => configured ?? `https://server.example/${symbol}`
  const read = async (tokens: TokenConfig[]): Promise<{ balances: Awaited<ReturnType<typeof readBalances>>; calls: Seen[] }> => {
    const start = proxy.seen.length
    const balances = await readBalances(chain(), WALLET_ACCOUNT, new PriceTable({ DUSD: 1 }), icon, 10_000, tokens)
    return { balances, calls: proxy.seen.slice(start) }
  }

  it('reads 500 tokens in one aggregate3 eth_call, in one HTTP request with eth_getBalance', async t => {
    assert.equal(listed.length, MAX_TOKENS_PER_MULTICALL)
    const { balances, calls } = await read(listed)
    assert.deepEqual(calls.map(c => [c.method, c.to ?? null]).sort(), [['eth_call', MC3], ['eth_getBalance', null]].sort())
    assert.equal(new Set(calls.map(c => c.request)).size, 1, 'one HTTP request')
    // Held tokens only, with the list's name, decimals and icon (nothing read on chain but balances).
    assert.deepEqual(
      balances.map(b => [b.symbol, b.name, b.quantity.numeric, b.iconUrl]),
      [
        ['ETH', 'Ether', balances[0]!.quantity.numeric, 'https://server.example/ETH'],
        ['DUSD', 'Devnet USD', '1000000', 'https://server.example/DUSD'],
        ['USDT', 'Devnet Tether', '1000000', 'https://server.example/USDT'],
        ['DLST', 'From The List', String(INITIAL_TOKEN_BALANCE / 10n ** 6n), 'https://icons.example/dlst.png']
      ]
    )
    assert.equal(balances[3]!.address, `eip155:4252:${DEVNET_LIST_TOKEN.address}`)

    // What one such call costs, for the chunk size: gas and calldata of 500 balanceOf.
    const callData = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [WALLET_ACCOUNT] })
    const data = encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [listed.map(token => ({ target: token.address as Hex, allowFailure: true, callData }))] })
    const gas = BigInt(await jsonRpc<Hex>(anvil.url, 'eth_estimateGas', [{ to: MULTICALL3_ADDRESS, data }]))
    t.diagnostic(`aggregate3 of ${listed.length} balanceOf: ${gas} gas, ${(data.length - 2) / 2} bytes of calldata`)
    assert.ok(gas < 10_000_000n, `${gas} gas`)
  })

  it('splits longer lists into one aggregate3 call per 500 tokens', async () => {
    const more = [...listed, ...(await installCopies(anvil.url, 501, 497))]
    const { balances, calls } = await read(more)
    assert.equal(calls.filter(c => c.method === 'eth_call' && c.to === MC3).length, 3)
    assert.equal(calls.filter(c => c.method === 'eth_call').length, 3)
    assert.deepEqual(balances.map(b => b.symbol), ['ETH', 'DUSD', 'USDT', 'DLST'])
  })

  it('counts a token that reverts or has no code as none, without failing the others', async () => {
    const { balances } = await read([
      { address: MULTICALL3_ADDRESS, symbol: 'MC3', name: 'No balanceOf', decimals: 18 },
      { address: '0x000000000000000000000000000000000000dEaD', symbol: 'NONE', name: 'No code', decimals: 18 },
      listed[0]!
    ])
    assert.deepEqual(balances.map(b => b.symbol), ['ETH', 'DUSD'])
  })

  it('reads token by token on a chain without Multicall3', async () => {
    const code = await jsonRpc<Hex>(anvil.url, 'eth_getCode', [MULTICALL3_ADDRESS, 'latest'])
    await jsonRpc(anvil.url, 'anvil_setCode', [MULTICALL3_ADDRESS, '0x'])
    try {
      const { balances, calls } = await read(listed.slice(0, 5))
      assert.deepEqual(balances.map(b => b.symbol), ['ETH', 'DUSD', 'USDT', 'DLST'])
      assert.equal(calls.filter(c => c.method === 'eth_call' && c.to !== MC3).length, 5)
    } finally {
      await jsonRpc(anvil.url, 'anvil_setCode', [MULTICALL3_ADDRESS, code])
    }
  })
})
