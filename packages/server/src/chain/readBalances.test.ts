// Balances over a long token list, against a real anvil with the devnet's tokens and Multicall3,
// through a proxy that records every JSON-RPC call: one aggregate3 eth_call per 500 tokens, list
// metadata in the answer, and a chain without Multicall3 still read. Then the attack: listed
// tokens whose balanceOf burns all the gas (DevnetHostileToken.sol) must not blank the chain.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createWalletClient, encodeFunctionData, erc20Abi, getAddress, http, multicall3Abi, pad, toHex, type Address, type Hex } from 'viem'
import {
  DEVNET_ACCOUNTS,
  DEVNET_LIST_TOKEN,
  DEVNET_TOKENS,
  INITIAL_TOKEN_BALANCE,
  WALLET_ACCOUNT,
  deployTokens,
  installMulticall3,
  jsonRpc,
  startAnvil,
  waitForReceipt,
  type AnvilInstance,
  DEVNET_ARTIFACTS
} from '@wallet-modal/devnet'
import type { ChainConfig, TokenConfig } from '../config/ServerConfig.js'
import { ApiError } from '../http/ApiError.js'
import { FailingTokens } from '../tokenLists/FailingTokens.js'
import { isolationBudget } from '../tokenLists/isolateFailingCalls.js'
import { PriceTable } from './PriceTable.js'
import { MAX_TOKENS_PER_MULTICALL, MULTICALL3_ADDRESS, balanceCallGas, readBalances } from './readBalances.js'

const MC3 = MULTICALL3_ADDRESS.toLowerCase()

/** One JSON-RPC call the proxy saw: its method, the `to` and `gas` of an eth_call, and the HTTP request it came in. */
interface Seen {
  method: string
  to?: string
  gas?: bigint
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
      type Call = { method: string; params?: [{ to?: string; gas?: Hex }] }
      const parsed = JSON.parse(body.toString()) as Call | Call[]
      for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
        const tx = call.params?.[0]
        seen.push({
          method: call.method,
          request: number,
          ...(call.method === 'eth_call' ? { to: tx?.to?.toLowerCase(), ...(tx?.gas ? { gas: BigInt(tx.gas) } : {}) } : {})
        })
      }
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
  const tokens = Array.from({ length: count }, (_, i) => ({
    address: pad(toHex(0x10_0000 + from + i), { size: 20 }),
    symbol: `T${from + i}`,
    name: `Listed ${from + i}`,
    decimals: 18
  }))
  const batch = tokens.map((token, i) => ({ jsonrpc: '2.0', id: i, method: 'anvil_setCode', params: [token.address, code] }))
  const answer = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch) })
  assert.equal(answer.status, 200)
  return tokens
}

/** The ways DevnetHostileToken.sol's balanceOf misbehaves (its constructor argument). */
const HOSTILE = { burnGas: 0, invalid: 1, garbage: 2, returnBomb: 3 } as const

/** Deploys a DevnetHostileToken (test-only: the devnet never deploys it) from an account no other deployment here uses. */
async function deployHostileToken(rpcUrl: string, mode: number): Promise<Address> {
  const { abi, bytecode } = DEVNET_ARTIFACTS.DevnetHostileToken
  const wallet = createWalletClient({ account: DEVNET_ACCOUNTS[9], transport: http(rpcUrl, { timeout: 10_000, retryCount: 0 }) })
  const receipt = await waitForReceipt(rpcUrl, await wallet.deployContract({ abi, bytecode, args: [mode], chain: null }))
  assert.equal(receipt.status, '0x1')
  return getAddress(receipt.contractAddress!)
}

/** A JSON-RPC node that answers eth_getBalance and refuses every eth_call (a rate limit), counting them. */
async function startRefusingNode(): Promise<{ url: string; ethCalls: () => number; close(): Promise<void> }> {
  let ethCalls = 0
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', chunk => chunks.push(chunk as Buffer))
    request.on('end', () => {
      const parsed = JSON.parse(Buffer.concat(chunks).toString()) as { id: number; method: string } | { id: number; method: string }[]
      const answer = (call: { id: number; method: string }) => {
        if (call.method !== 'eth_call') return { jsonrpc: '2.0', id: call.id, result: '0x1' }
        ethCalls++
        return { jsonrpc: '2.0', id: call.id, error: { code: -32005, message: 'request rate exceeded' } }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Array.isArray(parsed) ? parsed.map(answer) : answer(parsed)))
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ethCalls: () => ethCalls,
    close: () => new Promise(resolve => server.close(() => resolve()))
  }
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

  const chain = (): ChainConfig => ({
    caipNetworkId: 'eip155:4252',
    name: 'Anvil',
    rpcUrl: proxy.url,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }
  })
  const icon = (symbol: string, configured?: string) => configured ?? `https://server.example/${symbol}`
  const read = async (tokens: TokenConfig[], failing = new FailingTokens()): Promise<{ balances: Awaited<ReturnType<typeof readBalances>>; calls: Seen[] }> => {
    const start = proxy.seen.length
    const balances = await readBalances(chain(), WALLET_ACCOUNT, new PriceTable({ DUSD: 1 }), icon, 10_000, tokens, { failing })
    return { balances, calls: proxy.seen.slice(start) }
  }

  it('reads 500 tokens in one aggregate3 eth_call, in one HTTP request with eth_getBalance', async t => {
    assert.equal(listed.length, MAX_TOKENS_PER_MULTICALL)
    const { balances, calls } = await read(listed)
    assert.deepEqual(
      calls.map(c => [c.method, c.to ?? null]).sort(),
      [
        ['eth_call', MC3],
        ['eth_getBalance', null]
      ].sort()
    )
    assert.equal(new Set(calls.map(c => c.request)).size, 1, 'one HTTP request')
    assert.equal(calls.find(c => c.method === 'eth_call')?.gas, balanceCallGas(500), 'the eth_call carries its gas cap')
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
    const data = encodeFunctionData({
      abi: multicall3Abi,
      functionName: 'aggregate3',
      args: [listed.map(token => ({ target: token.address as Hex, allowFailure: true, callData }))]
    })
    const gas = BigInt(await jsonRpc<Hex>(anvil.url, 'eth_estimateGas', [{ to: MULTICALL3_ADDRESS, data }]))
    t.diagnostic(`aggregate3 of ${listed.length} balanceOf: ${gas} gas, ${(data.length - 2) / 2} bytes of calldata`)
    assert.ok(gas < 10_000_000n, `${gas} gas`)
  })

  it('splits longer lists into one aggregate3 call per 500 tokens', async () => {
    const more = [...listed, ...(await installCopies(anvil.url, 501, 497))]
    const { balances, calls } = await read(more)
    assert.equal(calls.filter(c => c.method === 'eth_call' && c.to === MC3).length, 3)
    assert.equal(calls.filter(c => c.method === 'eth_call').length, 3)
    assert.deepEqual(
      balances.map(b => b.symbol),
      ['ETH', 'DUSD', 'USDT', 'DLST']
    )
  })

  it('counts a token that reverts or has no code as none, without failing the others', async () => {
    const { balances } = await read([
      { address: MULTICALL3_ADDRESS, symbol: 'MC3', name: 'No balanceOf', decimals: 18 },
      { address: '0x000000000000000000000000000000000000dEaD', symbol: 'NONE', name: 'No code', decimals: 18 },
      listed[0]!
    ])
    assert.deepEqual(
      balances.map(b => b.symbol),
      ['ETH', 'DUSD']
    )
  })

  it('reads token by token on a chain without Multicall3', async () => {
    const code = await jsonRpc<Hex>(anvil.url, 'eth_getCode', [MULTICALL3_ADDRESS, 'latest'])
    await jsonRpc(anvil.url, 'anvil_setCode', [MULTICALL3_ADDRESS, '0x'])
    try {
      const { balances, calls } = await read(listed.slice(0, 5))
      assert.deepEqual(
        balances.map(b => b.symbol),
        ['ETH', 'DUSD', 'USDT', 'DLST']
      )
      assert.equal(calls.filter(c => c.method === 'eth_call' && c.to !== MC3).length, 5)
    } finally {
      await jsonRpc(anvil.url, 'anvil_setCode', [MULTICALL3_ADDRESS, code])
    }
  })

  describe('hostile tokens (DevnetHostileToken.sol) listed among normal ones', () => {
    const hostile: Record<keyof typeof HOSTILE, TokenConfig> = {} as never
    /** What the wallet holds, as read with the three held tokens alone. */
    let held: string[][]
    const shown = (balances: Awaited<ReturnType<typeof readBalances>>) => balances.map(b => [b.symbol, b.quantity.numeric])
    const ethCalls = (calls: Seen[]) => calls.filter(c => c.method === 'eth_call')
    before(async () => {
      for (const [name, mode] of Object.entries(HOSTILE)) {
        hostile[name as keyof typeof HOSTILE] = { address: await deployHostileToken(anvil.url, mode), symbol: name.toUpperCase(), name, decimals: 18 }
      }
      held = shown((await read(listed.slice(0, 3))).balances)
      assert.deepEqual(
        held.map(([symbol]) => symbol),
        ['ETH', 'DUSD', 'USDT', 'DLST']
      )
    })

    it("one whose balanceOf loops until out of gas: the others' balances are read, the culprit found within 2·⌈log2 n⌉ + 2 more calls, left out and remembered", async t => {
      // Ahead of the held tokens, so that the gas it leaves the batch cannot cover them: the whole call fails.
      const tokens = [...listed.slice(3, 20), hostile.burnGas, ...listed.slice(0, 3), ...listed.slice(20, 40)]
      const blamed: string[] = []
      const failing = new FailingTokens({ onAdd: (_, address) => blamed.push(address) })
      const first = await read(tokens, failing)
      assert.deepEqual(shown(first.balances), held)
      assert.deepEqual(blamed, [hostile.burnGas.address])
      const calls = ethCalls(first.calls)
      t.diagnostic(
        `${tokens.length} tokens, one burning all gas: ${calls.length} eth_calls (budget 1 + ${isolationBudget(tokens.length)}), ${new Set(first.calls.map(c => c.request)).size} HTTP requests`
      )
      assert.ok(calls.length > 1 && calls.length <= 1 + isolationBudget(tokens.length), `${calls.length} eth_calls for ${tokens.length} tokens`)
      for (const call of calls) assert.ok(call.gas !== undefined && call.gas <= balanceCallGas(tokens.length), `every eth_call is capped: ${call.gas}`)

      // The next request leaves it out at once: one aggregate3 call again.
      const second = await read(tokens, failing)
      assert.deepEqual(shown(second.balances), held)
      assert.deepEqual(
        ethCalls(second.calls).map(c => [c.to, c.gas]),
        [[MC3, balanceCallGas(tokens.length - 1)]]
      )
    })

    it('INVALID and a return bomb are found too; one answering garbage counts as none and is not blamed; no answer shows a wrong balance', async () => {
      const tokens = [hostile.invalid, listed[0]!, hostile.returnBomb, listed[1]!, hostile.garbage, listed[2]!, ...listed.slice(3, 33)]
      const blamed: string[] = []
      const failing = new FailingTokens({ onAdd: (_, address) => blamed.push(address) })
      let answer: string[][] = []
      // Each search finds one culprit at least: at most one request per culprit.
      for (let request = 0; request < 2 && JSON.stringify(answer) !== JSON.stringify(held); request++) {
        const remembered = tokens.filter(t => failing.has('eip155:4252', t.address)).length
        const { balances, calls } = await read(tokens, failing)
        answer = shown(balances)
        for (const balance of answer)
          assert.ok(
            held.some(h => JSON.stringify(h) === JSON.stringify(balance)),
            `only true balances: ${balance.join(' ')}`
          )
        assert.ok(ethCalls(calls).length <= 1 + isolationBudget(tokens.length - remembered))
      }
      assert.deepEqual(answer, held)
      assert.deepEqual(blamed.sort(), [hostile.invalid.address, hostile.returnBomb.address].sort())
    })

    it("a node refusing every eth_call is the node's fault: 502, nothing blamed, the search bounded", async () => {
      const node = await startRefusingNode()
      try {
        const failing = new FailingTokens({ onAdd: () => assert.fail('nothing is blamed') })
        const tokens = listed.slice(0, 8)
        await assert.rejects(
          readBalances({ ...chain(), rpcUrl: node.url }, WALLET_ACCOUNT, new PriceTable(), icon, 10_000, tokens, { failing }),
          (error: unknown) => error instanceof ApiError && error.status === 502 && /request rate exceeded/.test(error.message)
        )
        assert.ok(node.ethCalls() <= 1 + isolationBudget(tokens.length), `${node.ethCalls()} eth_calls`)
        assert.equal(failing.size, 0)
      } finally {
        await node.close()
      }
    })

    it('without Multicall3, a burner read alone costs only its capped gas and counts as none', async () => {
      const code = await jsonRpc<Hex>(anvil.url, 'eth_getCode', [MULTICALL3_ADDRESS, 'latest'])
      await jsonRpc(anvil.url, 'anvil_setCode', [MULTICALL3_ADDRESS, '0x'])
      try {
        const { balances, calls } = await read([hostile.burnGas, ...listed.slice(0, 3)])
        assert.deepEqual(shown(balances), held)
        assert.deepEqual(
          ethCalls(calls)
            .filter(c => c.to !== MC3)
            .map(c => c.gas),
          [1, 2, 3, 4].map(() => balanceCallGas(1))
        )
      } finally {
        await jsonRpc(anvil.url, 'anvil_setCode', [MULTICALL3_ADDRESS, code])
      }
    })
  })
})
