import {
  createWalletClient,
  decodeEventLog,
  decodeFunctionData,
  encodeFunctionData,
  getAddress,
  http,
  numberToHex,
  parseAbi,
  parseGwei,
  toEventSelector,
  type Address,
  type Hex,
  type PublicClient,
  type RpcLog,
  type RpcTransactionReceipt,
  type Transport,
  type WalletClient
} from 'viem'
import { entryPoint08Abi, formatUserOperationRequest, getUserOperationHash, toPackedUserOperation } from 'viem/account-abstraction'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { createChainClient } from '../chain/createChainClient.js'
import type { ChainConfig } from '../config/ServerConfig.js'
import type { Store } from '../db/Store.js'
import type { Bundler, BundlerCaller, BundlerMethod } from './Bundler.js'
import { BUNDLER_ERROR, BundlerError } from './BundlerError.js'
import { bundlerErrorOf } from './entryPointSimulations.js'
import { estimateUserOperationGas, preVerificationGasOf } from './estimateUserOperationGas.js'
import { parseUserOperation, type ParsedUserOperation } from './parseUserOperation.js'

/** Default of `smartAccounts.bundler.opsPerMinute`: operations one sender may send per minute. */
export const BUNDLER_OPS_PER_MINUTE = 10

/**
 * Default of `smartAccounts.bundler.clientOpsPerMinute`: operations one client (HTTP address) may
 * send per minute, whatever senders it names.
 */
export const BUNDLER_CLIENT_OPS_PER_MINUTE = 30

/**
 * The most gas one operation may ask for, by default (`smartAccounts.bundler.max…Gas`): well above
 * what an account's creation and a few transfers need, and far below what would let one operation
 * hold the operator's balance or a block.
 */
export const BUNDLER_GAS_CAPS = {
  /** The account's creation and `validateUserOp` (a WalletModalAccount's creation needs about 300,000). */
  verificationGasLimit: 1_000_000n,
  /** The operation's call (estimates stop at 5,000,000 and add 10%). */
  callGasLimit: 6_000_000n,
  /** The bundle's calldata and overhead (a 32 KiB callData needs about 550,000). */
  preVerificationGas: 1_000_000n,
  /** Each of the paymaster's limits (the operator's paymaster asks 40,000). */
  paymasterGas: 300_000n
} as const

/** Default of `smartAccounts.bundler.maxFeeOverBaseFee`: `maxFeePerGas` may be this many base fees, plus the priority cap. */
export const MAX_FEE_OVER_BASE_FEE = 4

/** Default of `smartAccounts.bundler.maxPriorityFeeGwei`: the most priority fee an operation may offer (some chains, e.g. Polygon, ask 30 gwei). */
export const MAX_PRIORITY_FEE_GWEI = 100

/** The ERC-1967 slot a proxy keeps its implementation in. */
const IMPLEMENTATION_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc'

/** What the bundler asks of the account factory and its accounts (SimpleAccountFactory's shape). */
const factoryAbi = parseAbi([
  'function accountImplementation() view returns (address)',
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
  'function owner() view returns (address)'
])

/** Each owner has one account per factory, made with salt 0 (`embedded/embeddedSmartAccount.ts`). */
const ACCOUNT_SALT = 0n

/** Gas of the bundle transaction beyond the operation's own limits (the loop, events, refunds). */
const BUNDLE_OVERHEAD_GAS = 60_000n

const USER_OPERATION_EVENT = toEventSelector('UserOperationEvent(bytes32,address,address,uint256,bool,uint256,uint256)')
const REVERT_REASON_EVENT = toEventSelector('UserOperationRevertReason(bytes32,address,uint256,bytes)')
const BEFORE_EXECUTION_EVENT = toEventSelector('BeforeExecution()')

const invalid = (message: string): never => {
  throw new BundlerError(BUNDLER_ERROR.invalidParams, message)
}

const refuse = (message: string): never => {
  throw new BundlerError(BUNDLER_ERROR.ruleViolation, message)
}

const paramsOf = (params: unknown): unknown[] => (Array.isArray(params) ? params : invalid('params must be an array'))

const hashParam = (params: unknown): Hex => {
  const hash = paramsOf(params)[0]
  return typeof hash === 'string' && /^0x[0-9a-fA-F]{64}$/.test(hash)
    ? (hash.toLowerCase() as Hex)
    : invalid('a user operation hash (0x and 64 hex digits) is needed')
}

/** What {@link LocalBundler} is made from. */
export interface LocalBundlerOptions {
  chain: ChainConfig
  store: Store
  /** The EntryPoint v0.8 it submits to. */
  entryPoint: string
  /** The operator's key: signs and pays for bundle transactions, and is repaid by each operation. */
  operatorKey: Hex
  /** The only factory whose accounts are served (default: the chain's `smartAccounts.accountFactory`). */
  accountFactory?: string
  /** The only paymaster an operation may name (default: the chain's `smartAccounts.paymaster`; without one, none). */
  paymaster?: string
  /** Operations one sender may send per minute (default {@link BUNDLER_OPS_PER_MINUTE}). */
  opsPerMinute?: number
  /** Operations one client may send per minute (default {@link BUNDLER_CLIENT_OPS_PER_MINUTE}). */
  clientOpsPerMinute?: number
  /** The most gas an operation may ask, per field (defaults {@link BUNDLER_GAS_CAPS}). */
  gasCaps?: { [field in keyof typeof BUNDLER_GAS_CAPS]?: bigint | undefined }
  /** `maxFeePerGas` at most this many base fees plus the priority cap (default {@link MAX_FEE_OVER_BASE_FEE}). */
  maxFeeOverBaseFee?: number
  /** The most `maxPriorityFeePerGas`, in gwei (default {@link MAX_PRIORITY_FEE_GWEI}). */
  maxPriorityFeeGwei?: number
  /** Time each call to the chain's node gets. */
  timeoutMs: number
}

/** A stored submission. */
interface SubmittedRow {
  entry_point: string
  operation: Record<string, unknown>
  tx_hash: string
}

/**
 * This server's own ERC-4337 bundler for one chain: one operation per bundle, submitted with
 * EntryPoint v0.8's `handleOps` from the operator's key, which each operation's fees repay.
 *
 * Whoever sends an operation, the operator pays for its bundle first: so before an operation is
 * sent it is checked, and refused unless it can only land and repay:
 * - fields: gas limits under the caps ({@link BUNDLER_GAS_CAPS}), fees within the base fee's
 *   reach, enough `preVerificationGas` for its bundle's calldata;
 * - limits: its sender's and its client's per-minute limits (the client is the HTTP caller, which
 *   rotating senders does not change), not already sent;
 * - only the configured factory's accounts: the sender is created by the operation's `initCode`
 *   (the factory's `createAccount(owner, 0)`), or it is the factory's account of its owner, still
 *   a proxy to the factory's implementation; and no paymaster but the operator's own. Their
 *   validation code is known, so what the simulation says holds on chain (rather than the
 *   general ERC-7562 rules);
 * - the nonce: not one a pending (sent, not yet mined) operation of the sender has, nor below the
 *   sender's next nonce at the EntryPoint;
 * - simulated: `handleOps` is called with `eth_call` from the operator against the `pending`
 *   state, so a bad signature (AA24), a missing prefund (AA21) or a used nonce (AA25) is refused
 *   with its code and nothing is spent.
 * Submissions are made one at a time (the operator's nonce). What was sent is stored, so its
 * receipt and the operation can be looked up by hash, and the checks above see it.
 *
 * @example
 * ```ts
 * const bundler = new LocalBundler({ chain, store, entryPoint, operatorKey, timeoutMs: 10_000 })
 * const hash = await bundler.request('eth_sendUserOperation', [op, entryPoint])
 * ```
 */
export class LocalBundler implements Bundler {
  readonly caipNetworkId: string
  readonly entryPoint: Address
  private readonly chainId: number
  private readonly client: PublicClient
  private readonly operator: PrivateKeyAccount
  /** Signs and sends the bundles with the operator's key. */
  private readonly wallet: WalletClient<Transport, undefined, PrivateKeyAccount>
  private readonly opsPerMinute: number
  private readonly clientOpsPerMinute: number
  private readonly accountFactory: Address
  private readonly paymaster: Address | undefined
  private readonly gasCaps: Record<keyof typeof BUNDLER_GAS_CAPS, bigint>
  private readonly maxFeeOverBaseFee: bigint
  private readonly maxPriorityFee: bigint
  /** The factory's account implementation, read once. */
  private implementation: Promise<Address> | undefined
  /** Deployed senders found to be the factory's accounts: where they are cannot change. */
  private readonly factoryAccounts = new Set<Address>()
  private queue: Promise<unknown> = Promise.resolve()

  constructor(private readonly options: LocalBundlerOptions) {
    this.caipNetworkId = options.chain.caipNetworkId
    this.chainId = Number(options.chain.caipNetworkId.slice('eip155:'.length))
    this.entryPoint = getAddress(options.entryPoint)
    this.client = createChainClient(options.chain.rpcUrl, options.timeoutMs)
    this.operator = privateKeyToAccount(options.operatorKey)
    this.wallet = createWalletClient({ account: this.operator, transport: http(options.chain.rpcUrl, { timeout: options.timeoutMs, retryCount: 0 }) })
    this.opsPerMinute = options.opsPerMinute ?? BUNDLER_OPS_PER_MINUTE
    this.clientOpsPerMinute = options.clientOpsPerMinute ?? BUNDLER_CLIENT_OPS_PER_MINUTE
    const factory = options.accountFactory ?? options.chain.smartAccounts?.accountFactory
    if (!factory) throw new Error(`The bundler of ${options.chain.caipNetworkId} needs the account factory it serves (smartAccounts.accountFactory)`)
    this.accountFactory = getAddress(factory)
    const paymaster = options.paymaster ?? options.chain.smartAccounts?.paymaster?.address
    this.paymaster = paymaster ? getAddress(paymaster) : undefined
    const caps = options.gasCaps ?? {}
    this.gasCaps = {
      verificationGasLimit: caps.verificationGasLimit ?? BUNDLER_GAS_CAPS.verificationGasLimit,
      callGasLimit: caps.callGasLimit ?? BUNDLER_GAS_CAPS.callGasLimit,
      preVerificationGas: caps.preVerificationGas ?? BUNDLER_GAS_CAPS.preVerificationGas,
      paymasterGas: caps.paymasterGas ?? BUNDLER_GAS_CAPS.paymasterGas
    }
    this.maxFeeOverBaseFee = BigInt(options.maxFeeOverBaseFee ?? MAX_FEE_OVER_BASE_FEE)
    this.maxPriorityFee = parseGwei(String(options.maxPriorityFeeGwei ?? MAX_PRIORITY_FEE_GWEI))
  }

  /** The operator's address: the beneficiary of every bundle. */
  get operatorAddress(): Address {
    return this.operator.address
  }

  async request(method: BundlerMethod, params: unknown, caller?: BundlerCaller): Promise<unknown> {
    switch (method) {
      case 'eth_chainId':
        return numberToHex(this.chainId)
      case 'eth_supportedEntryPoints':
        return [this.entryPoint]
      case 'eth_estimateUserOperationGas': {
        const [value, entryPoint] = paramsOf(params)
        this.checkEntryPoint(entryPoint)
        const estimate = await estimateUserOperationGas(this.client, this.entryPoint, parseUserOperation(value, false), this.operator.address)
        return Object.fromEntries(Object.entries(estimate).map(([key, gas]) => [key, numberToHex(gas as bigint)]))
      }
      case 'eth_sendUserOperation': {
        const [value, entryPoint] = paramsOf(params)
        this.checkEntryPoint(entryPoint)
        return this.send(parseUserOperation(value, true), caller)
      }
      case 'eth_getUserOperationByHash':
        return this.operationByHash(hashParam(params))
      case 'eth_getUserOperationReceipt':
        return this.receiptByHash(hashParam(params))
      default:
        throw new BundlerError(BUNDLER_ERROR.methodNotFound, `Method not found: ${String(method)}`)
    }
  }

  private checkEntryPoint(value: unknown): void {
    if (typeof value !== 'string' || value.toLowerCase() !== this.entryPoint.toLowerCase()) {
      invalid(`Unsupported EntryPoint ${String(value)}: this bundler serves ${this.entryPoint}`)
    }
  }

  private hashOf(op: ParsedUserOperation): Hex {
    return getUserOperationHash({ chainId: this.chainId, entryPointAddress: this.entryPoint, entryPointVersion: '0.8', userOperation: op }).toLowerCase() as Hex
  }

  private async send(op: ParsedUserOperation, caller: BundlerCaller | undefined): Promise<Hex> {
    if (op.maxPriorityFeePerGas > op.maxFeePerGas) invalid('maxPriorityFeePerGas is above maxFeePerGas')
    this.checkGasCaps(op)
    if (op.paymaster && getAddress(op.paymaster) !== this.paymaster) {
      refuse(
        `Paymaster ${op.paymaster} is not served here: ${this.paymaster ? `only the operator's paymaster ${this.paymaster}` : 'no paymaster'} (its validation must be known to hold on chain)`
      )
    }
    const neededPreVerification = preVerificationGasOf(op, this.operator.address)
    if (op.preVerificationGas < neededPreVerification)
      invalid(`preVerificationGas ${op.preVerificationGas} is below ${neededPreVerification}, what this operation's bundle costs`)
    const hash = this.hashOf(op)
    // One submission at a time: each takes the operator's next nonce, is simulated against the
    // state the previous one left, and is counted against its sender's limit after the previous.
    const turn = this.queue.then(() => this.submit(op, hash, caller?.clientKey))
    this.queue = turn.catch(() => undefined)
    return turn
  }

  /** Refuses gas limits over the caps: each is gas the operator advances before being repaid. */
  private checkGasCaps(op: ParsedUserOperation): void {
    const over = (field: string, value: bigint, cap: bigint) => {
      if (value > cap) invalid(`${field} ${value} is above ${cap}, the most this bundler takes`)
    }
    over('verificationGasLimit', op.verificationGasLimit, this.gasCaps.verificationGasLimit)
    over('callGasLimit', op.callGasLimit, this.gasCaps.callGasLimit)
    over('preVerificationGas', op.preVerificationGas, this.gasCaps.preVerificationGas)
    over('paymasterVerificationGasLimit', op.paymasterVerificationGasLimit ?? 0n, this.gasCaps.paymasterGas)
    over('paymasterPostOpGasLimit', op.paymasterPostOpGasLimit ?? 0n, this.gasCaps.paymasterGas)
  }

  private async count(sql: string, params: unknown[]): Promise<number> {
    return (await this.options.store.query<{ n: number }>(sql, params)).rows[0]?.n ?? 0
  }

  /**
   * Refuses a sender that is not an account of the configured factory: one whose `initCode` is
   * not the factory's `createAccount(owner, 0)`, or, deployed, is not at the factory's address for
   * its owner or no longer a proxy to the factory's implementation (its owner upgraded it).
   */
  private async checkSender(op: ParsedUserOperation): Promise<void> {
    const sender = getAddress(op.sender)
    const notOurs = (why: string) => refuse(`Sender ${sender} is not an account of this bundler's factory ${this.accountFactory}: ${why}`)
    if (op.factory) {
      if (getAddress(op.factory) !== this.accountFactory) notOurs(`its factory is ${getAddress(op.factory)}`)
      let salt: bigint | undefined
      try {
        const call = decodeFunctionData({ abi: factoryAbi, data: op.factoryData ?? '0x' })
        if (call.functionName === 'createAccount') salt = call.args[1]
      } catch {
        // not a createAccount call: refused below
      }
      if (salt !== ACCOUNT_SALT) notOurs('its factoryData is not createAccount(owner, 0)')
      // The EntryPoint checks that the factory's account is the sender (AA14) in the simulation.
      return
    }
    try {
      if (!this.factoryAccounts.has(sender)) {
        const code = await this.client.getCode({ address: sender, blockTag: 'pending' })
        if (!code || code === '0x') return notOurs('it has no code and no factory to create it')
        const owner = await this.client.readContract({ address: sender, abi: factoryAbi, functionName: 'owner' }).catch(() => undefined)
        if (!owner) return notOurs('it has no owner()')
        const expected = await this.client.readContract({
          address: this.accountFactory,
          abi: factoryAbi,
          functionName: 'getAddress',
          args: [owner, ACCOUNT_SALT]
        })
        if (getAddress(expected) !== sender) return notOurs("it is not the factory's account of its owner")
        this.factoryAccounts.add(sender)
      }
      this.implementation ??= this.client
        .readContract({ address: this.accountFactory, abi: factoryAbi, functionName: 'accountImplementation' })
        .catch((error: unknown) => {
          this.implementation = undefined
          throw error
        })
      const [implementation, slot] = await Promise.all([
        this.implementation,
        this.client.getStorageAt({ address: sender, slot: IMPLEMENTATION_SLOT, blockTag: 'pending' })
      ])
      if (!slot || getAddress(`0x${slot.slice(-40)}`) !== getAddress(implementation)) notOurs("it no longer runs the factory's account implementation")
    } catch (error) {
      throw bundlerErrorOf(error)
    }
  }

  /**
   * Refuses a nonce a pending operation of the sender already has (sent, its bundle not yet mined:
   * only one of them could land, and the operator would pay for the others' reverted bundles), or
   * one below the sender's next nonce at the EntryPoint (already used).
   */
  private async checkNonce(op: ParsedUserOperation): Promise<void> {
    const nonce = numberToHex(op.nonce)
    const { rows } = await this.options.store.query<{ user_op_hash: string; tx_hash: Hex }>(
      `SELECT user_op_hash, tx_hash FROM user_operations WHERE chain_id = $1 AND lower(sender) = lower($2) AND nonce = $3`,
      [this.caipNetworkId, op.sender, nonce]
    )
    try {
      for (const row of rows) {
        if (await this.transactionReceipt(row.tx_hash)) continue
        // Not mined, and still known to the node (a dropped bundle frees its nonce).
        if ((await this.client.request({ method: 'eth_getTransactionByHash', params: [row.tx_hash] })) === null) continue
        invalid(
          `User operation ${row.user_op_hash} of ${op.sender} with nonce ${nonce} is pending: wait until it is mined before sending another with this nonce`
        )
      }
      const key = op.nonce >> 64n
      const next = await this.client.readContract({
        address: this.entryPoint,
        abi: entryPoint08Abi,
        functionName: 'getNonce',
        args: [op.sender, key],
        blockTag: 'pending'
      })
      if (op.nonce < next) {
        throw new BundlerError(
          BUNDLER_ERROR.rejectedByEntryPoint,
          `AA25 invalid account nonce: ${nonce} is used; the sender's next nonce is ${numberToHex(next)}`
        )
      }
    } catch (error) {
      throw bundlerErrorOf(error)
    }
  }

  private async submit(op: ParsedUserOperation, hash: Hex, clientKey: string | undefined): Promise<Hex> {
    const known = await this.options.store.query(`SELECT 1 FROM user_operations WHERE chain_id = $1 AND user_op_hash = $2`, [this.caipNetworkId, hash])
    if (known.rows.length > 0) invalid(`User operation ${hash} was already sent`)
    const fromSender = await this.count(
      `SELECT count(*)::int AS n FROM user_operations WHERE chain_id = $1 AND lower(sender) = lower($2) AND created_at > now() - interval '1 minute'`,
      [this.caipNetworkId, op.sender]
    )
    if (fromSender >= this.opsPerMinute) {
      throw new BundlerError(BUNDLER_ERROR.limitExceeded, `Too many user operations from ${op.sender}: at most ${this.opsPerMinute} a minute`)
    }
    if (clientKey !== undefined) {
      const fromClient = await this.count(
        `SELECT count(*)::int AS n FROM user_operations WHERE chain_id = $1 AND client_key = $2 AND created_at > now() - interval '1 minute'`,
        [this.caipNetworkId, clientKey]
      )
      if (fromClient >= this.clientOpsPerMinute) {
        throw new BundlerError(
          BUNDLER_ERROR.limitExceeded,
          `Too many user operations from this client: at most ${this.clientOpsPerMinute} a minute, whatever the senders`
        )
      }
    }
    let baseFee: bigint | null | undefined
    let suggestedPriorityFee: bigint
    try {
      ;[baseFee, suggestedPriorityFee] = await Promise.all([
        this.client.getBlock({ blockTag: 'latest' }).then(block => block.baseFeePerGas),
        // The node's own suggestion, when it has one (what wallets offer when the chain is busy).
        this.client.request({ method: 'eth_maxPriorityFeePerGas' }).then(BigInt, () => 0n)
      ])
    } catch (error) {
      throw bundlerErrorOf(error)
    }
    if (baseFee != null && op.maxFeePerGas < baseFee) invalid(`maxFeePerGas ${op.maxFeePerGas} is below the chain's base fee ${baseFee}`)
    // Fees far above the chain's would have the operator hold gas × maxFeePerGas up front, and
    // pay that price for a bundle that reverts.
    const maxPriorityFee = [this.maxPriorityFee, suggestedPriorityFee * this.maxFeeOverBaseFee].reduce((a, b) => (a > b ? a : b))
    if (op.maxPriorityFeePerGas > maxPriorityFee) {
      invalid(
        `maxPriorityFeePerGas ${op.maxPriorityFeePerGas} is above ${maxPriorityFee}, the most priority fee taken (${this.maxFeeOverBaseFee} times the node's suggestion, at least ${this.maxPriorityFee})`
      )
    }
    const maxFee = (baseFee ?? 0n) * this.maxFeeOverBaseFee + maxPriorityFee
    if (op.maxFeePerGas > maxFee)
      invalid(`maxFeePerGas ${op.maxFeePerGas} is above ${maxFee}, ${this.maxFeeOverBaseFee} times the base fee plus the most priority fee taken`)
    await this.checkSender(op)
    await this.checkNonce(op)
    const data = encodeFunctionData({ abi: entryPoint08Abi, functionName: 'handleOps', args: [[toPackedUserOperation(op)], this.operator.address] })
    // innerHandleOp needs 64/63 of the call's (and post-op's) gas left when it starts.
    const gas =
      op.preVerificationGas +
      op.verificationGasLimit +
      ((op.callGasLimit + (op.paymasterPostOpGasLimit ?? 0n)) * 64n) / 63n +
      (op.paymasterVerificationGasLimit ?? 0n) +
      BUNDLE_OVERHEAD_GAS
    try {
      // The simulation: the same call, from the operator, on the pending state (after the
      // bundles sent and not yet mined).
      await this.client.simulateContract({
        address: this.entryPoint,
        abi: entryPoint08Abi,
        functionName: 'handleOps',
        args: [[toPackedUserOperation(op)], this.operator.address],
        account: this.operator.address,
        blockTag: 'pending',
        gas
      })
    } catch (error) {
      throw bundlerErrorOf(error)
    }
    let txHash: Hex
    try {
      txHash = await this.wallet.sendTransaction({
        chain: null,
        to: this.entryPoint,
        data,
        gas,
        maxFeePerGas: op.maxFeePerGas,
        maxPriorityFeePerGas: op.maxPriorityFeePerGas
      })
    } catch (error) {
      throw bundlerErrorOf(error)
    }
    await this.options.store.query(
      `INSERT INTO user_operations (chain_id, user_op_hash, entry_point, sender, nonce, operation, tx_hash, client_key) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8)`,
      [this.caipNetworkId, hash, this.entryPoint, op.sender, numberToHex(op.nonce), JSON.stringify(formatUserOperationRequest(op)), txHash, clientKey ?? null]
    )
    return hash
  }

  private async stored(hash: Hex): Promise<SubmittedRow | undefined> {
    const { rows } = await this.options.store.query<SubmittedRow>(
      `SELECT entry_point, operation, tx_hash FROM user_operations WHERE chain_id = $1 AND user_op_hash = $2`,
      [this.caipNetworkId, hash]
    )
    return rows[0]
  }

  private async transactionReceipt(txHash: string): Promise<RpcTransactionReceipt | null> {
    try {
      return (await this.client.request({ method: 'eth_getTransactionReceipt', params: [txHash as Hex] })) as RpcTransactionReceipt | null
    } catch (error) {
      throw bundlerErrorOf(error)
    }
  }

  private async operationByHash(hash: Hex): Promise<unknown> {
    const row = await this.stored(hash)
    if (!row) return null
    const receipt = await this.transactionReceipt(row.tx_hash)
    return {
      userOperation: row.operation,
      entryPoint: row.entry_point,
      transactionHash: row.tx_hash,
      blockHash: receipt?.blockHash ?? null,
      blockNumber: receipt?.blockNumber ?? null
    }
  }

  private async receiptByHash(hash: Hex): Promise<unknown> {
    const row = await this.stored(hash)
    if (!row) return null
    const receipt = await this.transactionReceipt(row.tx_hash)
    if (!receipt) return null
    const fromEntryPoint = (log: RpcLog) => log.address.toLowerCase() === this.entryPoint.toLowerCase()
    const ofThisOp = (log: RpcLog, topic: Hex) => fromEntryPoint(log) && log.topics[0] === topic && log.topics[1]?.toLowerCase() === hash
    const eventIndex = receipt.logs.findIndex(log => ofThisOp(log, USER_OPERATION_EVENT))
    if (eventIndex < 0) {
      // The bundle was mined and did not include the operation (it reverted as a whole).
      return null
    }
    const event = decodeEventLog({
      abi: entryPoint08Abi,
      eventName: 'UserOperationEvent',
      data: receipt.logs[eventIndex]!.data,
      topics: receipt.logs[eventIndex]!.topics as [Hex, ...Hex[]]
    }).args
    const reasonLog = receipt.logs.find(log => ofThisOp(log, REVERT_REASON_EVENT))
    const reason = reasonLog
      ? decodeEventLog({ abi: entryPoint08Abi, eventName: 'UserOperationRevertReason', data: reasonLog.data, topics: reasonLog.topics as [Hex, ...Hex[]] }).args
          .revertReason
      : undefined
    // The operation's own logs: those its execution emitted, after the EntryPoint's BeforeExecution.
    const start = receipt.logs.findIndex(log => fromEntryPoint(log) && log.topics[0] === BEFORE_EXECUTION_EVENT)
    const logs = receipt.logs.slice(start + 1, eventIndex).filter(log => !(fromEntryPoint(log) && log.topics[0] === REVERT_REASON_EVENT))
    return {
      userOpHash: hash,
      entryPoint: row.entry_point,
      sender: event.sender,
      nonce: numberToHex(event.nonce),
      paymaster: event.paymaster,
      actualGasCost: numberToHex(event.actualGasCost),
      actualGasUsed: numberToHex(event.actualGasUsed),
      success: event.success,
      ...(reason !== undefined ? { reason } : {}),
      logs,
      receipt
    }
  }
}
