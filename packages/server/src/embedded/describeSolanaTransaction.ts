import { base58 } from '@scure/base'
import { formatUnits } from 'viem'
import type { DescriptionRow } from './describeEvmCall.js'
import type { ParsedSolanaTransaction, SolanaInstruction } from './parseSolanaTransaction.js'

const SYSTEM = '11111111111111111111111111111111'
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const ASSOCIATED_TOKEN = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111'
const MEMO = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'

/** Lamports every signature costs (Solana's base fee). */
const LAMPORTS_PER_SIGNATURE = 5000n
/** Compute units an instruction gets when no limit is set, and the most a transaction may have. */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n
const MAX_UNITS = 1_400_000n

const view = (data: Uint8Array) => new DataView(data.buffer, data.byteOffset, data.byteLength)
const u32 = (data: Uint8Array, at: number) => (data.length >= at + 4 ? view(data).getUint32(at, true) : undefined)
const u64 = (data: Uint8Array, at: number) => (data.length >= at + 8 ? view(data).getBigUint64(at, true) : undefined)
const SPL_AUTHORITIES = ['mint tokens', 'freeze accounts', 'own the account', 'close the account']

/**
 * A Solana transaction in words, instruction by instruction: the System program's transfers,
 * account creations and nonce changes, the SPL Token and Token-2022 programs' transfers,
 * allowances, authority changes, mints, burns and closings, the Associated Token program's
 * account creation, the Compute Budget's limits and price (counted in the fee), memos. Any other
 * program, and any instruction of these not decoded here, is flagged as unknown, with its data.
 *
 * @param tx - The parsed transaction.
 * @param symbol - The network's coin (SOL).
 */
export function describeSolanaTransaction(tx: ParsedSolanaTransaction, symbol: string): DescriptionRow[] {
  const key = (i: number | undefined) => (i !== undefined && tx.keys[i] ? base58.encode(tx.keys[i]) : 'an account from a lookup table')
  const sol = (lamports: bigint | undefined) => (lamports === undefined ? 'an unreadable amount' : `${formatUnits(lamports, 9)} ${symbol}`)
  const rows: DescriptionRow[] = []
  let unitLimit: bigint | undefined
  let microLamportsPerUnit = 0n
  let counted = 0n
  const unknown = (program: string, ix: SolanaInstruction, what = 'Unknown program') =>
    rows.push({
      label: what,
      value: `${program}: what it does cannot be shown${ix.data.length ? ` (data ${ix.data.length} bytes: ${Array.from(ix.data, b => b.toString(16).padStart(2, '0')).join('')})` : ''}`
    })
  for (const ix of tx.instructions) {
    const program = key(ix.programIndex)
    const a = (n: number) => key(ix.accounts[n])
    if (program !== COMPUTE_BUDGET) counted++
    if (program === SYSTEM) {
      const kind = u32(ix.data, 0)
      if (kind === 2) rows.push({ label: 'Send', value: sol(u64(ix.data, 4)) }, { label: 'To', value: a(1) })
      else if (kind === 11) rows.push({ label: 'Send', value: sol(u64(ix.data, 4)) }, { label: 'To', value: a(2) })
      else if (kind === 0)
        rows.push({
          label: 'Create account',
          value: `${a(1)} with ${sol(u64(ix.data, 4))}, owned by ${ix.data.length >= 52 ? base58.encode(ix.data.subarray(20, 52)) : 'an unreadable program'}`
        })
      else if (kind === 1)
        rows.push({
          label: 'Hand account to program',
          value: `${a(0)} to ${ix.data.length >= 36 ? base58.encode(ix.data.subarray(4, 36)) : 'an unreadable program'}`
        })
      else if (kind === 8) rows.push({ label: 'Allocate space', value: `${u64(ix.data, 4) ?? '?'} bytes for ${a(0)}` })
      else if (kind === 4) rows.push({ label: 'Use durable nonce', value: a(0) })
      else if (kind === 5) rows.push({ label: 'Withdraw from nonce account', value: `${sol(u64(ix.data, 4))} to ${a(1)}` })
      else if (kind === 7)
        rows.push({ label: 'Give nonce account to', value: ix.data.length >= 36 ? base58.encode(ix.data.subarray(4, 36)) : 'an unreadable account' })
      else unknown(program, ix, 'Undecoded System instruction')
    } else if (program === TOKEN || program === TOKEN_2022) {
      const kind = ix.data[0]
      const amount = u64(ix.data, 1)
      const decimals = ix.data[9]
      const checked = (n: bigint | undefined) => (n === undefined || decimals === undefined ? 'an unreadable amount' : formatUnits(n, decimals))
      const units = (n: bigint | undefined) => (n === undefined ? 'an unreadable amount' : `${n} base units`)
      if (kind === 12) rows.push({ label: 'Send tokens', value: `${checked(amount)} of mint ${a(1)}` }, { label: 'To token account', value: a(2) })
      else if (kind === 3) rows.push({ label: 'Send tokens', value: `${units(amount)} from ${a(0)}` }, { label: 'To token account', value: a(1) })
      else if (kind === 13) rows.push({ label: 'Allow spending', value: `${checked(amount)} of mint ${a(1)}` }, { label: 'Spender', value: a(2) })
      else if (kind === 4) rows.push({ label: 'Allow spending', value: `${units(amount)} of ${a(0)}` }, { label: 'Spender', value: a(1) })
      else if (kind === 5) rows.push({ label: 'Revoke spending', value: a(0) })
      else if (kind === 6) {
        const newAuthority = ix.data[2] === 1 && ix.data.length >= 35 ? base58.encode(ix.data.subarray(3, 35)) : 'nobody'
        rows.push({ label: 'Change authority', value: `who may ${SPL_AUTHORITIES[ix.data[1] ?? 99] ?? 'act'} on ${a(0)}: now ${newAuthority}` })
      } else if (kind === 7 || kind === 14) rows.push({ label: 'Mint tokens', value: `${kind === 14 ? checked(amount) : units(amount)} of ${a(0)} to ${a(1)}` })
      else if (kind === 8 || kind === 15) rows.push({ label: 'Burn tokens', value: `${kind === 15 ? checked(amount) : units(amount)} from ${a(0)}` })
      else if (kind === 9) rows.push({ label: 'Close token account', value: `${a(0)}, its SOL to ${a(1)}` })
      else if (kind === 10 || kind === 11) rows.push({ label: kind === 10 ? 'Freeze token account' : 'Thaw token account', value: a(0) })
      else if (kind === 1 || kind === 16 || kind === 18) rows.push({ label: 'Open token account', value: `${a(0)} for mint ${a(1)}` })
      else if (kind === 17) rows.push({ label: 'Sync wrapped SOL', value: a(0) })
      else unknown(program, ix, 'Undecoded token instruction')
    } else if (program === ASSOCIATED_TOKEN) {
      if (ix.data.length === 0 || ix.data[0] === 0 || ix.data[0] === 1)
        rows.push({ label: 'Open token account', value: `${a(1)} of ${a(2)} for mint ${a(3)}, paid by ${a(0)}` })
      else unknown(program, ix, 'Undecoded associated-token instruction')
    } else if (program === COMPUTE_BUDGET) {
      const kind = ix.data[0]
      if (kind === 2) unitLimit = BigInt(u32(ix.data, 1) ?? 0)
      else if (kind === 3) microLamportsPerUnit = u64(ix.data, 1) ?? 0n
      else if (kind !== 1 && kind !== 4) unknown(program, ix, 'Undecoded compute-budget instruction')
    } else if (program === MEMO) {
      let memo: string
      try {
        memo = new TextDecoder('utf-8', { fatal: true }).decode(ix.data)
      } catch {
        memo = '(not text)'
      }
      rows.push({ label: 'Memo', value: memo })
    } else unknown(program, ix)
  }
  if (tx.lookupAccounts > 0) rows.push({ label: 'Warning', value: `${tx.lookupAccounts} accounts come from lookup tables and cannot be named here` })
  const units = unitLimit ?? (counted * DEFAULT_UNITS_PER_INSTRUCTION < MAX_UNITS ? counted * DEFAULT_UNITS_PER_INSTRUCTION : MAX_UNITS)
  const priority = (units * microLamportsPerUnit + 999_999n) / 1_000_000n
  rows.push({ label: 'Network fee', value: sol(LAMPORTS_PER_SIGNATURE * BigInt(tx.requiredSignatures) + priority) })
  return rows
}
