// The activity feed (/v1/account/{account}/history) against real anvil chains: every transaction
// is sent to a node and then looked for in the server's answer.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { encodeDeployData, encodeFunctionData, erc20Abi, getAddress, parseEther, type Hex } from 'viem'
import * as v from 'valibot'
import { HistoryPageSchema } from '@wallet-modal/wire'
import {
  DEVNET_ACCOUNTS,
  DEVNET_ARTIFACTS,
  DEVNET_LIST_TOKEN,
  DEVNET_TOKEN_LIST_URL,
  DUSD_ADDRESS,
  USDT_ADDRESS,
  WALLET_ACCOUNT,
  jsonRpc,
  startDevnet,
  startEtherscanStandIn,
  type Devnet,
  type EtherscanStandIn
} from '@wallet-modal/devnet'
import { createServer, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { getJson, urlOf } from '../__fixtures__/http.js'
import {
  DEPLOYER,
  OTHER_RECEIVER,
  PAGED_RECEIVER,
  PAGER,
  RECEIVER,
  SENDER,
  allPages,
  historyOf,
  send,
  startActivityServer,
  synced,
  transferData
} from '../__fixtures__/activity.js'
import { useRejectionLog } from '../__fixtures__/useRejectionLog.js'
import { useStarted } from '../__fixtures__/useStarted.js'

describe('activity feed (devnet)', () => {
  const feed = useStarted(startActivityServer, started => started.close())
  const rejections = useRejectionLog()

  describe('/v1/account/{account}/history', () => {
    it('lists native, DUSD and USDT sends newest first, with amounts, prices and icons', async () => {
      const eth = await send(feed.rpc1, { from: SENDER, to: RECEIVER, value: `0x${parseEther('0.5').toString(16)}` })
      const dusd = await send(feed.rpc1, { from: SENDER, to: DUSD_ADDRESS, data: transferData(RECEIVER, 10_000_000n) })
      const usdt = await send(feed.rpc1, { from: SENDER, to: USDT_ADDRESS, data: transferData(RECEIVER, 2_500_000n) })
      await synced(feed.server, 'eip155:31337', feed.rpc1)

      const { status, body } = await historyOf(feed.server, SENDER, { chainId: 'eip155:31337' })
      assert.equal(status, 200)
      // What the modal's service client accepts, field for field.
      assert.deepEqual(v.parse(HistoryPageSchema, body), body)
      // Three sends, then the two mints of the deployment (5 = the page size, and nothing more).
      assert.equal(body.data.length, 5)
      assert.deepEqual(
        body.data.slice(0, 3).map(tx => tx.metadata.hash),
        [usdt.hash, dusd.hash, eth.hash]
      )
      assert.equal(body.next, null)

      const block = await jsonRpc<{ timestamp: Hex }>(feed.rpc1, 'eth_getBlockByNumber', [usdt.receipt.blockNumber, false])
      const { nonce } = await jsonRpc<{ nonce: Hex }>(feed.rpc1, 'eth_getTransactionByHash', [usdt.hash])
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
            fungible_info: { name: 'Devnet Tether', symbol: 'USDT', icon: { url: urlOf(feed.server.url, '/public/getTokenImage/USDT') } },
            direction: 'out',
            quantity: { numeric: '2.5' },
            value: 2.5,
            price: 1
          }
        ]
      })
      assert.deepEqual(
        body.data[1]!.transfers.map(t => [t.fungible_info.symbol, t.direction, t.quantity.numeric, t.value]),
        [['DUSD', 'out', '10', 10]]
      )
      assert.deepEqual(body.data[2]!.transfers, [
        {
          fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: urlOf(feed.server.url, '/public/getTokenImage/ETH') } },
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
        assert.deepEqual(
          mint.transfers.map(t => [t.direction, t.quantity.numeric]),
          [['in', '1000000']]
        )
      }
      assert.deepEqual(new Set(body.data.slice(3).map(tx => tx.transfers[0]!.fungible_info.symbol)), new Set(['DUSD', 'USDT']))
      assert.equal((await fetch(body.data[0]!.transfers[0]!.fungible_info.icon!.url)).status, 200)
    })

    it("shows the receiver the same transactions as 'receive'", async () => {
      const { body } = await historyOf(feed.server, RECEIVER.toUpperCase().replace('0X', '0x'))
      assert.deepEqual(
        body.data.map(tx => tx.metadata.operationType),
        ['receive', 'receive', 'receive']
      )
      assert.deepEqual(
        body.data.map(tx => tx.transfers.map(t => [t.fungible_info.symbol, t.direction, t.quantity.numeric])),
        [[['USDT', 'in', '2.5']], [['DUSD', 'in', '10']], [['ETH', 'in', '0.5']]]
      )
      assert.ok(body.data.every(tx => tx.metadata.sentFrom === SENDER && tx.metadata.sentTo === getAddress(RECEIVER)))
    })

    it('pages through 12 transfers, 5 at a time, without gaps or repeats', async () => {
      // What the devnet's setup left in the sender's feed (its mints, and whatever else it does with this account).
      await synced(feed.server, 'eip155:31337', feed.rpc1)
      const before = (await allPages(feed.server, PAGER, { chainId: 'eip155:31337' })).flat().map(tx => tx.metadata.hash)
      assert.ok(before.length >= 2, 'at least the two mints of the deployment')
      const hashes: Hex[] = []
      for (let i = 1; i <= 12; i++)
        hashes.push((await send(feed.rpc1, { from: PAGER, to: DUSD_ADDRESS, data: transferData(PAGED_RECEIVER, BigInt(i) * 1_000_000n) })).hash)
      await synced(feed.server, 'eip155:31337', feed.rpc1)

      const pages = await allPages(feed.server, PAGED_RECEIVER, { chainId: 'eip155:31337' })
      assert.deepEqual(
        pages.map(page => page.length),
        [5, 5, 2]
      )
      const listed = pages.flat()
      assert.deepEqual(
        listed.map(tx => tx.metadata.hash),
        [...hashes].reverse()
      )
      assert.deepEqual(
        listed.map(tx => tx.transfers[0]!.quantity.numeric),
        Array.from({ length: 12 }, (_, i) => String(12 - i))
      )

      // The sender also has what it had before (its two mints at least): 12 more in all.
      const senderPages = await allPages(feed.server, PAGER, { chainId: 'eip155:31337' })
      const total = before.length + 12
      assert.deepEqual(
        senderPages.map(page => page.length),
        [...Array<number>(Math.floor(total / 5)).fill(5), ...(total % 5 ? [total % 5] : [])]
      )
      assert.deepEqual(
        senderPages.flat().map(tx => tx.metadata.hash),
        [...[...hashes].reverse(), ...before]
      )
      assert.ok(
        senderPages
          .flat()
          .slice(0, 12)
          .every(tx => tx.metadata.operationType === 'send')
      )
    })

    it('narrows to one chain with chainId and merges all chains without it', async () => {
      const other = await send(feed.rpc2, { from: SENDER, to: RECEIVER, value: '0x1' })
      await synced(feed.server, 'eip155:31338', feed.rpc2)
      await synced(feed.server, 'eip155:31337', feed.rpc1)

      const onlyOther = await historyOf(feed.server, SENDER, { chainId: 'eip155:31338' })
      assert.equal(onlyOther.body.data[0]!.metadata.hash, other.hash)
      assert.deepEqual(
        onlyOther.body.data[0]!.transfers.map(t => t.quantity.numeric),
        ['0.000000000000000001']
      )
      assert.ok(onlyOther.body.data.every(tx => tx.metadata.chain === 'eip155:31338'))
      const onlyFirst = await historyOf(feed.server, SENDER, { chainId: 'eip155:31337' })
      assert.ok(onlyFirst.body.data.every(tx => tx.metadata.chain === 'eip155:31337'))

      const merged = (await allPages(feed.server, SENDER)).flat()
      assert.deepEqual(new Set(merged.map(tx => tx.metadata.chain)), new Set(['eip155:31337', 'eip155:31338']))
      assert.ok(merged.some(tx => tx.id === `${other.hash}:eip155:31338`))
      assert.equal(new Set(merged.map(tx => tx.id)).size, merged.length, 'no transaction twice')
      const times = merged.map(tx => Date.parse(tx.metadata.minedAt))
      assert.deepEqual(
        times,
        [...times].sort((a, b) => b - a),
        'newest first across chains'
      )
    })

    it("lists a reverted USDT transfer as failed for its sender only, and plain calls as 'execute'", async () => {
      // Above the balance: DevnetTether reverts. An explicit gas limit skips anvil's estimate, so it is mined.
      const failed = await send(feed.rpc1, { from: SENDER, to: USDT_ADDRESS, data: transferData(OTHER_RECEIVER, 10n ** 15n), gas: '0x30000' })
      assert.equal(failed.receipt.status, '0x0')
      const approve = await send(feed.rpc1, {
        from: SENDER,
        to: DUSD_ADDRESS,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [OTHER_RECEIVER, 5n] })
      })
      const self = await send(feed.rpc1, { from: SENDER, to: DUSD_ADDRESS, data: transferData(SENDER, 1_000_000n) })
      await synced(feed.server, 'eip155:31337', feed.rpc1)

      const { body } = await historyOf(feed.server, SENDER, { chainId: 'eip155:31337' })
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
      const receiver = await historyOf(feed.server, OTHER_RECEIVER)
      assert.deepEqual(receiver.body, { data: [], next: null })
    })

    it('names tokens outside the configuration from their contract, without a price, marked unverified', async () => {
      const artifact = DEVNET_ARTIFACTS.DevnetToken
      const data = encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args: ['Other Token', 'OTK', 8, [DEPLOYER], 10n ** 12n] })
      const deployed = await send(feed.rpc1, { from: DEPLOYER, data })
      const token = deployed.receipt.contractAddress!
      const moved = await send(feed.rpc1, { from: DEPLOYER, to: token, data: transferData(RECEIVER, 150_000_000n) })
      await synced(feed.server, 'eip155:31337', feed.rpc1)

      const { body } = await historyOf(feed.server, DEPLOYER)
      assert.equal(body.data[0]!.metadata.hash, moved.hash)
      // Unlisted: the modal drops transactions made only of such transfers (address poisoning).
      assert.deepEqual(body.data[0]!.transfers, [
        { fungible_info: { name: 'Other Token', symbol: 'OTK', flags: { verified: false } }, direction: 'out', quantity: { numeric: '1.5' } }
      ])
      // The deployment: a contract creation that minted to the deployer.
      assert.equal(body.data[1]!.metadata.hash, deployed.hash)
      assert.equal(body.data[1]!.metadata.sentTo, DEPLOYER)
      assert.deepEqual(
        body.data[1]!.transfers.map(t => [t.direction, t.quantity.numeric]),
        [['in', '10000']]
      )
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
        [SENDER, { chainId: '31337' }, /chainId/],
        [SENDER, { onramp: 'x'.repeat(51) }, /onramp/]
      ]
      for (const [account, params, reason] of cases) {
        const { status, body } = await historyOf(feed.server, account, params)
        assert.equal(status, 400, `${account} ${JSON.stringify(params)}`)
        assert.equal(body.error, 'bad_request')
        assert.match(body.reason ?? '', reason)
      }
      const noProject = await getJson(urlOf(feed.server.url, `/v1/account/${SENDER}/history`, {}, { st: 'x', sv: 'y' }))
      assert.equal(noProject.status, 400)
    })

    it("answers a provider's purchases (none reported here) and unknown accounts with empty pages", async () => {
      assert.deepEqual((await historyOf(feed.server, SENDER, { onramp: 'coinbase' })).body, { data: [], next: null })
      assert.deepEqual((await historyOf(feed.server, SENDER, { onramp: 'meld', chainId: 'eip155:31337' })).body, { data: [], next: null })
      assert.deepEqual((await historyOf(feed.server, '0x000000000000000000000000000000000000dEaD')).body, { data: [], next: null })
      const { status, body } = await historyOf(feed.server, SENDER, { chainId: 'eip155:31337' })
      assert.equal(status, 200)
      assert.equal(body.data.length, 5)
    })
  })

  it('leaks no unhandled rejections', () => {
    assert.deepEqual(rejections, [])
  })
})

/** A devnet, an Etherscan stand-in reading its second chain, and two servers: one indexing both chains, one reading 31338 from the stand-in. */
interface ExplorerFeed {
  devnet: Devnet
  explorer: EtherscanStandIn
  /** The reference: the indexer follows both chains. */
  indexed: WalletModalServer
  /** eip155:31338 from the stand-in (Etherscan V2 API), eip155:31337 from its indexer. */
  explored: WalletModalServer
  rpc1: string
  rpc2: string
  close(): Promise<void>
}

async function startExplorerFeed(): Promise<ExplorerFeed> {
  const devnet = await startDevnet()
  const closing: (() => Promise<void>)[] = [() => devnet.stop()]
  const close = async () => {
    for (const step of closing.reverse()) await step()
  }
  try {
    const rpc2 = devnet.chains[1]!.rpcUrl
    const explorer = await startEtherscanStandIn({ chains: { 31338: { rpcUrl: rpc2 } } })
    closing.push(() => explorer.close())
    const config = () => {
      const base = demoServerConfig({ chains: devnet.chains, tokens: devnet.tokens, tokenLists: [DEVNET_TOKEN_LIST_URL] })
      base.history = { pollMs: 100, pageSize: 5 }
      return base
    }
    const indexed = await createServer({ config: config(), upstreamTimeoutMs: 2000, relay: false })
    closing.push(() => indexed.close())
    // Small explorer pages: the feed pages through several calls per page.
    const explored = await createServer({
      config: {
        ...config(),
        historyProviders: { etherscan: { baseUrl: explorer.url, apiKey: explorer.apiKey, chains: ['eip155:31338'], pageSize: 3, timeoutMs: 1000 } }
      },
      upstreamTimeoutMs: 2000,
      relay: false
    })
    closing.push(() => explored.close())
    return { devnet, explorer, indexed, explored, rpc1: devnet.chains[0]!.rpcUrl, rpc2, close }
  } catch (error) {
    await close()
    throw error
  }
}

describe('activity feed from an explorer API (devnet, Etherscan stand-in)', () => {
  const feed = useStarted(startExplorerFeed, started => started.close())
  const rejections = useRejectionLog()
  const VICTIM = DEVNET_ACCOUNTS[6]!
  const ATTACKER = DEVNET_ACCOUNTS[8]!
  const LOOKALIKE = '0x1000000000000000000000000000000000000b0c'
  /** Every page of an account's feed on a server, flattened, each page checked. */
  const feedOf = async (server: WalletModalServer, account: string, params: Record<string, string> = {}) => {
    const pages = await allPages(server, account, params)
    for (const page of pages) assert.ok(page.length <= 5)
    return pages.flat()
  }
  /** The same, with the server's own URL (in icon links) left out, to compare two servers' feeds. */
  const comparable = async (server: WalletModalServer, account: string, params: Record<string, string> = {}) =>
    JSON.parse(JSON.stringify(await feedOf(server, account, params)).replaceAll(server.url, 'SERVER')) as unknown

  it('serves the chain from the explorer in the same shapes, spam rules and token list as the indexer', async () => {
    const { rpc2 } = feed
    await send(rpc2, { from: SENDER, to: RECEIVER, value: `0x${parseEther('0.25').toString(16)}` })
    await send(rpc2, { from: SENDER, to: DUSD_ADDRESS, data: transferData(RECEIVER, 4_000_000n) })
    await send(rpc2, { from: SENDER, to: USDT_ADDRESS, data: transferData(RECEIVER, 1_500_000n) })
    await send(rpc2, { from: SENDER, to: USDT_ADDRESS, data: transferData(OTHER_RECEIVER, 10n ** 15n), gas: '0x30000' })
    // A token only the token list names, and a token nobody names.
    const listed = await send(rpc2, { from: WALLET_ACCOUNT, to: DEVNET_LIST_TOKEN.address, data: transferData(RECEIVER, 3_000_000n) })
    const artifact = DEVNET_ARTIFACTS.DevnetToken
    const deployed = await send(rpc2, {
      from: DEPLOYER,
      data: encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args: ['Other Token', 'OTK', 8, [DEPLOYER], 10n ** 12n] })
    })
    const unlisted = await send(rpc2, { from: DEPLOYER, to: deployed.receipt.contractAddress!, data: transferData(RECEIVER, 150_000_000n) })
    // Poisoning: transferFrom(victim, lookalike, 0) by a third party, and a zero "receive" from another account.
    await send(rpc2, {
      from: ATTACKER,
      to: USDT_ADDRESS,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [VICTIM, LOOKALIKE, 0n] })
    })
    await send(rpc2, { from: ATTACKER, to: DUSD_ADDRESS, data: transferData(VICTIM, 0n) })
    await send(rpc2, { from: ATTACKER, to: VICTIM, value: '0x0' })
    await synced(feed.indexed, 'eip155:31338', rpc2)

    const chain = { chainId: 'eip155:31338' }
    for (const account of [SENDER, RECEIVER, WALLET_ACCOUNT, DEPLOYER, VICTIM, ATTACKER, LOOKALIKE, OTHER_RECEIVER]) {
      const fromExplorer = await feedOf(feed.explored, account, chain)
      assert.deepEqual(await comparable(feed.explored, account, chain), await comparable(feed.indexed, account, chain), account)
      assert.deepEqual(v.parse(HistoryPageSchema, { data: fromExplorer, next: null }).data, fromExplorer)
    }

    const received = await feedOf(feed.explored, RECEIVER, chain)
    const byHash = new Map(received.map(tx => [tx.metadata.hash, tx]))
    // Verified because the token list names it (not the configuration): named and priced from there.
    assert.deepEqual(
      byHash.get(listed.hash)!.transfers.map(t => [t.fungible_info.symbol, t.fungible_info.flags, t.quantity.numeric]),
      [['DLST', undefined, '3']]
    )
    assert.deepEqual(
      byHash.get(unlisted.hash)!.transfers.map(t => [t.fungible_info.symbol, t.fungible_info.flags]),
      [['OTK', { verified: false }]]
    )
    assert.deepEqual(
      (await feedOf(feed.explored, SENDER, chain)).slice(0, 4).map(tx => [tx.metadata.operationType, tx.metadata.status]),
      [
        ['execute', 'failed'],
        ['send', 'confirmed'],
        ['send', 'confirmed'],
        ['send', 'confirmed']
      ]
    )
    // The victim's Activity stays clean; the attacker sees its own transactions.
    assert.deepEqual(await feedOf(feed.explored, VICTIM, chain), [])
    assert.deepEqual(await feedOf(feed.explored, LOOKALIKE, chain), [])
    assert.equal((await feedOf(feed.explored, ATTACKER, chain)).length, 3)
    // Asked of the explorer: txlist and tokentx for the account, newest first, with the key the server holds.
    const asked = feed.explorer.calls.filter(call => call.query.address === RECEIVER.toLowerCase())
    assert.deepEqual(new Set(asked.map(call => call.query.action)), new Set(['txlist', 'tokentx']))
    assert.ok(asked.every(call => call.query.chainid === '31338' && call.query.sort === 'desc' && call.query.apikey === feed.explorer.apiKey))
  })

  it('merges the indexed chain and the explored chain in time order, page after page', async () => {
    await send(feed.rpc1, { from: SENDER, to: RECEIVER, value: '0x7' })
    await send(feed.rpc2, { from: SENDER, to: RECEIVER, value: '0x8' })
    await send(feed.rpc1, { from: SENDER, to: DUSD_ADDRESS, data: transferData(RECEIVER, 1n) })
    await synced(feed.indexed, 'eip155:31337', feed.rpc1)
    await synced(feed.indexed, 'eip155:31338', feed.rpc2)
    await synced(feed.explored, 'eip155:31337', feed.rpc1)
    for (const account of [SENDER, RECEIVER]) {
      const merged = await feedOf(feed.explored, account)
      assert.deepEqual(await comparable(feed.explored, account), await comparable(feed.indexed, account), account)
      assert.deepEqual(new Set(merged.map(tx => tx.metadata.chain)), new Set(['eip155:31337', 'eip155:31338']))
      assert.equal(new Set(merged.map(tx => tx.id)).size, merged.length, 'no transaction twice')
    }
    // The explorer's chain needs no indexer: the server does not follow it.
    assert.equal(feed.explored.history!.indexedTo('eip155:31338'), undefined)
  })

  it('keeps the 400 of a chain no source serves and of a malformed cursor', async () => {
    for (const [params, reason] of [
      [{ chainId: 'eip155:1' }, /^Network not supported for activity: eip155:1$/],
      [{ cursor: Buffer.from(JSON.stringify([1, 2, 3, 'eip155:31337', { 'eip155:31338': -1 }])).toString('base64url') }, /Invalid cursor/],
      [{ cursor: Buffer.from(JSON.stringify([1, 2, 3, 'eip155:31337', {}])).toString('base64url') }, /Invalid cursor/]
    ] as const) {
      const { status, body } = await historyOf(feed.explored, SENDER, params)
      assert.equal(status, 400)
      assert.match(body.reason ?? '', reason)
    }
  })

  it('answers a failing explorer with a gateway error and a reason, never the key; the indexed chain still answers', async () => {
    const onExplored = (params: Record<string, string> = { chainId: 'eip155:31338' }) => historyOf(feed.explored, SENDER, params)
    const cases: [Parameters<EtherscanStandIn['fail']>[0], number, string, RegExp][] = [
      [{ kind: 'rateLimit' }, 503, 'service_unavailable', /^Etherscan rate-limited this server: Max rate limit reached/],
      [{ kind: 'http', status: 500 }, 502, 'bad_gateway', /^Etherscan answered HTTP 500$/],
      [{ kind: 'garbage' }, 502, 'bad_gateway', /^Etherscan gave an answer that is not JSON$/],
      [{ kind: 'slow' }, 504, 'gateway_timeout', /^Etherscan did not answer within 1000 ms$/]
    ]
    for (const [failure, status, error, reason] of cases) {
      feed.explorer.fail(failure, 1)
      const answer = await onExplored()
      assert.equal(answer.status, status, JSON.stringify(answer.body))
      assert.equal(answer.body.error, error)
      assert.match(answer.body.reason ?? '', reason)
      feed.explorer.recover()
      // One failure does not open the breaker: the next page is served.
      assert.equal((await onExplored()).status, 200)
    }

    feed.explorer.fail({ kind: 'invalidKey' })
    const refused = await onExplored()
    assert.equal(refused.status, 502)
    assert.match(refused.body.reason ?? '', /^Etherscan refused this server's API key: Invalid API Key$/)
    // A refused key opens the breaker at once: the explorer is not asked meanwhile.
    const calls = feed.explorer.calls.length
    const skipped = await onExplored()
    assert.equal(skipped.status, 503)
    assert.match(skipped.body.reason ?? '', /^Etherscan is skipped for a while after failing \(Etherscan refused this server's API key: Invalid API Key\)$/)
    assert.equal((await onExplored({})).status, 503, 'the merged feed needs every chain')
    assert.equal(feed.explorer.calls.length, calls)
    feed.explorer.recover()
    // The indexed chain is its own source.
    const indexed = await historyOf(feed.explored, SENDER, { chainId: 'eip155:31337' })
    assert.equal(indexed.status, 200)
    for (const body of [refused.body, skipped.body, indexed.body]) assert.ok(!JSON.stringify(body).includes(feed.explorer.apiKey))
  })

  it('leaks no unhandled rejections', () => {
    assert.deepEqual(rejections, [])
  })
})
