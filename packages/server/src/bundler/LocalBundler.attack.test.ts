// The server's own bundler attacked over HTTP (POST /v1/bundler) on the devnet's EntryPoint v0.8,
// as a hostile page (or anyone) would: each attack tries to make the operator's key pay for bundles
// that cannot repay it, and each is refused before anything is sent.
// - Several operations with one nonce: with the chain not mining at once (as on any real chain),
//   they would all pass a simulation on the latest state, all be sent, and all but one revert.
// - An operation from an account of another factory (its validation code unknown).
// - Gas and fee fields far above the caps.
// - Many senders from one client, to escape the per-sender limit.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createPublicClient, createWalletClient, defineChain, http, parseEther, parseGwei, type Address } from 'viem'
import { createBundlerClient, formatUserOperationRequest, type SmartAccount, type UserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { toSimpleSmartAccount } from 'permissionless/accounts'
import { DEVNET_ACCOUNTS, startDevnet, type Devnet } from '@wallet-modal/devnet'
import { createServer, type WalletModalServer } from '../internal.js'
import { demoServerConfig, DEMO_BUNDLER_OPERATOR_KEY } from '../config/demoServerConfig.js'
import { postJson, urlOf } from '../__fixtures__/http.js'

/** Operations one client may send a minute on the second chain (the first keeps the default). */
const CLIENT_OPS_PER_MINUTE = 2

describe('attacks on the bundler (POST /v1/bundler)', () => {
  let devnet: Devnet
  let server: WalletModalServer
  let entryPoint: Address
  const operator = privateKeyToAccount(DEMO_BUNDLER_OPERATOR_KEY).address
  before(async () => {
    devnet = await startDevnet()
    const config = demoServerConfig({ chains: devnet.chains, tokens: devnet.tokens, accountAbstraction: devnet.accountAbstraction })
    const second = config.chains[1]!.smartAccounts!
    second.bundler = { ...second.bundler, clientOpsPerMinute: CLIENT_OPS_PER_MINUTE }
    server = await createServer({ config, relay: false })
    entryPoint = devnet.accountAbstraction.entryPoint
  })
  after(async () => {
    await server?.close()
    await devnet?.stop()
  })

  const chainOf = (index: number) => {
    const { chainId, rpcUrl } = devnet.chains[index]!
    const chain = defineChain({
      id: chainId,
      name: 'Devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } }
    })
    return {
      chainId,
      rpcUrl,
      client: createPublicClient({ chain, transport: http(rpcUrl) }),
      bundlerUrl: urlOf(server.url, '/v1/bundler', { chainId: `eip155:${chainId}` })
    }
  }
  const send = async (bundlerUrl: string, op: UserOperation<'0.8'>) =>
    (await postJson(bundlerUrl, { jsonrpc: '2.0', id: 1, method: 'eth_sendUserOperation', params: [formatUserOperationRequest(op), entryPoint] })).body
  /** A fresh owner's SimpleAccount of `factory` (default: the configured one), funded with 1 ETH. */
  const freshAccount = async (index = 0, factory: Address = devnet.accountAbstraction.walletModalAccountFactory) => {
    const { client, rpcUrl } = chainOf(index)
    const account = await toSimpleSmartAccount({
      client,
      owner: privateKeyToAccount(generatePrivateKey()),
      entryPoint: { address: entryPoint, version: '0.8' },
      factoryAddress: factory,
      nonceKey: 0n
    })
    const funder = createWalletClient({ account: DEVNET_ACCOUNTS[5]!, transport: http(rpcUrl) })
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account.address, value: parseEther('1'), chain: null }) })
    return account
  }
  /** An operation of `account` paying `to` 0.001 ETH, estimated through the bundler and signed. */
  const signedOperation = async (account: SmartAccount, index = 0, to: Address = DEVNET_ACCOUNTS[9]!): Promise<UserOperation<'0.8'>> => {
    const { client, bundlerUrl, chainId } = chainOf(index)
    const bundler = createBundlerClient({ account, client, transport: http(bundlerUrl) })
    const prepared = (await bundler.prepareUserOperation({ calls: [{ to, value: parseEther('0.001') }] })) as UserOperation<'0.8'>
    return { ...prepared, signature: await account.signUserOperation({ ...prepared, chainId }) }
  }
  /** The same operation (nonce, gas) with another receiver: another hash, the same nonce. */
  const withReceiver = async (account: SmartAccount, op: UserOperation<'0.8'>, to: Address, chainId: number): Promise<UserOperation<'0.8'>> => {
    const other = { ...op, callData: await account.encodeCalls([{ to, value: parseEther('0.001') }]) }
    return { ...other, signature: await account.signUserOperation({ ...other, chainId }) }
  }

  it('attack: several user operations with one nonce, sent while none is mined (only one is taken; the operator pays for no reverted bundle)', async () => {
    const { client, bundlerUrl, chainId } = chainOf(0)
    const account = await freshAccount()
    const first = await signedOperation(account)
    const copies = await Promise.all(DEVNET_ACCOUNTS.slice(1, 5).map(to => withReceiver(account, first, to, chainId)))
    const operatorNonce = await client.getTransactionCount({ address: operator })
    const operatorBefore = await client.getBalance({ address: operator })
    // As on a real chain, sent bundles wait in the pool for the next block.
    await client.request({ method: 'evm_setAutomine' as never, params: [false] as never })
    try {
      const answers = await Promise.all([first, ...copies].map(op => send(bundlerUrl, op)))
      const taken = answers.filter(answer => answer.result)
      assert.equal(taken.length, 1, JSON.stringify(answers))
      for (const refused of answers.filter(answer => answer.error)) {
        assert.equal(refused.error.code, -32602)
        assert.match(refused.error.message, /is pending: wait until it is mined/)
      }
      await client.request({ method: 'evm_mine' as never, params: [] as never })
    } finally {
      await client.request({ method: 'evm_setAutomine' as never, params: [true] as never })
    }
    assert.equal(await client.getTransactionCount({ address: operator }), operatorNonce + 1, 'one bundle sent')
    assert.ok((await client.getBalance({ address: operator })) >= operatorBefore, 'the operator was repaid for it')
    // Mined: the nonce is used, and refused before any simulation says so.
    const late = await send(bundlerUrl, await withReceiver(account, first, DEVNET_ACCOUNTS[6]!, chainId))
    assert.equal(late.error.code, -32500)
    assert.match(late.error.message, /AA25 invalid account nonce: 0x0 is used; the sender's next nonce is 0x1/)
  })

  it("attack: an operation from a sender not of our factory (another factory's account) is refused, nothing sent", async () => {
    const { client, bundlerUrl } = chainOf(0)
    const foreign = await freshAccount(0, devnet.accountAbstraction.simpleAccountFactory)
    const operatorNonce = await client.getTransactionCount({ address: operator })
    const answer = await send(bundlerUrl, await signedOperation(foreign))
    assert.equal(answer.error?.code, -32502, JSON.stringify(answer))
    assert.match(
      answer.error.message,
      new RegExp(
        `is not an account of this bundler's factory ${devnet.accountAbstraction.walletModalAccountFactory}: its factory is ${devnet.accountAbstraction.simpleAccountFactory}`
      )
    )
    assert.equal(await client.getCode({ address: foreign.address }), undefined, 'not deployed')
    assert.equal(await client.getTransactionCount({ address: operator }), operatorNonce, 'nothing sent')
  })

  it('attack: gas fields far above the caps are refused, each with its reason', async () => {
    const { client, bundlerUrl, chainId } = chainOf(0)
    const account = await freshAccount()
    const op = await signedOperation(account)
    const baseFee = (await client.getBlock()).baseFeePerGas!
    const resigned = async (change: Partial<UserOperation<'0.8'>>) => {
      const changed = { ...op, ...change }
      return { ...changed, signature: await account.signUserOperation({ ...changed, chainId }) }
    }
    const operatorNonce = await client.getTransactionCount({ address: operator })
    for (const [change, reason] of [
      [{ verificationGasLimit: 10_000_000n }, /verificationGasLimit 10000000 is above 1000000/],
      [{ callGasLimit: 25_000_000n }, /callGasLimit 25000000 is above 6000000/],
      [{ preVerificationGas: 5_000_000n }, /preVerificationGas 5000000 is above 1000000/],
      [
        { maxPriorityFeePerGas: parseGwei('100000'), maxFeePerGas: parseGwei('100000') },
        /maxPriorityFeePerGas 100000000000000 is above \d+, the most priority fee taken/
      ],
      [{ maxFeePerGas: baseFee * 1000n + parseGwei('1000') }, /maxFeePerGas \d+ is above \d+, 4 times the base fee plus the most priority fee taken/]
    ] as const) {
      const answer = await send(bundlerUrl, await resigned(change))
      assert.equal(answer.error?.code, -32602, JSON.stringify(answer))
      assert.match(answer.error.message, reason)
    }
    assert.equal(await client.getTransactionCount({ address: operator }), operatorNonce, 'nothing sent')
    // Within the caps, the same operation goes.
    assert.match((await send(bundlerUrl, op)).result, /^0x[0-9a-f]{64}$/)
  })

  it(`attack: rotating senders from one client (at most ${CLIENT_OPS_PER_MINUTE} operations a minute, whatever the senders)`, async () => {
    const { bundlerUrl } = chainOf(1)
    const accounts = []
    for (let i = 0; i <= CLIENT_OPS_PER_MINUTE; i++) accounts.push(await freshAccount(1))
    const answers = []
    for (const account of accounts) answers.push(await send(bundlerUrl, await signedOperation(account, 1)))
    for (const answer of answers.slice(0, CLIENT_OPS_PER_MINUTE)) assert.match(answer.result ?? JSON.stringify(answer), /^0x[0-9a-f]{64}$/)
    const over = answers[CLIENT_OPS_PER_MINUTE]!
    assert.equal(over.error?.code, -32005, JSON.stringify(over))
    assert.match(over.error.message, new RegExp(`Too many user operations from this client: at most ${CLIENT_OPS_PER_MINUTE} a minute, whatever the senders`))
  })
})
