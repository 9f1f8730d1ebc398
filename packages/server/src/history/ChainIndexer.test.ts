// The history indexer against real anvil chains: a node that hangs or lacks eth_getBlockReceipts,
// the switch and the start block, PostgreSQL, and a chain that restarts under it.
import { after, before, describe, it, mock } from 'node:test'
import assert from 'node:assert/strict'
import { DEVNET_ACCOUNTS, findFreePort, jsonRpc, startAnvil, type AnvilInstance } from '@wallet-modal/devnet'
import { encodeFunctionData, erc20Abi } from 'viem'
import { ChainIndexer, createServer, openStore, type Store, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import {
  DEPLOYER,
  OTHER_RECEIVER,
  PAGED_RECEIVER,
  PAGER,
  RECEIVER,
  SENDER,
  allPages,
  devnetChain,
  historyOf,
  send,
  sendSampleActivity,
  startActivityServer,
  synced,
  transferData
} from '../__fixtures__/activity.js'
import { waitFor } from '../__fixtures__/http.js'
import { postgresAvailability, startPostgres } from '../__fixtures__/startPostgres.js'
import { startSwitchableProxy } from '../__fixtures__/startSwitchableProxy.js'
import { useRejectionLog } from '../__fixtures__/useRejectionLog.js'
import { useStarted } from '../__fixtures__/useStarted.js'

describe('history indexer (devnet)', () => {
  /** Indexes every chain from block 0, as the demo does: the reference the others are held to. */
  const feed = useStarted(startActivityServer, started => started.close())
  const rejections = useRejectionLog()

  before(async () => {
    await sendSampleActivity(feed.rpc1, feed.rpc2)
  })

  it('survives an upstream that stops answering, warns once, and catches up later', async () => {
    const proxy = await startSwitchableProxy(feed.rpc2)
    const warnings: string[] = []
    const warn = mock.method(console, 'warn', (...args: unknown[]) => warnings.push(args.join(' ')))
    const config = demoServerConfig({ chains: [{ chainId: 31338, name: 'Flaky', rpcUrl: proxy.url }], tokens: feed.devnet.tokens })
    config.history = { pollMs: 50 }
    const flaky = await createServer({ config, upstreamTimeoutMs: 300, relay: false })
    try {
      await synced(flaky, 'eip155:31338', feed.rpc2)
      proxy.hang = true
      const missed = await send(feed.rpc2, { from: SENDER, to: OTHER_RECEIVER, value: '0x2' })
      // Several polls time out meanwhile: a poll is one batch, sent after the previous one failed
      // (and was logged), so a third request held means two polls have timed out.
      await waitFor(() => proxy.hung >= 3, 10_000, 'three polls held')
      const streak = warnings.filter(line => line.includes('eip155:31338'))
      assert.equal(streak.length, 1, streak.join('\n'))
      assert.match(streak[0]!, /^wallet-modal-server: history: eip155:31338: .*did not answer within 300 ms; retrying$/)
      assert.ok(flaky.history!.indexedTo('eip155:31338')! < Number(missed.receipt.blockNumber))
      // The feed still answers from what was stored.
      const meanwhile = await historyOf(flaky, OTHER_RECEIVER)
      assert.deepEqual(meanwhile.body, { data: [], next: null })

      proxy.hang = false
      await synced(flaky, 'eip155:31338', feed.rpc2)
      assert.equal((await historyOf(flaky, OTHER_RECEIVER)).body.data[0]?.metadata.hash, missed.hash)
      assert.match(warnings.at(-1)!, /eip155:31338: indexing again$/)

      // Closing while a poll hangs ends it at once instead of waiting for the timeout.
      const held = proxy.hung
      proxy.hang = true
      await waitFor(() => proxy.hung > held, 5000, 'a poll held')
    } finally {
      await flaky.close()
      warn.mock.restore()
      proxy.close()
    }
    assert.ok(warnings.length <= 3, warnings.join('\n'))
  })

  it('reads receipts one by one from a node without eth_getBlockReceipts', async () => {
    const proxy = await startSwitchableProxy(feed.rpc1, 'eth_getBlockReceipts')
    const store = await openStore({})
    const indexer = new ChainIndexer({ store, chains: [devnetChain(proxy.url)], timeoutMs: 2000, log: () => {} })
    try {
      for (let i = 0; i < 50 && (await indexer.tick()); i++);
      const upTo = indexer.indexedTo('eip155:31337')!
      assert.ok(upTo >= 20)
      assert.equal(proxy.refused, 1, 'tried once, then per transaction')
      await feed.server.history!.waitForBlock('eip155:31337', upTo)
      const rows = (from: Store) =>
        from.query<{ row: string }>(
          `SELECT concat_ws(' ', tx_hash, log_index, from_address, to_address, token_address, amount, status, symbol) AS row
           FROM chain_activity WHERE chain_id = 'eip155:31337' AND block_number <= $1 ORDER BY block_number, tx_index, log_index`,
          [upTo]
        )
      assert.deepEqual((await rows(store)).rows, (await rows(feed.server.store)).rows)
    } finally {
      await indexer.stop()
      await store.close()
      proxy.close()
    }
  })

  it('can be switched off', async () => {
    const config = demoServerConfig({ chains: feed.devnet.chains, tokens: feed.devnet.tokens })
    config.history = { enabled: false }
    const quiet = await createServer({ config, relay: false })
    try {
      assert.equal(quiet.history, undefined)
      assert.deepEqual((await historyOf(quiet, SENDER)).body, { data: [], next: null })
    } finally {
      await quiet.close()
    }
  })

  it('starts where each chain is configured to: a block number, or after the head at first start', async () => {
    const LATE_SENDER = DEVNET_ACCOUNTS[6]!
    const LATE_RECEIVER = '0x1000000000000000000000000000000000000e0e'
    const earlyOn1 = await send(feed.rpc1, { from: LATE_SENDER, to: LATE_RECEIVER, value: '0x5' })
    const earlyOn2 = await send(feed.rpc2, { from: LATE_SENDER, to: LATE_RECEIVER, value: '0x6' })
    const config = demoServerConfig({ chains: feed.devnet.chains, tokens: feed.devnet.tokens })
    config.history = { pollMs: 100 }
    config.chains.find(c => c.caipNetworkId === 'eip155:31337')!.historyFromBlock = 'latest'
    config.chains.find(c => c.caipNetworkId === 'eip155:31338')!.historyFromBlock = Number(earlyOn2.receipt.blockNumber) + 1
    const late = await createServer({ config, relay: false })
    try {
      // The first poll has seen the head (the early transactions' blocks): only what follows counts.
      await late.history!.tick()
      const lateOn1 = await send(feed.rpc1, { from: LATE_SENDER, to: LATE_RECEIVER, value: '0x7' })
      const lateOn2 = await send(feed.rpc2, { from: LATE_SENDER, to: LATE_RECEIVER, value: '0x8' })
      await synced(late, 'eip155:31337', feed.rpc1)
      await synced(late, 'eip155:31338', feed.rpc2)
      const hashes = async (chainId: string) => (await historyOf(late, LATE_RECEIVER, { chainId })).body.data.map(tx => tx.metadata.hash)
      assert.deepEqual(await hashes('eip155:31337'), [lateOn1.hash])
      assert.deepEqual(await hashes('eip155:31338'), [lateOn2.hash])
      // The reference server, reading from block 0, has all four.
      await synced(feed.server, 'eip155:31337', feed.rpc1)
      await synced(feed.server, 'eip155:31338', feed.rpc2)
      const everything = (await historyOf(feed.server, LATE_RECEIVER)).body.data.map(tx => tx.metadata.hash)
      assert.deepEqual(new Set(everything), new Set([earlyOn1.hash, earlyOn2.hash, lateOn1.hash, lateOn2.hash]))
    } finally {
      await late.close()
    }
  })

  const postgres = postgresAvailability()
  it('stores and pages the same on a PostgreSQL server', { skip: postgres.ok ? false : postgres.reason }, async () => {
    if (!postgres.ok) return
    const cluster = await startPostgres(postgres.bin)
    const config = demoServerConfig({ chains: feed.devnet.chains, tokens: feed.devnet.tokens })
    config.history = { pollMs: 100, pageSize: 5 }
    const onPostgres = await createServer({ config, databaseUrl: cluster.url, relay: false })
    try {
      assert.equal(onPostgres.store.kind, 'postgres')
      await synced(onPostgres, 'eip155:31337', feed.rpc1)
      await synced(onPostgres, 'eip155:31338', feed.rpc2)
      // Icon URLs name the server that answered; the rest must be identical.
      const comparable = async (from: WalletModalServer, account: string) => JSON.parse(JSON.stringify(await allPages(from, account)).replaceAll(from.url, ''))
      for (const account of [PAGER, SENDER, PAGED_RECEIVER, DEPLOYER]) {
        assert.deepEqual(await comparable(onPostgres, account), await comparable(feed.server, account), account)
      }
    } finally {
      await onPostgres.close()
      await cluster.stop()
    }
  })

  it("attack: zero-amount transferFrom poisoning the victim's feed", async () => {
    const victim = DEVNET_ACCOUNTS[7]!
    const attacker = DEVNET_ACCOUNTS[8]!
    // One character off the victim's usual counterparty: what a poisoner wants copied.
    const lookalike = '0x1000000000000000000000000000000000000b0c'
    // The real USDT-like token: transferFrom of 0 needs no allowance, so anyone can make one.
    const poison = await send(feed.rpc1, {
      from: attacker,
      to: feed.devnet.tokens.USDT,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [victim, lookalike, 0n] })
    })
    assert.equal(poison.receipt.status, '0x1')
    assert.equal(
      (await jsonRpc<{ logs: unknown[] }>(feed.rpc1, 'eth_getTransactionReceipt', [poison.hash])).logs.length,
      1,
      'the token emitted Transfer(victim, lookalike, 0)'
    )
    await synced(feed.server, 'eip155:31337', feed.rpc1)
    assert.deepEqual((await historyOf(feed.server, victim)).body, { data: [], next: null })
    assert.deepEqual((await historyOf(feed.server, lookalike)).body, { data: [], next: null })
    // A zero transfer the victim makes itself is its own doing, and listed.
    const own = await send(feed.rpc1, { from: victim, to: feed.devnet.tokens.USDT, data: transferData(lookalike, 0n) })
    await synced(feed.server, 'eip155:31337', feed.rpc1)
    assert.deepEqual(
      (await historyOf(feed.server, victim)).body.data.map(t => t.metadata.hash),
      [own.hash]
    )
  })

  it('leaks no unhandled rejections', () => {
    assert.deepEqual(rejections, [])
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
  const storedHashes = async () =>
    (await store.query<{ tx_hash: string }>('SELECT DISTINCT tx_hash FROM chain_activity WHERE chain_id = $1', [CAIP2])).rows.map(r => r.tx_hash)
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
