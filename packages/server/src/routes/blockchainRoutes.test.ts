// The blockchain data API against real anvil chains (startDevnet): every value is compared with
// what the chain itself answers.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { encodeFunctionData, erc20Abi, formatUnits, type Hex } from 'viem'
import * as v from 'valibot'
import { BalancesSchema, type TokenBalance as Balance } from '@wallet-modal/wire'
import {
  DEVNET_ENS_NAMES,
  DEVNET_ENS_POISONED_REVERSE,
  DEVNET_LIST_TOKEN,
  DEVNET_TOKEN_DECIMALS,
  DUSD_ADDRESS,
  USDT_ADDRESS,
  WALLET_ACCOUNT,
  jsonRpc,
  waitForReceipt
} from '@wallet-modal/devnet'
import { getJson, postJson, urlOf, type OrError } from '../__fixtures__/http.js'
import { startChainServer } from '../__fixtures__/startChainServer.js'
import { useStarted } from '../__fixtures__/useStarted.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { createServer } from '../internal.js'

const EMPTY_ACCOUNT = '0x000000000000000000000000000000000000dEaD'

describe('blockchain data API (devnet)', () => {
  const chains = useStarted(startChainServer, started => started.close())

  const balances = (address: string, params: Record<string, string | undefined> = {}) =>
    getJson<OrError<{ balances: Balance[] }>>(
      urlOf(chains.server.url, `/v1/account/${address}/balance`, { currency: 'usd', chainId: 'eip155:31337', ...params })
    )
  const balanceOf = async (url: string, token: string, owner: string): Promise<bigint> =>
    BigInt(
      await jsonRpc<Hex>(url, 'eth_call', [
        { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner as Hex] }) },
        'latest'
      ])
    )

  it('/v1/supported-chains lists the configured chains', async () => {
    const { status, body } = await getJson(urlOf(chains.server.url, '/v1/supported-chains'))
    assert.equal(status, 200)
    assert.deepEqual(body, { http: ['eip155:31337', 'eip155:31338', 'eip155:998', 'eip155:999'], ws: [] })
  })

  describe('/v1/identity/{address}', () => {
    it("answers the address's ENS name (deployed on the devnet) and its avatar, any address case", async () => {
      for (const address of [WALLET_ACCOUNT, WALLET_ACCOUNT.toLowerCase()]) {
        const { status, body } = await getJson(urlOf(chains.server.url, `/v1/identity/${address}`, { sender: WALLET_ACCOUNT }))
        assert.equal(status, 200)
        assert.deepEqual(body, { name: 'devnet-wallet.eth', avatar: DEVNET_ENS_NAMES['devnet-wallet.eth'].avatar })
      }
      // Account 3's reverse record claims devnet-wallet.eth, which resolves elsewhere: no name.
      assert.deepEqual((await getJson(urlOf(chains.server.url, `/v1/identity/${DEVNET_ENS_POISONED_REVERSE.account}`))).body, { name: null, avatar: null })
    })

    it('answers the configured name and a loadable avatar over ENS (the configuration overrides)', async () => {
      const config = demoServerConfig({ chains: chains.devnet.chains, tokens: chains.devnet.tokens, ens: chains.devnet.ens })
      config.identities = { [WALLET_ACCOUNT]: { name: 'devnet-wallet.reown.id', avatar: '/public/getAssetImage/avatar-devnet' } }
      const server = await createServer({ config })
      try {
        const { status, body } = await getJson(urlOf(server.url, `/v1/identity/${WALLET_ACCOUNT}`))
        assert.equal(status, 200)
        assert.equal(body.name, 'devnet-wallet.reown.id')
        assert.ok(body.avatar.startsWith(`${server.url}/public/getAssetImage/avatar-devnet?`))
        const avatar = await fetch(body.avatar)
        assert.equal(avatar.status, 200)
        assert.equal(avatar.headers.get('content-type'), 'image/svg+xml')
        // The friend has no configured identity: ENS names it.
        assert.equal((await getJson(urlOf(server.url, `/v1/identity/${DEVNET_ENS_NAMES['devnet-friend.eth'].address}`))).body.name, 'devnet-friend.eth')
      } finally {
        await server.close()
      }
    })

    it('answers nulls for unknown addresses and 400 for malformed ones', async () => {
      assert.deepEqual((await getJson(urlOf(chains.server.url, `/v1/identity/${EMPTY_ACCOUNT}`))).body, { name: null, avatar: null })
      for (const bad of ['0x123', `${WALLET_ACCOUNT}00`, WALLET_ACCOUNT.slice(2), `0x${'g'.repeat(40)}`]) {
        const { status, body } = await getJson(urlOf(chains.server.url, `/v1/identity/${bad}`))
        assert.equal(status, 400, bad)
        assert.equal(body.error, 'bad_request')
      }
      const badSender = await getJson(urlOf(chains.server.url, `/v1/identity/${WALLET_ACCOUNT}`, { sender: 'me' }))
      assert.equal(badSender.status, 400)
    })
  })

  describe('/v1/account/{address}/balance', () => {
    it("equals the chain's balances times the configured prices", async () => {
      const { status, body } = await balances(WALLET_ACCOUNT)
      assert.equal(status, 200)
      // What the modal's service client accepts, field for field.
      assert.deepEqual(v.parse(BalancesSchema, body), body)
      assert.deepEqual(
        body.balances.map(b => b.symbol),
        ['ETH', 'DUSD', 'USDT', 'DLST']
      )
      const [eth, dusd, usdt] = body.balances as [Balance, Balance, Balance]

      const wei = BigInt(await jsonRpc<Hex>(chains.rpcUrl, 'eth_getBalance', [WALLET_ACCOUNT, 'latest']))
      assert.deepEqual(eth.quantity, { decimals: '18', numeric: formatUnits(wei, 18) })
      assert.equal(eth.price, 3000)
      assert.equal(eth.value, Number(formatUnits(wei, 18)) * 3000)
      assert.equal(eth.address, undefined)
      assert.equal(eth.chainId, 'eip155:31337')
      assert.equal(eth.name, 'Ether')

      const dusdRaw = await balanceOf(chains.rpcUrl, DUSD_ADDRESS, WALLET_ACCOUNT)
      assert.equal(dusdRaw, 1_000_000n * 10n ** BigInt(DEVNET_TOKEN_DECIMALS))
      assert.deepEqual(dusd, {
        name: 'Devnet USD',
        symbol: 'DUSD',
        chainId: 'eip155:31337',
        address: `eip155:31337:${DUSD_ADDRESS}`,
        value: 1_000_000,
        price: 1,
        quantity: { decimals: '6', numeric: '1000000' },
        iconUrl: urlOf(chains.server.url, '/public/getTokenImage/DUSD')
      })
      assert.equal(usdt.address, `eip155:31337:${USDT_ADDRESS}`)
      assert.equal(usdt.value, Number(formatUnits(await balanceOf(chains.rpcUrl, USDT_ADDRESS, WALLET_ACCOUNT), 6)))
      assert.equal((await fetch(dusd.iconUrl)).status, 200)
    })

    it("lists a token only the devnet token list names, with the list's metadata", async () => {
      for (const chainId of ['eip155:31337', 'eip155:31338']) {
        const { body } = await balances(WALLET_ACCOUNT, { chainId })
        const listed = body.balances.find(b => b.symbol === DEVNET_LIST_TOKEN.symbol)
        assert.ok(listed, chainId)
        assert.equal(listed.name, DEVNET_LIST_TOKEN.name)
        assert.equal(listed.address, `${chainId}:${DEVNET_LIST_TOKEN.address}`)
        assert.deepEqual(listed.quantity, {
          decimals: '6',
          numeric: formatUnits(
            await balanceOf(chains.devnet.chains.find(c => `eip155:${c.chainId}` === chainId)!.rpcUrl, DEVNET_LIST_TOKEN.address, WALLET_ACCOUNT),
            6
          )
        })
      }
      // Only the wallet account holds it.
      assert.equal(
        (await balances(EMPTY_ACCOUNT)).body.balances.some(b => b.symbol === DEVNET_LIST_TOKEN.symbol),
        false
      )
    })

    it('reads live: a transfer shows up at once', async () => {
      const receiver = '0x1000000000000000000000000000000000000001'
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [receiver, 1_234_567n] })
      const hash = await jsonRpc<Hex>(chains.rpcUrl, 'eth_sendTransaction', [{ from: WALLET_ACCOUNT, to: DUSD_ADDRESS, data }])
      assert.match(hash, /^0x[0-9a-f]{64}$/)
      // Mined (anvil may answer before the block is sealed), then read at once: no cache in between.
      await waitForReceipt(chains.rpcUrl, hash)
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
    const url = () => urlOf(chains.server.url, '/v1/fungible/price')

    it('prices known tokens and native coins, and leaves unknown ones out', async () => {
      const { status, body } = await postJson(url(), {
        currency: 'usd',
        projectId: 'demo',
        addresses: [`eip155:31337:${DUSD_ADDRESS.toLowerCase()}`, 'eip155:31338:native', 'eip155:1:native', `eip155:31337:${EMPTY_ACCOUNT}`]
      })
      assert.equal(status, 200)
      assert.deepEqual(body.fungibles, [
        { name: 'Devnet USD', symbol: 'DUSD', iconUrl: urlOf(chains.server.url, '/public/getTokenImage/DUSD'), price: 1 },
        { name: 'Ether', symbol: 'ETH', iconUrl: urlOf(chains.server.url, '/public/getTokenImage/ETH'), price: 2500 }
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
      const { status, body } = await getJson(urlOf(chains.server.url, '/v1/convert/gas-price', { chainId: 'eip155:31337' }))
      assert.equal(status, 200)
      const node = BigInt(await jsonRpc<Hex>(chains.rpcUrl, 'eth_gasPrice'))
      const standard = BigInt(body.standard)
      // The node's price may move by a block between the two reads.
      assert.ok(standard > 0n && standard <= node * 2n && node <= standard * 2n)
      assert.equal(BigInt(body.fast), (standard * 125n) / 100n)
      assert.equal(BigInt(body.instant), (standard * 150n) / 100n)
      for (const value of Object.values(body)) assert.match(value as string, /^\d+$/)
    })

    it("answers unsupported networks with the spec's reason", async () => {
      const { status, body } = await getJson(urlOf(chains.server.url, '/v1/convert/gas-price', { chainId: 'eip155:1' }))
      assert.equal(status, 400)
      assert.deepEqual(body, { error: 'bad_request', reason: 'Network not supported for Gas Price' })
    })
  })
})
