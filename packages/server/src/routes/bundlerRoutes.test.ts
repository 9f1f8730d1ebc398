// The bundler endpoint at the RPC level, on the devnet's EntryPoint v0.8 and WalletModalAccountFactory
// (the configured factory; its accounts are SimpleAccounts plus ERC-1271): a viem bundler client
// with a permissionless SimpleAccount of that factory sends through it (the first operation
// deploys the account, the second reuses it, the operator is repaid); and it refuses a bad
// signature, a missing prefund, a used nonce, a resent operation, a failing call when estimating,
// a sender over its per-minute limit and a client over the route's rate limit. The operator's
// verifying paymaster (the devnet's WalletModalPaymaster) pays for an embedded account's first
// operation through the route; a sponsorship signed by another key or out of date is refused.
import { createServer as createHttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createPublicClient, createWalletClient, defineChain, encodeFunctionData, erc20Abi, http, parseAbi, parseEther, type Address, type Hex } from 'viem'
import { createBundlerClient, formatUserOperationRequest, type SmartAccount, type UserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { toSimpleSmartAccount } from 'permissionless/accounts'
import { DEVNET_ACCOUNTS, startDevnet, type Devnet } from '@wallet-modal/devnet'
import { createServer, type WalletModalServer } from '../internal.js'
import { demoServerConfig, DEMO_BUNDLER_OPERATOR_KEY, DEMO_PAYMASTER_SIGNER_KEY } from '../config/demoServerConfig.js'
import { SponsorshipRefused, VerifyingPaymaster } from '../bundler/VerifyingPaymaster.js'
import type { ServerConfig } from '../config/ServerConfig.js'
import { toEmbeddedSmartAccount } from '../embedded/embeddedSmartAccount.js'
import { postJson, urlOf } from '../__fixtures__/http.js'

const OPS_PER_MINUTE = 3
const devnetChain = defineChain({
  id: 31337,
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } }
})

describe('bundler route (POST /v1/bundler)', () => {
  let devnet: Devnet
  let server: WalletModalServer
  let bundlerUrl: string
  let rpcUrl: string
  let entryPoint: Address
  let config: ServerConfig
  before(async () => {
    devnet = await startDevnet()
    config = demoServerConfig({ chains: devnet.chains, tokens: devnet.tokens, accountAbstraction: devnet.accountAbstraction })
    for (const chain of config.chains)
      chain.smartAccounts = { ...chain.smartAccounts!, bundler: { operatorKey: DEMO_BUNDLER_OPERATOR_KEY, opsPerMinute: OPS_PER_MINUTE } }
    // A project whose clients may call the bundler 3 times a minute (the route's rate limit).
    config.projects.push({ id: 'tight', allowedOrigins: ['http://127.0.0.1:*'], features: [], rateLimits: { routes: { bundler: 3 } } })
    server = await createServer({ config, relay: false })
    rpcUrl = devnet.chains[0]!.rpcUrl
    bundlerUrl = urlOf(server.url, '/v1/bundler', { chainId: 'eip155:31337' })
    entryPoint = devnet.accountAbstraction.entryPoint
  })
  after(async () => {
    await server?.close()
    await devnet?.stop()
  })

  const publicClient = () => createPublicClient({ chain: devnetChain, transport: http(rpcUrl) })
  const rpc = async (method: string, params: unknown[], url = bundlerUrl) => (await postJson(url, { jsonrpc: '2.0', id: 1, method, params })).body
  /** A fresh owner's SimpleAccount of the configured factory (counterfactual), funded with `eth` ETH by an anvil account. */
  const freshAccount = async (eth: string | null = '1') => {
    const client = publicClient()
    const account = await toSimpleSmartAccount({
      client,
      owner: privateKeyToAccount(generatePrivateKey()),
      entryPoint: { address: entryPoint, version: '0.8' },
      factoryAddress: devnet.accountAbstraction.walletModalAccountFactory,
      nonceKey: 0n
    })
    if (eth) {
      const funder = createWalletClient({ account: DEVNET_ACCOUNTS[5]!, transport: http(rpcUrl) })
      await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account.address, value: parseEther(eth), chain: null }) })
    }
    return account
  }
  const bundlerOf = (account: SmartAccount) => createBundlerClient({ account, client: publicClient(), transport: http(bundlerUrl) })
  /** An operation paying DEVNET_ACCOUNTS[9] `value` wei, prepared (estimated through the bundler) and signed by `signer`. */
  const signedOperation = async (account: SmartAccount, signer: SmartAccount = account, value = parseEther('0.001')): Promise<UserOperation<'0.8'>> => {
    const prepared = (await bundlerOf(account).prepareUserOperation({ calls: [{ to: DEVNET_ACCOUNTS[9]!, value }] })) as UserOperation<'0.8'>
    const signature = await signer.signUserOperation({ ...prepared, chainId: 31337 })
    return { ...prepared, signature }
  }
  const send = (op: UserOperation<'0.8'>) => rpc('eth_sendUserOperation', [formatUserOperationRequest(op), entryPoint])

  it('names its EntryPoint and chain, and answers only bundler methods on chains with smart accounts', async () => {
    assert.deepEqual((await rpc('eth_supportedEntryPoints', [])).result, [entryPoint])
    assert.equal((await rpc('eth_chainId', [])).result, '0x7a69')
    assert.equal((await rpc('eth_sendRawTransaction', ['0x00'])).error.code, -32601)
    const noChain = await postJson(urlOf(server.url, '/v1/bundler', { chainId: 'eip155:1' }), { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
    assert.equal(noChain.status, 400)
    assert.match(noChain.body.reason, /No bundler for eip155:1/)
    const badOp = await rpc('eth_estimateUserOperationGas', [{ sender: '0x12' }, entryPoint])
    assert.equal(badOp.error.code, -32602)
    assert.match(badOp.error.message, /Invalid user operation field sender/)
    const otherEntryPoint = await rpc('eth_estimateUserOperationGas', [{}, '0x0000000000000000000000000000000000000007'])
    assert.match(otherEntryPoint.error.message, /Unsupported EntryPoint/)
  })

  it('deploys an account with its first operation, reuses it for the second, and is repaid by each', async () => {
    const account = await freshAccount()
    const client = publicClient()
    const bundler = bundlerOf(account)
    const receiver = DEVNET_ACCOUNTS[9]!
    const operator = privateKeyToAccount(DEMO_BUNDLER_OPERATOR_KEY).address
    const operatorBefore = await client.getBalance({ address: operator })
    const receiverBefore = await client.getBalance({ address: receiver })
    assert.equal(await client.getCode({ address: account.address }), undefined, 'counterfactual before its first operation')

    const first = await bundler.sendUserOperation({ calls: [{ to: receiver, value: parseEther('0.01') }] })
    const firstReceipt = await bundler.waitForUserOperationReceipt({ hash: first, pollingInterval: 50, timeout: 10_000 })
    assert.equal(firstReceipt.success, true)
    assert.equal(firstReceipt.sender.toLowerCase(), account.address.toLowerCase())
    assert.ok(((await client.getCode({ address: account.address })) ?? '0x').length > 2, 'deployed by its first operation')

    // Two ERC-20 transfers in one operation: one transaction, both logs in the receipt.
    const dusd = devnet.tokens.DUSD as Address
    const funder = createWalletClient({ account: DEVNET_ACCOUNTS[1]!, transport: http(rpcUrl) })
    await client.waitForTransactionReceipt({
      hash: await funder.writeContract({ address: dusd, abi: erc20Abi, functionName: 'transfer', args: [account.address, 5_000_000n], chain: null })
    })
    const transfer = (to: Address, amount: bigint) => ({ to: dusd, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }) })
    const second = await bundler.sendUserOperation({ calls: [transfer(DEVNET_ACCOUNTS[6]!, 1_000_000n), transfer(DEVNET_ACCOUNTS[7]!, 2_000_000n)] })
    const secondReceipt = await bundler.waitForUserOperationReceipt({ hash: second, pollingInterval: 50, timeout: 10_000 })
    assert.equal(secondReceipt.success, true)
    assert.equal(secondReceipt.nonce, 1n, 'the same account, its next nonce')
    assert.equal(secondReceipt.logs.length, 2, 'the two Transfer logs')
    assert.equal(await client.readContract({ address: dusd, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] }), 2_000_000n)

    assert.equal((await client.getBalance({ address: receiver })) - receiverBefore, parseEther('0.01'))
    assert.ok((await client.getBalance({ address: operator })) >= operatorBefore, 'the operator got back at least what the bundles cost')
    const byHash = (await rpc('eth_getUserOperationByHash', [first])).result
    assert.equal(byHash.transactionHash, firstReceipt.receipt.transactionHash)
    assert.equal(byHash.userOperation.sender.toLowerCase(), account.address.toLowerCase())
    assert.equal((await rpc('eth_getUserOperationReceipt', [`0x${'ab'.repeat(32)}`])).result, null, 'an unknown hash has no receipt')
  })

  it('refuses an operation signed by another key (AA24, -32507), spending nothing', async () => {
    const account = await freshAccount()
    const stranger = await freshAccount(null)
    const answer = await send(await signedOperation(account, stranger))
    assert.equal(answer.error.code, -32507)
    assert.match(answer.error.message, /AA24 signature error/)
    assert.equal(await publicClient().getCode({ address: account.address }), undefined, 'nothing was sent')
  })

  it('refuses an account that cannot pay its prefund (AA21, -32500)', async () => {
    const broke = await freshAccount(null)
    // It sends nothing (an estimate of a call that spends ETH it lacks says the call reverts).
    const answer = await send(await signedOperation(broke, broke, 0n))
    assert.equal(answer.error.code, -32500)
    assert.match(answer.error.message, /AA21 didn't pay prefund/)
  })

  it('refuses a used nonce (AA25, -32500) and an operation sent twice (-32602)', async () => {
    const account = await freshAccount()
    const op = await signedOperation(account)
    assert.match((await send(op)).result, /^0x[0-9a-f]{64}$/)
    const again = await send(op)
    assert.equal(again.error.code, -32602)
    assert.match(again.error.message, /already sent/)
    // Another operation under the used nonce 0 (another receiver), properly signed. (Estimating it
    // is refused the same way, so its gas is the first one's.)
    const other = { ...op, factory: undefined, factoryData: undefined, callData: await account.encodeCalls([{ to: DEVNET_ACCOUNTS[8]!, value: 1n }]) }
    const replay = await send({ ...other, signature: await account.signUserOperation({ ...other, chainId: 31337 }) })
    assert.equal(replay.error.code, -32500)
    assert.match(replay.error.message, /AA25 invalid account nonce/)
  })

  it('says why a call would revert when estimating (-32521)', async () => {
    const account = await freshAccount()
    const tooMuch = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [DEVNET_ACCOUNTS[9]!, 1n] })
    const callData = await account.encodeCalls([{ to: devnet.tokens.DUSD as Address, data: tooMuch }])
    const factory = await account.getFactoryArgs()
    const answer = await rpc('eth_estimateUserOperationGas', [
      { sender: account.address, nonce: '0x0', ...factory, callData, signature: await account.getStubSignature() },
      entryPoint
    ])
    assert.equal(answer.error.code, -32521)
    assert.match(answer.error.message, /The operation's call reverts/)
  })

  it(`limits each sender to ${OPS_PER_MINUTE} operations a minute (-32005)`, async () => {
    const account = await freshAccount()
    for (let i = 0; i < OPS_PER_MINUTE; i++) {
      const answer = await send(await signedOperation(account))
      assert.match(answer.result ?? answer.error.message, /^0x/, `operation ${i + 1}`)
      // As a wallet does: the next operation once this one is mined (its nonce is read from the chain).
      await bundlerOf(account).waitForUserOperationReceipt({ hash: answer.result, pollingInterval: 50, timeout: 10_000 })
    }
    const over = await send(await signedOperation(account))
    assert.equal(over.error.code, -32005)
    assert.match(over.error.message, new RegExp(`at most ${OPS_PER_MINUTE} a minute`))
  })

  describe("the operator's paymaster", () => {
    const paymasterAbi = parseAbi(['function getDeposit() view returns (uint256)'])
    const paymasterOf = (options: { signerKey?: Hex; now?: () => number; maxGasPerOperation?: number } = {}) =>
      new VerifyingPaymaster({
        chain: config.chains[0]!,
        store: server.store,
        address: devnet.accountAbstraction.walletModalPaymaster,
        signerKey: options.signerKey ?? DEMO_PAYMASTER_SIGNER_KEY,
        accountFactory: devnet.accountAbstraction.walletModalAccountFactory,
        maxGasPerOperation: options.maxGasPerOperation,
        now: options.now,
        timeoutMs: 5000
      })
    /** A fresh owner's embedded-wallet account (WalletModalAccount), holding nothing. */
    const freshEmbeddedAccount = () =>
      toEmbeddedSmartAccount({ chain: config.chains[0]!, smart: config.chains[0]!.smartAccounts! }, privateKeyToAccount(generatePrivateKey()), publicClient())
    const sponsoredBundler = (account: SmartAccount, paymaster: VerifyingPaymaster) =>
      createBundlerClient({ account, client: publicClient(), transport: http(bundlerUrl), paymaster: paymaster.actions(31337) })
    const deposit = () =>
      publicClient().readContract({ address: devnet.accountAbstraction.walletModalPaymaster, abi: paymasterAbi, functionName: 'getDeposit' })

    it("pays for a new account's first operation from its deposit (the account holds no ETH), and for no later one", async () => {
      const client = publicClient()
      const account = await freshEmbeddedAccount()
      const paymaster = paymasterOf()
      assert.equal(await client.getBalance({ address: account.address }), 0n)
      const depositBefore = await deposit()
      const bundler = sponsoredBundler(account, paymaster)
      const hash = await bundler.sendUserOperation({ calls: [{ to: DEVNET_ACCOUNTS[9]!, value: 0n, data: '0x' }] })
      const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 50, timeout: 10_000 })
      assert.equal(receipt.success, true)
      assert.equal(receipt.paymaster?.toLowerCase(), devnet.accountAbstraction.walletModalPaymaster.toLowerCase(), 'the paymaster paid')
      assert.ok(((await client.getCode({ address: account.address })) ?? '0x').length > 2, 'deployed')
      assert.equal(await client.getBalance({ address: account.address }), 0n, 'the account paid nothing')
      assert.equal(depositBefore - (await deposit()), receipt.actualGasCost, "the operation's cost came out of the deposit")

      // The account exists now: its next operation has no factory, and is not sponsored.
      await assert.rejects(bundler.sendUserOperation({ calls: [{ to: DEVNET_ACCOUNTS[9]!, value: 0n, data: '0x' }] }), (error: Error) => {
        let e: unknown = error
        while (e instanceof Error && !(e instanceof SponsorshipRefused)) e = e.cause
        assert.ok(e instanceof SponsorshipRefused, String(error))
        assert.match(e.message, /Only a new account's first transaction is sponsored/)
        return true
      })
    })

    it('refuses a sponsorship signed by another key (AA34, -32507) and one out of date (AA32, -32503), spending nothing', async () => {
      const depositBefore = await deposit()
      for (const [paymaster, code, reason] of [
        [paymasterOf({ signerKey: generatePrivateKey() }), -32507, /AA34 signature error/],
        // Signed in 1970: valid until 1970 too.
        [paymasterOf({ now: () => 1000 }), -32503, /AA32 paymaster expired or not due/]
      ] as const) {
        const account = await freshEmbeddedAccount()
        const prepared = (await sponsoredBundler(account, paymaster).prepareUserOperation({
          calls: [{ to: DEVNET_ACCOUNTS[9]!, value: 0n, data: '0x' }]
        })) as UserOperation<'0.8'>
        const answer = await send({ ...prepared, signature: await account.signUserOperation({ ...prepared, chainId: 31337 }) })
        assert.equal(answer.error?.code, code, JSON.stringify(answer))
        assert.match(answer.error.message, reason)
        assert.equal(await publicClient().getCode({ address: account.address }), undefined, 'nothing was sent')
      }
      assert.equal(await deposit(), depositBefore)
    })

    it("sponsors only its factory's accounts, within its gas limit", async () => {
      const account = await freshEmbeddedAccount()
      const op = { sender: account.address, nonce: 0n, callData: '0x' as Hex, ...(await account.getFactoryArgs()) }
      assert.ok(paymasterOf().stubData(op).paymasterData.length > 2)
      assert.throws(() => paymasterOf().stubData({ ...op, factory: devnet.accountAbstraction.simpleAccountFactory }), SponsorshipRefused)
      const gas = {
        verificationGasLimit: 300_000n,
        callGasLimit: 100_000n,
        preVerificationGas: 60_000n,
        maxFeePerGas: 2_000_000_000n,
        maxPriorityFeePerGas: 1_000_000n
      }
      await assert.rejects(
        paymasterOf({ maxGasPerOperation: 100_000 }).data({ ...op, ...gas }, 31337),
        /The operation needs 500000 gas; at most 100000 is sponsored/
      )
      const signed = await paymasterOf().data({ ...op, ...gas }, 31337)
      assert.equal(signed.paymaster, devnet.accountAbstraction.walletModalPaymaster)
      assert.equal(signed.paymasterData.length, 2 + 2 * (64 + 65), 'the time window and a 65-byte signature')
    })
  })

  it("forwards to an operator's external bundler, and says so when it does not answer in time (-32603)", async () => {
    const silent = createHttpServer(() => {})
    await new Promise<void>(resolve => silent.listen(0, '127.0.0.1', resolve))
    const config = demoServerConfig({ chains: devnet.chains, tokens: devnet.tokens, accountAbstraction: devnet.accountAbstraction })
    // eip155:31337 forwards to the first server's own bundler; eip155:31338 to a node that never answers.
    config.chains[0]!.smartAccounts!.bundler = { url: bundlerUrl }
    config.chains[1]!.smartAccounts!.bundler = { url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/` }
    const proxy = await createServer({ config, relay: false, upstreamTimeoutMs: 500 })
    try {
      const through = urlOf(proxy.url, '/v1/bundler', { chainId: 'eip155:31337' })
      const account = await freshAccount()
      const sent = await rpc('eth_sendUserOperation', [formatUserOperationRequest(await signedOperation(account)), entryPoint], through)
      assert.match(sent.result, /^0x[0-9a-f]{64}$/)
      // The external bundler's refusals keep their code and message.
      const again = await rpc(
        'eth_sendUserOperation',
        [formatUserOperationRequest(await signedOperation(await freshAccount(null), undefined, 0n)), entryPoint],
        through
      )
      assert.equal(again.error.code, -32500)
      assert.match(again.error.message, /AA21/)
      const started = Date.now()
      const stalled = await rpc('eth_chainId', [], urlOf(proxy.url, '/v1/bundler', { chainId: 'eip155:31338' }))
      assert.equal(stalled.error.code, -32603)
      assert.match(stalled.error.message, /did not answer within 500 ms/)
      assert.ok(Date.now() - started < 5000)
    } finally {
      await proxy.close()
      silent.closeAllConnections()
      silent.close()
    }
  })

  it("counts a client's calls in the bundler rate group (429 over the project's limit)", async () => {
    const tight = urlOf(server.url, '/v1/bundler', { chainId: 'eip155:31337' }, { projectId: 'tight' })
    for (let i = 0; i < 3; i++) assert.equal((await postJson(tight, { jsonrpc: '2.0', id: i, method: 'eth_chainId', params: [] })).status, 200)
    const over = await postJson(tight, { jsonrpc: '2.0', id: 4, method: 'eth_chainId', params: [] })
    assert.equal(over.status, 429)
  })
})
