import type { ChainConfig } from '../config/ServerConfig.js'
import type { Store } from '../db/Store.js'
import { PAYMASTER_KEY_ENV, smartAccountKey } from './smartAccountKey.js'
import { VerifyingPaymaster } from './VerifyingPaymaster.js'

/**
 * One {@link VerifyingPaymaster} per chain whose `smartAccounts.paymaster` the operator set (off
 * by default: a chain without it has no sponsored transactions). The signer key is read from
 * `WALLET_MODAL_PAYMASTER_KEY` or `WALLET_MODAL_PAYMASTER_KEY_FILE`, or else the config's `signerKey`.
 *
 * @param chains - The configured chains.
 * @param store - The database (the paymasters' budgets).
 * @param timeoutMs - Time each call to a chain's node gets.
 * @param env - Where the signer key is looked for (`process.env`).
 * @returns The paymasters by CAIP-2 id.
 * @throws When a paymaster has no signer key.
 */
export function createPaymasters(
  chains: readonly ChainConfig[],
  store: Store,
  timeoutMs: number,
  env: Record<string, string | undefined> = process.env
): Map<string, VerifyingPaymaster> {
  const paymasters = new Map<string, VerifyingPaymaster>()
  for (const chain of chains) {
    const smart = chain.smartAccounts
    if (!smart?.paymaster) continue
    const config = smart.paymaster
    paymasters.set(
      chain.caipNetworkId,
      new VerifyingPaymaster({
        chain,
        store,
        address: config.address,
        signerKey: smartAccountKey(PAYMASTER_KEY_ENV, config.signerKey, env, `the paymaster of ${chain.caipNetworkId}`),
        accountFactory: smart.accountFactory,
        maxGasPerOperation: config.maxGasPerOperation,
        perUserPerDay: config.perUserPerDay,
        perClientPerDay: config.perClientPerDay,
        gasPerDay: config.gasPerDay,
        timeoutMs
      })
    )
  }
  return paymasters
}
