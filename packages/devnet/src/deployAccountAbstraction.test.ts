// The devnet's ERC-4337 contracts (EntryPoint v0.8, SimpleAccountFactory, from the published
// artifacts) work end to end: a fresh owner key's SimpleAccount (permissionless builds it, viem
// hashes and packs) is deployed by its first user operation, which also pays 0.01 ETH, submitted
// with handleOps by another account as a bundler would; the second operation reuses the account.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createPublicClient, createWalletClient, encodeFunctionData, http, parseEther, parseGwei } from 'viem'
import { entryPoint08Abi, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { toSimpleSmartAccount } from 'permissionless/accounts'
import { startAnvil, type AnvilInstance } from './anvil.js'
import { DEVNET_ACCOUNTS, DEVNET_ACCOUNT_ABSTRACTION } from './constants.js'
import { deployAccountAbstraction } from './deployAccountAbstraction.js'
import { deployTokens } from './deployTokens.js'
import { deployUniswap } from './deployUniswap.js'

describe('deployAccountAbstraction', () => {
  let anvil: AnvilInstance | undefined
  before(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    await deployTokens(anvil.url)
    await deployUniswap(anvil.url)
  })
  after(async () => {
    await anvil?.stop()
  })

  it('deploys EntryPoint v0.8 and SimpleAccountFactory at their devnet addresses; a fresh account is made and pays by its first user operation', async () => {
    const deployed = await deployAccountAbstraction(anvil!.url)
    assert.deepEqual(deployed, DEVNET_ACCOUNT_ABSTRACTION)
    // The account reads its nonce and signs for this chain (anvil's default id, 31337).
    const client = createPublicClient({ chain: anvilChain, transport: http(anvil!.url) })
    for (const address of Object.values(deployed)) assert.ok(((await client.getCode({ address })) ?? '0x').length > 2, `code at ${address}`)

    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toSimpleSmartAccount({
      client,
      owner,
      entryPoint: { address: deployed.entryPoint, version: '0.8' },
      factoryAddress: deployed.simpleAccountFactory,
      // One sequence (key 0): each operation takes the next nonce, so a replay is refused.
      nonceKey: 0n
    })
    // Counterfactual: the address is known, nothing is there yet.
    assert.equal(await client.getCode({ address: account.address }), undefined)
    // anvil's unlocked accounts: one funds the new account, another submits as a bundler would.
    const bundler = createWalletClient({ account: DEVNET_ACCOUNTS[4]!, transport: http(anvil!.url) })
    const funder = createWalletClient({ account: DEVNET_ACCOUNTS[3]!, transport: http(anvil!.url) })
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account.address, value: parseEther('1'), chain: null }) })

    const receiver = DEVNET_ACCOUNTS[9]!
    const pay = async (deploy: boolean) => {
      const before = await client.getBalance({ address: receiver })
      const factory = deploy ? await account.getFactoryArgs() : {}
      const op: UserOperation<'0.8'> = {
        sender: account.address,
        nonce: await account.getNonce(),
        ...factory,
        callData: await account.encodeCalls([{ to: receiver, value: parseEther('0.01'), data: '0x' }]),
        callGasLimit: 100_000n,
        verificationGasLimit: deploy ? 600_000n : 150_000n,
        preVerificationGas: 60_000n,
        maxFeePerGas: parseGwei('20'),
        maxPriorityFeePerGas: parseGwei('1'),
        signature: '0x'
      }
      op.signature = await account.signUserOperation({ ...op, chainId: 31337 })
      const data = encodeFunctionData({ abi: entryPoint08Abi, functionName: 'handleOps', args: [[toPackedUserOperation(op)], DEVNET_ACCOUNTS[4]!] })
      const receipt = await client.waitForTransactionReceipt({
        hash: await bundler.sendTransaction({ to: deployed.entryPoint, data, gas: 2_000_000n, chain: null })
      })
      assert.equal(receipt.status, 'success')
      assert.equal((await client.getBalance({ address: receiver })) - before, parseEther('0.01'))
    }
    await pay(true)
    assert.ok(((await client.getCode({ address: account.address })) ?? '0x').length > 2, 'deployed by its first operation')
    // The second operation reuses the account: no factory, the next nonce.
    assert.equal(await account.getNonce(), 1n)
    await pay(false)
    assert.equal(await account.getNonce(), 2n)
  })
})
