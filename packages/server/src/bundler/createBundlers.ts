import type { ChainConfig } from '../config/ServerConfig.js'
import type { Store } from '../db/Store.js'
import type { Bundler } from './Bundler.js'
import { LocalBundler } from './LocalBundler.js'
import { RemoteBundler } from './RemoteBundler.js'
import { BUNDLER_KEY_ENV, smartAccountKey } from './smartAccountKey.js'

const gasCap = (value: number | undefined) => (value === undefined ? undefined : BigInt(value))

/**
 * One bundler per chain with `smartAccounts`: this server's own ({@link LocalBundler}), whose
 * operator key is read from `WALLET_MODAL_BUNDLER_KEY` or `WALLET_MODAL_BUNDLER_KEY_FILE`, or else
 * the config's `operatorKey`; or a {@link RemoteBundler} forwarding to the operator's external
 * one (`bundler.url`).
 *
 * @param chains - The configured chains.
 * @param store - The database (the local bundler's record of what it sent).
 * @param timeoutMs - Time each call to a node or an external bundler gets.
 * @param env - Where the operator key is looked for (`process.env`).
 * @returns The bundlers by CAIP-2 id.
 * @throws When a local bundler has no operator key (the server must not start without it).
 */
export function createBundlers(
  chains: readonly ChainConfig[],
  store: Store,
  timeoutMs: number,
  env: Record<string, string | undefined> = process.env
): Map<string, Bundler> {
  const bundlers = new Map<string, Bundler>()
  for (const chain of chains) {
    const smart = chain.smartAccounts
    if (!smart) continue
    const config = smart.bundler
    if ('url' in config) {
      bundlers.set(chain.caipNetworkId, new RemoteBundler(chain.caipNetworkId, smart.entryPoint, config.url, timeoutMs))
      continue
    }
    bundlers.set(
      chain.caipNetworkId,
      new LocalBundler({
        chain,
        store,
        entryPoint: smart.entryPoint,
        operatorKey: smartAccountKey(BUNDLER_KEY_ENV, config.operatorKey, env, `the bundler of ${chain.caipNetworkId}`),
        opsPerMinute: config.opsPerMinute,
        clientOpsPerMinute: config.clientOpsPerMinute,
        gasCaps: {
          verificationGasLimit: gasCap(config.maxVerificationGas),
          callGasLimit: gasCap(config.maxCallGas),
          preVerificationGas: gasCap(config.maxPreVerificationGas),
          paymasterGas: gasCap(config.maxPaymasterGas)
        },
        maxFeeOverBaseFee: config.maxFeeOverBaseFee,
        maxPriorityFeeGwei: config.maxPriorityFeeGwei,
        timeoutMs
      })
    )
  }
  return bundlers
}
