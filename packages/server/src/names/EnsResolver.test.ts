// ENS resolution against the real, published ENS contracts that the devnet deploys on a fresh
// anvil (deployEns): forward records, reverse records checked forward (account 3's reverse record
// claims devnet-wallet.eth, which resolves to account 1), avatars, names without records, a node
// that does not answer, and the cache.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  createPublicClient,
  createWalletClient,
  decodeAbiParameters,
  decodeFunctionData,
  encodeFunctionResult,
  http,
  labelhash,
  namehash,
  parseAbi,
  type Address,
  type Hex
} from 'viem'
import {
  DEVNET_ARTIFACTS,
  jsonRpc,
  waitForReceipt,
  startAnvil,
  type AnvilInstance,
  DEVNET_ACCOUNTS,
  DEVNET_ENS,
  DEVNET_ENS_NAMES,
  DEVNET_ENS_POISONED_REVERSE,
  WALLET_ACCOUNT,
  deployEns,
  findFreePort
} from '@wallet-modal/devnet'
import { allowListedCcipRequest } from './allowListedCcipRequest.js'
import { EnsResolver } from './EnsResolver.js'

describe('EnsResolver', () => {
  let anvil: AnvilInstance | undefined
  let requests = 0
  let ens: EnsResolver
  before(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    await deployEns(anvil.url)
    const client = createPublicClient({ transport: http(anvil.url, { timeout: 5000, retryCount: 0, onFetchRequest: () => void requests++ }), ccipRead: false })
    ens = new EnsResolver(client, { registry: DEVNET_ENS.registry })
  })
  after(async () => {
    await anvil?.stop()
  })

  it('resolves a name forward, with its avatar, whatever the case typed', async () => {
    const wallet = DEVNET_ENS_NAMES['devnet-wallet.eth']
    assert.deepEqual(await ens.profile('devnet-wallet.eth'), { name: 'devnet-wallet.eth', address: WALLET_ACCOUNT, avatar: wallet.avatar })
    assert.equal(await ens.address('Devnet-Wallet.ETH'), WALLET_ACCOUNT)
    assert.equal(await ens.address('devnet-friend.eth'), DEVNET_ENS_NAMES['devnet-friend.eth'].address)
  })

  it('answers no address for a name without records, an unregistered name and what cannot be a name', async () => {
    assert.equal(await ens.profile('devnet-nobody.eth'), null)
    assert.equal(await ens.profile('never-registered.eth'), null)
    assert.equal(await ens.profile('no spaces allowed.eth'), null)
    assert.equal(await ens.profile(''), null)
  })

  it('names an address by its reverse record only when the name resolves back to it', async () => {
    assert.equal(await ens.name(WALLET_ACCOUNT), 'devnet-wallet.eth')
    assert.equal(await ens.name(WALLET_ACCOUNT.toLowerCase() as `0x${string}`), 'devnet-wallet.eth')
    assert.equal(await ens.name(DEVNET_ENS_NAMES['devnet-friend.eth'].address), 'devnet-friend.eth')
    // Account 3 set its reverse record to devnet-wallet.eth: a claim the name's owner denies.
    assert.equal(DEVNET_ENS_POISONED_REVERSE.account, DEVNET_ACCOUNTS[3])
    assert.equal(await ens.name(DEVNET_ENS_POISONED_REVERSE.account), null)
    // No reverse record at all.
    assert.equal(await ens.name(DEVNET_ACCOUNTS[4]), null)
  })

  it('asks the node once for an answer it keeps', async () => {
    await ens.name(WALLET_ACCOUNT)
    const before = requests
    const again = await Promise.all([ens.name(WALLET_ACCOUNT), ens.profile('devnet-wallet.eth'), ens.address('devnet-wallet.eth')])
    assert.deepEqual(again.map(String), ['devnet-wallet.eth', String(again[1]), WALLET_ACCOUNT])
    assert.equal(requests, before)
  })

  it('rejects when the node does not answer, and keeps nothing of it', async () => {
    const port = await findFreePort()
    const down = new EnsResolver(createPublicClient({ transport: http(`http://127.0.0.1:${port}`, { timeout: 1000, retryCount: 0 }), ccipRead: false }), {
      registry: DEVNET_ENS.registry
    })
    await assert.rejects(down.name(WALLET_ACCOUNT))
    await assert.rejects(down.profile('devnet-wallet.eth'))
  })

  describe('a wildcard resolver answering off-chain (ENSIP-10, CCIP-Read)', () => {
    const ALICE = DEVNET_ACCOUNTS[4]
    const AVATAR = 'https://images.example/alice.png'
    const recordAbi = parseAbi(['function addr(bytes32 node) view returns (address)', 'function text(bytes32 node, string key) view returns (string)'])
    let gateway: Server
    let gatewayUrl: string
    let asked = 0
    before(async () => {
      // The gateway answers the record asked for `alice.offchain.eth`, as an off-chain resolver's does.
      gateway = createServer((req, res) => {
        asked++
        const data = decodeURIComponent(
          req
            .url!.split('/')
            .at(-1)!
            .replace(/\.json$/, '')
        ) as Hex
        const [, inner] = decodeAbiParameters([{ type: 'bytes' }, { type: 'bytes' }], data)
        const call = decodeFunctionData({ abi: recordAbi, data: inner })
        const answer =
          call.functionName === 'addr' && call.args[0] === namehash('alice.offchain.eth')
            ? encodeFunctionResult({ abi: recordAbi, functionName: 'addr', result: ALICE })
            : encodeFunctionResult({ abi: recordAbi, functionName: 'text', result: call.functionName === 'text' ? AVATAR : '' })
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: answer }))
      })
      await new Promise<void>(resolve => gateway.listen(0, '127.0.0.1', resolve))
      gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/ccip/`
      // offchain.eth gets the off-chain resolver, set by the owner of eth (the ENS deployer).
      const deployer = createWalletClient({ account: DEVNET_ENS.deployer as Address, transport: http(anvil!.url) })
      await jsonRpc(anvil!.url, 'anvil_impersonateAccount', [DEVNET_ENS.deployer])
      const resolverArtifact = DEVNET_ARTIFACTS.DevnetOffchainResolver
      const deployed = await waitForReceipt(
        anvil!.url,
        await deployer.deployContract({
          abi: resolverArtifact.abi,
          bytecode: resolverArtifact.bytecode,
          args: [[`${gatewayUrl}{sender}/{data}.json`]],
          chain: null
        })
      )
      const registryAbi = parseAbi([
        'function setSubnodeOwner(bytes32 node, bytes32 label, address owner)',
        'function setResolver(bytes32 node, address resolver)'
      ])
      const send = async (functionName: 'setSubnodeOwner' | 'setResolver', args: readonly unknown[]) =>
        waitForReceipt(
          anvil!.url,
          await deployer.writeContract({ address: DEVNET_ENS.registry, abi: registryAbi, functionName, args: args as never, chain: null })
        )
      await send('setSubnodeOwner', [namehash('eth'), labelhash('offchain'), DEVNET_ENS.deployer])
      await send('setResolver', [namehash('offchain.eth'), deployed.contractAddress])
    })
    after(() => {
      gateway?.closeAllConnections()
      gateway?.close()
    })

    const resolverWith = (gateways: string[] | false) =>
      new EnsResolver(
        createPublicClient({
          transport: http(anvil!.url, { timeout: 5000, retryCount: 0 }),
          ccipRead: gateways ? { request: allowListedCcipRequest(gateways, 2000) } : false
        }),
        { registry: DEVNET_ENS.registry }
      )

    it('resolves a name below the resolver through an allow-listed gateway', async () => {
      assert.deepEqual(await resolverWith([gatewayUrl]).profile('alice.offchain.eth'), { name: 'alice.offchain.eth', address: ALICE, avatar: AVATAR })
    })

    it('answers no name, and asks nobody, when the gateway is not allowed or CCIP-Read is off', async () => {
      const before = asked
      assert.equal(await resolverWith(['https://gateway.example/']).profile('alice.offchain.eth'), null)
      assert.equal(await resolverWith(false).profile('alice.offchain.eth'), null)
      assert.equal(asked, before)
    })
  })
})
