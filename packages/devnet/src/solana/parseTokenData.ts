import { base58 } from '@scure/base'

/** The SPL Token program. */
export const TOKEN_PROGRAM_ID = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'

/** The Token-2022 program (its base layouts are the same; extensions are not parsed). */
export const TOKEN_2022_PROGRAM_ID = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

/** Size of a plain token account; a plain mint is 82 bytes. */
export const TOKEN_ACCOUNT_SIZE = 165
const MINT_SIZE = 82

/** A token amount as the RPC reports it (`tokenAmount`, `getTokenAccountBalance`). */
export interface UiTokenAmount {
  amount: string
  decimals: number
  uiAmount: number
  uiAmountString: string
}

/** The fields of a token account the RPC reports. */
export interface TokenAccountData {
  kind: 'account'
  mint: string
  owner: string
  amount: bigint
  delegate: string | null
  delegatedAmount: bigint
  state: 'uninitialized' | 'initialized' | 'frozen'
  isNative: boolean
  closeAuthority: string | null
}

/** The fields of a mint the RPC reports. */
export interface MintData {
  kind: 'mint'
  mintAuthority: string | null
  supply: bigint
  decimals: number
  isInitialized: boolean
  freezeAuthority: string | null
}

const view = (data: Uint8Array): DataView => new DataView(data.buffer, data.byteOffset, data.byteLength)
const key = (data: Uint8Array, offset: number): string => base58.encode(data.subarray(offset, offset + 32))
// COption<Pubkey>: a u32 tag (1 = Some) then the key.
const optionalKey = (data: Uint8Array, offset: number): string | null => (view(data).getUint32(offset, true) === 1 ? key(data, offset + 4) : null)

/**
 * Reads an SPL Token or Token-2022 account's data as a token account or a mint; undefined when
 * it is neither (wrong size or an unknown account type).
 *
 * @param data - The account's data.
 */
export function parseTokenData(data: Uint8Array): TokenAccountData | MintData | undefined {
  // Token-2022 accounts with extensions are longer and carry their type at byte 165.
  const type = data.length === TOKEN_ACCOUNT_SIZE ? 2 : data.length === MINT_SIZE ? 1 : data.length > TOKEN_ACCOUNT_SIZE ? data[TOKEN_ACCOUNT_SIZE] : 0
  const dv = view(data)
  if (type === 2) {
    const state = data[108]
    return {
      kind: 'account',
      mint: key(data, 0),
      owner: key(data, 32),
      amount: dv.getBigUint64(64, true),
      delegate: optionalKey(data, 72),
      state: state === 1 ? 'initialized' : state === 2 ? 'frozen' : 'uninitialized',
      isNative: dv.getUint32(109, true) === 1,
      delegatedAmount: dv.getBigUint64(121, true),
      closeAuthority: optionalKey(data, 129)
    }
  }
  if (type === 1) {
    return {
      kind: 'mint',
      mintAuthority: optionalKey(data, 0),
      supply: dv.getBigUint64(36, true),
      decimals: data[44]!,
      isInitialized: data[45] === 1,
      freezeAuthority: optionalKey(data, 46)
    }
  }
  return undefined
}

/**
 * Formats a base-unit amount as the RPC's `UiTokenAmount`.
 *
 * @param amount - Base units.
 * @param decimals - The mint's decimals.
 */
export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const scale = 10n ** BigInt(decimals)
  const fraction = (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '')
  const uiAmountString = `${amount / scale}${fraction ? `.${fraction}` : ''}`
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}
