import {
  createWalletClient,
  decodeEventLog,
  encodeFunctionData,
  getAddress,
  http,
  numberToHex,
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
import type { Bundler, BundlerMethod } from './Bundler.js'
import { BUNDLER_ERROR, BundlerError } from './BundlerError.js'
import { bundlerErrorOf } from './entryPointSimulations.js'
import { estimateUserOperationGas, preVerificationGasOf } from './estimateUserOperationGas.js'
import { parseUserOperation, type ParsedUserOperation } from './parseUserOperation.js'

/** Default of `smartAccounts.bundler.opsPerMinute`: operations one sender may send per minute. */
export const BUNDLER_OPS_PER_MINUTE = 10

/** Gas of the bundle transaction beyond the operation's own limits (the loop, events, refunds). */
const BUNDLE_OVERHEAD_GAS = 60_000n

const USER_OPERATION_EVENT = toEventSelector('UserOperationEvent(bytes32,address,address,uint256,bool,uint256,uint256)')
const REVERT_REASON_EVENT = toEventSelector('UserOperationRevertReason(bytes32,address,uint256,bytes)')
const BEFORE_EXECUTION_EVENT = toEventSelector('BeforeExecution()')

const invalid = (message: string): never => {
  throw new BundlerError(BUNDLER_ERROR.invalidParams, message)
}

const paramsOf = (params: unknown): unknown[] => (Array.isArray(params) ? params : invalid('params must be an array'))

const hashParam = (params: unknown): Hex => {
  const hash = paramsOf(params)[0]
  return typeof hash === 'string' && /^0x[0-9a-fA-F]{64}$/.test(hash) ? (hash.toLowerCase() as Hex) : invalid('a user operation hash (0x and 64 hex digits) is needed')
}

/** What {@link LocalBundler} is made from. */
export interface LocalBundlerOptions {
  chain: ChainConfig
  store: Store
  /** The EntryPoint v0.8 it submits to. */
  entryPoint: string
  /** The operator's key: signs and pays for bundle transactions, and is repaid by each operation. */
  operatorKey: Hex
  /** Operations one sender may send per minute (default {@link BUNDLER_OPS_PER_MINUTE}). */
  opsPerMinute?: number
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
 * Before an operation is sent it is checked (fields, fees against the chain's base fee, enough
 * `preVerificationGas` for its bundle's calldata, the sender's per-minute limit, not already
 * sent) and simulated: `handleOps` is called with `eth_call` from the operator, so a bad
 * signature (AA24), a missing prefund (AA21) or a used nonce (AA25) is refused with its code
 * and nothing is spent. Submissions are made one at a time (the operator's nonce). What was sent
 * is stored, so its receipt and the operation can be looked up by hash.
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
  private queue: Promise<unknown> = Promise.resolve()

  constructor(private readonly options: LocalBundlerOptions) {
    this.caipNetworkId = options.chain.caipNetworkId
    this.chainId = Number(options.chain.caipNetworkId.slice('eip155:'.length))
    this.entryPoint = getAddress(options.entryPoint)
    this.client = createChainClient(options.chain.rpcUrl, options.timeoutMs)
    this.operator = privateKeyToAccount(options.operatorKey)
    this.wallet = createWalletClient({ account: this.operator, transport: http(options.chain.rpcUrl, { timeout: options.timeoutMs, retryCount: 0 }) })
    this.opsPerMinute = options.opsPerMinute ?? BUNDLER_OPS_PER_MINUTE
  }

  /** The operator's address: the beneficiary of every bundle. */
  get operatorAddress(): Address {
    return this.operator.address
  }

  async request(method: BundlerMethod, params: unknown): Promise<unknown> {
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
        return this.send(parseUserOperation(value, true))
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

  private async send(op: ParsedUserOperation): Promise<Hex> {
    if (op.maxPriorityFeePerGas > op.maxFeePerGas) invalid('maxPriorityFeePerGas is above maxFeePerGas')
    const neededPreVerification = preVerificationGasOf(op, this.operator.address)
    if (op.preVerificationGas < neededPreVerification) invalid(`preVerificationGas ${op.preVerificationGas} is below ${neededPreVerification}, what this operation's bundle costs`)
    const hash = this.hashOf(op)
    // One submission at a time: each takes the operator's next nonce, is simulated against the
    // state the previous one left, and is counted against its sender's limit after the previous.
    const turn = this.queue.then(() => this.submit(op, hash))
    this.queue = turn.catch(() => undefined)
    return turn
  }

  private async submit(op: ParsedUserOperation, hash: Hex): Promise<Hex> {
    const known = await this.options.store.query(`SELECT 1 FROM user_operations WHERE chain_id = $1 AND user_op_hash = $2`, [this.caipNetworkId, hash])
    if (known.rows.length > 0) invalid(`User operation ${hash} was already sent`)
    const recent = await this.options.store.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM user_operations WHERE chain_id = $1 AND lower(sender) = lower($2) AND created_at > now() - interval '1 minute'`,
      [this.caipNetworkId, op.sender]
    )
    if ((recent.rows[0]?.n ?? 0) >= this.opsPerMinute) {
      throw new BundlerError(BUNDLER_ERROR.limitExceeded, `Too many user operations from ${op.sender}: at most ${this.opsPerMinute} a minute`)
    }
    let baseFee: bigint | null | undefined
    try {
      baseFee = (await this.client.getBlock({ blockTag: 'latest' })).baseFeePerGas
    } catch (error) {
      throw bundlerErrorOf(error)
    }
    if (baseFee != null && op.maxFeePerGas < baseFee) invalid(`maxFeePerGas ${op.maxFeePerGas} is below the chain's base fee ${baseFee}`)
    const data = encodeFunctionData({ abi: entryPoint08Abi, functionName: 'handleOps', args: [[toPackedUserOperation(op)], this.operator.address] })
    // innerHandleOp needs 64/63 of the call's (and post-op's) gas left when it starts.
    const gas =
      op.preVerificationGas +
      op.verificationGasLimit +
      ((op.callGasLimit + (op.paymasterPostOpGasLimit ?? 0n)) * 64n) / 63n +
      (op.paymasterVerificationGasLimit ?? 0n) +
      BUNDLE_OVERHEAD_GAS
    try {
      // The simulation: the same call, from the operator, on the latest state.
      await this.client.simulateContract({
        address: this.entryPoint,
        abi: entryPoint08Abi,
        functionName: 'handleOps',
        args: [[toPackedUserOperation(op)], this.operator.address],
        account: this.operator.address,
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
      `INSERT INTO user_operations (chain_id, user_op_hash, entry_point, sender, nonce, operation, tx_hash) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
      [this.caipNetworkId, hash, this.entryPoint, op.sender, numberToHex(op.nonce), JSON.stringify(formatUserOperationRequest(op)), txHash]
    )
    return hash
  }

  private async stored(hash: Hex): Promise<SubmittedRow | undefined> {
    const { rows } = await this.options.store.query<SubmittedRow>(`SELECT entry_point, operation, tx_hash FROM user_operations WHERE chain_id = $1 AND user_op_hash = $2`, [
      this.caipNetworkId,
      hash
    ])
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
    const event = decodeEventLog({ abi: entryPoint08Abi, eventName: 'UserOperationEvent', data: receipt.logs[eventIndex]!.data, topics: receipt.logs[eventIndex]!.topics as [Hex, ...Hex[]] }).args
    const reasonLog = receipt.logs.find(log => ofThisOp(log, REVERT_REASON_EVENT))
    const reason = reasonLog
      ? decodeEventLog({ abi: entryPoint08Abi, eventName: 'UserOperationRevertReason', data: reasonLog.data, topics: reasonLog.topics as [Hex, ...Hex[]] }).args.revertReason
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
