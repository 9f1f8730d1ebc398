import type { Core } from '../core/Core.js'
import type { WiredNamespace } from '../types/network.js'

/**
 * Whether the blockchain data API is asked about the namespace's account (spec §7: every call is
 * skipped when the active network is unsupported): its network must be one the site lists and,
 * once the service has said which chains it supports (`v1/supported-chains`), one of those.
 * Balances, history and identity all ask this one question.
 *
 * @example if (!isServedNetwork(core, 'eip155')) return // the wallet is on a network nobody serves
 */
export function isServedNetwork(core: Core, ns: WiredNamespace): boolean {
  const id = core.chain.state.namespaces[ns].network.caipNetwork?.caipNetworkId
  const supported = core.blockchainApi.state.supportedChains
  return !!id && core.chain.isNetworkSupported(ns) && (!supported || supported.includes(id))
}
