// The blockchain data API and the RPC proxy against real anvil chains (startDevnet): every value
// is compared with what the chain itself answers.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { encodeFunctionData, erc20Abi, formatUnits, type Hex } from 'viem'
import { DEVNET_TOKEN_DECIMALS, DUSD_ADDRESS, USDT_ADDRESS, WALLET_ACCOUNT, findFreePort, jsonRpc, startDevnet, waitForReceipt, type Devnet } from '../../../devnet/src/index.js'
import { createServer, demoServerConfig, type WalletModalServer } from '../index.js'
import { CLIENT, getJson, postJson, urlOf, type OrError } from '../__fixtures__/http.js'
// The answer's shape is the server's own type: the test checks values, not a second declaration.
import type { TokenBalance as Balance } from '../chain/readBalances.js'

const EMPTY_ACCOUNT = '0x000000000000000000000000000000000000dEaD'

describe('blockchain data API and RPC proxy (devnet)', () => {
  let devnet: Devnet
  let server: WalletModalServer
  let hanging: Server
  let rpcUrl: string

  const balances = (address: string, params: Record<string, string | undefined> = {}) =>
    getJson<OrError<{ balances: Balance[] }>>(urlOf(server.url, `/v1/account/${address}/balance`, { currency: 'usd', chainId: 'eip155:31337', ...params }))
  const proxy = (body: unknown, chainId = 'eip155:31337', params: Record<string, string> = { projectId: 'demo' }) =>
    postJson(urlOf(server.url, '/v1/', { chainId }, params), body)
  const balanceOf = async (url: string, token: string, owner: string): Promise<bigint> =>
    BigInt(await jsonRpc<Hex>(url, 'eth_call', [{ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner as Hex] }) }, 'latest']))

  before(async () => {
    // An upstream that accepts connections and never answers, for the timeout path.
    hanging = createHttpServer(() => {})
    await new Promise<void>(resolve => hanging.listen(0, '127.0.0.1', resolve))
    const [started, deadPort] = await Promise.all([startDevnet(), findFreePort()])
    devnet = started
    rpcUrl = devnet.chains[0]!.rpcUrl
    const config = demoServerConfig({ chains: devnet.chains, tokens: devnet.tokens })
    const extra = (id: number, url: string) => ({ caipNetworkId: `eip155:${id}`, name: `Broken ${id}`, rpcUrl: url, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } })
    config.chains.push(extra(998, `http://127.0.0.1:${deadPort}`), extra(999, `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`))
    config.prices!['eip155:31338:native'] = 2500
    server = await createServer({ config, upstreamTimeoutMs: 500 })
  })
  after(async () => {
    await server?.close()
    await devnet?.stop()
    hanging?.closeAllConnections()
    hanging?.close()
  })

  it('/v1/supported-chains lists the configured chains', async () => {
    const { status, body } = await getJson(urlOf(server.url, '/v1/supported-chains'))
    assert.equal(status, 200)
    assert.deepEqual(body, { http: ['eip155:31337', 'eip155:31338', 'eip155:998', 'eip155:999'], ws: [] })
  })

  describe('/v1/identity/{address}', () => {
    it('answers the configured name and a loadable avatar, any address case', async () => {
      for (const address of [WALLET_ACCOUNT, WALLET_ACCOUNT.toLowerCase()]) {
        const { status, body } = await getJson(urlOf(server.url, `/v1/identity/${address}`, { sender: WALLET_ACCOUNT }))
        assert.equal(status, 200)
        assert.equal(body.name, 'devnet-wallet.reown.id')
        assert.ok(body.avatar.startsWith(`${server.url}/public/getAssetImage/avatar-devnet?`))
        const avatar = await fetch(body.avatar)
        assert.equal(avatar.status, 200)
        assert.equal(avatar.headers.get('content-type'), 'image/svg+xml')
      }
    })

    it('answers nulls for unknown addresses and 400 for malformed ones', async () => {
      assert.deepEqual((await getJson(urlOf(server.url, `/v1/identity/${EMPTY_ACCOUNT}`))).body, { name: null, avatar: null })
      for (const bad of ['0x123', `${WALLET_ACCOUNT}00`, WALLET_ACCOUNT.slice(2), `0x${'g'.repeat(40)}`]) {
        const { status, body } = await getJson(urlOf(server.url, `/v1/identity/${bad}`))
        assert.equal(status, 400, bad)
        assert.equal(body.error, 'bad_request')
      }
      const badSender = await getJson(urlOf(server.url, `/v1/identity/${WALLET_ACCOUNT}`, { sender: 'me' }))
      assert.equal(badSender.status, 400)
    })
  })

  describe('/v1/account/{address}/balance', () => {
    it("equals the chain's balances times the configured prices", async () => {
      const { status, body } = await balances(WALLET_ACCOUNT)
      assert.equal(status, 200)
      assert.deepEqual(body.balances.map(b => b.symbol), ['ETH', 'DUSD', 'USDT'])
      const [eth, dusd, usdt] = body.balances as [Balance, Balance, Balance]

      const wei = BigInt(await jsonRpc<Hex>(rpcUrl, 'eth_getBalance', [WALLET_ACCOUNT, 'latest']))
      assert.deepEqual(eth.quantity, { decimals: '18', numeric: formatUnits(wei, 18) })
      assert.equal(eth.price, 3000)
      assert.equal(eth.value, Number(formatUnits(wei, 18)) * 3000)
      assert.equal(eth.address, undefined)
      assert.equal(eth.chainId, 'eip155:31337')
      assert.equal(eth.name, 'Ether')

      const dusdRaw = await balanceOf(rpcUrl, DUSD_ADDRESS, WALLET_ACCOUNT)
      assert.equal(dusdRaw, 1_000_000n * 10n ** BigInt(DEVNET_TOKEN_DECIMALS))
      assert.deepEqual(dusd, {
        name: 'Devnet USD',
        symbol: 'DUSD',
        chainId: 'eip155:31337',
        address: `eip155:31337:${DUSD_ADDRESS}`,
        value: 1_000_000,
        price: 1,
        quantity: { decimals: '6', numeric: '1000000' },
        iconUrl: urlOf(server.url, '/public/getTokenImage/DUSD')
      })
      assert.equal(usdt.address, `eip155:31337:${USDT_ADDRESS}`)
      assert.equal(usdt.value, Number(formatUnits(await balanceOf(rpcUrl, USDT_ADDRESS, WALLET_ACCOUNT), 6)))
      assert.equal((await fetch(dusd.iconUrl)).status, 200)
    })

    it('reads live: a transfer shows up at once', async () => {
      const receiver = '0x1000000000000000000000000000000000000001'
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [receiver, 1_234_567n] })
      const hash = await jsonRpc<Hex>(rpcUrl, 'eth_sendTransaction', [{ from: WALLET_ACCOUNT, to: DUSD_ADDRESS, data }])
      assert.match(hash, /^0x[0-9a-f]{64}$/)
      // Mined (anvil may answer before the block is sealed), then read at once: no cache in between.
      await waitForReceipt(rpcUrl, hash)
      const { body } = await balances(receiver)
      const dusd = body.balances.find(b => b.symbol === 'DUSD')!
      assert.deepEqual(dusd.quantity, { decimals: '6', numeric: '1.234567' })
      assert.equal(dusd.value, 1.234567)
    })

    it('lists the native coin even at zero, tokens only when held; prices per chain', async () => {
      const { body } = await balances(EMPTY_ACCOUNT)
      assert.equal(body.balances.length, 1)
      assert.deepEqual(body.balances[0]!.quantity, { decimals: '18', numeric: '0' })
      assert.equal(body.balances[0]!.value, 0)
      const other = await balances(WALLET_ACCOUNT, { chainId: 'eip155:31338' })
      assert.equal(other.body.balances[0]!.price, 2500)
      assert.equal(other.body.balances[0]!.chainId, 'eip155:31338')
    })

    it('rejects bad addresses, chains and currencies', async () => {
      const cases: [string, Record<string, string | undefined>, RegExp][] = [
        ['0xnope', {}, /address/],
        [WALLET_ACCOUNT, { chainId: 'eip155:1' }, /Network not supported/],
        [WALLET_ACCOUNT, { chainId: '31337' }, /chainId/],
        [WALLET_ACCOUNT, { chainId: undefined }, /chainId/],
        [WALLET_ACCOUNT, { currency: 'eur' }, /currency/]
      ]
      for (const [address, params, reason] of cases) {
        const { status, body } = await balances(address, params)
        assert.equal(status, 400, JSON.stringify(params))
        assert.match(body.reason ?? '', reason)
      }
    })

    it('answers 502 when the upstream is down and 504 when it does not answer', async () => {
      const down = await balances(WALLET_ACCOUNT, { chainId: 'eip155:998' })
      assert.equal(down.status, 502)
      assert.deepEqual(down.body, { error: 'bad_gateway', reason: 'Upstream RPC unreachable' })
      const slow = await balances(WALLET_ACCOUNT, { chainId: 'eip155:999' })
      assert.equal(slow.status, 504)
      assert.equal(slow.body.error, 'gateway_timeout')
    })
  })

  describe('/v1/fungible/price', () => {
    const url = () => urlOf(server.url, '/v1/fungible/price')

    it('prices known tokens and native coins, and leaves unknown ones out', async () => {
      const { status, body } = await postJson(url(), {
        currency: 'usd',
        projectId: 'demo',
        addresses: [`eip155:31337:${DUSD_ADDRESS.toLowerCase()}`, 'eip155:31338:native', 'eip155:1:native', `eip155:31337:${EMPTY_ACCOUNT}`]
      })
      assert.equal(status, 200)
      assert.deepEqual(body.fungibles, [
        { name: 'Devnet USD', symbol: 'DUSD', iconUrl: urlOf(server.url, '/public/getTokenImage/DUSD'), price: 1 },
        { name: 'Ether', symbol: 'ETH', iconUrl: urlOf(server.url, '/public/getTokenImage/ETH'), price: 2500 }
      ])
    })

    it('rejects malformed bodies strictly', async () => {
      const good = { currency: 'usd', projectId: 'demo', addresses: ['eip155:31337:native'] }
      const bodies: unknown[] = [
        { ...good, currency: 'eur' },
        { ...good, addresses: [] },
        { ...good, addresses: 'eip155:31337:native' },
        { ...good, addresses: ['not-caip'] },
        { ...good, addresses: Array(101).fill('eip155:31337:native') },
        { ...good, extra: true },
        { ...good, projectId: 'other' },
        { currency: 'usd', addresses: good.addresses }
      ]
      for (const body of bodies) {
        const answer = await postJson(url(), body)
        assert.equal(answer.status, 400, JSON.stringify(body).slice(0, 80))
        assert.equal(answer.body.error, 'bad_request')
      }
    })
  })

  describe('/v1/convert/gas-price', () => {
    it("derives standard, fast and instant from the chain's gas price", async () => {
      const { status, body } = await getJson(urlOf(server.url, '/v1/convert/gas-price', { chainId: 'eip155:31337' }))
      assert.equal(status, 200)
      const node = BigInt(await jsonRpc<Hex>(rpcUrl, 'eth_gasPrice'))
      const standard = BigInt(body.standard)
      // The node's price may move by a block between the two reads.
      assert.ok(standard > 0n && standard <= node * 2n && node <= standard * 2n)
      assert.equal(BigInt(body.fast), (standard * 125n) / 100n)
      assert.equal(BigInt(body.instant), (standard * 150n) / 100n)
      for (const value of Object.values(body)) assert.match(value as string, /^\d+$/)
    })

    it("answers unsupported networks with the spec's reason", async () => {
      const { status, body } = await getJson(urlOf(server.url, '/v1/convert/gas-price', { chainId: 'eip155:1' }))
      assert.equal(status, 400)
      assert.deepEqual(body, { error: 'bad_request', reason: 'Network not supported for Gas Price' })
    })
  })

  describe('RPC proxy', () => {
    it('forwards a single call (projectId only, no st/sv)', async () => {
      const { status, body } = await proxy({ jsonrpc: '2.0', id: 7, method: 'eth_chainId' })
      assert.equal(status, 200)
      assert.deepEqual(body, { jsonrpc: '2.0', id: 7, result: '0x7a69' })
      const other = await proxy({ jsonrpc: '2.0', id: 'x', method: 'eth_chainId', params: [] }, 'eip155:31338')
      assert.deepEqual(other.body, { jsonrpc: '2.0', id: 'x', result: '0x7a6a' })
      const noSlash = await postJson(`${server.url}/v1?chainId=eip155:31337&projectId=demo`, { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' })
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
      assert.deepEqual(body[0], { jsonrpc: '2.0', id: 'b', result: await jsonRpc(rpcUrl, 'eth_getBalance', [WALLET_ACCOUNT, 'latest']) })
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

    it('takes 1000 entries and rejects 1001 with -32600', async () => {
      const batch = (n: number) => Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_chainId' }))
      const full = await proxy(batch(1000))
      assert.equal(full.status, 200)
      assert.equal(full.body.length, 1000)
      assert.deepEqual(full.body[999], { jsonrpc: '2.0', id: 999, result: '0x7a69' })
      const over = await proxy(batch(1001))
      assert.equal(over.status, 400)
      assert.equal(over.body.error.code, -32600)
      assert.match(over.body.error.message, /1001 entries exceeds 1000/)
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
})
