import { base58 } from '@scure/base'
import { RpcError } from '../RpcError.js'
import { parseTokenData, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, uiTokenAmount, type MintData } from './parseTokenData.js'
import type { SolanaAccount } from './SolanaLedger.js'

/** The account encodings the RPC answers in. */
export type AccountEncoding = 'base58' | 'base64' | 'jsonParsed'

/** `encoding` and `dataSlice` of an account request's config. */
export interface AccountEncodingOptions {
  encoding?: unknown
  dataSlice?: unknown
}

/** An account as `getAccountInfo` reports it. */
export interface RpcAccount {
  lamports: number
  owner: string
  data: [string, 'base58' | 'base64'] | { program: string; parsed: unknown; space: number }
  executable: boolean
  rentEpoch: number
  space: number
}

/**
 * Checks an `encoding` option. base64+zstd is refused: nothing here compresses.
 *
 * @param value - The option as sent (default base58, as on a validator).
 */
export function accountEncoding(value: unknown): AccountEncoding {
  if (value === undefined || value === null) return 'base58'
  if (value === 'base58' || value === 'base64' || value === 'jsonParsed') return value
  throw new RpcError(-32602, `Invalid params: unsupported encoding ${JSON.stringify(value)}; use base58, base64 or jsonParsed`)
}

/**
 * Encodes an account for the RPC. `jsonParsed` parses SPL Token and Token-2022 accounts and
 * mints (like the validator; other accounts fall back to base64). `dataSlice` applies to binary
 * encodings.
 *
 * @param account - The account, or undefined for a missing one (encoded as null).
 * @param options - Encoding and data slice.
 * @param mintOf - Looks a mint up, for the decimals a parsed token account reports.
 */
export function encodeSolanaAccount(
  account: SolanaAccount | undefined,
  options: AccountEncodingOptions,
  mintOf: (address: string) => MintData | undefined
): RpcAccount | null {
  if (!account) return null
  const encoding = accountEncoding(options.encoding)
  const base = {
    lamports: Number(account.lamports),
    owner: account.owner,
    executable: account.executable,
    // Real validators report u64::MAX for rent-exempt accounts, which a JSON number cannot hold.
    rentEpoch: 0,
    space: account.data.length
  }
  if (encoding === 'jsonParsed') {
    const parsed = parsedTokenData(account, mintOf)
    if (parsed) return { ...base, data: parsed }
  }
  const data = slice(account.data, options.dataSlice)
  return {
    ...base,
    data: encoding === 'base58' ? [base58.encode(data), 'base58'] : [Buffer.from(data).toString('base64'), 'base64']
  }
}

function parsedTokenData(account: SolanaAccount, mintOf: (address: string) => MintData | undefined): RpcAccount['data'] | undefined {
  const program = account.owner === TOKEN_PROGRAM_ID ? 'spl-token' : account.owner === TOKEN_2022_PROGRAM_ID ? 'spl-token-2022' : undefined
  if (!program) return undefined
  const token = parseTokenData(account.data)
  if (!token) return undefined
  const space = account.data.length
  if (token.kind === 'mint') {
    const { mintAuthority, supply, decimals, isInitialized, freezeAuthority } = token
    return { program, space, parsed: { type: 'mint', info: { decimals, freezeAuthority, isInitialized, mintAuthority, supply: supply.toString() } } }
  }
  const decimals = mintOf(token.mint)?.decimals ?? 0
  const info: Record<string, unknown> = {
    isNative: token.isNative,
    mint: token.mint,
    owner: token.owner,
    state: token.state,
    tokenAmount: uiTokenAmount(token.amount, decimals)
  }
  if (token.delegate) Object.assign(info, { delegate: token.delegate, delegatedAmount: uiTokenAmount(token.delegatedAmount, decimals) })
  if (token.closeAuthority) info.closeAuthority = token.closeAuthority
  return { program, space, parsed: { type: 'account', info } }
}

function slice(data: Uint8Array, dataSlice: unknown): Uint8Array {
  if (dataSlice === undefined || dataSlice === null) return data
  const { offset, length } = dataSlice as { offset?: unknown; length?: unknown }
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || (offset as number) < 0 || (length as number) < 0) {
    throw new RpcError(-32602, 'Invalid params: dataSlice needs non-negative integer offset and length')
  }
  return data.subarray(offset as number, (offset as number) + (length as number))
}
