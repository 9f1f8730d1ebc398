import { concat, encodeAbiParameters, getAddress, keccak256, parseAbi, parseAbiParameters, slice, type Address, type Hex, type PublicClient } from 'viem'
import { toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { createChainClient } from '../chain/createChainClient.js'
import type { ChainConfig } from '../config/ServerConfig.js'
import type { Store } from '../db/Store.js'

/**
 * Default of `smartAccounts.paymaster.maxGasPerOperation`: the most gas in all a sponsored
 * operation may use. A new WalletModalAccount's first operation with one transfer asks 383,208
 * gas in all on the devnet for an ERC-20's, 356,840 for a native one (its creation most of it, see
 * `VerifyingPaymaster.attack.test.ts`): room for that and half as much again, not for arbitrary work.
 */
export const PAYMASTER_MAX_GAS = 600_000

/** Default of `smartAccounts.paymaster.perUserPerDay`: sponsored operations per embedded account (or sender) in 24 hours. */
export const PAYMASTER_PER_USER_PER_DAY = 3

/** Default of `smartAccounts.paymaster.perClientPerDay`: sponsored operations per client address in 24 hours. */
export const PAYMASTER_PER_CLIENT_PER_DAY = 10

/** Default of `smartAccounts.paymaster.gasPerDay`: the most gas all sponsorships of 24 hours may use. */
export const PAYMASTER_GAS_PER_DAY = 50_000_000

/** The budgets' window. */
const DAY_SECONDS = 86_400

/** How long a sponsorship signature is good for: enough for the bundler to land it, too short to hoard. */
export const SPONSORSHIP_VALID_SECONDS = 600

/**
 * Gas the paymaster's `validatePaymasterUserOp` is given: it hashes the operation and recovers one
 * signature, a few tens of thousands of gas at most.
 */
export const PAYMASTER_VERIFICATION_GAS = 40_000n

/**
 * A well-formed 65-byte signature that is not the signer's, of the real one's size (so the
 * bundle's calldata, and thus `preVerificationGas`, is estimated right): the contract answers
 * "signature failed" for it rather than reverting, which the EntryPoint's simulation ignores.
 */
const STUB_SIGNATURE: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

const paymasterAbi = parseAbi(['function getDeposit() view returns (uint256)'])

const HASHED_FIELDS = parseAbiParameters('address, uint256, bytes32, bytes32, bytes32, bytes32, uint256, bytes32, uint256, address, uint48, uint48')

/** A user operation as viem's bundler client hands it to a paymaster (EntryPoint v0.8 fields). */
export type SponsoredOperation = Pick<UserOperation<'0.8'>, 'sender' | 'nonce' | 'callData'> & Partial<UserOperation<'0.8'>>

/** The paymaster fields of a user operation: ERC-7677's answer to `pm_getPaymasterStubData` / `pm_getPaymasterData`. */
export interface PaymasterFields {
  paymaster: Address
  paymasterData: Hex
  paymasterVerificationGasLimit: bigint
  paymasterPostOpGasLimit: bigint
}

/**
 * Why the paymaster will not pay for an operation (the operation is then sent unsponsored, paid
 * by the account as usual).
 */
export class SponsorshipRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SponsorshipRefused'
  }
}

/** Who a sponsorship is for, as the server knows it: what the budgets count. */
export interface SponsorshipCaller {
  /** The embedded account's id (without one, the operation's sender is counted). */
  userId?: string
  /** The HTTP client's key (`http/clientKey.ts`). */
  clientKey?: string
}

/** What {@link VerifyingPaymaster} is made from. */
export interface VerifyingPaymasterOptions {
  chain: ChainConfig
  /** Where each sponsorship is recorded: the budgets hold across restarts and processes. */
  store: Store
  /** The WalletModalPaymaster's address. */
  address: string
  /** Its `verifyingSigner`'s key. */
  signerKey: Hex
  /** The only factory whose accounts it sponsors (their first, deploying, operation). */
  accountFactory: string
  /** Most gas in all a sponsored operation may use (default {@link PAYMASTER_MAX_GAS}). */
  maxGasPerOperation?: number
  /** Sponsored operations per user in 24 hours (default {@link PAYMASTER_PER_USER_PER_DAY}). */
  perUserPerDay?: number
  /** Sponsored operations per client in 24 hours (default {@link PAYMASTER_PER_CLIENT_PER_DAY}). */
  perClientPerDay?: number
  /** Gas all sponsorships of 24 hours may use (default {@link PAYMASTER_GAS_PER_DAY}). */
  gasPerDay?: number
  /** Who the sponsorships are for ({@link VerifyingPaymaster.forCaller}). */
  caller?: SponsorshipCaller
  /** Time each call to the chain's node gets. */
  timeoutMs: number
  /** Seconds since the epoch (tests move it). */
  now?: () => number
}

/**
 * The server side of the operator's verifying paymaster (`WalletModalPaymaster.sol`) on one chain:
 * it decides which user operations to sponsor and signs them, in the shape ERC-7677's
 * `pm_getPaymasterStubData` and `pm_getPaymasterData` answer, which viem's bundler client takes as
 * its `paymaster`.
 *
 * The policy is the gasless first transaction: only an operation that deploys an account of the
 * configured factory (its `factory` field; every later operation has none), within
 * `maxGasPerOperation`, only while the paymaster's deposit covers the operation's most cost, and
 * within its budgets: so many operations per user (the embedded account, or the sender) and per
 * client (address) in 24 hours, and so much gas in all in 24 hours, counted in the database from
 * each signed sponsorship's most gas (an account costs one e-mail; the day's total does not).
 * Its signature covers every field but the account's own signature, the chain and the
 * paymaster, and is good for {@link SPONSORSHIP_VALID_SECONDS}.
 *
 * @example
 * ```ts
 * const paymaster = new VerifyingPaymaster({ chain, address, signerKey, accountFactory, timeoutMs: 10_000 })
 * const bundlerClient = createBundlerClient({ account, client, transport, paymaster: paymaster.actions(chainId) })
 * ```
 */
export class VerifyingPaymaster {
  readonly address: Address
  private readonly signer: PrivateKeyAccount
  private readonly accountFactory: Address
  private readonly maxGas: bigint
  private readonly client: PublicClient
  private readonly now: () => number

  constructor(private readonly options: VerifyingPaymasterOptions) {
    this.address = getAddress(options.address)
    this.signer = privateKeyToAccount(options.signerKey)
    this.accountFactory = getAddress(options.accountFactory)
    this.maxGas = BigInt(options.maxGasPerOperation ?? PAYMASTER_MAX_GAS)
    this.client = createChainClient(options.chain.rpcUrl, options.timeoutMs)
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000))
  }

  /**
   * The same paymaster, its sponsorships counted against `caller`'s budgets.
   *
   * @param caller - The embedded account and client the operations are sent for.
   */
  forCaller(caller: SponsorshipCaller): VerifyingPaymaster {
    return new VerifyingPaymaster({ ...this.options, caller })
  }

  /** The address whose signature the paymaster contract accepts (its `verifyingSigner`). */
  get signerAddress(): Address {
    return this.signer.address
  }

  /**
   * Throws {@link SponsorshipRefused} unless the policy sponsors `op`: it deploys an account of the
   * configured factory.
   */
  checkPolicy(op: SponsoredOperation): void {
    if (!op.factory || getAddress(op.factory) !== this.accountFactory) throw new SponsorshipRefused("Only a new account's first transaction is sponsored")
  }

  /**
   * ERC-7677 `pm_getPaymasterStubData`: the paymaster fields to estimate gas with (a stub
   * signature of the real one's size). Refuses what the policy does not sponsor.
   */
  stubData(op: SponsoredOperation): PaymasterFields {
    this.checkPolicy(op)
    return this.fields(concat([encodeAbiParameters(parseAbiParameters('uint48, uint48'), [this.now() + SPONSORSHIP_VALID_SECONDS, 0]), STUB_SIGNATURE]))
  }

  /**
   * ERC-7677 `pm_getPaymasterData`: the signed paymaster fields for an operation whose gas and
   * fees are final. Refuses what the policy does not sponsor, an operation over the gas limit, and
   * any while the deposit would not cover it.
   *
   * @param op - The operation, every gas and fee field set.
   * @param chainId - The chain's id (part of what is signed).
   */
  async data(op: SponsoredOperation, chainId: number): Promise<PaymasterFields> {
    this.checkPolicy(op)
    const gas =
      (op.verificationGasLimit ?? 0n) +
      (op.callGasLimit ?? 0n) +
      (op.preVerificationGas ?? 0n) +
      PAYMASTER_VERIFICATION_GAS +
      (op.paymasterPostOpGasLimit ?? 0n)
    if (gas > this.maxGas) throw new SponsorshipRefused(`The operation needs ${gas} gas; at most ${this.maxGas} is sponsored`)
    const deposit = await this.client.readContract({ address: this.address, abi: paymasterAbi, functionName: 'getDeposit' })
    if (deposit < gas * (op.maxFeePerGas ?? 0n)) throw new SponsorshipRefused("The paymaster's deposit does not cover the operation")
    await this.spend(op, gas, chainId)
    const validUntil = this.now() + SPONSORSHIP_VALID_SECONDS
    const hash = this.hashOf(op, chainId, validUntil, 0)
    const signature = await this.signer.signMessage({ message: { raw: hash } })
    return this.fields(concat([encodeAbiParameters(parseAbiParameters('uint48, uint48'), [validUntil, 0]), signature]))
  }

  /**
   * Counts a sponsorship of at most `gas` against the budgets, or throws {@link SponsorshipRefused}
   * when one is spent. One at a time per paymaster (an advisory lock), so concurrent requests,
   * from this process or another, cannot all pass the same check.
   */
  private async spend(op: SponsoredOperation, gas: bigint, chainId: number): Promise<void> {
    const { store, caller = {} } = this.options
    const perUser = this.options.perUserPerDay ?? PAYMASTER_PER_USER_PER_DAY
    const perClient = this.options.perClientPerDay ?? PAYMASTER_PER_CLIENT_PER_DAY
    const perDay = BigInt(this.options.gasPerDay ?? PAYMASTER_GAS_PER_DAY)
    const chain = `eip155:${chainId}`
    const user = caller.userId !== undefined ? `user:${caller.userId}` : `sender:${op.sender.toLowerCase()}`
    const client = caller.clientKey ?? 'unknown'
    const now = this.now()
    await store.transaction(async tx => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`paymaster:${chain}:${this.address.toLowerCase()}`])
      const { rows } = await tx.query<{ by_user: number; by_client: number; gas: string }>(
        `SELECT count(*) FILTER (WHERE user_key = $3)::int AS by_user, count(*) FILTER (WHERE client_key = $4)::int AS by_client, coalesce(sum(gas), 0)::text AS gas
         FROM paymaster_sponsorships WHERE chain_id = $1 AND paymaster = $2 AND created_at > to_timestamp($5)`,
        [chain, this.address.toLowerCase(), user, client, now - DAY_SECONDS]
      )
      const used = rows[0] ?? { by_user: 0, by_client: 0, gas: '0' }
      if (used.by_user >= perUser) throw new SponsorshipRefused(`This account has had its ${perUser} sponsored operations for today`)
      if (used.by_client >= perClient) throw new SponsorshipRefused(`This client has had its ${perClient} sponsored operations for today`)
      if (BigInt(used.gas) + gas > perDay) throw new SponsorshipRefused(`The paymaster's daily budget of ${perDay} gas is spent`)
      await tx.query(
        `INSERT INTO paymaster_sponsorships (chain_id, paymaster, user_key, client_key, sender, gas, created_at) VALUES ($1, $2, $3, $4, $5, $6, to_timestamp($7))`,
        [chain, this.address.toLowerCase(), user, client, op.sender.toLowerCase(), gas.toString(), now]
      )
    })
  }

  /**
   * What the signer signs for `op` (the contract's `getHash`): the packed operation without its
   * signature or paymaster data, the paymaster's gas limits, the chain, the paymaster, and the
   * time window.
   */
  hashOf(op: SponsoredOperation, chainId: number, validUntil: number, validAfter: number): Hex {
    const packed = toPackedUserOperation({
      callGasLimit: 0n,
      verificationGasLimit: 0n,
      preVerificationGas: 0n,
      maxFeePerGas: 0n,
      maxPriorityFeePerGas: 0n,
      signature: '0x',
      ...op,
      paymaster: this.address,
      paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS,
      paymasterPostOpGasLimit: op.paymasterPostOpGasLimit ?? 0n,
      paymasterData: '0x'
    } as UserOperation<'0.8'>)
    return keccak256(
      encodeAbiParameters(HASHED_FIELDS, [
        packed.sender,
        packed.nonce,
        keccak256(packed.initCode),
        keccak256(packed.callData),
        packed.accountGasLimits,
        slice(packed.paymasterAndData, 20, 52),
        packed.preVerificationGas,
        packed.gasFees,
        BigInt(chainId),
        this.address,
        validUntil,
        validAfter
      ])
    )
  }

  /**
   * The paymaster as viem's bundler client takes it (`createBundlerClient({ paymaster })`): it
   * asks for stub data before estimating gas and for the signed data once the gas is set.
   */
  actions(chainId: number): {
    getPaymasterStubData: (op: SponsoredOperation) => Promise<PaymasterFields>
    getPaymasterData: (op: SponsoredOperation) => Promise<PaymasterFields>
  } {
    return {
      getPaymasterStubData: async op => this.stubData(op),
      getPaymasterData: async op => this.data(op, chainId)
    }
  }

  private fields(paymasterData: Hex): PaymasterFields {
    return { paymaster: this.address, paymasterData, paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS, paymasterPostOpGasLimit: 0n }
  }
}
