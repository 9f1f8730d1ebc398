import { base58 } from '@scure/base'
import { VersionedMessage } from '@solana/web3.js'
import { RpcError } from '../RpcError.js'
import { accountEncoding, encodeSolanaAccount, type AccountEncodingOptions } from './encodeSolanaAccount.js'
import { parseTokenData, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, uiTokenAmount, type MintData } from './parseTokenData.js'
import { SOLANA_GENESIS_HASH } from './solanaConstants.js'
import { assertAddress, type SolanaLedger, type TransactionRecord } from './SolanaLedger.js'

/** The agave version this network claims (web3.js only shows it). */
export const SOLANA_CORE_VERSION = '2.2.0'

const SLOTS_PER_EPOCH = 432_000

type Params = readonly unknown[]
type Method = (ledger: SolanaLedger, params: Params) => unknown

const context = (ledger: SolanaLedger) => ({ slot: ledger.slot, apiVersion: SOLANA_CORE_VERSION })
const withContext = (ledger: SolanaLedger, value: unknown) => ({ context: context(ledger), value })
const invalid = (detail: string) => new RpcError(-32602, `Invalid params: ${detail}`)

/** The config object a method takes at `index` (absent → empty). */
function config(params: Params, index: number): Record<string, unknown> {
  const value = params[index]
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(`parameter ${index + 1} must be a config object`)
  return value as Record<string, unknown>
}

function stringParam(params: Params, index: number, what: string): string {
  const value = params[index]
  if (typeof value !== 'string') throw invalid(`${what} must be a string`)
  return value
}

function addressParam(params: Params, index: number): string {
  const value = params[index]
  assertAddress(value)
  return value
}

function mintOf(ledger: SolanaLedger): (address: string) => MintData | undefined {
  return address => {
    const account = ledger.getAccount(address)
    const data = account && (account.owner === TOKEN_PROGRAM_ID || account.owner === TOKEN_2022_PROGRAM_ID) ? parseTokenData(account.data) : undefined
    return data?.kind === 'mint' ? data : undefined
  }
}

/** Decodes transaction or message bytes sent as base58 (the RPC's default) or base64. */
function decodeWire(value: unknown, encoding: unknown): Uint8Array {
  if (typeof value !== 'string' || value.length > 4096) throw invalid('the transaction must be an encoded string')
  if (encoding === 'base64') {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value)) throw invalid('the transaction is not base64')
    return new Uint8Array(Buffer.from(value, 'base64'))
  }
  if (encoding !== undefined && encoding !== null && encoding !== 'base58') throw invalid(`unsupported encoding ${JSON.stringify(encoding)}`)
  try {
    return base58.decode(value)
  } catch {
    throw invalid('the transaction is not base58')
  }
}

function tokenAccountsOf(ledger: SolanaLedger, filter: (account: { mint: string; owner: string }) => boolean, params: Params): unknown {
  const selector = params[1]
  if (typeof selector !== 'object' || selector === null) throw invalid('expected { mint } or { programId } as the second parameter')
  const { mint, programId } = selector as { mint?: unknown; programId?: unknown }
  let programs: string[]
  if (mint !== undefined) {
    assertAddress(mint)
    programs = [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID]
  } else if (programId === TOKEN_PROGRAM_ID || programId === TOKEN_2022_PROGRAM_ID) {
    programs = [programId]
  } else {
    throw invalid('unrecognized token program id')
  }
  const options = config(params, 2) as AccountEncodingOptions
  accountEncoding(options.encoding)
  const value = programs.flatMap(program =>
    ledger
      .programAccounts(program)
      .filter(account => {
        const data = parseTokenData(account.data)
        return data?.kind === 'account' && (mint === undefined || data.mint === mint) && filter(data)
      })
      .map(account => ({ pubkey: account.address, account: encodeSolanaAccount(account, options, mintOf(ledger)) }))
  )
  return withContext(ledger, value)
}

function status(record: TransactionRecord): unknown {
  return {
    slot: record.slot,
    confirmations: null,
    err: record.err,
    status: record.err ? { Err: record.err } : { Ok: null },
    // Transactions execute at once and nothing is ever rolled back: final in their own slot.
    confirmationStatus: 'finalized'
  }
}

function encodeTransaction(record: TransactionRecord, encoding: unknown): unknown {
  if (encoding === 'base64') return [Buffer.from(record.wire).toString('base64'), 'base64']
  if (encoding === 'base58') return [base58.encode(record.wire), 'base58']
  if (encoding !== undefined && encoding !== null && encoding !== 'json')
    throw invalid(`unsupported encoding ${JSON.stringify(encoding)}; use json, base64 or base58`)
  const { message, signatures } = record.transaction
  return {
    signatures: signatures.map(signature => base58.encode(signature)),
    message: {
      accountKeys: message.staticAccountKeys.map(key => key.toBase58()),
      header: message.header,
      instructions: message.compiledInstructions.map(instruction => ({
        programIdIndex: instruction.programIdIndex,
        accounts: [...instruction.accountKeyIndexes],
        data: base58.encode(instruction.data),
        stackHeight: null
      })),
      recentBlockhash: message.recentBlockhash,
      ...(message.version === 0
        ? {
            addressTableLookups: message.addressTableLookups.map(lookup => ({
              accountKey: lookup.accountKey.toBase58(),
              writableIndexes: [...lookup.writableIndexes],
              readonlyIndexes: [...lookup.readonlyIndexes]
            }))
          }
        : {})
    }
  }
}

/**
 * The JSON-RPC methods of the local network, by name. Each takes the ledger and the positional
 * params and returns the `result`, or throws an {@link RpcError}.
 */
export const SOLANA_RPC_METHODS: Readonly<Record<string, Method>> = {
  getHealth: () => 'ok',
  getVersion: () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': 3294202862 }),
  getGenesisHash: () => SOLANA_GENESIS_HASH,
  getSlot: ledger => ledger.slot,
  getBlockHeight: ledger => ledger.slot,
  getEpochInfo: ledger => {
    const slot = ledger.slot
    return {
      absoluteSlot: slot,
      blockHeight: slot,
      epoch: Math.floor(slot / SLOTS_PER_EPOCH),
      slotIndex: slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH
    }
  },
  getBlockTime: (ledger, params) => {
    const slot = params[0]
    if (!Number.isSafeInteger(slot) || (slot as number) < 0) throw invalid('slot must be a non-negative integer')
    if ((slot as number) > ledger.slot) throw new RpcError(-32004, `Block not available for slot ${String(slot)}`)
    return ledger.blockTime(slot as number)
  },
  getRecentPrioritizationFees: () => [],
  getLatestBlockhash: ledger => {
    const { slot, blockhash, lastValidBlockHeight } = ledger.latestBlockhash()
    return { context: { slot, apiVersion: SOLANA_CORE_VERSION }, value: { blockhash, lastValidBlockHeight } }
  },
  isBlockhashValid: (ledger, params) => withContext(ledger, ledger.isBlockhashValid(stringParam(params, 0, 'blockhash'))),
  getFeeForMessage: (ledger, params) => {
    const bytes = decodeWire(params[0], 'base64')
    let message: VersionedMessage
    try {
      message = VersionedMessage.deserialize(bytes)
    } catch {
      throw invalid('failed to deserialize the message')
    }
    // Like the validator: no fee for a message whose blockhash would not be accepted.
    return withContext(ledger, ledger.isBlockhashValid(message.recentBlockhash) ? ledger.feeFor(message) : null)
  },
  getMinimumBalanceForRentExemption: (ledger, params) => {
    const length = params[0]
    if (!Number.isSafeInteger(length) || (length as number) < 0 || (length as number) > 10 * 1024 * 1024)
      throw invalid('data length must be an integer from 0 to 10 MiB')
    return ledger.minimumBalanceForRentExemption(length as number)
  },
  getBalance: (ledger, params) => withContext(ledger, Number(ledger.getAccount(addressParam(params, 0))?.lamports ?? 0n)),
  getAccountInfo: (ledger, params) => {
    const address = addressParam(params, 0)
    return withContext(ledger, encodeSolanaAccount(ledger.getAccount(address), config(params, 1), mintOf(ledger)))
  },
  getMultipleAccounts: (ledger, params) => {
    const addresses = params[0]
    if (!Array.isArray(addresses) || addresses.length > 100) throw invalid('expected an array of at most 100 addresses')
    addresses.forEach(address => assertAddress(address))
    const options = config(params, 1)
    return withContext(
      ledger,
      addresses.map(address => encodeSolanaAccount(ledger.getAccount(address), options, mintOf(ledger)))
    )
  },
  getTokenAccountsByOwner: (ledger, params) => {
    const owner = addressParam(params, 0)
    return tokenAccountsOf(ledger, account => account.owner === owner, params)
  },
  getTokenAccountBalance: (ledger, params) => {
    const account = ledger.getAccount(addressParam(params, 0))
    const data = account && (account.owner === TOKEN_PROGRAM_ID || account.owner === TOKEN_2022_PROGRAM_ID) ? parseTokenData(account.data) : undefined
    if (data?.kind !== 'account') throw invalid('could not find token account')
    const mint = mintOf(ledger)(data.mint)
    if (!mint) throw invalid('could not find mint')
    return withContext(ledger, uiTokenAmount(data.amount, mint.decimals))
  },
  getTokenSupply: (ledger, params) => {
    const mint = mintOf(ledger)(addressParam(params, 0))
    if (!mint) throw invalid('not a token mint')
    return withContext(ledger, uiTokenAmount(mint.supply, mint.decimals))
  },
  sendTransaction: (ledger, params) => {
    const options = config(params, 1)
    return ledger.sendTransaction(decodeWire(params[0], options.encoding), { skipPreflight: options.skipPreflight === true })
  },
  simulateTransaction: (ledger, params) => {
    const options = config(params, 1)
    const result = ledger.simulateTransaction(decodeWire(params[0], options.encoding), {
      sigVerify: options.sigVerify === true,
      replaceRecentBlockhash: options.replaceRecentBlockhash === true
    })
    let accounts: unknown = null
    const wanted = options.accounts as { addresses?: unknown; encoding?: unknown } | undefined
    if (wanted && typeof wanted === 'object') {
      if (!Array.isArray(wanted.addresses) || wanted.addresses.length > 100) throw invalid('accounts.addresses must be an array of at most 100 addresses')
      accounts = wanted.addresses.map(address => {
        assertAddress(address)
        const touched = result.postAccounts.find(account => account.address === address)
        // Untouched accounts are reported as they are now; one the transaction emptied, as null.
        const state = touched ? (touched.lamports > 0n ? touched : undefined) : ledger.getAccount(address)
        return encodeSolanaAccount(state, { encoding: wanted.encoding ?? 'base64' }, mintOf(ledger))
      })
    }
    const { err, logs, unitsConsumed, returnData, replacementBlockhash } = result
    return withContext(ledger, {
      err,
      logs,
      accounts,
      unitsConsumed,
      returnData,
      innerInstructions: null,
      ...(replacementBlockhash ? { replacementBlockhash } : {})
    })
  },
  getSignatureStatuses: (ledger, params) => {
    const signatures = params[0]
    if (!Array.isArray(signatures) || signatures.length > 256) throw invalid('expected an array of at most 256 signatures')
    return withContext(
      ledger,
      signatures.map(signature => {
        if (typeof signature !== 'string') throw invalid('signatures must be base58 strings')
        const record = ledger.getRecord(signature)
        return record ? status(record) : null
      })
    )
  },
  getTransaction: (ledger, params) => {
    const record = ledger.getRecord(stringParam(params, 0, 'signature'))
    if (!record) return null
    const options = config(params, 1)
    const version = record.transaction.message.version
    if (version !== 'legacy' && (typeof options.maxSupportedTransactionVersion !== 'number' || options.maxSupportedTransactionVersion < version)) {
      throw new RpcError(
        -32015,
        `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`
      )
    }
    return {
      slot: record.slot,
      blockTime: record.blockTime,
      // jsonParsed is answered like json: the instructions are not parsed.
      transaction: encodeTransaction(record, options.encoding === 'jsonParsed' ? 'json' : options.encoding),
      meta: {
        err: record.err,
        status: record.err ? { Err: record.err } : { Ok: null },
        fee: record.fee,
        preBalances: record.preBalances,
        postBalances: record.postBalances,
        innerInstructions: [],
        logMessages: record.logs,
        preTokenBalances: [],
        postTokenBalances: [],
        rewards: [],
        loadedAddresses: { writable: [], readonly: [] },
        computeUnitsConsumed: record.computeUnitsConsumed
      },
      // The version is reported only when the client said which versions it understands.
      ...(options.maxSupportedTransactionVersion !== undefined ? { version } : {})
    }
  },
  requestAirdrop: (ledger, params) => {
    const address = addressParam(params, 0)
    const lamports = params[1]
    if (typeof lamports !== 'number') throw invalid('lamports must be a number')
    return ledger.airdrop(address, lamports)
  }
}

/**
 * Runs one JSON-RPC method against the ledger.
 *
 * @param ledger - The runtime.
 * @param method - The method name.
 * @param params - The request's params (positional; absent means none).
 * @throws RpcError -32601 for unknown methods, -32602 for bad params, or the method's own error.
 */
export function callSolanaRpc(ledger: SolanaLedger, method: string, params: unknown): unknown {
  const handler = Object.hasOwn(SOLANA_RPC_METHODS, method) ? SOLANA_RPC_METHODS[method] : undefined
  if (!handler) throw new RpcError(-32601, 'Method not found')
  if (params !== undefined && params !== null && !Array.isArray(params)) throw invalid('params must be an array')
  return handler(ledger, (params as Params | undefined) ?? [])
}
