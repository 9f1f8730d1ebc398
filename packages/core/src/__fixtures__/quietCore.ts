import { createCore, type Core } from '../createCore.js'
import type { WalletModalOptions } from '../types/options.js'
import { TEST_NETWORKS } from './networks.js'
import { memoryStorage } from './devnet.js'

/**
 * A core that finds, restores and pairs nothing by itself (no wallet discovery, no reconnect, no
 * WalletConnect), over the test networks and a storage in memory: the state flows are tested on.
 *
 * @example
 * const core = quietCore({ enableNetworkSwitch: false })
 */
export function quietCore(extra: Partial<WalletModalOptions> = {}): Core {
  return createCore({
    projectId: 'test',
    networks: TEST_NETWORKS,
    enableInjected: false,
    enableEIP6963: false,
    enableReconnect: false,
    enableWalletConnect: false,
    storage: memoryStorage(),
    ...extra
  })
}
