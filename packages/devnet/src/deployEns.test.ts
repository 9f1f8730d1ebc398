// The devnet's ENS (the published contracts, deployed by deployEns on a fresh anvil) answers as a
// resolver reading the real contracts sees it: forward records, reverse records set by the
// accounts themselves, the avatar, the poisoned reverse record and the name without records.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createPublicClient, http, namehash, parseAbi, parseEther, zeroAddress, type Address } from 'viem'
import { startAnvil, type AnvilInstance } from './anvil.js'
import { DEVNET_ACCOUNTS, DEVNET_ENS, DEVNET_ENS_NAMES, DEVNET_ENS_POISONED_REVERSE, WALLET_ACCOUNT } from './constants.js'
import { deployEns } from './deployEns.js'
import { jsonRpc } from './jsonRpc.js'

// The ENS interfaces as a resolver calls them (EIP-137, EIP-181, EIP-634).
const registryAbi = parseAbi(['function resolver(bytes32 node) view returns (address)', 'function owner(bytes32 node) view returns (address)'])
const resolverAbi = parseAbi([
  'function addr(bytes32 node) view returns (address)',
  'function addr(bytes32 node, uint256 coinType) view returns (bytes)',
  'function name(bytes32 node) view returns (string)',
  'function text(bytes32 node, string key) view returns (string)'
])
const reverseRegistrarAbi = parseAbi(['function node(address addr) pure returns (bytes32)'])

/** The reverse node of an address: `<lower-case hex without 0x>.addr.reverse`. */
const reverseNode = (address: Address) => namehash(`${address.slice(2).toLowerCase()}.addr.reverse`)

describe('deployEns', () => {
  let anvil: AnvilInstance | undefined
  let client: ReturnType<typeof createPublicClient>
  before(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    client = createPublicClient({ transport: http(anvil.url, { timeout: 10_000, retryCount: 0 }) })
    assert.deepEqual(await deployEns(anvil.url), DEVNET_ENS)
  })
  after(async () => {
    await anvil?.stop()
  })

  const resolverOf = (node: `0x${string}`) => client.readContract({ address: DEVNET_ENS.registry, abi: registryAbi, functionName: 'resolver', args: [node] })
  const ownerOf = (node: `0x${string}`) => client.readContract({ address: DEVNET_ENS.registry, abi: registryAbi, functionName: 'owner', args: [node] })
  /** Forward resolution as a resolver does it: the registry's resolver for the node, then its addr. */
  const addressOf = async (name: string) => {
    const resolver = await resolverOf(namehash(name))
    return client.readContract({ address: resolver, abi: resolverAbi, functionName: 'addr', args: [namehash(name)] })
  }
  /** Reverse resolution: the resolver of `<addr>.addr.reverse`, then its name. */
  const reverseNameOf = async (address: Address) => {
    const node = reverseNode(address)
    const resolver = await resolverOf(node)
    assert.equal(resolver, DEVNET_ENS.resolver, `the reverse record of ${address} uses the default resolver`)
    return client.readContract({ address: resolver, abi: resolverAbi, functionName: 'name', args: [node] })
  }

  it('puts the registry, resolver and reverse registrar at their devnet addresses, with the reverse and eth nodes', async () => {
    for (const address of [DEVNET_ENS.oldRegistry, DEVNET_ENS.registry, DEVNET_ENS.resolver, DEVNET_ENS.reverseRegistrar]) {
      assert.notEqual(await client.getCode({ address }), undefined, `code at ${address}`)
    }
    assert.equal(await ownerOf(namehash('addr.reverse')), DEVNET_ENS.reverseRegistrar)
    assert.equal(await ownerOf(namehash('reverse')), DEVNET_ENS.deployer)
    assert.equal(await ownerOf(namehash('eth')), DEVNET_ENS.deployer)
    assert.equal(await ownerOf(namehash('devnet-wallet.eth')), DEVNET_ENS.deployer)
  })

  it('resolves devnet-wallet.eth to account 1 both ways, with the data: avatar', async () => {
    assert.equal(await addressOf('devnet-wallet.eth'), WALLET_ACCOUNT)
    assert.equal(DEVNET_ENS_NAMES['devnet-wallet.eth'].address, WALLET_ACCOUNT)
    // The coin-60 record (ENSIP-9) is the same address, as bytes.
    const coin60 = await client.readContract({
      address: DEVNET_ENS.resolver,
      abi: resolverAbi,
      functionName: 'addr',
      args: [namehash('devnet-wallet.eth'), 60n]
    })
    assert.equal(coin60, WALLET_ACCOUNT.toLowerCase())
    // The ReverseRegistrar computes the same reverse node.
    const node = await client.readContract({ address: DEVNET_ENS.reverseRegistrar, abi: reverseRegistrarAbi, functionName: 'node', args: [WALLET_ACCOUNT] })
    assert.equal(node, reverseNode(WALLET_ACCOUNT))
    assert.equal(await reverseNameOf(WALLET_ACCOUNT), 'devnet-wallet.eth')

    const avatar = await client.readContract({
      address: DEVNET_ENS.resolver,
      abi: resolverAbi,
      functionName: 'text',
      args: [namehash('devnet-wallet.eth'), 'avatar']
    })
    assert.equal(avatar, DEVNET_ENS_NAMES['devnet-wallet.eth'].avatar)
    assert.match(avatar, /^data:image\/svg\+xml;base64,/)
    assert.match(
      Buffer.from(avatar.split(',')[1]!, 'base64').toString('utf8'),
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<circle .*>DW<\/text><\/svg>$/
    )
  })

  it('resolves devnet-friend.eth to account 2 both ways, with its own avatar', async () => {
    const friend = DEVNET_ENS_NAMES['devnet-friend.eth']
    assert.equal(friend.address, '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')
    assert.equal(await addressOf('devnet-friend.eth'), friend.address)
    assert.equal(await reverseNameOf(friend.address), 'devnet-friend.eth')
    const avatar = await client.readContract({
      address: DEVNET_ENS.resolver,
      abi: resolverAbi,
      functionName: 'text',
      args: [namehash('devnet-friend.eth'), 'avatar']
    })
    assert.equal(avatar, friend.avatar)
    assert.notEqual(avatar, DEVNET_ENS_NAMES['devnet-wallet.eth'].avatar)
  })

  it("leaves account 3's poisoned reverse record: it names devnet-wallet.eth, which resolves to account 1", async () => {
    assert.equal(DEVNET_ENS_POISONED_REVERSE.account, DEVNET_ACCOUNTS[3])
    assert.equal(await reverseNameOf(DEVNET_ACCOUNTS[3]), 'devnet-wallet.eth')
    assert.notEqual(await addressOf('devnet-wallet.eth'), DEVNET_ACCOUNTS[3], 'forward resolution denies the claim')
  })

  it('has devnet-nobody.eth with the resolver but no address or avatar, and no other names', async () => {
    assert.equal(await resolverOf(namehash('devnet-nobody.eth')), DEVNET_ENS.resolver)
    assert.equal(await addressOf('devnet-nobody.eth'), zeroAddress)
    assert.equal(
      await client.readContract({ address: DEVNET_ENS.resolver, abi: resolverAbi, functionName: 'text', args: [namehash('devnet-nobody.eth'), 'avatar'] }),
      ''
    )
    assert.equal(await resolverOf(namehash('devnet-nobody-else.eth')), zeroAddress)
    // Account 4 set no reverse record.
    assert.equal(await resolverOf(reverseNode(DEVNET_ACCOUNTS[4])), zeroAddress)
  })

  it("the named accounts' ETH stays anvil's 10,000 (their gas was refunded); each sent one transaction", async () => {
    for (const account of [DEVNET_ACCOUNTS[1], DEVNET_ACCOUNTS[2], DEVNET_ACCOUNTS[3]]) {
      assert.equal(await client.getBalance({ address: account }), parseEther('10000'), account)
      assert.equal(await client.getTransactionCount({ address: account }), 1, account)
    }
  })

  it('refuses a chain that is not fresh, saying so, and changes nothing there', async () => {
    const head = await jsonRpc<string>(anvil!.url, 'eth_blockNumber')
    await assert.rejects(deployEns(anvil!.url), (error: Error) => {
      assert.match(
        error.message,
        /^deployEns: the chain is not fresh \(the ENS deployer 0x71bE63f3384f5fb98995898A86B02Fb2426c5788 has sent 11 transaction\(s\)/
      )
      assert.ok(error.message.endsWith(` on ${anvil!.url}`), error.message)
      return true
    })
    assert.equal(await jsonRpc<string>(anvil!.url, 'eth_blockNumber'), head)
  })
})
