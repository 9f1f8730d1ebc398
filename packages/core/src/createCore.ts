import type { WalletModalOptions } from './types/options.js'
import { buildCore } from './core/buildCore.js'
import { attachPublicApi } from './core/attachPublicApi.js'
import { startCore } from './core/startCore.js'
import { isBrowser } from './utils/platform.js'
import type { Core } from './core/Core.js'

export type { Core, CoreRuntime } from './core/Core.js'
export type { WalletModal, AccountInfo, PublicState, DisconnectOptions } from './core/WalletModal.js'

/**
 * Builds one core: its state ({@link buildCore}), the site-facing API ({@link attachPublicApi}),
 * and, in a browser, its start-up ({@link startCore}: discovery, reconnect, services). Safe to
 * import and call in Node (no `window` access unless it exists).
 *
 * @example
 * const core = createCore({ projectId: 'my-project', networks: [mainnet] })
 * await core.ready
 */
export function createCore(options: WalletModalOptions): Core {
  const core = attachPublicApi(buildCore(options))
  if (isBrowser()) startCore(core)
  return core
}
