import { createPublicClient, getAddress, http } from 'viem'
import type { ChainConfig, EnsConfig } from '../config/ServerConfig.js'
import { MAX_CALLS_PER_BATCH } from '../chain/createChainClient.js'
import { allowListedCcipRequest } from './allowListedCcipRequest.js'
import { EnsResolver } from './EnsResolver.js'

/** The chain whose registry real names live in. */
const MAINNET = 'eip155:1'

/**
 * The server's ENS resolver from its configuration (`ens`), or undefined when ENS is off: `false`,
 * or left out without `eip155:1` among the chains. Reads go to the chain's configured node (the
 * same upstream the RPC proxy uses), batched, never retried, each request within the timeout;
 * CCIP-Read only through `ens.gateways`.
 *
 * @param config - The `ens` setting.
 * @param chains - The configured chains by CAIP-2 id.
 * @param upstreamTimeoutMs - The default time per request.
 * @example
 * ```ts
 * const ens = createEnsResolver(config.ens, chains, 10_000)
 * await ens?.name('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')
 * ```
 */
export function createEnsResolver(
  config: EnsConfig | false | undefined,
  chains: ReadonlyMap<string, ChainConfig>,
  upstreamTimeoutMs: number
): EnsResolver | undefined {
  if (config === false) return undefined
  const settings: EnsConfig | undefined = config ?? (chains.has(MAINNET) ? { chainId: MAINNET } : undefined)
  const chain = settings && chains.get(settings.chainId)
  if (!settings || !chain) return undefined
  const timeoutMs = settings.timeoutMs ?? upstreamTimeoutMs
  const gateways = settings.gateways ?? []
  const client = createPublicClient({
    transport: http(chain.rpcUrl, { timeout: timeoutMs, retryCount: 0, batch: { batchSize: MAX_CALLS_PER_BATCH } }),
    cacheTime: 0,
    ccipRead: gateways.length > 0 ? { request: allowListedCcipRequest(gateways, timeoutMs) } : false
  })
  return new EnsResolver(client, {
    ...(settings.registry ? { registry: getAddress(settings.registry) } : {}),
    ...(settings.cacheSeconds ? { cacheMs: settings.cacheSeconds * 1000 } : {}),
    ...(settings.ipfsGateway ? { ipfsGateway: settings.ipfsGateway } : {}),
    ...(settings.nftAvatarService !== undefined ? { nftAvatarService: settings.nftAvatarService } : {})
  })
}
