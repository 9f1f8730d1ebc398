// The activity feed (/v1/account/{account}/history) against real anvil chains: every transaction
// is sent to a node and then looked for in the server's answer.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { encodeDeployData, encodeFunctionData, erc20Abi, getAddress, parseEther, type Hex } from 'viem'
import * as v from 'valibot'
import { HistoryPageSchema } from '@wallet-modal/wire'
import { DEVNET_ARTIFACTS, DUSD_ADDRESS, USDT_ADDRESS, jsonRpc } from '../../../devnet/src/index.js'
import { getJson, urlOf } from '../__fixtures__/http.js'
import { DEPLOYER, OTHER_RECEIVER, PAGED_RECEIVER, PAGER, RECEIVER, SENDER, allPages, historyOf, send, startActivityServer, synced, transferData } from '../__fixtures__/activity.js'
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
      assert.deepEqual(body.data.slice(0, 3).map(tx => tx.metadata.hash), [usdt.hash, dusd.hash, eth.hash])
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
      assert.deepEqual(body.data[1]!.transfers.map(t => [t.fungible_info.symbol, t.direction, t.quantity.numeric, t.value]), [['DUSD', 'out', '10', 10]])
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
        assert.deepEqual(mint.transfers.map(t => [t.direction, t.quantity.numeric]), [['in', '1000000']])
      }
      assert.deepEqual(new Set(body.data.slice(3).map(tx => tx.transfers[0]!.fungible_info.symbol)), new Set(['DUSD', 'USDT']))
      assert.equal((await fetch(body.data[0]!.transfers[0]!.fungible_info.icon!.url)).status, 200)
    })

    it("shows the receiver the same transactions as 'receive'", async () => {
      const { body } = await historyOf(feed.server, RECEIVER.toUpperCase().replace('0X', '0x'))
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
      for (let i = 1; i <= 12; i++) hashes.push((await send(feed.rpc1, { from: PAGER, to: DUSD_ADDRESS, data: transferData(PAGED_RECEIVER, BigInt(i) * 1_000_000n) })).hash)
      await synced(feed.server, 'eip155:31337', feed.rpc1)

      const pages = await allPages(feed.server, PAGED_RECEIVER, { chainId: 'eip155:31337' })
      assert.deepEqual(pages.map(page => page.length), [5, 5, 2])
      const listed = pages.flat()
      assert.deepEqual(listed.map(tx => tx.metadata.hash), [...hashes].reverse())
      assert.deepEqual(listed.map(tx => tx.transfers[0]!.quantity.numeric), Array.from({ length: 12 }, (_, i) => String(12 - i)))

      // The sender also has its two mints: 14 in all.
      const senderPages = await allPages(feed.server, PAGER, { chainId: 'eip155:31337' })
      assert.deepEqual(senderPages.map(page => page.length), [5, 5, 4])
      assert.ok(senderPages.flat().slice(0, 12).every(tx => tx.metadata.operationType === 'send'))
    })

    it('narrows to one chain with chainId and merges all chains without it', async () => {
      const other = await send(feed.rpc2, { from: SENDER, to: RECEIVER, value: '0x1' })
      await synced(feed.server, 'eip155:31338', feed.rpc2)
      await synced(feed.server, 'eip155:31337', feed.rpc1)

      const onlyOther = await historyOf(feed.server, SENDER, { chainId: 'eip155:31338' })
      assert.equal(onlyOther.body.data[0]!.metadata.hash, other.hash)
      assert.deepEqual(onlyOther.body.data[0]!.transfers.map(t => t.quantity.numeric), ['0.000000000000000001'])
      assert.ok(onlyOther.body.data.every(tx => tx.metadata.chain === 'eip155:31338'))
      const onlyFirst = await historyOf(feed.server, SENDER, { chainId: 'eip155:31337' })
      assert.ok(onlyFirst.body.data.every(tx => tx.metadata.chain === 'eip155:31337'))

      const merged = (await allPages(feed.server, SENDER)).flat()
      assert.deepEqual(new Set(merged.map(tx => tx.metadata.chain)), new Set(['eip155:31337', 'eip155:31338']))
      assert.ok(merged.some(tx => tx.id === `${other.hash}:eip155:31338`))
      assert.equal(new Set(merged.map(tx => tx.id)).size, merged.length, 'no transaction twice')
      const times = merged.map(tx => Date.parse(tx.metadata.minedAt))
      assert.deepEqual(times, [...times].sort((a, b) => b - a), 'newest first across chains')
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
      assert.deepEqual(body.data[0]!.transfers, [{ fungible_info: { name: 'Other Token', symbol: 'OTK', flags: { verified: false } }, direction: 'out', quantity: { numeric: '1.5' } }])
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
