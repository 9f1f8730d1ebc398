import { base58, base64 } from '@scure/base'
import { isHex, validateTypedData, type Address, type Hex, type TypedDataDefinition } from 'viem'
import { ApiError } from '../http/ApiError.js'
import { parseSolanaMessage, parseSolanaTransaction, type ParsedSolanaTransaction } from './parseSolanaTransaction.js'

// One parser per kind of request, used by both the approval's description and the signing: what
// Approve shows is built from the very values that are signed, so a field the describer does not
// read cannot be signed either (docs/ARCHITECTURE.md, "The embedded wallet's approval").

/** Refuses a signing request's params with a 400 naming what is wrong. */
export const badRequest = (reason: string): never => {
  throw new ApiError(400, reason)
}

/** A request's params as the array JSON-RPC methods take. */
export const asArray = (params: unknown): unknown[] => (Array.isArray(params) ? params : badRequest('params must be an array'))

/** A message given as 0x-hex is signed as its bytes, anything else as UTF-8 text (as wallets do). */
export const messageOf = (value: unknown): string | { raw: `0x${string}` } =>
  typeof value !== 'string' ? badRequest('the message must be a string') : isHex(value) ? { raw: value } : value

/** A hex quantity field of a transaction, or undefined when absent. */
export const quantity = (value: unknown, field: string): bigint | undefined => {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) badRequest(`${field} must be a hex quantity`)
  return BigInt(value as string)
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** A transaction as the embedded wallet sends it: every field it acts on, checked. */
export interface TransactionFields {
  from?: Address
  /** Absent: the transaction creates a contract. */
  to?: Address
  value: bigint
  data?: Hex
  gas?: bigint
}

/** Fields a transaction request may carry that the wallet fills itself (ignored when given). */
const FILLED_BY_WALLET = new Set(['from', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'nonce', 'chainId', 'type'])

/**
 * `eth_sendTransaction`'s transaction (or one call of a batch), checked: `to` an address, `value`
 * and `gas` hex quantities, `data` hex. A field that would change what is sent but that the
 * wallet does not read (`accessList`, `authorizationList`, blob fields...) is refused rather
 * than dropped unseen.
 */
export function transactionOf(value: unknown): TransactionFields {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return badRequest('a transaction object is needed')
  const tx = value as Record<string, unknown>
  for (const key of Object.keys(tx)) {
    if (!FILLED_BY_WALLET.has(key) && key !== 'to' && key !== 'value' && key !== 'data' && key !== 'input')
      badRequest(`the transaction field ${key} is not supported`)
  }
  if (tx.data !== undefined && tx.input !== undefined && tx.data !== tx.input) badRequest('data and input differ')
  const data = tx.data ?? tx.input
  if (tx.from !== undefined && (typeof tx.from !== 'string' || !ADDRESS.test(tx.from))) badRequest('from must be an address')
  if (tx.to !== undefined && tx.to !== null && (typeof tx.to !== 'string' || !ADDRESS.test(tx.to))) badRequest('to must be an address')
  if (data !== undefined && (typeof data !== 'string' || !isHex(data) || data.length % 2 !== 0)) badRequest('data must be hex bytes')
  return {
    ...(typeof tx.from === 'string' ? { from: tx.from as Address } : {}),
    ...(typeof tx.to === 'string' ? { to: tx.to as Address } : {}),
    value: quantity(tx.value, 'value') ?? 0n,
    ...(data !== undefined && data !== '0x' ? { data: data as Hex } : {}),
    ...(tx.gas !== undefined ? { gas: quantity(tx.gas, 'gas') } : {})
  }
}

/** Most calls in one `wallet_sendCalls` batch (one user operation). */
export const MAX_BATCH_CALLS = 20

/** `wallet_sendCalls`' batch (EIP-5792) as {@link callsOf} checks it. */
export interface CallsBatch {
  from?: Address
  chainId?: string
  /**
   * Whether the calls must be made atomically (EIP-5792 `atomicRequired`). Absent counts as
   * required: before version 2.0.0 a batch was always one transaction.
   */
  atomicRequired: boolean
  calls: (TransactionFields & { to: Address })[]
}

/** `wallet_sendCalls`' batch (EIP-5792): its sender, chain, atomicity and every call, checked. A batch of more than {@link MAX_BATCH_CALLS} is refused whole. */
export function callsOf(params: unknown): CallsBatch {
  const batch = asArray(params)[0] as { from?: unknown; chainId?: unknown; calls?: unknown; atomicRequired?: unknown } | undefined
  if (!batch || typeof batch !== 'object') return badRequest('wallet_sendCalls needs a batch object')
  if (!Array.isArray(batch.calls) || batch.calls.length === 0) return badRequest('a batch needs at least one call')
  if (batch.calls.length > MAX_BATCH_CALLS) return badRequest(`a batch has 1 to ${MAX_BATCH_CALLS} calls; this one has ${batch.calls.length}`)
  if (batch.from !== undefined && (typeof batch.from !== 'string' || !ADDRESS.test(batch.from))) badRequest('from must be an address')
  if (batch.chainId !== undefined && (typeof batch.chainId !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(batch.chainId)))
    badRequest('chainId must be a hex number')
  if (batch.atomicRequired !== undefined && typeof batch.atomicRequired !== 'boolean') badRequest('atomicRequired must be true or false')
  const calls = batch.calls.map((call, i) => {
    if (call && typeof call === 'object' && 'capabilities' in call) {
      const { capabilities: _ignored, ...rest } = call as Record<string, unknown>
      call = rest
    }
    const fields = transactionOf(call)
    if (!fields.to) badRequest(`call ${i + 1}: to must be an address (a smart account does not create contracts)`)
    return fields as TransactionFields & { to: Address }
  })
  return {
    ...(typeof batch.from === 'string' ? { from: batch.from as Address } : {}),
    ...(typeof batch.chainId === 'string' ? { chainId: batch.chainId } : {}),
    atomicRequired: batch.atomicRequired !== false,
    calls
  }
}

/**
 * Whether a batch can be sent by the key's own account (an EOA makes one transaction per call):
 * when the site lets the calls go one after another (`atomicRequired: false`), or when there is
 * one call, which one transaction makes atomically anyway.
 */
export const eoaCanSend = (batch: Pick<CallsBatch, 'atomicRequired' | 'calls'>): boolean => !batch.atomicRequired || batch.calls.length === 1

// Why the key's own account refuses a batch that must be atomic: the same words as the frame's.
export { EOA_NOT_ATOMIC } from './site/walletCapabilities.js'

/** Most transactions one `solana_signAllTransactions` signs: more could not be read before approving. */
export const MAX_SOLANA_TRANSACTIONS = 20

/** A serialized Solana transaction (base64), parsed; refused when its signature slots do not match its header. */
export function solanaTransactionOf(serialized: unknown): { bytes: Uint8Array; tx: ParsedSolanaTransaction } {
  if (typeof serialized !== 'string') return badRequest('transaction must be base64')
  let bytes: Uint8Array
  try {
    bytes = base64.decode(serialized)
  } catch {
    return badRequest('transaction must be base64')
  }
  const tx = parseSolanaTransaction(bytes)
  if (tx.requiredSignatures !== tx.signatureCount) badRequest('the transaction does not match its signature count')
  return { bytes, tx }
}

/** The person's slot among a Solana transaction's required signers; refused when they are not one of them. */
export function solanaSignerSlot(tx: ParsedSolanaTransaction, publicKey: Uint8Array): number {
  const slot = tx.keys.slice(0, tx.requiredSignatures).findIndex(key => key.length === publicKey.length && key.every((b, j) => b === publicKey[j]))
  return slot < 0 ? badRequest('this account is not a signer of the transaction') : slot
}

/**
 * The transactions of a Solana signing request, parsed: `{ transaction }` for
 * `solana_signTransaction` and `solana_signAndSendTransaction`, `{ transactions: [...] }` (1 to
 * {@link MAX_SOLANA_TRANSACTIONS}) for `solana_signAllTransactions`. One bad transaction refuses
 * the whole request: all are signed or none.
 */
export function solanaTransactionsOf(method: string, params: unknown): { bytes: Uint8Array; tx: ParsedSolanaTransaction }[] {
  const p = (params ?? {}) as { transaction?: unknown; transactions?: unknown }
  if (method !== 'solana_signAllTransactions') return [solanaTransactionOf(p.transaction)]
  if (!Array.isArray(p.transactions) || p.transactions.length === 0) return badRequest('transactions must be a list of base64 transactions')
  if (p.transactions.length > MAX_SOLANA_TRANSACTIONS)
    return badRequest(`1 to ${MAX_SOLANA_TRANSACTIONS} transactions are signed at once; these are ${p.transactions.length}`)
  return p.transactions.map((one, i) => {
    try {
      return solanaTransactionOf(one)
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) badRequest(`transaction ${i + 1}: ${error.reason}`)
      throw error
    }
  })
}

/** The EIP-712 domain fields; viem signs exactly these when present, so no other is accepted. */
const DOMAIN_FIELDS = new Set(['name', 'version', 'chainId', 'verifyingContract', 'salt'])
/** Most values typed data may hold: more could not be read by a person before approving. */
export const MAX_TYPED_DATA_VALUES = 500

/** A typed-data type name: a struct of `types`, an array of one, or an atomic type. */
const arrayOf = (type: string): { inner: string; length?: number } | undefined => {
  const match = /^(.*)\[(\d*)\]$/.exec(type)
  return match ? { inner: match[1]!, ...(match[2] ? { length: Number(match[2]) } : {}) } : undefined
}

/**
 * Checks that `value` holds exactly the fields its type declares, all the way down: a key that
 * is not in `types` would be shown but never signed, a missing one is an error. Counts the values.
 */
function checkStruct(types: Record<string, readonly { name: string; type: string }[]>, type: string, value: unknown, path: string, count: { n: number }): void {
  const array = arrayOf(type)
  if (array) {
    if (!Array.isArray(value)) return badRequest(`typed data: ${path} must be an array`)
    if (array.length !== undefined && value.length !== array.length) badRequest(`typed data: ${path} must have ${array.length} items`)
    value.forEach((item, i) => checkStruct(types, array.inner, item, `${path}[${i}]`, count))
    return
  }
  const fields = types[type]
  if (!fields) {
    if (++count.n > MAX_TYPED_DATA_VALUES) badRequest(`typed data holds more than ${MAX_TYPED_DATA_VALUES} values: too much to show before signing`)
    if (value === undefined || value === null || (typeof value === 'object' && !Array.isArray(value))) badRequest(`typed data: ${path} must be a ${type}`)
    return
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return badRequest(`typed data: ${path || 'the message'} must be a ${type} object`)
  const names = new Set(fields.map(f => f.name))
  for (const key of Object.keys(value))
    if (!names.has(key)) badRequest(`typed data: ${path ? `${path}.` : ''}${key} is not a field of ${type}, so it would be shown but not signed`)
  for (const field of fields) {
    const inner = (value as Record<string, unknown>)[field.name]
    if (inner === undefined) badRequest(`typed data: ${path ? `${path}.` : ''}${field.name} is missing`)
    checkStruct(types, field.type, inner, path ? `${path}.${field.name}` : field.name, count)
  }
}

/**
 * `eth_signTypedData_v4`'s typed data (params[1], JSON text or an object) as viem signs it: with
 * `types` and `primaryType`, and without `EIP712Domain` among the types (viem derives it from
 * the domain's fields). Refused: a message or domain key that would not be signed, a missing
 * field, a value of the wrong type (viem's own check), more values than a person can read, and a
 * domain `chainId` other than the network's.
 *
 * @param params - `[address, typedData]`.
 * @param chainId - The network's chain id, when the domain must match it.
 */
export function typedDataOf(params: unknown, chainId?: number): TypedDataDefinition {
  const raw = asArray(params)[1]
  let typed: { domain?: unknown; types?: unknown; primaryType?: unknown; message?: unknown }
  try {
    typed = typeof raw === 'string' ? JSON.parse(raw) : (raw as typeof typed)
  } catch {
    return badRequest('typed data must be JSON')
  }
  if (!typed || typeof typed !== 'object' || !typed.types || typeof typed.types !== 'object' || typeof typed.primaryType !== 'string')
    return badRequest('typed data needs types and primaryType')
  const { EIP712Domain: _domain, ...types } = typed.types as Record<string, unknown>
  for (const [name, fields] of Object.entries(types)) {
    if (!Array.isArray(fields) || !fields.every(f => f && typeof f.name === 'string' && typeof f.type === 'string'))
      badRequest(`typed data: the type ${name} must list {name, type} fields`)
  }
  const structs = types as Record<string, { name: string; type: string }[]>
  if (!structs[typed.primaryType]) badRequest(`typed data: primaryType ${typed.primaryType} is not among its types`)
  const domain = (typed.domain ?? {}) as Record<string, unknown>
  if (typeof domain !== 'object' || Array.isArray(domain)) badRequest('typed data: the domain must be an object')
  for (const key of Object.keys(domain)) if (!DOMAIN_FIELDS.has(key)) badRequest(`typed data: the domain field ${key} is not one EIP-712 signs`)
  if (chainId !== undefined && domain.chainId !== undefined && Number(domain.chainId) !== chainId)
    badRequest(`typed data is for chain ${String(domain.chainId)}, not this network (${chainId})`)
  checkStruct(structs, typed.primaryType, typed.message, '', { n: 0 })
  const definition = { domain, types: structs, primaryType: typed.primaryType, message: typed.message } as unknown as TypedDataDefinition
  try {
    validateTypedData(definition)
  } catch (error) {
    badRequest(`typed data: ${(error as { shortMessage?: string }).shortMessage ?? (error as Error).message}`)
  }
  return definition
}

/** Characters a signed text may hold: printable ones and line breaks and tabs. */
const TEXT = /^[\P{C}\n\r\t]*$/u

/**
 * `solana_signMessage`'s message (base58), accepted only as text: bytes that are not printable
 * UTF-8, or that read as a Solana transaction message, are refused, since a signature over a
 * transaction's message is a signed transaction anyone can broadcast.
 *
 * @returns The bytes to sign and their text.
 */
export function solanaTextMessageOf(params: unknown): { bytes: Uint8Array; text: string } {
  const message = (params as { message?: unknown } | undefined)?.message
  if (typeof message !== 'string') return badRequest('message must be base58')
  let bytes: Uint8Array
  try {
    bytes = base58.decode(message)
  } catch {
    return badRequest('message must be base58')
  }
  let looksLikeTransaction = false
  try {
    parseSolanaMessage(bytes, true)
    looksLikeTransaction = true
  } catch {
    // Not a transaction message: the usual case.
  }
  if (looksLikeTransaction) badRequest('solana_signMessage signs text only: these bytes are a transaction message')
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return badRequest('solana_signMessage signs text only: these bytes are not UTF-8 text')
  }
  if (!TEXT.test(text)) badRequest('solana_signMessage signs text only: these bytes hold control characters')
  return { bytes, text }
}
