import * as v from 'valibot'
import { getAddress, type Address, type Hex } from 'viem'
import { formatUserOperation, type RpcUserOperation, type UserOperation } from 'viem/account-abstraction'
import { BUNDLER_ERROR, BundlerError } from './BundlerError.js'

/** Largest `callData`, `factoryData`, `paymasterData` or `signature` accepted, in bytes. */
export const MAX_USER_OPERATION_BYTES = 32 * 1024

const address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'an address (0x and 40 hex digits)'))
/** A JSON-RPC quantity, at most 128 bits: every gas and fee field is packed into a uint128. */
const uint128 = v.pipe(v.string(), v.regex(/^0x(0|[1-9a-fA-F][0-9a-fA-F]{0,31})$/, 'a hex quantity of at most 128 bits'))
const bytes = v.pipe(
  v.string(),
  v.regex(/^0x([0-9a-fA-F]{2})*$/, 'hex bytes'),
  v.maxLength(2 + 2 * MAX_USER_OPERATION_BYTES, `at most ${MAX_USER_OPERATION_BYTES} bytes`)
)

/**
 * A v0.7/v0.8 user operation as JSON-RPC carries it (unpacked, quantities in hex). The nonce is a
 * uint256 (a 192-bit key and a 64-bit sequence). Gas fields may be left out when estimating.
 */
const RpcUserOperationSchema = v.object({
  sender: address,
  nonce: v.pipe(v.string(), v.regex(/^0x(0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/, 'a hex quantity of at most 256 bits')),
  factory: v.optional(v.nullable(address)),
  factoryData: v.optional(v.nullable(bytes)),
  callData: bytes,
  callGasLimit: v.optional(uint128),
  verificationGasLimit: v.optional(uint128),
  preVerificationGas: v.optional(uint128),
  maxFeePerGas: v.optional(uint128),
  maxPriorityFeePerGas: v.optional(uint128),
  paymaster: v.optional(v.nullable(address)),
  paymasterVerificationGasLimit: v.optional(v.nullable(uint128)),
  paymasterPostOpGasLimit: v.optional(v.nullable(uint128)),
  paymasterData: v.optional(v.nullable(bytes)),
  signature: bytes
})

/** Gas and fee fields that a sent operation must carry (an estimate may leave them out). */
const GAS_FIELDS = ['callGasLimit', 'verificationGasLimit', 'preVerificationGas', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const

/** A parsed v0.8 user operation: every gas and fee field present (0 where the caller left it out). */
export type ParsedUserOperation = UserOperation<'0.8'> & {
  sender: Address
  callGasLimit: bigint
  verificationGasLimit: bigint
  preVerificationGas: bigint
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
}

/**
 * Checks an untrusted JSON-RPC user operation and converts it to viem's form (bigints, checksummed
 * sender). Throws a {@link BundlerError} `-32602` naming the first bad field. EIP-7702
 * authorizations are refused: this bundler serves factory-made accounts only.
 *
 * @param value - The first parameter of `eth_sendUserOperation` / `eth_estimateUserOperationGas`.
 * @param requireGas - A sent operation must carry every gas and fee field.
 */
export function parseUserOperation(value: unknown, requireGas: boolean): ParsedUserOperation {
  const result = v.safeParse(RpcUserOperationSchema, value)
  if (!result.success) {
    const issue = result.issues[0]
    const field = issue?.path?.map(p => String(p.key)).join('.')
    throw new BundlerError(BUNDLER_ERROR.invalidParams, `Invalid user operation${field ? ` field ${field}` : ''}: ${issue?.message ?? 'not an object'}`)
  }
  if (typeof value === 'object' && value !== null && 'eip7702Auth' in value && (value as { eip7702Auth?: unknown }).eip7702Auth != null) {
    throw new BundlerError(BUNDLER_ERROR.invalidParams, 'EIP-7702 authorizations are not supported by this bundler')
  }
  const raw = result.output
  if (requireGas) {
    const missing = GAS_FIELDS.find(field => raw[field] === undefined)
    if (missing) throw new BundlerError(BUNDLER_ERROR.invalidParams, `Invalid user operation field ${missing}: required to send`)
  }
  if (raw.factory && !raw.factoryData) {
    throw new BundlerError(BUNDLER_ERROR.invalidParams, 'Invalid user operation field factoryData: required with factory')
  }
  const op = formatUserOperation({
    ...(raw as unknown as RpcUserOperation<'0.8'>),
    factory: raw.factory ?? undefined,
    factoryData: raw.factory ? ((raw.factoryData ?? '0x') as Hex) : undefined,
    paymaster: raw.paymaster ?? undefined,
    paymasterData: raw.paymaster ? ((raw.paymasterData ?? '0x') as Hex) : undefined,
    paymasterVerificationGasLimit: raw.paymaster ? (raw.paymasterVerificationGasLimit ?? '0x0') : undefined,
    paymasterPostOpGasLimit: raw.paymaster ? (raw.paymasterPostOpGasLimit ?? '0x0') : undefined
  } as RpcUserOperation<'0.8'>) as UserOperation<'0.8'>
  return {
    ...op,
    sender: getAddress(raw.sender),
    nonce: BigInt(raw.nonce),
    callGasLimit: BigInt(raw.callGasLimit ?? 0),
    verificationGasLimit: BigInt(raw.verificationGasLimit ?? 0),
    preVerificationGas: BigInt(raw.preVerificationGas ?? 0),
    maxFeePerGas: BigInt(raw.maxFeePerGas ?? 0),
    maxPriorityFeePerGas: BigInt(raw.maxPriorityFeePerGas ?? 0)
  } as ParsedUserOperation
}
