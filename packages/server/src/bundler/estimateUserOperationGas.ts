import { encodeFunctionData, type Address, type Hex, type PublicClient } from 'viem'
import { entryPoint08Abi, toPackedUserOperation } from 'viem/account-abstraction'
import { BUNDLER_ERROR, BundlerError } from './BundlerError.js'
import { bundlerErrorOf, entryPointSimulationsAbi, entryPointSimulationsCode, revertReason } from './entryPointSimulations.js'
import type { ParsedUserOperation } from './parseUserOperation.js'

/** Verification gas a simulation gives the account (creation and `validateUserOp`). */
export const SIMULATION_VERIFICATION_GAS = 2_000_000n
/** Call gas a simulation gives the operation's call: an operation that needs more is refused. */
export const SIMULATION_CALL_GAS = 5_000_000n
/** Paymaster verification and post-op gas a simulation gives. */
export const SIMULATION_PAYMASTER_GAS = 1_000_000n
/** Gas of the whole simulation call. */
const SIMULATION_CALL_LIMIT = 20_000_000n

/** Fixed cost of a bundle transaction, shared by its operations (one per bundle here). */
export const BUNDLE_BASE_GAS = 21_000n
/** The EntryPoint's own work per operation that no other limit pays for: the loop, hashing, events, refunds. */
export const PER_OPERATION_GAS = 20_000n

// EntryPoint v0.8 charges 10% of unused call gas above this (see `_getUnusedGasPenalty`).
const PENALTY_THRESHOLD = 40_000n

/** The gas limits of spec'd `eth_estimateUserOperationGas` (ERC-7769), as bigints. */
export interface UserOperationGasEstimate {
  preVerificationGas: bigint
  verificationGasLimit: bigint
  callGasLimit: bigint
  paymasterVerificationGasLimit?: bigint
  paymasterPostOpGasLimit?: bigint
}

/**
 * The gas the bundler needs an operation to pay for outside its limits: the bundle transaction's
 * base and calldata (4 per zero byte, 16 per other byte, of `handleOps` with this one operation)
 * and the EntryPoint's per-operation work. A sent operation must offer at least this; an estimate
 * offers 10% more (a real signature's bytes may differ from the stub's).
 *
 * @param op - The operation, its signature (or a stub of the same length) included.
 * @param beneficiary - Who `handleOps` pays.
 */
export function preVerificationGasOf(op: ParsedUserOperation, beneficiary: Address): bigint {
  const data = encodeFunctionData({ abi: entryPoint08Abi, functionName: 'handleOps', args: [[toPackedUserOperation(op)], beneficiary] })
  let calldata = 0n
  for (let i = 2; i < data.length; i += 2) calldata += data.slice(i, i + 2) === '00' ? 4n : 16n
  return BUNDLE_BASE_GAS + PER_OPERATION_GAS + calldata
}

/**
 * Estimates an operation's gas limits (ERC-7769 `eth_estimateUserOperationGas`) with two
 * `eth_call`s of EntryPoint v0.8's `simulateHandleOp`, its simulation code put at the EntryPoint's
 * address for the call (the signature is not checked, so a stub signature works):
 *
 * - with the operation's call and generous limits, at a gas price of 1 wei (the sender's balance
 *   is raised by what that prefund costs): `preOpGas` is the verification gas used (creation
 *   included), and what it `paid` gives the call's gas once the EntryPoint's penalty on unused
 *   call gas is taken back out;
 * - with no call of its own, the call made afterwards from the EntryPoint's address: whether it
 *   reverts, and why (so an estimate of a failing transfer says so, `-32521`).
 *
 * Each limit gets a margin (verification +20% and 10,000, call +10% and 5,000).
 *
 * @param client - The chain's node.
 * @param entryPoint - The EntryPoint v0.8's address.
 * @param op - The operation; its gas fields are ignored.
 * @param beneficiary - Who would be paid (for the calldata cost of `preVerificationGas`).
 */
export async function estimateUserOperationGas(
  client: PublicClient,
  entryPoint: Address,
  op: ParsedUserOperation,
  beneficiary: Address
): Promise<UserOperationGasEstimate> {
  const withPaymaster = op.paymaster !== undefined
  const simulated: ParsedUserOperation = {
    ...op,
    verificationGasLimit: SIMULATION_VERIFICATION_GAS,
    callGasLimit: SIMULATION_CALL_GAS,
    preVerificationGas: 0n,
    maxFeePerGas: 1n,
    maxPriorityFeePerGas: 1n,
    ...(withPaymaster ? { paymasterVerificationGasLimit: SIMULATION_PAYMASTER_GAS, paymasterPostOpGasLimit: SIMULATION_PAYMASTER_GAS } : {})
  }
  const prefund = SIMULATION_VERIFICATION_GAS + SIMULATION_CALL_GAS + (withPaymaster ? 2n * SIMULATION_PAYMASTER_GAS : 0n)
  let balance: bigint
  try {
    balance = await client.getBalance({ address: op.sender })
  } catch (error) {
    throw bundlerErrorOf(error)
  }
  const stateOverride = [
    { address: entryPoint, code: entryPointSimulationsCode },
    { address: op.sender, balance: balance + prefund }
  ]
  const simulate = (operation: ParsedUserOperation, target: Address, targetCallData: Hex) =>
    client
      .simulateContract({
        address: entryPoint,
        abi: entryPointSimulationsAbi,
        functionName: 'simulateHandleOp',
        args: [toPackedUserOperation(operation), target, targetCallData],
        stateOverride,
        gas: SIMULATION_CALL_LIMIT
      })
      .then(({ result }) => result as { preOpGas: bigint; paid: bigint; targetSuccess: boolean; targetResult: Hex })
      .catch((error: unknown) => {
        throw bundlerErrorOf(error)
      })
  const hasCall = op.callData !== '0x'
  const [measured, called] = await Promise.all([
    simulate(simulated, '0x0000000000000000000000000000000000000000', '0x'),
    hasCall ? simulate({ ...simulated, callData: '0x' }, op.sender, op.callData) : undefined
  ])
  if (called && !called.targetSuccess) {
    throw new BundlerError(BUNDLER_ERROR.executionReverted, `The operation's call reverts: ${revertReason(called.targetResult)}`, {
      revertData: called.targetResult
    })
  }
  // paid = preOpGas + used + penalty (+ a little after), at 1 wei a gas. The penalty is 10% of the
  // unused call gas when more than 40,000 is unused: paid - preOpGas = used + (limit - used) / 10.
  const afterValidation = measured.paid - measured.preOpGas
  const used = SIMULATION_CALL_GAS - afterValidation > PENALTY_THRESHOLD ? (afterValidation * 10n - SIMULATION_CALL_GAS) / 9n : afterValidation
  if (used >= SIMULATION_CALL_GAS - PENALTY_THRESHOLD) {
    throw new BundlerError(BUNDLER_ERROR.executionReverted, `The operation's call needs more than ${SIMULATION_CALL_GAS} gas`)
  }
  const estimate: UserOperationGasEstimate = {
    verificationGasLimit: (measured.preOpGas * 120n) / 100n + 10_000n,
    callGasLimit: hasCall ? (used * 110n) / 100n + 5_000n : 0n,
    preVerificationGas: 0n
  }
  if (withPaymaster) {
    // The paymaster's own use is not told apart by simulateHandleOp: offer what it was given.
    estimate.paymasterVerificationGasLimit = op.paymasterVerificationGasLimit || SIMULATION_PAYMASTER_GAS
    estimate.paymasterPostOpGasLimit = op.paymasterPostOpGasLimit ?? 0n
  }
  estimate.preVerificationGas = (preVerificationGasOf({ ...op, ...estimate } as ParsedUserOperation, beneficiary) * 110n) / 100n
  return estimate
}
