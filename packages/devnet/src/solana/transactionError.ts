// litesvm reports failures as native objects and enum numbers; the JSON-RPC API reports them as
// the agave validator's serde JSON (`"BlockhashNotFound"`, `{"InstructionError":[0,{"Custom":1}]}`),
// which @solana/web3.js and @solana/spl-token parse. This file translates between the two.

/** A transaction error as the Solana JSON-RPC API reports it (`err` of statuses and results). */
export type RpcTransactionError = string | Record<string, unknown>

// The order of litesvm's `TransactionErrorFieldless` const enum (its .d.ts), which mirrors agave.
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled'
]

// The order of litesvm's `InstructionErrorFieldless` const enum.
const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError'
]

type NativeObject = { constructor: { name: string }; [key: string]: unknown }

function instructionError(value: unknown): unknown {
  if (typeof value === 'number') return INSTRUCTION_ERRORS[value] ?? 'GenericError'
  const native = value as NativeObject
  if (typeof native?.code === 'number') return { Custom: native.code }
  if (typeof native?.msg === 'string') return { BorshIoError: native.msg }
  return 'GenericError'
}

/**
 * Translates the `err()` of a litesvm `FailedTransactionMetadata` into the RPC's JSON form.
 *
 * @param error - A fieldless enum number or one of litesvm's `TransactionError*` objects.
 */
export function toRpcTransactionError(error: unknown): RpcTransactionError {
  if (typeof error === 'number') return TRANSACTION_ERRORS[error] ?? 'SanitizeFailure'
  const native = error as NativeObject
  // The classes are told apart by name: two of them have the same shape ({ accountIndex }).
  switch (native?.constructor?.name) {
    case 'TransactionErrorInstructionError':
      return { InstructionError: [native.index, instructionError((native.err as () => unknown)())] }
    case 'TransactionErrorDuplicateInstruction':
      return { DuplicateInstruction: native.index }
    case 'TransactionErrorInsufficientFundsForRent':
      return { InsufficientFundsForRent: { account_index: native.accountIndex } }
    case 'TransactionErrorProgramExecutionTemporarilyRestricted':
      return { ProgramExecutionTemporarilyRestricted: { account_index: native.accountIndex } }
    default:
      return 'SanitizeFailure'
  }
}

/**
 * A one-line English description of an RPC transaction error, worded like the validator's
 * (used in "Transaction simulation failed: ..." messages).
 *
 * @param error - The error in RPC JSON form.
 */
export function describeTransactionError(error: RpcTransactionError): string {
  if (typeof error === 'string') {
    const known: Record<string, string> = {
      BlockhashNotFound: 'Blockhash not found',
      AlreadyProcessed: 'This transaction has already been processed',
      InsufficientFundsForFee: 'Attempt to debit an account but found no record of a prior credit.',
      AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
      SignatureFailure: 'Transaction did not pass signature verification',
      SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly'
    }
    return known[error] ?? error
  }
  const instruction = error.InstructionError
  if (Array.isArray(instruction)) {
    const [index, detail] = instruction as [number, unknown]
    const text =
      typeof detail === 'object' && detail !== null && 'Custom' in detail
        ? `custom program error: 0x${Number((detail as { Custom: number }).Custom).toString(16)}`
        : String(typeof detail === 'object' ? JSON.stringify(detail) : detail)
    return `Error processing Instruction ${index}: ${text}`
  }
  if (error.InsufficientFundsForRent) {
    const { account_index } = error.InsufficientFundsForRent as { account_index: number }
    return `Transaction results in an account (${account_index}) with insufficient funds for rent`
  }
  return JSON.stringify(error)
}
