// The embedded wallet's smart account (a WalletModalAccount made by the devnet's factory) through
// the server's own bundler: its address is known before it exists; signatures verify with viem's
// verifyMessage / verifyTypedData (ERC-6492 before deployment, ERC-1271 after), and a signature
// of the owner key itself does not pass for the account; its first calls deploy it, a batch of
// two transfers lands in one transaction, and the second operation reuses the account. With the
// operator's paymaster, the first operation of an account holding no ETH is paid for; one over the
// paymaster's gas limit is sent unsponsored, paid by the account.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createWalletClient, encodeFunctionData, erc20Abi, http, parseEther, type Address, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { DEVNET_ACCOUNTS, startDevnet, type Devnet } from '@wallet-modal/devnet'
import { LocalBundler } from '../bundler/LocalBundler.js'
import { VerifyingPaymaster } from '../bundler/VerifyingPaymaster.js'
import { demoServerConfig, DEMO_BUNDLER_OPERATOR_KEY, DEMO_PAYMASTER_SIGNER_KEY } from '../config/demoServerConfig.js'
import { openStore } from '../db/openStore.js'
import type { Store } from '../db/Store.js'
import { sendSmartAccountCalls, smartAccountClient, smartAccountState, toEmbeddedSmartAccount, type SmartAccountChain } from './embeddedSmartAccount.js'

describe('embedded smart account', () => {
  let devnet: Devnet
  let store: Store
  let target: SmartAccountChain
  let bundler: LocalBundler
  let client: PublicClient
  before(async () => {
    ;[devnet, store] = await Promise.all([startDevnet(), openStore({})])
    const chain = demoServerConfig({ chains: devnet.chains, tokens: devnet.tokens, accountAbstraction: devnet.accountAbstraction }).chains[0]!
    target = { chain, smart: chain.smartAccounts! }
    bundler = new LocalBundler({ chain, store, entryPoint: target.smart.entryPoint, operatorKey: DEMO_BUNDLER_OPERATOR_KEY, timeoutMs: 5000 })
    client = smartAccountClient(target, 5000)
  })
  after(async () => {
    await store?.close()
    await devnet?.stop()
  })

  it('signs verifiably before and after deployment, deploys with its first calls, batches, and reuses the account', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toEmbeddedSmartAccount(target, owner, client)
    assert.deepEqual(await smartAccountState(target, owner.address, client), { address: account.address, deployed: false })
    assert.notEqual(account.address.toLowerCase(), owner.address.toLowerCase())

    // Before deployment: ERC-6492 (viem deploys it in a simulation to check).
    const message = 'Sign in to example.com'
    const early = await account.signMessage({ message })
    assert.ok(early.endsWith('6492649264926492649264926492649264926492649264926492649264926492'), 'ERC-6492-wrapped')
    assert.equal(await client.verifyMessage({ address: account.address, message, signature: early }), true)
    // The owner key's own signature of the message is not the account's.
    assert.equal(await client.verifyMessage({ address: account.address, message, signature: await owner.signMessage({ message }) }), false)

    const funder = createWalletClient({ account: DEVNET_ACCOUNTS[5]!, transport: http(target.chain.rpcUrl) })
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account.address, value: parseEther('1'), chain: null }) })
    await client.waitForTransactionReceipt({
      hash: await createWalletClient({ account: DEVNET_ACCOUNTS[1]!, transport: http(target.chain.rpcUrl) }).writeContract({
        address: devnet.tokens.DUSD as Address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [account.address, 10_000_000n],
        chain: null
      })
    })
    const transfer = (to: Address, amount: bigint) => ({
      to: devnet.tokens.DUSD as Address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
    })
    const first = await sendSmartAccountCalls(account, client, bundler, [transfer(DEVNET_ACCOUNTS[6]!, 1_000_000n), transfer(DEVNET_ACCOUNTS[7]!, 2_000_000n)])
    assert.equal(first.success, true)
    assert.equal((await smartAccountState(target, owner.address, client)).deployed, true, 'deployed by its first operation')
    const receipt = await client.getTransactionReceipt({ hash: first.transactionHash })
    const transfers = receipt.logs.filter(log => log.address.toLowerCase() === devnet.tokens.DUSD.toLowerCase())
    assert.equal(transfers.length, 2, 'both transfers in the one transaction')

    // After deployment: a plain ERC-1271 signature, for messages and typed data.
    const late = await account.signMessage({ message })
    assert.equal(late.length, 132)
    assert.equal(await client.verifyMessage({ address: account.address, message, signature: late }), true)
    const typed = {
      domain: { name: 'Example', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'text', type: 'string' }] },
      primaryType: 'Mail',
      message: { text: 'hi' }
    } as const
    assert.equal(await client.verifyTypedData({ address: account.address, ...typed, signature: await account.signTypedData(typed) }), true)

    const second = await sendSmartAccountCalls(account, client, bundler, [{ to: DEVNET_ACCOUNTS[9]!, value: parseEther('0.01') }])
    assert.equal(second.success, true)
    assert.notEqual(second.transactionHash, first.transactionHash)
    assert.equal(await account.getNonce(), 2n, 'the same account, two operations')
  })

  it('says why when a call would revert, and sends nothing', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toEmbeddedSmartAccount(target, owner, client)
    await assert.rejects(
      sendSmartAccountCalls(account, client, bundler, [
        { to: devnet.tokens.DUSD as Address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [DEVNET_ACCOUNTS[9]!, 1n] }) }
      ]),
      /The operation's call reverts/
    )
    assert.equal((await smartAccountState(target, owner.address, client)).deployed, false)
  })

  it("has the operator's paymaster pay for the first calls of an account holding no ETH, and the account pay when the paymaster will not", async () => {
    const paymasterOf = (maxGasPerOperation?: number) =>
      new VerifyingPaymaster({
        chain: target.chain,
        store,
        address: devnet.accountAbstraction.walletModalPaymaster,
        signerKey: DEMO_PAYMASTER_SIGNER_KEY,
        accountFactory: target.smart.accountFactory,
        maxGasPerOperation,
        timeoutMs: 5000
      })
    const nothing = [{ to: DEVNET_ACCOUNTS[9]!, value: 0n }]

    const account = await toEmbeddedSmartAccount(target, privateKeyToAccount(generatePrivateKey()), client)
    const first = await sendSmartAccountCalls(account, client, bundler, nothing, paymasterOf())
    assert.deepEqual([first.success, first.sponsored], [true, true])
    assert.equal(await client.getBalance({ address: account.address }), 0n, 'paid by the paymaster')
    // Deployed now: the paymaster is not asked; the account pays (and has nothing to pay with).
    await assert.rejects(sendSmartAccountCalls(account, client, bundler, nothing, paymasterOf()), /AA21 didn't pay prefund/)

    // Over the paymaster's limit: sent as usual, paid by the account.
    const payer = await toEmbeddedSmartAccount(target, privateKeyToAccount(generatePrivateKey()), client)
    const funder = createWalletClient({ account: DEVNET_ACCOUNTS[5]!, transport: http(target.chain.rpcUrl) })
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: payer.address, value: parseEther('1'), chain: null }) })
    const unsponsored = await sendSmartAccountCalls(payer, client, bundler, nothing, paymasterOf(100_000))
    assert.deepEqual([unsponsored.success, unsponsored.sponsored], [true, false])
    assert.ok((await client.getBalance({ address: payer.address })) < parseEther('1'), 'the account paid its fee')
  })
})
