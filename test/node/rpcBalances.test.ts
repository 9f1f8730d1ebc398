// Balances without a blockchain data API (packages/core/src/adapters/*/…RpcBalances.ts): read
// from real nodes (anvil with the devnet's tokens and Multicall3, the devnet's Solana network)
// through the modal's own HTTP client. A Node test because it starts those nodes; the browser suite
// runs every *.test.ts under packages/core/src, so it lives here.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createWalletClient, http as viemHttp, type Address, type Hex } from 'viem'
import { startAnvil, type AnvilInstance } from '../../packages/devnet/src/anvil.js'
import { deployTokens } from '../../packages/devnet/src/deployTokens.js'
import { installMulticall3 } from '../../packages/devnet/src/installMulticall3.js'
import { jsonRpc } from '../../packages/devnet/src/jsonRpc.js'
import { waitForReceipt } from '../../packages/devnet/src/waitForReceipt.js'
import { DEVNET_ARTIFACTS } from '../../packages/devnet/src/contracts/devnetArtifacts.js'
import { DEPLOYER_ACCOUNT, DEVNET_TOKENS, MULTICALL3_ADDRESS, WALLET_ACCOUNT } from '../../packages/devnet/src/constants.js'
import { startSolanaDevnet, type SolanaDevnet } from '../../packages/devnet/src/solana/startSolanaDevnet.js'
import { createHttpClient } from '../../packages/core/src/api/HttpClient.js'
import { CANONICAL_MULTICALL3, readEip155RpcBalances } from '../../packages/core/src/adapters/eip155/eip155RpcBalances.js'
import { readSolanaRpcBalances } from '../../packages/core/src/adapters/solana/solanaRpcBalances.js'
import { MAX_NAME_LENGTH, MAX_SYMBOL_LENGTH, type RpcCall } from '../../packages/core/src/adapters/rpcTokenBalance.js'
import type { CaipNetwork } from '../../packages/core/src/types/network.js'
import type { SiteToken } from '../../packages/core/src/controllers/resolveTokens.js'

const CHAIN_ID = 31337
const ICON = 'https://example.com/dusd.png'

/** The modal's HTTP client on one URL, recording each JSON-RPC method and each HTTP request's batch size. */
function recordingRpc(url: string, opts: { timeoutMs?: number } = {}) {
  const methods: string[] = []
  const batches: number[] = []
  const client = createHttpClient({
    timeoutMs: opts.timeoutMs ?? 10_000,
    retries: 0,
    fetch: async (input, init) => {
      const body = JSON.parse(String(init?.body)) as unknown
      batches.push(Array.isArray(body) ? body.length : 1)
      return fetch(input, init)
    }
  })
  const rpc: RpcCall = (method, params) => {
    methods.push(method)
    return client.rpc(url, method, params)
  }
  return { rpc, methods, batches }
}

const evmNetwork = (url: string, extra: Partial<CaipNetwork> = {}): CaipNetwork => ({
  id: CHAIN_ID,
  caipNetworkId: `eip155:${CHAIN_ID}`,
  chainNamespace: 'eip155',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [url] } },
  ...extra
})

describe("balances from an EVM network's RPC", () => {
  let anvil: AnvilInstance
  let hostile: Address
  let badDecimals: Address
  const NO_CODE: Address = '0x000000000000000000000000000000000000dEaD'

  async function deployToken(name: string, symbol: string, decimals: number): Promise<Address> {
    const wallet = createWalletClient({ account: DEPLOYER_ACCOUNT, transport: viemHttp(anvil.url, { timeout: 10_000, retryCount: 0 }) })
    const { abi, bytecode } = DEVNET_ARTIFACTS.DevnetToken
    const hash = await wallet.deployContract({ abi, bytecode, args: [name, symbol, decimals, [WALLET_ACCOUNT], 5n], chain: null })
    const receipt = await waitForReceipt(anvil.url, hash)
    assert.equal(receipt.status, '0x1')
    return receipt.contractAddress as Address
  }

  before(async () => {
    anvil = await startAnvil({ chainId: CHAIN_ID })
    await deployTokens(anvil.url)
    await installMulticall3(anvil.url)
    // A hostile token: a 20,000-character symbol with control and bidi characters, a long name.
    hostile = await deployToken(`Evil\u202e\u0000Name ${'n'.repeat(5_000)}`, `\u0007EV\u200bIL\n${'S'.repeat(20_000)}`, 18)
    badDecimals = await deployToken('Too Precise', 'TP', 255)
  })
  after(async () => {
    await anvil?.stop()
  })

  const tokens = (): SiteToken[] => [
    { address: DEVNET_TOKENS.DUSD, image: ICON },
    { address: DEVNET_TOKENS.USDT },
    { address: NO_CODE },
    // A contract without ERC-20 functions: every read reverts.
    { address: MULTICALL3_ADDRESS },
    { address: hostile },
    { address: badDecimals }
  ]

  it('installs Multicall3 at the canonical address', async () => {
    assert.equal(MULTICALL3_ADDRESS, CANONICAL_MULTICALL3)
    const code = await jsonRpc<Hex>(anvil.url, 'eth_getCode', [MULTICALL3_ADDRESS, 'latest'])
    assert.ok(code.length > 100)
  })

  it('reads the native coin and the listed tokens in one Multicall3 call (one HTTP request); failing and hostile tokens are left out or cleaned', async () => {
    const { rpc, methods, batches } = recordingRpc(anvil.url)
    const balances = await readEip155RpcBalances({ network: evmNetwork(anvil.url), address: WALLET_ACCOUNT, tokens: tokens(), rpc })
    assert.deepEqual(methods, ['eth_getCode', 'eth_call'])
    assert.deepEqual(batches, [2])
    const [native, dusd, usdt, evil, ...rest] = balances
    assert.deepEqual(rest, [], 'the token without code, the reverting one and the one with 255 decimals are left out')
    // The wallet account (anvil's account 1) sent nothing: anvil's 10,000 ETH. No price service:
    // no price and no value (shown as unknown, never as $0).
    assert.deepEqual(native, { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', quantity: { decimals: '18', numeric: '10000' }, iconUrl: undefined })
    assert.deepEqual(dusd, {
      name: 'Devnet USD',
      symbol: 'DUSD',
      chainId: 'eip155:31337',
      address: `eip155:31337:${DEVNET_TOKENS.DUSD}`,
      quantity: { decimals: '6', numeric: '1000000' },
      iconUrl: ICON
    })
    assert.equal(usdt!.symbol, 'USDT')
    assert.equal(usdt!.quantity.numeric, '1000000')
    assert.equal(usdt!.iconUrl, undefined)
    assert.equal(evil!.symbol.length, MAX_SYMBOL_LENGTH)
    assert.ok(evil!.symbol.startsWith('EVIL SSS'), evil!.symbol)
    assert.ok(evil!.name.length <= MAX_NAME_LENGTH)
    assert.ok(evil!.name.startsWith('EvilName n'), evil!.name)
    assert.doesNotMatch(evil!.symbol + evil!.name, /[\u0000-\u001f\u007f\u200b\u202e]/)
    assert.equal(evil!.quantity.numeric, '0.000000000000000005')
  })

  it("uses the network's own Multicall3 address when the site's network names one", async () => {
    const own: Address = '0x00000000000000000000000000000000000c0de5'
    const code = await jsonRpc<Hex>(anvil.url, 'eth_getCode', [MULTICALL3_ADDRESS, 'latest'])
    await jsonRpc(anvil.url, 'anvil_setCode', [own, code])
    const seen: unknown[] = []
    const { rpc } = recordingRpc(anvil.url)
    const spy: RpcCall = (method, params) => (seen.push(params[0]), rpc(method, params))
    const balances = await readEip155RpcBalances({
      network: evmNetwork(anvil.url, { contracts: { multicall3: { address: own } } }),
      address: WALLET_ACCOUNT,
      tokens: [{ address: DEVNET_TOKENS.DUSD }],
      rpc: spy
    })
    assert.equal(seen[0], own)
    assert.deepEqual(
      balances.map(b => b.symbol),
      ['ETH', 'DUSD']
    )
  })

  it('falls back to one JSON-RPC batch of the same reads on a chain without Multicall3', async () => {
    await jsonRpc(anvil.url, 'anvil_setCode', [MULTICALL3_ADDRESS, '0x'])
    try {
      const { rpc, methods, batches } = recordingRpc(anvil.url)
      const balances = await readEip155RpcBalances({ network: evmNetwork(anvil.url), address: WALLET_ACCOUNT, tokens: tokens(), rpc })
      // The check and the multicall together, then eth_getBalance and 4 reads per token together.
      assert.deepEqual(batches, [2, 1 + 4 * tokens().length])
      assert.equal(methods[2], 'eth_getBalance')
      assert.deepEqual(
        balances.map(b => [b.symbol, b.quantity.numeric]),
        [
          ['ETH', '10000'],
          ['DUSD', '1000000'],
          ['USDT', '1000000'],
          [balances[3]!.symbol, '0.000000000000000005']
        ]
      )
      assert.equal(balances[3]!.symbol.length, MAX_SYMBOL_LENGTH)
    } finally {
      await installMulticall3(anvil.url)
    }
  })

  it('leaves out a mixed-case token address with a bad EIP-55 checksum', async () => {
    const bad = DEVNET_TOKENS.DUSD.replace(/[a-f]/, c => c.toUpperCase())
    assert.notEqual(bad, DEVNET_TOKENS.DUSD)
    const { rpc } = recordingRpc(anvil.url)
    const warn = console.warn
    console.warn = () => {}
    try {
      const balances = await readEip155RpcBalances({ network: evmNetwork(anvil.url), address: WALLET_ACCOUNT, tokens: [{ address: bad }], rpc })
      assert.deepEqual(
        balances.map(b => b.symbol),
        ['ETH']
      )
    } finally {
      console.warn = warn
    }
  })

  it('rejects when the node itself fails (the whole read, not a token)', async () => {
    const { rpc } = recordingRpc('http://127.0.0.1:1/')
    await assert.rejects(readEip155RpcBalances({ network: evmNetwork('http://127.0.0.1:1/'), address: WALLET_ACCOUNT, tokens: tokens(), rpc }), {
      code: 'NETWORK_ERROR'
    })
  })
})

describe("the balance read's timeout", () => {
  const servers: Server[] = []
  after(async () => {
    for (const s of servers) {
      s.closeAllConnections()
      await new Promise(resolve => s.close(resolve))
    }
  })

  /** A real HTTP server on 127.0.0.1 that never finishes an answer (`headers`: sends them first). */
  async function stalling(headers: boolean): Promise<string> {
    const server = createServer((_req, res) => {
      if (headers) {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.write('[')
      }
    })
    servers.push(server)
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  }

  for (const headers of [false, true]) {
    it(`rejects within the timeout when the node ${headers ? 'sends its headers and then stalls' : 'never answers'}`, async () => {
      const url = await stalling(headers)
      const { rpc } = recordingRpc(url, { timeoutMs: 300 })
      const started = performance.now()
      await assert.rejects(readEip155RpcBalances({ network: evmNetwork(url), address: WALLET_ACCOUNT, tokens: [{ address: DEVNET_TOKENS.DUSD }], rpc }), {
        code: 'REQUEST_TIMEOUT'
      })
      const took = performance.now() - started
      assert.ok(took >= 290 && took < 3_000, `took ${took} ms`)
    })
  }
})

describe("balances from a Solana network's RPC", () => {
  let solana: SolanaDevnet
  before(async () => {
    solana = await startSolanaDevnet()
  })
  after(async () => {
    await solana?.stop()
  })

  const network = (): CaipNetwork => ({
    id: solana.caipNetworkId.split(':')[1]!,
    caipNetworkId: solana.caipNetworkId as CaipNetwork['caipNetworkId'],
    chainNamespace: 'solana',
    name: solana.name,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [solana.rpcUrl] } }
  })

  it('reads SOL and the listed mint in one JSON-RPC batch; an unknown mint is left out', async () => {
    const { rpc, batches } = recordingRpc(solana.rpcUrl)
    // The wallet address is a valid 32-byte key but no mint: its reads do not parse as one.
    const tokens = [{ address: solana.splMint, image: ICON }, { address: solana.receiverAddress }]
    const balances = await readSolanaRpcBalances({ network: network(), address: solana.walletAddress, tokens, rpc })
    assert.deepEqual(batches, [1 + 2 * tokens.length])
    const [sol, spl, ...rest] = balances
    assert.deepEqual(rest, [])
    assert.equal(sol!.symbol, 'SOL')
    assert.equal(sol!.quantity.numeric, '100')
    assert.equal(spl!.address, `${solana.caipNetworkId}:${solana.splMint}`)
    assert.equal(spl!.quantity.decimals, '6')
    assert.equal(spl!.quantity.numeric, '1000000')
    assert.equal(spl!.iconUrl, ICON)
    // A classic SPL mint has no on-chain symbol: the shortened mint stands in.
    assert.equal(spl!.symbol, `${solana.splMint.slice(0, 4)}…${solana.splMint.slice(-4)}`)
  })

  it('rejects when the node itself fails', async () => {
    const { rpc } = recordingRpc('http://127.0.0.1:1/')
    await assert.rejects(readSolanaRpcBalances({ network: network(), address: solana.walletAddress, tokens: [{ address: solana.splMint }], rpc }), {
      code: 'NETWORK_ERROR'
    })
  })
})
