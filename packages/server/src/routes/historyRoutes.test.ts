// The activity feed (/v1/account/{account}/history), its chain indexer and the forward name
// lookup (/v1/profile/account/{name}), against real anvil chains: every transaction is sent to a
// node and then looked for in the server's answer.
import { after, before, describe, it, mock } from 'node:test'
import assert from 'node:assert/strict'
import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { encodeDeployData, encodeFunctionData, erc20Abi, getAddress, parseEther, type Hex } from 'viem'
import { DEVNET_ACCOUNTS, DEVNET_ARTIFACTS, DUSD_ADDRESS, USDT_ADDRESS, findFreePort, jsonRpc, startAnvil, startDevnet, waitForReceipt, type AnvilInstance, type DevnetReceipt, type Devnet } from '../../../devnet/src/index.js'
import { ChainIndexer, createServer, demoServerConfig, openStore, type HistoryPage, type HistoryTransaction, type Store, type WalletModalServer } from '../index.js'
import { getJson, urlOf, type OrError } from '../__fixtures__/http.js'
import { postgresAvailability, startPostgres } from '../__fixtures__/startPostgres.js'

// Accounts with their own roles, so each test reads a history no other test writes to.
const SENDER = DEVNET_ACCOUNTS[4] // funded with DUSD and USDT at deployment
const PAGER = DEVNET_ACCOUNTS[3] // funded too
const DEPLOYER = DEVNET_ACCOUNTS[5] // ETH only
const RECEIVER = '0x1000000000000000000000000000000000000b0b'
const PAGED_RECEIVER = '0x1000000000000000000000000000000000000c0c'
const OTHER_RECEIVER = '0x1000000000000000000000000000000000000d0d'
const FRIEND = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** The config of devnet chain 31337 as the demo has it. */
const devnetChain = (rpcUrl: string) => demoServerConfig({ chains: [{ chainId: 31337, name: 'Devnet', rpcUrl }], tokens: { DUSD: DUSD_ADDRESS, USDT: USDT_ADDRESS } }).chains[0]!

const transferData = (to: string, amount: bigint): Hex => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as Hex, amount] })

/** Sends a transaction from an unlocked account; resolves with its hash and receipt. */
async function send(rpcUrl: string, tx: Record<string, string>): Promise<{ hash: Hex; receipt: DevnetReceipt }> {
  const hash = await jsonRpc<Hex>(rpcUrl, 'eth_sendTransaction', [tx])
  return { hash, receipt: await waitForReceipt(rpcUrl, hash) }
}

/** Waits until a server's indexer has stored a chain up to the node's current head. */
async function synced(server: WalletModalServer, chainId: string, rpcUrl: string): Promise<void> {
  const head = Number(await jsonRpc<Hex>(rpcUrl, 'eth_blockNumber'))
  await server.history!.waitForBlock(chainId, head)
}

const historyOf = (server: WalletModalServer, account: string, params: Record<string, string | undefined> = {}) =>
  getJson<OrError<HistoryPage>>(urlOf(server.url, `/v1/account/${account}/history`, params))

/** Every page of an account's history, following `next`. */
async function allPages(server: WalletModalServer, account: string, params: Record<string, string> = {}): Promise<HistoryTransaction[][]> {
  const pages: HistoryTransaction[][] = []
  let cursor: string | undefined
  do {
    const { status, body } = await historyOf(server, account, { ...params, cursor })
    assert.equal(status, 200, JSON.stringify(body))
    pages.push(body.data)
    cursor = body.next ?? undefined
  } while (cursor && pages.length < 20)
  return pages
}

/**
 * An HTTP proxy in front of a node that can be told to stop answering (the node looks hung), and
 * that answers batches calling `refuse` with "method not found" for every entry (an older node).
 */
async function startSwitchableProxy(target: string, refuse?: string): Promise<{ url: string; hang: boolean; refused: number; close(): void }> {
  const state = { hang: false, refused: 0 }
  const server: Server = createHttpServer((request, response) => {
    if (state.hang) return // accept and never answer
    const chunks: Buffer[] = []
    request.on('data', chunk => chunks.push(chunk as Buffer))
    request.on('end', () => {
      const body = Buffer.concat(chunks)
      const calls = JSON.parse(body.toString()) as { id: unknown; method: string }[] | { id: unknown; method: string }
      if (Array.isArray(calls) && calls.some(call => call.method === refuse)) {
        state.refused++
        const refusal = calls.map(call => ({ jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'Method not found' } }))
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(refusal))
        return
      }
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async answer => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()))
        .catch(() => response.destroy())
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get hang() {
      return state.hang
    },
    set hang(value: boolean) {
      state.hang = value
    },
    get refused() {
      return state.refused
    },
    close() {
      server.closeAllConnections()
      server.close()
    }
  }
}

describe('activity feed and name lookup (devnet)', () => {
  let devnet: Devnet
  let server: WalletModalServer
  let rpc1: string
  let rpc2: string
  const rejections: unknown[] = []
  const onRejection = (reason: unknown) => rejections.push(reason)

  before(async () => {
    process.on('unhandledRejection', onRejection)
    devnet = await startDevnet()
    rpc1 = devnet.chains[0]!.rpcUrl
    rpc2 = devnet.chains[1]!.rpcUrl
    const config = demoServerConfig({ chains: devnet.chains, tokens: devnet.tokens })
    config.history = { pollMs: 100, pageSize: 5 }
    server = await createServer({ config, upstreamTimeoutMs: 2000 })
  })
  after(async () => {
    await server?.close()
    await devnet?.stop()
    process.off('unhandledRejection', onRejection)
  })

  describe('/v1/account/{account}/history', () => {
    it('lists native, DUSD and USDT sends newest first, with amounts, prices and icons', async () => {
      const eth = await send(rpc1, { from: SENDER, to: RECEIVER, value: `0x${parseEther('0.5').toString(16)}` })
      const dusd = await send(rpc1, { from: SENDER, to: DUSD_ADDRESS, data: transferData(RECEIVER, 10_000_000n) })
      const usdt = await send(rpc1, { from: SENDER, to: USDT_ADDRESS, data: transferData(RECEIVER, 2_500_000n) })
      await synced(server, 'eip155:31337', rpc1)

      const { status, body } = await historyOf(server, SENDER, { chainId: 'eip155:31337' })
      assert.equal(status, 200)
      // Three sends, then the two mints of the deployment (5 = the page size, and nothing more).
      assert.equal(body.data.length, 5)
      assert.deepEqual(body.data.slice(0, 3).map(tx => tx.metadata.hash), [usdt.hash, dusd.hash, eth.hash])
      assert.equal(body.next, null)

      const block = await jsonRpc<{ timestamp: Hex }>(rpc1, 'eth_getBlockByNumber', [usdt.receipt.blockNumber, false])
      const { nonce } = await jsonRpc<{ nonce: Hex }>(rpc1, 'eth_getTransactionByHash', [usdt.hash])
      assert.deepEqual(body.data[0], {
        id: `${usdt.hash}:eip155:31337`,
        metadata: {
          operationType: 'send',
          hash: usdt.hash,
          minedAt: new Date(Number(block.timestamp) * 1000).toISOString(),
          sentFrom: SENDER,
          sentTo: getAddress(RECEIVER),
          status: 'confirmed',
          nonce: Number(nonce),
          chain: 'eip155:31337'
        },
        transfers: [
          {
            fungible_info: { name: 'Devnet Tether', symbol: 'USDT', icon: { url: urlOf(server.url, '/public/getTokenImage/USDT') } },
            direction: 'out',
            quantity: { numeric: '2.5' },
            value: 2.5,
            price: 1
          }
        ]
      })
      assert.deepEqual(body.data[1]!.transfers.map(t => [t.fungible_info.symbol, t.direction, t.quantity.numeric, t.value]), [['DUSD', 'out', '10', 10]])
      assert.deepEqual(body.data[2]!.transfers, [
        {
          fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: urlOf(server.url, '/public/getTokenImage/ETH') } },
          direction: 'out',
          quantity: { numeric: '0.5' },
          value: 1500,
          price: 3000
        }
      ])
      assert.equal(body.data[1]!.metadata.nonce, body.data[0]!.metadata.nonce - 1)
      // The deployment minted both tokens to the account: received from the zero address.
      for (const mint of body.data.slice(3)) {
        assert.equal(mint.metadata.operationType, 'receive')
        assert.equal(mint.metadata.sentFrom, '0x0000000000000000000000000000000000000000')
        assert.deepEqual(mint.transfers.map(t => [t.direction, t.quantity.numeric]), [['in', '1000000']])
      }
      assert.deepEqual(new Set(body.data.slice(3).map(tx => tx.transfers[0]!.fungible_info.symbol)), new Set(['DUSD', 'USDT']))
      assert.equal((await fetch(body.data[0]!.transfers[0]!.fungible_info.icon!.url)).status, 200)
    })

    it("shows the receiver the same transactions as 'receive'", async () => {
      const { body } = await historyOf(server, RECEIVER.toUpperCase().replace('0X', '0x'))
      assert.deepEqual(body.data.map(tx => tx.metadata.operationType), ['receive', 'receive', 'receive'])
      assert.deepEqual(body.data.map(tx => tx.transfers.map(t => [t.fungible_info.symbol, t.direction, t.quantity.numeric])), [
        [['USDT', 'in', '2.5']],
        [['DUSD', 'in', '10']],
        [['ETH', 'in', '0.5']]
      ])
      assert.ok(body.data.every(tx => tx.metadata.sentFrom === SENDER && tx.metadata.sentTo === getAddress(RECEIVER)))
    })

    it('pages through 12 transfers, 5 at a time, without gaps or repeats', async () => {
      const hashes: Hex[] = []
      for (let i = 1; i <= 12; i++) hashes.push((await send(rpc1, { from: PAGER, to: DUSD_ADDRESS, data: transferData(PAGED_RECEIVER, BigInt(i) * 1_000_000n) })).hash)
      await synced(server, 'eip155:31337', rpc1)

      const pages = await allPages(server, PAGED_RECEIVER, { chainId: 'eip155:31337' })
      assert.deepEqual(pages.map(page => page.length), [5, 5, 2])
      const listed = pages.flat()
      assert.deepEqual(listed.map(tx => tx.metadata.hash), [...hashes].reverse())
      assert.deepEqual(listed.map(tx => tx.transfers[0]!.quantity.numeric), Array.from({ length: 12 }, (_, i) => String(12 - i)))

      // The sender also has its two mints: 14 in all.
      const senderPages = await allPages(server, PAGER, { chainId: 'eip155:31337' })
      assert.deepEqual(senderPages.map(page => page.length), [5, 5, 4])
      assert.ok(senderPages.flat().slice(0, 12).every(tx => tx.metadata.operationType === 'send'))
    })

    it('narrows to one chain with chainId and merges all chains without it', async () => {
      const other = await send(rpc2, { from: SENDER, to: RECEIVER, value: '0x1' })
      await synced(server, 'eip155:31338', rpc2)
      await synced(server, 'eip155:31337', rpc1)

      const onlyOther = await historyOf(server, SENDER, { chainId: 'eip155:31338' })
      assert.equal(onlyOther.body.data[0]!.metadata.hash, other.hash)
      assert.deepEqual(onlyOther.body.data[0]!.transfers.map(t => t.quantity.numeric), ['0.000000000000000001'])
      assert.ok(onlyOther.body.data.every(tx => tx.metadata.chain === 'eip155:31338'))
      const onlyFirst = await historyOf(server, SENDER, { chainId: 'eip155:31337' })
      assert.ok(onlyFirst.body.data.every(tx => tx.metadata.chain === 'eip155:31337'))

      const merged = (await allPages(server, SENDER)).flat()
      assert.deepEqual(new Set(merged.map(tx => tx.metadata.chain)), new Set(['eip155:31337', 'eip155:31338']))
      assert.ok(merged.some(tx => tx.id === `${other.hash}:eip155:31338`))
      assert.equal(new Set(merged.map(tx => tx.id)).size, merged.length, 'no transaction twice')
      const times = merged.map(tx => Date.parse(tx.metadata.minedAt))
      assert.deepEqual(times, [...times].sort((a, b) => b - a), 'newest first across chains')
    })

    it("lists a reverted USDT transfer as failed for its sender only, and plain calls as 'execute'", async () => {
      // Above the balance: DevnetTether reverts. An explicit gas limit skips anvil's estimate, so it is mined.
      const failed = await send(rpc1, { from: SENDER, to: USDT_ADDRESS, data: transferData(OTHER_RECEIVER, 10n ** 15n), gas: '0x30000' })
      assert.equal(failed.receipt.status, '0x0')
      const approve = await send(rpc1, {
        from: SENDER,
        to: DUSD_ADDRESS,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [OTHER_RECEIVER, 5n] })
      })
      const self = await send(rpc1, { from: SENDER, to: DUSD_ADDRESS, data: transferData(SENDER, 1_000_000n) })
      await synced(server, 'eip155:31337', rpc1)

      const { body } = await historyOf(server, SENDER, { chainId: 'eip155:31337' })
      const [selfTx, approveTx, failedTx] = body.data
      assert.deepEqual(
        [selfTx, approveTx, failedTx].map(tx => [tx!.metadata.hash, tx!.metadata.operationType, tx!.metadata.status, tx!.transfers.length]),
        [
          [self.hash, 'send', 'confirmed', 1],
          [approve.hash, 'execute', 'confirmed', 0],
          [failed.hash, 'execute', 'failed', 0]
        ]
      )
      assert.equal(selfTx!.transfers[0]!.direction, 'self')
      assert.equal(failedTx!.metadata.sentTo, USDT_ADDRESS)
      const receiver = await historyOf(server, OTHER_RECEIVER)
      assert.deepEqual(receiver.body, { data: [], next: null })
    })

    it('names tokens outside the configuration from their contract, without a price', async () => {
      const artifact = DEVNET_ARTIFACTS.DevnetToken
      const data = encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args: ['Other Token', 'OTK', 8, [DEPLOYER], 10n ** 12n] })
      const deployed = await send(rpc1, { from: DEPLOYER, data })
      const token = deployed.receipt.contractAddress!
      const moved = await send(rpc1, { from: DEPLOYER, to: token, data: transferData(RECEIVER, 150_000_000n) })
      await synced(server, 'eip155:31337', rpc1)

      const { body } = await historyOf(server, DEPLOYER)
      assert.equal(body.data[0]!.metadata.hash, moved.hash)
      assert.deepEqual(body.data[0]!.transfers, [{ fungible_info: { name: 'Other Token', symbol: 'OTK' }, direction: 'out', quantity: { numeric: '1.5' } }])
      // The deployment: a contract creation that minted to the deployer.
      assert.equal(body.data[1]!.metadata.hash, deployed.hash)
      assert.equal(body.data[1]!.metadata.sentTo, DEPLOYER)
      assert.deepEqual(body.data[1]!.transfers.map(t => [t.direction, t.quantity.numeric]), [['in', '10000']])
    })

    it('rejects bad accounts, cursors and networks with a JSON reason', async () => {
      const cases: [string, Record<string, string>, RegExp][] = [
        ['0x123', {}, /params/],
        [`${SENDER}00`, {}, /params/],
        [SENDER, { cursor: 'not a cursor!' }, /Invalid cursor/],
        [SENDER, { cursor: Buffer.from('{}').toString('base64url') }, /Invalid cursor/],
        [SENDER, { cursor: Buffer.from('[1,2,3,"x"]').toString('base64url') }, /Invalid cursor/],
        [SENDER, { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }, /^Network not supported for activity: solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp$/],
        [SENDER, { chainId: 'bip122:000000000019d6689c085ae165831e93' }, /^Network not supported for activity: bip122:/],
        [SENDER, { chainId: 'eip155:1' }, /^Network not supported for activity: eip155:1$/],
        [SENDER, { chainId: '31337' }, /chainId/]
      ]
      for (const [account, params, reason] of cases) {
        const { status, body } = await historyOf(server, account, params)
        assert.equal(status, 400, `${account} ${JSON.stringify(params)}`)
        assert.equal(body.error, 'bad_request')
        assert.match(body.reason ?? '', reason)
      }
      const noProject = await getJson(urlOf(server.url, `/v1/account/${SENDER}/history`, {}, { st: 'x', sv: 'y' }))
      assert.equal(noProject.status, 400)
    })

    it('answers on-ramp activity (there is none) and unknown accounts with empty pages', async () => {
      assert.deepEqual((await historyOf(server, SENDER, { onramp: 'coinbase' })).body, { data: [], next: null })
      assert.deepEqual((await historyOf(server, '0x000000000000000000000000000000000000dEaD')).body, { data: [], next: null })
      const { status, body } = await historyOf(server, SENDER, { onramp: 'meld', chainId: 'eip155:31337' })
      assert.equal(status, 200)
      assert.equal(body.data.length, 5)
    })
  })

  describe('/v1/profile/account/{name}', () => {
    const lookup = (name: string) => getJson(urlOf(server.url, `/v1/profile/account/${name}`, { apiVersion: '2' }))

    it("answers the configured identity's address and a loadable avatar, any name case", async () => {
      for (const name of ['devnet-friend.reown.id', 'Devnet-Friend.Reown.ID']) {
        const { status, body } = await lookup(name)
        assert.equal(status, 200)
        assert.deepEqual(Object.keys(body), ['name', 'addresses', 'attributes'])
        assert.equal(body.name, 'devnet-friend.reown.id')
        assert.deepEqual(body.addresses, { 60: { address: FRIEND } })
        assert.ok(body.attributes.avatar.startsWith(`${server.url}/public/getAssetImage/avatar-friend?`))
        const avatar = await fetch(body.attributes.avatar)
        assert.equal(avatar.status, 200)
        assert.equal(avatar.headers.get('content-type'), 'image/svg+xml')
      }
      const wallet = await lookup('devnet-wallet.reown.id')
      assert.equal(wallet.body.addresses['60'].address, DEVNET_ACCOUNTS[1])
      // The reverse lookup agrees.
      const identity = await getJson(urlOf(server.url, `/v1/identity/${FRIEND}`))
      assert.equal(identity.body.name, 'devnet-friend.reown.id')
    })

    it('answers 404 for unknown names and 400 for impossible ones', async () => {
      const unknown = await lookup('nobody.reown.id')
      assert.equal(unknown.status, 404)
      assert.deepEqual(unknown.body, { error: 'not_found', reason: 'Name not found: nobody.reown.id' })
      for (const bad of ['has%20space', 'semi%3Bcolon', 'a'.repeat(101), 'under_score']) {
        const { status, body } = await lookup(bad)
        assert.equal(status, 400, bad)
        assert.match(body.reason, /Invalid name/)
      }
    })
  })

  describe('indexer', () => {
    it('survives an upstream that stops answering, warns once, and catches up later', async () => {
      const proxy = await startSwitchableProxy(rpc2)
      const warnings: string[] = []
      const warn = mock.method(console, 'warn', (...args: unknown[]) => warnings.push(args.join(' ')))
      const config = demoServerConfig({ chains: [{ chainId: 31338, name: 'Flaky', rpcUrl: proxy.url }], tokens: devnet.tokens })
      config.history = { pollMs: 50 }
      const flaky = await createServer({ config, upstreamTimeoutMs: 300, relay: false })
      try {
        await synced(flaky, 'eip155:31338', rpc2)
        proxy.hang = true
        const missed = await send(rpc2, { from: SENDER, to: OTHER_RECEIVER, value: '0x2' })
        // Several polls time out meanwhile.
        await new Promise(resolve => setTimeout(resolve, 1500))
        const streak = warnings.filter(line => line.includes('eip155:31338'))
        assert.equal(streak.length, 1, streak.join('\n'))
        assert.match(streak[0]!, /^wallet-modal-server: history: eip155:31338: .*did not answer within 300 ms; retrying$/)
        assert.ok(flaky.history!.indexedTo('eip155:31338')! < Number(missed.receipt.blockNumber))
        // The feed still answers from what was stored.
        const meanwhile = await historyOf(flaky, OTHER_RECEIVER)
        assert.deepEqual(meanwhile.body, { data: [], next: null })

        proxy.hang = false
        await synced(flaky, 'eip155:31338', rpc2)
        assert.equal((await historyOf(flaky, OTHER_RECEIVER)).body.data[0]?.metadata.hash, missed.hash)
        assert.match(warnings.at(-1)!, /eip155:31338: indexing again$/)

        // Closing while a poll hangs ends it at once instead of waiting for the timeout.
        proxy.hang = true
        await new Promise(resolve => setTimeout(resolve, 100))
      } finally {
        await flaky.close()
        warn.mock.restore()
        proxy.close()
      }
      assert.ok(warnings.length <= 3, warnings.join('\n'))
    })

    it('reads receipts one by one from a node without eth_getBlockReceipts', async () => {
      const proxy = await startSwitchableProxy(rpc1, 'eth_getBlockReceipts')
      const store = await openStore({})
      const indexer = new ChainIndexer({ store, chains: [devnetChain(proxy.url)], timeoutMs: 2000, log: () => {} })
      try {
        for (let i = 0; i < 50 && (await indexer.tick()); i++);
        const upTo = indexer.indexedTo('eip155:31337')!
        assert.ok(upTo >= 20)
        assert.equal(proxy.refused, 1, 'tried once, then per transaction')
        await server.history!.waitForBlock('eip155:31337', upTo)
        const rows = (from: Store) =>
          from.query<{ row: string }>(
            `SELECT concat_ws(' ', tx_hash, log_index, from_address, to_address, token_address, amount, status, symbol) AS row
             FROM chain_activity WHERE chain_id = 'eip155:31337' AND block_number <= $1 ORDER BY block_number, tx_index, log_index`,
            [upTo]
          )
        assert.deepEqual((await rows(store)).rows, (await rows(server.store)).rows)
      } finally {
        await indexer.stop()
        await store.close()
        proxy.close()
      }
    })

    it('can be switched off', async () => {
      const config = demoServerConfig({ chains: devnet.chains, tokens: devnet.tokens })
      config.history = { enabled: false }
      const quiet = await createServer({ config, relay: false })
      try {
        assert.equal(quiet.history, undefined)
        assert.deepEqual((await historyOf(quiet, SENDER)).body, { data: [], next: null })
      } finally {
        await quiet.close()
      }
    })

    it('starts where each chain is configured to: a block number, or the head at first start', async () => {
      const LATE_SENDER = DEVNET_ACCOUNTS[6]!
      const LATE_RECEIVER = '0x1000000000000000000000000000000000000e0e'
      const earlyOn1 = await send(rpc1, { from: LATE_SENDER, to: LATE_RECEIVER, value: '0x5' })
      const earlyOn2 = await send(rpc2, { from: LATE_SENDER, to: LATE_RECEIVER, value: '0x6' })
      const config = demoServerConfig({ chains: devnet.chains, tokens: devnet.tokens })
      config.history = { pollMs: 100 }
      config.chains.find(c => c.caipNetworkId === 'eip155:31337')!.historyFromBlock = 'latest'
      config.chains.find(c => c.caipNetworkId === 'eip155:31338')!.historyFromBlock = Number(earlyOn2.receipt.blockNumber) + 1
      const late = await createServer({ config, relay: false })
      try {
        const lateOn1 = await send(rpc1, { from: LATE_SENDER, to: LATE_RECEIVER, value: '0x7' })
        const lateOn2 = await send(rpc2, { from: LATE_SENDER, to: LATE_RECEIVER, value: '0x8' })
        await synced(late, 'eip155:31337', rpc1)
        await synced(late, 'eip155:31338', rpc2)
        const hashes = async (chainId: string) => (await historyOf(late, LATE_RECEIVER, { chainId })).body.data.map(tx => tx.metadata.hash)
        assert.deepEqual(await hashes('eip155:31337'), [lateOn1.hash])
        assert.deepEqual(await hashes('eip155:31338'), [lateOn2.hash])
        // The devnet's server, reading from block 0, has all four.
        await synced(server, 'eip155:31337', rpc1)
        await synced(server, 'eip155:31338', rpc2)
        const everything = (await historyOf(server, LATE_RECEIVER)).body.data.map(tx => tx.metadata.hash)
        assert.deepEqual(new Set(everything), new Set([earlyOn1.hash, earlyOn2.hash, lateOn1.hash, lateOn2.hash]))
      } finally {
        await late.close()
      }
    })

    const postgres = postgresAvailability()
    it('stores and pages the same on a PostgreSQL server', { skip: postgres.ok ? false : postgres.reason }, async () => {
      if (!postgres.ok) return
      const cluster = await startPostgres(postgres.bin)
      const config = demoServerConfig({ chains: devnet.chains, tokens: devnet.tokens })
      config.history = { pollMs: 100, pageSize: 5 }
      const onPostgres = await createServer({ config, databaseUrl: cluster.url, relay: false })
      try {
        assert.equal(onPostgres.store.kind, 'postgres')
        await synced(onPostgres, 'eip155:31337', rpc1)
        await synced(onPostgres, 'eip155:31338', rpc2)
        // Icon URLs name the server that answered; the rest must be identical.
        const comparable = async (from: WalletModalServer, account: string) => JSON.parse(JSON.stringify(await allPages(from, account)).replaceAll(from.url, ''))
        for (const account of [PAGER, SENDER, PAGED_RECEIVER, DEPLOYER]) {
          assert.deepEqual(await comparable(onPostgres, account), await comparable(server, account), account)
        }
      } finally {
        await onPostgres.close()
        await cluster.stop()
      }
    })

    it('leaks no unhandled rejections', () => {
      assert.deepEqual(rejections, [])
    })
  })
})

describe('indexer on a restarted chain', () => {
  const CHAIN_ID = 31339
  const CAIP2 = `eip155:${CHAIN_ID}`
  let port: number
  let anvil: AnvilInstance | undefined
  let store: Store
  let indexer: ChainIndexer
  const lines: string[] = []

  /** Polls until the indexer has caught up with the node. */
  const catchUp = async () => {
    for (let i = 0; i < 50 && (await indexer.tick()); i++);
  }
  const storedHashes = async () => (await store.query<{ tx_hash: string }>('SELECT DISTINCT tx_hash FROM chain_activity WHERE chain_id = $1', [CAIP2])).rows.map(r => r.tx_hash)
  const restart = async () => {
    await anvil?.stop()
    anvil = await startAnvil({ chainId: CHAIN_ID, port })
  }

  before(async () => {
    port = await findFreePort()
    anvil = await startAnvil({ chainId: CHAIN_ID, port })
    store = await openStore({})
    indexer = new ChainIndexer({
      store,
      chains: [{ caipNetworkId: CAIP2, name: 'Restarting', rpcUrl: anvil.url, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
      timeoutMs: 2000,
      batchBlocks: 2,
      log: line => lines.push(line)
    })
  })
  after(async () => {
    await indexer?.stop()
    await store?.close()
    await anvil?.stop()
  })

  it('drops the old rows when the head falls below the last stored block', async () => {
    const first = await send(anvil!.url, { from: SENDER, to: RECEIVER, value: '0x1' })
    const second = await send(anvil!.url, { from: SENDER, to: RECEIVER, value: '0x2' })
    const third = await send(anvil!.url, { from: SENDER, to: RECEIVER, value: '0x3' })
    await catchUp()
    assert.equal(indexer.indexedTo(CAIP2), 3)
    assert.deepEqual(new Set(await storedHashes()), new Set([first.hash, second.hash, third.hash]))

    await restart()
    const fresh = await send(anvil!.url, { from: SENDER, to: OTHER_RECEIVER, value: '0x4' })
    await catchUp()
    assert.deepEqual(await storedHashes(), [fresh.hash])
    assert.equal(indexer.indexedTo(CAIP2), 1)
    assert.match(lines.at(-1)!, /eip155:31339: block 3 is gone or changed .* from block 0$/)
  })

  it('drops the old rows when the stored block was replaced by another', async () => {
    await restart()
    // Another transaction in block 1 and more blocks on top: same numbers, other hashes.
    const fresh = await send(anvil!.url, { from: SENDER, to: OTHER_RECEIVER, value: '0x5' })
    await jsonRpc(anvil!.url, 'anvil_mine', ['0x4'])
    await catchUp()
    assert.deepEqual(await storedHashes(), [fresh.hash])
    assert.equal(indexer.indexedTo(CAIP2), 5)
    assert.match(lines.at(-1)!, /block 1 is gone or changed/)
    const progress = await store.query<{ block_hash: string }>('SELECT block_hash FROM indexer_progress WHERE chain_id = $1', [CAIP2])
    const head = await jsonRpc<{ hash: string }>(anvil!.url, 'eth_getBlockByNumber', ['0x5', false])
    assert.equal(progress.rows[0]!.block_hash, head.hash)
  })
})
