import type { Core } from '../core/Core.js'
import type { ViewId } from '../controllers/RouterController.js'
import type { OpenModalOptions } from '../core/WalletModal.js'
import { isMobile } from '../utils/platform.js'

export type { OpenModalOptions }

/**
 * Universal-provider mode (no chain adapters; spec §2's first opening rule): WalletConnect is the
 * only way in, so AllWallets on a phone and ConnectingWalletConnectBasic elsewhere. Undefined when
 * adapters exist, when WalletConnect is off (`enableWalletConnect: false`: those views would have
 * nothing to offer), or for a connected visitor (a session's views come first: AllWallets would only
 * offer to connect again; docs/SPEC-COVERAGE.md 2.24 says so).
 */
function noAdaptersView(core: Core): ViewId | undefined {
  if (core.options.state.adapters.length > 0 || !core.options.state.relayUrl || core.chain.isConnected()) return undefined
  return isMobile() ? 'AllWallets' : 'ConnectingWalletConnectBasic'
}

/** The view opening shows when none is requested (spec §2). */
export function defaultView(core: Core): ViewId {
  return noAdaptersView(core) ?? (core.chain.isConnected() ? 'Account' : 'Connect')
}

/**
 * Opens the modal on the view spec §2 picks, in its order: with no adapters, AllWallets on a phone
 * and ConnectingWalletConnectBasic elsewhere (before a requested view is considered); else the
 * requested view; else Account when connected, else Connect.
 */
export function openModal(core: Core, opts: OpenModalOptions = {}): void {
  const connected = core.chain.isConnected()
  // With network switching off (`enableNetworkSwitch: false`) the network list is not offered, not
  // even when asked for by name: the modal opens where it would otherwise.
  const requested = opts.view === 'Networks' && !core.options.state.enableNetworkSwitch ? undefined : opts.view
  const view: ViewId = noAdaptersView(core) ?? requested ?? defaultView(core)
  core.router.reset(view, noAdaptersView(core) ? undefined : opts.data)
  const wasOpen = core.modal.state.open
  core.modal.open()
  if (!wasOpen) core.events.emit({ type: 'MODAL_OPEN', data: { connected } })
}

/**
 * Closes the modal; the stack resets to Connect (spec §2), and in embedded mode to Account when
 * connected, else Connect, adapters or not.
 */
export function closeModal(core: Core): void {
  const connected = core.chain.isConnected()
  const wasOpen = core.modal.state.open
  core.modal.close()
  core.router.reset(core.options.state.enableEmbedded && connected ? 'Account' : 'Connect')
  core.connection.setError(undefined)
  if (wasOpen) core.events.emit({ type: 'MODAL_CLOSE', data: { connected } })
}
