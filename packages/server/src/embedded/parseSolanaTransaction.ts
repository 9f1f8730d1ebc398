import { ApiError } from '../http/ApiError.js'

/** One instruction of a Solana message: its program, its accounts (as key indexes) and its data. */
export interface SolanaInstruction {
  programIndex: number
  accounts: number[]
  data: Uint8Array
}

/** A serialized Solana transaction (legacy or v0), read as far as signing and describing need. */
export interface ParsedSolanaTransaction {
  /** Where the signatures start (after their count) and how many there are. */
  signaturesAt: number
  signatureCount: number
  /** The signed bytes. */
  message: Uint8Array
  /** Accounts that must sign (the first keys). */
  requiredSignatures: number
  /** The message's static account keys, 32 bytes each. */
  keys: Uint8Array[]
  instructions: SolanaInstruction[]
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
  if (message.length < 4) bad('truncated transaction')
  // A versioned message starts with 0x80 | version before its header.
  let at = message[0]! & 0x80 ? 1 : 0
  const requiredSignatures = message[at]!
  at += 3
  const [keyCount, keyCountSize] = compactU16(message, at)
  at += keyCountSize
  const keys: Uint8Array[] = []
  for (let i = 0; i < keyCount; i++, at += 32) {
    if (at + 32 > message.length) bad('truncated transaction')
    keys.push(message.subarray(at, at + 32))
  }
  at += 32 // the recent blockhash
  const [instructionCount, instructionCountSize] = compactU16(message, at)
  at += instructionCountSize
  const instructions: SolanaInstruction[] = []
  for (let i = 0; i < instructionCount; i++) {
    const programIndex = message[at++]
    if (programIndex === undefined) bad('truncated transaction')
    const [accountCount, accountSize] = compactU16(message, at)
    at += accountSize
    const accounts = Array.from(message.subarray(at, at + accountCount))
    at += accountCount
    const [dataLength, dataSize] = compactU16(message, at)
    at += dataSize
    if (at + dataLength > message.length) bad('truncated transaction')
    instructions.push({ programIndex: programIndex!, accounts, data: message.subarray(at, at + dataLength) })
    at += dataLength
  }
  return { signaturesAt: countSize, signatureCount, message, requiredSignatures, keys, instructions }
}
