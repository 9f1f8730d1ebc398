import { createRequire } from 'node:module'
import { BaseError, ContractFunctionRevertedError, decodeErrorResult, type Abi, type Hex } from 'viem'
import { BUNDLER_ERROR, BundlerError, entryPointErrorCode } from './BundlerError.js'

/** A published Hardhat artifact: the ABI and the code a contract has once deployed. */
interface DeployedArtifact {
  abi: Abi
  deployedBytecode: Hex
}

// Read from the published package at run time: `EntryPointSimulations` is never deployed; its code
// is put at the EntryPoint's address for one `eth_call` (a state override), as ERC-4337 intends.
const require = createRequire(import.meta.url)
const artifact = require('@account-abstraction/contracts/artifacts/EntryPointSimulations.json') as DeployedArtifact

/** The ABI of EntryPoint v0.8 with its simulation methods (`simulateHandleOp`, `simulateValidation`) and errors. */
export const entryPointSimulationsAbi: Abi = artifact.abi

/** The deployed code of EntryPoint v0.8's simulation contract, for the state override. */
export const entryPointSimulationsCode: Hex = artifact.deployedBytecode

/** A revert's reason as text: `Error(string)`, or the raw data when it is something else. */
export function revertReason(data: Hex | undefined): string {
  if (!data || data === '0x') return 'no reason given'
  try {
    const decoded = decodeErrorResult({ abi: [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }], data })
    return String(decoded.args[0])
  } catch {
    return data.length > 202 ? `${data.slice(0, 202)}…` : data
  }
}

/**
 * Turns what a simulation or `handleOps` call threw into a {@link BundlerError}: the EntryPoint's
 * `FailedOp` / `FailedOpWithRevert` (with the inner revert's reason) by its `AAnn` code; anything
 * else means the node failed (`-32603`), with viem's short message.
 *
 * @param error - What viem's `simulateContract` threw.
 */
export function bundlerErrorOf(error: unknown): BundlerError {
  if (error instanceof BundlerError) return error
  if (error instanceof BaseError) {
    const reverted = error.walk(e => e instanceof ContractFunctionRevertedError) as ContractFunctionRevertedError | null
    const name = reverted?.data?.errorName
    const args = reverted?.data?.args ?? []
    if (name === 'FailedOp') {
      const reason = String(args[1])
      return new BundlerError(entryPointErrorCode(reason), reason)
    }
    if (name === 'FailedOpWithRevert') {
      const reason = `${String(args[1])}: ${revertReason(args[2] as Hex)}`
      return new BundlerError(entryPointErrorCode(reason), reason, { revertData: args[2] })
    }
    if (reverted) return new BundlerError(BUNDLER_ERROR.rejectedByEntryPoint, `The EntryPoint refused the operation: ${reverted.shortMessage}`)
    return new BundlerError(BUNDLER_ERROR.internal, `The chain's node failed: ${error.shortMessage}`)
  }
  return new BundlerError(BUNDLER_ERROR.internal, `The chain's node failed: ${error instanceof Error ? error.message : String(error)}`)
}
