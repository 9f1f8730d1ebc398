// The operator's verifying paymaster attacked through the server's bundler on the devnet (the
// WalletModalPaymaster, EntryPoint v0.8, WalletModalAccountFactory): an account costs one e-mail,
// so a hostile page can make fresh embedded accounts by the hundred and have each one's first
// operation sponsored. The budgets (per user, per client, per day, counted in the database) stop
// the flood, and the gas limit per operation keeps a sponsored operation to what a first transfer
// needs.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createWalletClient, encodeFunctionData, erc20Abi, http, parseEther, type Address, type Hex, type PublicClient } from 'viem'
import { createBundlerClient, type SmartAccount, type UserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { DEVNET_ACCOUNTS, startDevnet, type Devnet } from '@wallet-modal/devnet'
import { createServer, type WalletModalServer } from '../internal.js'
import { demoServerConfig, DEMO_PAYMASTER_SIGNER_KEY } from '../config/demoServerConfig.js'
import type { ChainConfig } from '../config/ServerConfig.js'
import { smartAccountClient, toEmbeddedSmartAccount, type SmartAccountChain } from '../embedded/embeddedSmartAccount.js'
import { urlOf } from '../__fixtures__/http.js'
import {
  PAYMASTER_MAX_GAS,
  PAYMASTER_PER_CLIENT_PER_DAY,
  PAYMASTER_PER_USER_PER_DAY,
  SponsorshipRefused,
  VerifyingPaymaster,
  type VerifyingPaymasterOptions
} from './VerifyingPaymaster.js'

const DAY = 86_400

describe('attacks on the paymaster', () => {
  let devnet: Devnet
  let server: WalletModalServer
  let target: SmartAccountChain
  let client: PublicClient
  let bundlerUrl: string
  before(async () => {
    devnet = await startDevnet()
    const config = demoServerConfig({ chains: devnet.chains, tokens: devnet.tokens, accountAbstraction: devnet.accountAbstraction })
    server = await createServer({ config, relay: false })
    const chain: ChainConfig = config.chains[0]!
    target = { chain, smart: chain.smartAccounts! }
    client = smartAccountClient(target, 5000)
    bundlerUrl = urlOf(server.url, '/v1/bundler', { chainId: chain.caipNetworkId })
  })
  after(async () => {
    await server?.close()
    await devnet?.stop()
  })

  /** Each test counts on a day of its own (the budgets are by the paymaster's clock). */
  const dayOf = (n: number) => () => Math.floor(Date.now() / 1000) + n * 3 * DAY
  const paymasterOf = (options: Partial<VerifyingPaymasterOptions> = {}) =>
    new VerifyingPaymaster({
      chain: target.chain,
      store: server.store,
      address: devnet.accountAbstraction.walletModalPaymaster,
      signerKey: DEMO_PAYMASTER_SIGNER_KEY,
      accountFactory: target.smart.accountFactory,
      timeoutMs: 5000,
      ...options
    })
  const freshAccount = () => toEmbeddedSmartAccount(target, privateKeyToAccount(generatePrivateKey()), client)
  const sponsored = (account: SmartAccount, paymaster: VerifyingPaymaster) =>
    createBundlerClient({ account, client, transport: http(bundlerUrl), paymaster: paymaster.actions(31337) })
  /** Sends `calls` from `account`, sponsored by `paymaster`: the receipt, or the paymaster's refusal. */
  const sendSponsored = async (
    account: SmartAccount,
    paymaster: VerifyingPaymaster,
    calls: { to: Address; value?: bigint; data?: Hex }[] = [{ to: DEVNET_ACCOUNTS[9]!, value: 0n }]
  ) => {
    const bundler = sponsored(account, paymaster)
    try {
      const hash = await bundler.sendUserOperation({ calls })
      return { receipt: await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 50, timeout: 10_000 }) }
    } catch (error) {
      let e: unknown = error
      while (e instanceof Error && !(e instanceof SponsorshipRefused)) e = e.cause
      if (e instanceof SponsorshipRefused) return { refused: e.message }
      throw error
    }
  }
  const dusd = () => devnet.tokens.DUSD as Address
  const giveDusd = async (to: Address, amount: bigint) => {
    const funder = createWalletClient({ account: DEVNET_ACCOUNTS[1]!, transport: http(target.chain.rpcUrl) })
    await client.waitForTransactionReceipt({
      hash: await funder.writeContract({ address: dusd(), abi: erc20Abi, functionName: 'transfer', args: [to, amount], chain: null })
    })
  }
  const transfer = (to: Address, amount: bigint) => ({ to: dusd(), data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }) })
  /** The gas a sponsorship of `op` covers, as the paymaster counts it. */
  const sponsoredGas = (op: UserOperation<'0.8'>) =>
    op.verificationGasLimit + op.callGasLimit + op.preVerificationGas + (op.paymasterVerificationGasLimit ?? 0n) + (op.paymasterPostOpGasLimit ?? 0n)

  it(`a first transfer (token or native) fits the default limit of ${PAYMASTER_MAX_GAS} gas per sponsored operation`, async () => {
    const paymaster = paymasterOf({ now: dayOf(1) })
    const token = await freshAccount()
    await giveDusd(token.address, 5_000_000n)
    const native = await freshAccount()
    const funder = createWalletClient({ account: DEVNET_ACCOUNTS[5]!, transport: http(target.chain.rpcUrl) })
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: native.address, value: parseEther('0.01'), chain: null }) })
    const cases: [SmartAccount, { to: Address; value?: bigint; data?: Hex }[]][] = [
      [token, [transfer(DEVNET_ACCOUNTS[6]!, 1_000_000n)]],
      [native, [{ to: DEVNET_ACCOUNTS[6]!, value: parseEther('0.001') }]]
    ]
    for (const [account, calls] of cases) {
      const prepared = (await sponsored(account, paymaster).prepareUserOperation({ calls: [...calls] })) as UserOperation<'0.8'>
      const gas = sponsoredGas(prepared)
      console.log(
        `# a first ${account === token ? 'token' : 'native'} transfer asks ${gas} gas (verification ${prepared.verificationGasLimit}, call ${prepared.callGasLimit}, pre-verification ${prepared.preVerificationGas})`
      )
      assert.ok(gas <= (BigInt(PAYMASTER_MAX_GAS) * 3n) / 4n, `${gas} leaves a quarter of headroom`)
      const sent = await sendSponsored(account, paymaster, [...calls])
      assert.equal(sent.receipt?.success, true, JSON.stringify(sent.refused))
    }
  })

  it('attack: a sponsored first operation doing far more than a transfer is not sponsored', async () => {
    const paymaster = paymasterOf({ now: dayOf(2) })
    const account = await freshAccount()
    await giveDusd(account.address, 1_000_000n)
    // Twenty transfers to fresh addresses: work the operator never meant to pay for.
    const calls = Array.from({ length: 20 }, () => transfer(privateKeyToAccount(generatePrivateKey()).address, 1n))
    const sent = await sendSponsored(account, paymaster, calls)
    assert.match(sent.refused ?? 'sponsored', new RegExp(`The operation needs \\d+ gas; at most ${PAYMASTER_MAX_GAS} is sponsored`))
  })

  it(`attack: a flood of sponsored first operations from fresh accounts (one client: ${PAYMASTER_PER_CLIENT_PER_DAY} a day)`, async () => {
    const now = dayOf(3)
    const results = []
    for (let i = 0; i <= PAYMASTER_PER_CLIENT_PER_DAY; i++) {
      // A new e-mail each time: a new user, a new account, the same client.
      results.push(await sendSponsored(await freshAccount(), paymasterOf({ now }).forCaller({ userId: `flood-user-${i}`, clientKey: '203.0.113.7' })))
    }
    for (const result of results.slice(0, PAYMASTER_PER_CLIENT_PER_DAY)) assert.equal(result.receipt?.success, true, result.refused)
    assert.equal(results.at(-1)!.refused, `This client has had its ${PAYMASTER_PER_CLIENT_PER_DAY} sponsored operations for today`)
    // Another client is not held back by this one; the next day, this one may again.
    const other = await sendSponsored(await freshAccount(), paymasterOf({ now }).forCaller({ userId: 'flood-user-x', clientKey: '198.51.100.1' }))
    assert.equal(other.receipt?.success, true)
    const tomorrow = await sendSponsored(
      await freshAccount(),
      paymasterOf({ now: () => now() + DAY + 1 }).forCaller({ userId: 'flood-user-y', clientKey: '203.0.113.7' })
    )
    assert.equal(tomorrow.receipt?.success, true)
  })

  it(`attack: one user asking again and again, from rotating addresses (${PAYMASTER_PER_USER_PER_DAY} a day)`, async () => {
    const now = dayOf(5)
    const paymaster = paymasterOf({ now })
    const account = await freshAccount()
    const op = {
      sender: account.address,
      nonce: 0n,
      callData: await account.encodeCalls([{ to: DEVNET_ACCOUNTS[9]!, value: 0n }]),
      ...(await account.getFactoryArgs())
    }
    const gas = {
      verificationGasLimit: 300_000n,
      callGasLimit: 50_000n,
      preVerificationGas: 60_000n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000n
    }
    // Signed sponsorships are counted whether or not they are used.
    for (let i = 0; i < PAYMASTER_PER_USER_PER_DAY; i++)
      await paymaster.forCaller({ userId: 'hoarder', clientKey: `192.0.2.${i}` }).data({ ...op, ...gas }, 31337)
    await assert.rejects(paymaster.forCaller({ userId: 'hoarder', clientKey: '192.0.2.99' }).data({ ...op, ...gas }, 31337), {
      name: 'SponsorshipRefused',
      message: `This account has had its ${PAYMASTER_PER_USER_PER_DAY} sponsored operations for today`
    })
    // Without a user (the bundler route's callers), the sender is the user.
    for (let i = 0; i < PAYMASTER_PER_USER_PER_DAY; i++) await paymaster.forCaller({ clientKey: `192.0.2.${100 + i}` }).data({ ...op, ...gas }, 31337)
    await assert.rejects(paymaster.data({ ...op, ...gas }, 31337), /This account has had its/)
  })

  it('attack: a flood from rotating users and clients stops at the daily gas budget, which holds across a restart', async () => {
    const now = dayOf(7)
    const gasPerDay = 1_000_000
    let sent = 0
    let refusal: string | undefined
    for (let i = 0; i < 5 && !refusal; i++) {
      const result = await sendSponsored(await freshAccount(), paymasterOf({ now, gasPerDay }).forCaller({ userId: `rotating-${i}`, clientKey: `10.0.${i}.1` }))
      if (result.refused) refusal = result.refused
      else sent++
    }
    assert.equal(refusal, `The paymaster's daily budget of ${gasPerDay} gas is spent`)
    assert.ok(sent >= 1 && sent <= 3, `${sent} sponsored`)
    const { rows } = await server.store.query<{ gas: string }>(`SELECT sum(gas)::text AS gas FROM paymaster_sponsorships WHERE created_at > to_timestamp($1)`, [
      now() - DAY
    ])
    assert.ok(BigInt(rows[0]!.gas) <= BigInt(gasPerDay), `${rows[0]!.gas} gas sponsored`)
    // A new paymaster on the same database (a restart, or another process): still spent.
    const restarted = await sendSponsored(await freshAccount(), paymasterOf({ now, gasPerDay }).forCaller({ userId: 'after-restart', clientKey: '10.1.0.1' }))
    assert.equal(restarted.refused, `The paymaster's daily budget of ${gasPerDay} gas is spent`)
  })
})
