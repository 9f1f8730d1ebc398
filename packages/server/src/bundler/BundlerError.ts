/**
 * ERC-7769's JSON-RPC error codes of a bundler, and EIP-1474's for limits and bad requests.
 * A caller tells why an operation was refused from the code; the message says it to a person.
 */
export const BUNDLER_ERROR = {
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  /** Rejected by the EntryPoint's validation: the account's creation or `validateUserOp` (AA1x, AA2x). */
  rejectedByEntryPoint: -32500,
  /** Rejected by the paymaster's `validatePaymasterUserOp` (AA3x). */
  rejectedByPaymaster: -32501,
  /** Expired or not yet valid (AA22, AA32). */
  outOfTimeRange: -32503,
  /** The account's (or paymaster's) signature does not match (AA24, AA34). */
  invalidSignature: -32507,
  /** The operation's call reverts (estimation). */
  executionReverted: -32521,
  /** Refused by this bundler's own rules: a sender not of its factory, a paymaster not its own (ERC-7769's "opcode or rule violation"). */
  ruleViolation: -32502,
  /** Too many operations from one sender or client. */
  limitExceeded: -32005,
  /** The bundler could not reach or use the chain. */
  internal: -32603
} as const

/**
 * A bundler's refusal, answered as a JSON-RPC error `{ code, message, data? }`.
 *
 * @example
 * ```ts
 * throw new BundlerError(BUNDLER_ERROR.invalidSignature, 'AA24 signature error')
 * ```
 */
export class BundlerError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown
  ) {
    super(message)
    this.name = 'BundlerError'
  }
}

/**
 * The JSON-RPC code for an EntryPoint `FailedOp` reason: its `AAnn` prefix says which part refused
 * (ERC-7769 §"Error codes").
 *
 * @param reason - The reason string, e.g. `AA21 didn't pay prefund`.
 */
export function entryPointErrorCode(reason: string): number {
  const code = /^AA(\d\d)/.exec(reason)?.[1]
  if (code === '24' || code === '34') return BUNDLER_ERROR.invalidSignature
  if (code === '22' || code === '32') return BUNDLER_ERROR.outOfTimeRange
  if (code?.startsWith('3')) return BUNDLER_ERROR.rejectedByPaymaster
  return BUNDLER_ERROR.rejectedByEntryPoint
}
