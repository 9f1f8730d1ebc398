import type { Core } from '../createCore.js'
import type { RouterData, ViewId } from '../controllers/RouterController.js'
import { isMobile } from '../utils/platform.js'

/** Options of {@link openModal}. */
export interface OpenModalOptions {
  /** A view to open instead of the default one (spec §2: an explicit view wins). */
  view?: ViewId
  data?: RouterData
}

/** The view opening shows when none is requested (spec §2). */
export function defaultView(core: Core): ViewId {
  if (core.chain.isConnected()) return 'Account'
  // Universal-provider mode (no adapters): WalletConnect is the only way in.
  if (core.options.state.adapters.length === 0 && core.options.state.relayUrl) return isMobile() ? 'AllWallets' : 'ConnectingWalletConnectBasic'
  return 'Connect'
}

/**
 * Opens the modal on the view spec §2 picks: the requested one, else Account when connected,
 * else (no adapters) AllWallets on a phone and ConnectingWalletConnectBasic elsewhere, else Connect.
 */
export function openModal(core: Core, opts: OpenModalOptions = {}): void {
  const connected = core.chain.isConnected()
  const view: ViewId = opts.view ?? defaultView(core)
  core.router.reset(view, opts.data)
  const wasOpen = core.modal.state.open
  core.modal.open()
  if (!wasOpen) core.events.emit({ type: 'MODAL_OPEN', data: { connected } })
}

/** Closes the modal; the stack resets to Connect (embedded mode: Account when connected). */
export function closeModal(core: Core): void {
  const connected = core.chain.isConnected()
  const wasOpen = core.modal.state.open
  core.modal.close()
  core.router.reset(core.options.state.enableEmbedded ? defaultView(core) : 'Connect')
  core.connection.setError(undefined)
  if (wasOpen) core.events.emit({ type: 'MODAL_CLOSE', data: { connected } })
}
