import { createHash } from 'node:crypto'
import { base58 } from '@scure/base'
import { Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction, VersionedTransaction, type VersionedMessage } from '@solana/web3.js'
import { LiteSVM, type FailedTransactionMetadata, type TransactionMetadata } from 'litesvm'
import { RpcError } from '../RpcError.js'
import { decodeSolanaAddress } from './decodeSolanaAddress.js'
import { LAMPORTS_PER_SOL, SOLANA_GENESIS_HASH } from './solanaConstants.js'
import { describeTransactionError, toRpcTransactionError, type RpcTransactionError } from './transactionError.js'

/** Largest wire transaction a validator accepts (the packet size). */
export const MAX_TRANSACTION_BYTES = 1232

/** A blockhash stays usable for this many blocks after the one it names, as on mainnet. */
export const MAX_BLOCKHASH_AGE = 150

/** The base fee per signature, in lamports (litesvm charges the same). */
export const LAMPORTS_PER_SIGNATURE = 5000

/** The largest airdrop `requestAirdrop` grants at once: 1,000 SOL. */
export const MAX_AIRDROP_LAMPORTS = 1000 * LAMPORTS_PER_SOL

const SYSTEM_PROGRAM_ID = '11111111111111111111111111111111'
const COMPUTE_BUDGET_PROGRAM_ID = 'ComputeBudget111111111111111111111111111111'
const MEMO_PROGRAM_ID = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')

// The faucet pays for airdrops and for the genesis set-up, so every balance change on this
// network is an ordinary, recorded transaction (litesvm's own airdrop leaves no record that
// getTransaction could return). Its seed is a public label's sha256, like every devnet key.
const FAUCET = Keypair.fromSeed(createHash('sha256').update('wallet-modal devnet: Solana faucet').digest())
const FAUCET_LAMPORTS = 1_000_000_000n * BigInt(LAMPORTS_PER_SOL)

/** An account as read from the runtime. */
export interface SolanaAccount {
  /** Base58 address. */
  address: string
  lamports: bigint
  /** Base58 address of the owning program. */
  owner: string
  executable: boolean
  data: Uint8Array
}

/** What the ledger remembers of each processed transaction (for statuses and getTransaction). */
export interface TransactionRecord {
  /** Base58 first signature: the transaction id. */
  signature: string
  slot: number
  /** Unix seconds. */
  blockTime: number
  /** The transaction as sent. */
  wire: Uint8Array
  /** The decoded transaction. */
  transaction: VersionedTransaction
  /** null when it succeeded. */
  err: RpcTransactionError | null
  fee: number
  logs: string[]
  computeUnitsConsumed: number
  /** Balances of the static account keys, in order, before and after. */
  preBalances: number[]
  postBalances: number[]
}

/** The outcome of a simulation, in the shape `simulateTransaction` answers with. */
export interface SimulationResult {
  err: RpcTransactionError | null
  logs: string[]
  unitsConsumed: number
  returnData: { programId: string; data: [string, 'base64'] } | null
  /** Post-simulation states of the accounts the transaction touches (litesvm reports them all). */
  postAccounts: SolanaAccount[]
  /** Set when the caller asked for the blockhash to be replaced. */
  replacementBlockhash?: { blockhash: string; lastValidBlockHeight: number }
}

/** Options of {@link SolanaLedger}. */
export interface SolanaLedgerOptions {
  /** Milliseconds per slot (default 400, as on mainnet). */
  slotMs?: number
  /** The clock slots are read from (default `Date.now`; tests pass one they move). */
  now?: () => number
}

/** Thrown for a transaction the runtime refused before or while executing it. */
export class TransactionRejectedError extends RpcError {
  /** The reason, in RPC JSON form. */
  readonly err: RpcTransactionError

  /**
   * @param err - The reason in RPC JSON form.
   * @param message - Human-readable message.
   * @param data - The JSON-RPC error's `data` (simulation result).
   */
  constructor(err: RpcTransactionError, message: string, data?: unknown) {
    super(-32002, message, data)
    this.err = err
  }
}

/**
 * The Solana runtime of the local network: litesvm plus what a validator adds around it, namely a
 * slot clock, blockhashes that age, a record of processed transactions, and a faucet.
 *
 * Slots follow the wall clock (one per {@link SolanaLedgerOptions.slotMs}), so blockhashes
 * advance and expire like on a real cluster without any timer running: every call reads the
 * clock. Block height equals the slot (no slot is ever skipped). Transactions execute at once
 * and are final in the slot they were sent in.
 *
 * litesvm's own blockhash check accepts only its single latest hash, so it is turned off and
 * this class checks blockhashes itself: any hash it handed out in the last
 * {@link MAX_BLOCKHASH_AGE} slots is accepted.
 *
 * Everything here is synchronous; malformed input is refused in JavaScript before it reaches
 * the native module, which aborts the whole process on some malformed transactions.
 */
export class SolanaLedger {
  private readonly svm: LiteSVM
  private readonly slotMs: number
  private readonly now: () => number
  private readonly startedAt: number
  private syncedSlot = -1
  private airdropCount = 0
  /** Blockhashes handed out, with the slot each names. */
  private readonly blockhashes = new Map<string, number>()
  private readonly records = new Map<string, TransactionRecord>()
  private readonly listeners = new Set<(record: TransactionRecord) => void>()

  /** @param options - See {@link SolanaLedgerOptions}. */
  constructor(options: SolanaLedgerOptions = {}) {
    this.slotMs = options.slotMs ?? 400
    this.now = options.now ?? Date.now
    this.startedAt = this.now()
    this.svm = new LiteSVM().withBlockhashCheck(false)
    this.svm.setAccount({
      address: FAUCET.publicKey.toBase58() as never,
      lamports: FAUCET_LAMPORTS as never,
      programAddress: SYSTEM_PROGRAM_ID as never,
      executable: false,
      data: new Uint8Array(0),
      space: 0n
    })
  }

  /** The current slot (also the block height). */
  get slot(): number {
    return Math.floor((this.now() - this.startedAt) / this.slotMs)
  }

  /**
   * Unix time (seconds) of a slot.
   *
   * @param slot - A slot.
   */
  blockTime(slot: number): number {
    return Math.floor((this.startedAt + slot * this.slotMs) / 1000)
  }

  /** The current slot's blockhash and the last block height it may land in. */
  latestBlockhash(): { slot: number; blockhash: string; lastValidBlockHeight: number } {
    const slot = this.slot
    const blockhash = base58.encode(createHash('sha256').update(`${SOLANA_GENESIS_HASH}/${slot}`).digest())
    if (!this.blockhashes.has(blockhash)) {
      this.blockhashes.set(blockhash, slot)
      // Forget hashes that can no longer be used, now and then rather than on every call.
      if (this.blockhashes.size > 4 * MAX_BLOCKHASH_AGE) {
        for (const [hash, issued] of this.blockhashes) if (issued + MAX_BLOCKHASH_AGE < slot) this.blockhashes.delete(hash)
      }
    }
    return { slot, blockhash, lastValidBlockHeight: slot + MAX_BLOCKHASH_AGE }
  }

  /**
   * Whether a transaction using this blockhash would be accepted now.
   *
   * @param blockhash - Base58 blockhash.
   */
  isBlockhashValid(blockhash: string): boolean {
    const issued = this.blockhashes.get(blockhash)
    return issued !== undefined && this.slot <= issued + MAX_BLOCKHASH_AGE
  }

  /**
   * Reads an account; undefined when it does not exist (or holds no lamports, which on Solana is
   * the same thing).
   *
   * @param address - Base58 address (checked: a malformed one throws RpcError -32602).
   */
  getAccount(address: string): SolanaAccount | undefined {
    assertAddress(address)
    const account = this.svm.getAccount(address as never)
    if (!account.exists || account.lamports === 0n) return undefined
    return toSolanaAccount(account)
  }

  /**
   * Every account a program owns.
   *
   * @param programId - Base58 program address (checked).
   */
  programAccounts(programId: string): SolanaAccount[] {
    assertAddress(programId)
    return this.svm.getProgramAccounts(programId as never).map(toSolanaAccount)
  }

  /**
   * Lamports an account with `dataLength` bytes needs to be rent-exempt.
   *
   * @param dataLength - Account data size in bytes.
   */
  minimumBalanceForRentExemption(dataLength: number): number {
    return Number(this.svm.minimumBalanceForRentExemption(BigInt(dataLength)))
  }

  /**
   * The fee a message pays, as the runtime charges it: the base fee per signature plus the
   * priority fee (compute-unit price times the compute-unit limit, rounded up). Without a
   * SetComputeUnitLimit instruction the limit is taken as 200,000 per other instruction (capped
   * at 1.4M), which is what the runtime assumes for non-builtin programs.
   *
   * @param message - The transaction message.
   */
  feeFor(message: VersionedMessage): number {
    let microLamportsPerUnit = 0n
    let unitLimit: bigint | undefined
    let otherInstructions = 0
    for (const instruction of message.compiledInstructions) {
      const data = instruction.data
      if (message.staticAccountKeys[instruction.programIdIndex]?.toBase58() !== COMPUTE_BUDGET_PROGRAM_ID) {
        otherInstructions++
        continue
      }
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
      // ComputeBudgetInstruction: 2 = SetComputeUnitLimit(u32), 3 = SetComputeUnitPrice(u64).
      if (data[0] === 2 && data.length >= 5) unitLimit = BigInt(view.getUint32(1, true))
      if (data[0] === 3 && data.length >= 9) microLamportsPerUnit = view.getBigUint64(1, true)
    }
    const limit = unitLimit ?? BigInt(Math.min(200_000 * otherInstructions, 1_400_000))
    const priority = (microLamportsPerUnit * limit + 999_999n) / 1_000_000n
    return LAMPORTS_PER_SIGNATURE * message.header.numRequiredSignatures + Number(priority)
  }

  /**
   * The record of a processed transaction.
   *
   * @param signature - Base58 transaction id.
   */
  getRecord(signature: string): TransactionRecord | undefined {
    return this.records.get(signature)
  }

  /**
   * Calls `listener` after every processed transaction (successful or not).
   *
   * @param listener - Receives the new record.
   * @returns A function that removes the listener.
   */
  onTransaction(listener: (record: TransactionRecord) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * Simulates a wire transaction without changing any state.
   *
   * @param wire - The serialized transaction.
   * @param options - `sigVerify` checks signatures (default false, as the RPC);
   *   `replaceRecentBlockhash` swaps in the latest blockhash first.
   */
  simulateTransaction(wire: Uint8Array, options: { sigVerify?: boolean; replaceRecentBlockhash?: boolean } = {}): SimulationResult {
    let transaction = decodeWireTransaction(wire)
    let replacementBlockhash: SimulationResult['replacementBlockhash']
    if (options.replaceRecentBlockhash) {
      if (options.sigVerify) throw new RpcError(-32602, 'Invalid params: sigVerify may not be used with replaceRecentBlockhash')
      const latest = this.latestBlockhash()
      transaction.message.recentBlockhash = latest.blockhash
      transaction = new VersionedTransaction(transaction.message, transaction.signatures)
      replacementBlockhash = { blockhash: latest.blockhash, lastValidBlockHeight: latest.lastValidBlockHeight }
    } else if (!this.isBlockhashValid(transaction.message.recentBlockhash)) {
      return { err: 'BlockhashNotFound', logs: [], unitsConsumed: 0, returnData: null, postAccounts: [] }
    }
    this.syncClock()
    this.svm.withSigverify(options.sigVerify ?? false)
    let outcome: ReturnType<LiteSVM['simulateTransaction']>
    try {
      outcome = this.svm.simulateTransaction(toKitTransaction(transaction))
    } finally {
      this.svm.withSigverify(true)
    }
    if ('err' in outcome)
      return {
        ...describeOutcome(outcome.meta()),
        err: toRpcTransactionError(outcome.err()),
        postAccounts: [],
        ...(replacementBlockhash ? { replacementBlockhash } : {})
      }
    const postAccounts = outcome.postAccounts().map(toSolanaAccount)
    return { ...describeOutcome(outcome.meta()), err: null, postAccounts, ...(replacementBlockhash ? { replacementBlockhash } : {}) }
  }

  /**
   * Executes a wire transaction and records it. With preflight (the default) a transaction that
   * would fail is refused with `TransactionRejectedError` (-32002, "Transaction simulation
   * failed: ...") and changes nothing; without it, it executes, pays its fee and is recorded as
   * failed. An unknown or expired blockhash and a repeated transaction are refused either way
   * (a validator would silently drop them, which only makes a devnet harder to debug).
   *
   * @param wire - The serialized, signed transaction.
   * @param options - `skipPreflight` as in `sendTransaction`.
   * @returns The base58 signature (transaction id).
   */
  sendTransaction(wire: Uint8Array, options: { skipPreflight?: boolean } = {}): string {
    const transaction = decodeWireTransaction(wire)
    const signature = base58.encode(transaction.signatures[0]!)
    const refuse = (err: RpcTransactionError, simulation?: SimulationResult): never => {
      const data = {
        err,
        logs: simulation?.logs ?? [],
        accounts: null,
        unitsConsumed: simulation?.unitsConsumed ?? 0,
        returnData: simulation?.returnData ?? null,
        innerInstructions: null
      }
      throw new TransactionRejectedError(err, `Transaction simulation failed: ${describeTransactionError(err)}`, data)
    }
    if (this.records.has(signature)) refuse('AlreadyProcessed')
    if (!this.isBlockhashValid(transaction.message.recentBlockhash)) refuse('BlockhashNotFound')
    if (!options.skipPreflight) {
      const simulation = this.simulateTransaction(wire, { sigVerify: true })
      if (simulation.err) refuse(simulation.err, simulation)
    }

    this.syncClock()
    const slot = this.slot
    const keys = transaction.message.staticAccountKeys.map(key => key.toBase58())
    const balances = (): number[] => keys.map(key => Number(this.svm.getBalance(key as never) ?? 0n))
    const preBalances = balances()
    const outcome: TransactionMetadata | FailedTransactionMetadata = this.svm.sendTransaction(toKitTransaction(transaction))
    const failed = 'err' in outcome
    const err = failed ? toRpcTransactionError(outcome.err()) : null
    // Refused before execution (bad signature, unfunded fee payer): nothing happened, nothing
    // is recorded, as on a validator.
    if (failed && !isExecutionError(err)) refuse(err!)
    const meta = failed ? outcome.meta() : outcome
    const record: TransactionRecord = {
      signature,
      slot,
      blockTime: this.blockTime(slot),
      wire: transaction.serialize(),
      transaction,
      err,
      fee: this.feeFor(transaction.message),
      logs: meta.logs(),
      computeUnitsConsumed: Number(meta.computeUnitsConsumed()),
      preBalances,
      postBalances: balances()
    }
    this.records.set(signature, record)
    for (const listener of this.listeners) {
      try {
        listener(record)
      } catch (error) {
        console.error('SolanaLedger: a transaction listener threw:', error)
      }
    }
    return signature
  }

  /**
   * Sends lamports from the faucet, as a recorded transfer (with a numbered memo, so two equal
   * airdrops in one slot are still different transactions).
   *
   * @param address - Recipient (base58, checked).
   * @param lamports - Amount, 1 to {@link MAX_AIRDROP_LAMPORTS}.
   * @returns The transfer's signature.
   */
  airdrop(address: string, lamports: number): string {
    assertAddress(address)
    if (!Number.isSafeInteger(lamports) || lamports <= 0 || lamports > MAX_AIRDROP_LAMPORTS) {
      throw new RpcError(-32602, `Invalid params: lamports must be an integer from 1 to ${MAX_AIRDROP_LAMPORTS}`)
    }
    const transaction = new Transaction({ feePayer: FAUCET.publicKey, recentBlockhash: this.latestBlockhash().blockhash }).add(
      SystemProgram.transfer({ fromPubkey: FAUCET.publicKey, toPubkey: new PublicKey(address), lamports }),
      new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from(`airdrop #${++this.airdropCount}`) })
    )
    transaction.sign(FAUCET)
    try {
      return this.sendTransaction(transaction.serialize())
    } catch (error) {
      throw error instanceof TransactionRejectedError
        ? new RpcError(-32603, `Airdrop failed: ${error.message.replace(/^Transaction simulation failed: /, '')}`)
        : error
    }
  }

  /** The faucet's key pair (pays for the genesis set-up). */
  get faucet(): Keypair {
    return FAUCET
  }

  // Keeps the runtime's Clock sysvar on this ledger's slot and wall clock, for programs reading it.
  private syncClock(): void {
    const slot = this.slot
    if (slot === this.syncedSlot) return
    this.svm.warpToSlot(BigInt(slot))
    const clock = this.svm.getClock()
    clock.unixTimestamp = BigInt(this.blockTime(slot))
    this.svm.setClock(clock)
    this.syncedSlot = slot
  }
}

/**
 * Decodes and checks a wire transaction (legacy or v0). Everything that reaches litesvm has
 * passed these checks: its native code aborts the process on some malformed input.
 *
 * @param wire - The serialized transaction.
 * @throws RpcError -32602 when the bytes are not a well-formed transaction.
 */
export function decodeWireTransaction(wire: Uint8Array): VersionedTransaction {
  if (wire.length === 0 || wire.length > MAX_TRANSACTION_BYTES) {
    throw new RpcError(-32602, `Invalid params: transaction is ${wire.length} bytes (must be 1 to ${MAX_TRANSACTION_BYTES})`)
  }
  let transaction: VersionedTransaction
  try {
    transaction = VersionedTransaction.deserialize(wire)
    // Re-encoding must give the same bytes: catches trailing garbage and fields web3.js read
    // past the end of the input.
    if (!sameBytes(transaction.serialize(), wire)) throw new Error('not canonical')
  } catch {
    throw new RpcError(-32602, 'Invalid params: failed to deserialize the transaction')
  }
  const { message, signatures } = transaction
  if (message.version !== 'legacy' && message.version !== 0)
    throw new RpcError(-32602, `Invalid params: unsupported transaction version ${String(message.version)}`)
  const required = message.header.numRequiredSignatures
  if (required === 0 || signatures.length !== required || message.staticAccountKeys.length < required) {
    throw new RpcError(-32602, 'Invalid params: the transaction must carry one signature per required signer')
  }
  const keys = new Set(message.staticAccountKeys.map(key => key.toBase58()))
  if (keys.size !== message.staticAccountKeys.length) throw new RpcError(-32602, 'Invalid params: an account is listed twice')
  return transaction
}

/**
 * Throws RpcError -32602 unless `address` is a base58 32-byte key.
 *
 * @param address - Candidate address.
 */
export function assertAddress(address: unknown): asserts address is string {
  if (!decodeSolanaAddress(address)) throw new RpcError(-32602, `Invalid params: invalid address ${JSON.stringify(address)?.slice(0, 60)}`)
}

// Errors that mean the transaction ran (and paid its fee); all others refuse it beforehand.
function isExecutionError(err: RpcTransactionError | null): boolean {
  return typeof err === 'object' && err !== null && ('InstructionError' in err || 'InsufficientFundsForRent' in err || 'DuplicateInstruction' in err)
}

// litesvm takes @solana/kit's transaction shape: message bytes plus signatures keyed by signer
// address, in signer order (the encoder writes them in insertion order).
function toKitTransaction(transaction: VersionedTransaction): never {
  const { message, signatures } = transaction
  const entries = signatures.map((signature, i) => [message.staticAccountKeys[i]!.toBase58(), signature] as const)
  return { messageBytes: message.serialize(), signatures: Object.fromEntries(entries) } as never
}

function describeOutcome(meta: TransactionMetadata): Omit<SimulationResult, 'err' | 'postAccounts'> {
  const returned = meta.returnData()
  const programId = base58.encode(returned.programId())
  const data = returned.data()
  return {
    logs: meta.logs(),
    unitsConsumed: Number(meta.computeUnitsConsumed()),
    // The runtime reports an all-zero program id when nothing was returned.
    returnData: data.length > 0 ? { programId, data: [Buffer.from(data).toString('base64'), 'base64'] } : null
  }
}

// litesvm's accounts are @solana/kit's EncodedAccount (branded strings, read-only bytes).
function toSolanaAccount(account: { address: string; lamports: bigint; programAddress: string; executable: boolean; data: ArrayLike<number> }): SolanaAccount {
  return {
    address: account.address,
    lamports: account.lamports,
    owner: account.programAddress,
    executable: account.executable,
    data: account.data instanceof Uint8Array ? account.data : Uint8Array.from(account.data)
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
