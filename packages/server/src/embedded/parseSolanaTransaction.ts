import { ApiError } from '../http/ApiError.js'

/** One instruction of a Solana message: its program, its accounts (as key indexes) and its data. */
export interface SolanaInstruction {
  programIndex: number
  accounts: number[]
  data: Uint8Array
}

/** A Solana message (legacy or v0), read as far as signing and describing need. */
export interface ParsedSolanaMessage {
  /** 'legacy' or the version number. */
  version: 'legacy' | number
  /** Accounts that must sign (the first keys). */
  requiredSignatures: number
  /** Of the signers, how many are read-only; of the others, how many are read-only. */
  readonlySigned: number
  readonlyUnsigned: number
  /** The message's static account keys, 32 bytes each. */
  keys: Uint8Array[]
  instructions: SolanaInstruction[]
  /** Accounts loaded from address lookup tables (v0): how many, after the static keys. */
  lookupAccounts: number
}

/** A serialized Solana transaction (legacy or v0), read as far as signing and describing need. */
export interface ParsedSolanaTransaction extends ParsedSolanaMessage {
  /** Where the signatures start (after their count) and how many there are. */
  signaturesAt: number
  signatureCount: number
  /** The signed bytes. */
  message: Uint8Array
}

const bad = (reason: string): never => {
  throw new ApiError(400, reason)
}

/** Reads the compact-u16 at `offset`: [value, bytes used]. */
function compactU16(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i]
    if (byte === undefined) return bad('truncated transaction')
    value |= (byte & 0x7f) << (7 * i)
    if (!(byte & 0x80)) return [value, i + 1]
  }
  return bad('malformed transaction')
}

/**
 * Reads a Solana message: header, static keys, instructions and (v0) the count of accounts its
 * address lookup tables add. With `strict`, the bytes must be exactly one well-formed message
 * (every byte read, indexes in range): used to tell whether some "message to sign" is in fact a
 * transaction.
 *
 * @throws ApiError 400 for bytes that are not a message
 */
export function parseSolanaMessage(message: Uint8Array, strict = false): ParsedSolanaMessage {
  if (message.length < 4) bad('truncated transaction')
  // A versioned message starts with 0x80 | version before its header.
  const versioned = (message[0]! & 0x80) !== 0
  const version = versioned ? message[0]! & 0x7f : 'legacy'
  let at = versioned ? 1 : 0
  const requiredSignatures = message[at]!
  const readonlySigned = message[at + 1] ?? bad('truncated transaction')
  const readonlyUnsigned = message[at + 2] ?? bad('truncated transaction')
  at += 3
  const [keyCount, keyCountSize] = compactU16(message, at)
  at += keyCountSize
  const keys: Uint8Array[] = []
  for (let i = 0; i < keyCount; i++, at += 32) {
    if (at + 32 > message.length) bad('truncated transaction')
    keys.push(message.subarray(at, at + 32))
  }
  if (at + 32 > message.length) bad('truncated transaction')
  at += 32 // the recent blockhash
  const [instructionCount, instructionCountSize] = compactU16(message, at)
  at += instructionCountSize
  const instructions: SolanaInstruction[] = []
  for (let i = 0; i < instructionCount; i++) {
    const programIndex = message[at++]
    if (programIndex === undefined) bad('truncated transaction')
    const [accountCount, accountSize] = compactU16(message, at)
    at += accountSize
    if (at + accountCount > message.length) bad('truncated transaction')
    const accounts = Array.from(message.subarray(at, at + accountCount))
    at += accountCount
    const [dataLength, dataSize] = compactU16(message, at)
    at += dataSize
    if (at + dataLength > message.length) bad('truncated transaction')
    instructions.push({ programIndex: programIndex!, accounts, data: message.subarray(at, at + dataLength) })
    at += dataLength
  }
  let lookupAccounts = 0
  if (versioned && at < message.length) {
    const [tableCount, tableCountSize] = compactU16(message, at)
    at += tableCountSize
    for (let i = 0; i < tableCount; i++) {
      at += 32
      for (let list = 0; list < 2; list++) {
        const [count, size] = compactU16(message, at)
        at += size + count
        lookupAccounts += count
      }
      if (at > message.length) bad('truncated transaction')
    }
  }
  if (strict) {
    const allKeys = keyCount + lookupAccounts
    const wellFormed =
      at === message.length &&
      (version === 'legacy' || version === 0) &&
      requiredSignatures >= 1 &&
      requiredSignatures <= keyCount &&
      readonlySigned < requiredSignatures &&
      readonlyUnsigned <= keyCount - requiredSignatures &&
      instructions.every(ix => ix.programIndex < keyCount && ix.accounts.every(a => a < allKeys))
    if (!wellFormed) bad('not a transaction message')
  }
  return { version, requiredSignatures, readonlySigned, readonlyUnsigned, keys, instructions, lookupAccounts }
}

/**
 * Reads a serialized Solana transaction: its signature slots, the message (what is signed), the
 * required signers, the static account keys and the instructions. Address-table lookups of v0
 * messages are not resolved (their accounts show as unknown).
 *
 * @throws ApiError 400 for bytes that are not a transaction
 */
export function parseSolanaTransaction(serialized: Uint8Array): ParsedSolanaTransaction {
  const [signatureCount, countSize] = compactU16(serialized, 0)
  const messageStart = countSize + signatureCount * 64
  const message = serialized.subarray(messageStart)
  return { signaturesAt: countSize, signatureCount, message, ...parseSolanaMessage(message) }
}
