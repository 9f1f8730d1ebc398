import type { Hex } from 'viem'
import type { ChainConfig } from '../config/ServerConfig.js'
import { VerifyingPaymaster } from './VerifyingPaymaster.js'

/**
 * One {@link VerifyingPaymaster} per chain whose `smartAccounts.paymaster` the operator set (off
 * by default: a chain without it has no sponsored transactions).
 *
 * @param chains - The configured chains.
 * @param timeoutMs - Time each call to a chain's node gets.
 * @returns The paymasters by CAIP-2 id.
 */
export function createPaymasters(chains: readonly ChainConfig[], timeoutMs: number): Map<string, VerifyingPaymaster> {
  const paymasters = new Map<string, VerifyingPaymaster>()
  for (const chain of chains) {
    const smart = chain.smartAccounts
    if (!smart?.paymaster) continue
    paymasters.set(
      chain.caipNetworkId,
      new VerifyingPaymaster({
        chain,
        address: smart.paymaster.address,
        signerKey: smart.paymaster.signerKey as Hex,
        accountFactory: smart.accountFactory,
        maxGasPerOperation: smart.paymaster.maxGasPerOperation,
        timeoutMs
      })
    )
  }
  return paymasters
}
