import { proxy, ref } from 'valtio/vanilla'
import type { CaipNetwork, WiredNamespace } from '../types/network.js'
import type { WalletModalOptions, ResolvedOptions } from '../types/options.js'
import { resolveOptions } from './resolveOptions.js'

/** Holds the site's validated configuration. */
export function createOptionsController(options: WalletModalOptions) {
  const resolved = resolveOptions(options)
  // The storage backend and sign-in configs are objects with methods: keep valtio from proxying them.
  const keep = <T extends object>(v: T | undefined) => (v ? ref(v) : undefined)
  const state = proxy<ResolvedOptions>({
    ...resolved,
    storage: keep(resolved.storage),
    siwx: keep(resolved.siwx),
    siweConfig: keep(resolved.siweConfig),
    connectors: keep(resolved.connectors)
  })
  return {
    state,
    /** Networks of one namespace, in the site's order. */
    networksOf(namespace: WiredNamespace): CaipNetwork[] {
      return state.networks.filter(n => n.chainNamespace === namespace)
    },
    /**
     * Applies the project's remote feature configuration; it wins over local settings, and a local
     * setting it overrides is reported with a warning (spec §8).
     */
    applyRemoteFeatures(remote: readonly { id: string; isEnabled: boolean; config?: unknown }[]): void {
      const local = options.features ?? {}
      const overridden = remote.filter(f => f.id in local).map(f => f.id)
      if (overridden.length) console.warn(`[wallet-modal] Local feature settings are ignored because remote configuration loaded: ${overridden.join(', ')}`)
      for (const f of remote) state.features[f.id] = f.isEnabled ? (f.config ?? true) : false
    },
    /** True when a feature is on. */
    isEnabled(id: string): boolean {
      const f = state.features[id]
      return f !== undefined && f !== false && f !== null
    },
    /** The site's network with this CAIP-2 id, if any. */
    findNetwork(caipNetworkId: string): CaipNetwork | undefined {
      return state.networks.find(n => n.caipNetworkId === caipNetworkId)
    }
  }
}

/** The options controller's type. */
export type OptionsController = ReturnType<typeof createOptionsController>
