import { subscribe } from 'valtio/vanilla'
import type { CaipNetwork, WiredNamespace } from '../types/network.js'
import { openModal, closeModal } from '../flows/openModal.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../adapters/walletconnect/connectorId.js'
import type { Core } from './Core.js'
import type { CoreParts } from './buildCore.js'
import type { AccountInfo, PublicState, WalletModal } from './WalletModal.js'
import { WALLET_CONNECT } from './featureKeys.js'

/**
 * Adds the site-facing {@link WalletModal} API to a built core. Flows beyond opening and closing
 * load on first call (each a chunk of its own), so the first chunk carries only their names.
 */
export function attachPublicApi(parts: CoreParts): Core {
  const core = parts as Core
  const { chain } = core
  // One plain copy per stored wallet info: the same object until the info changes, so snapshot
  // readers (React's useSyncExternalStore) see an unchanged account as unchanged.
  const walletInfos = new WeakMap<object, AccountInfo['walletInfo']>()
  const walletInfoOf = (info: NonNullable<AccountInfo['walletInfo']>) => {
    let copy = walletInfos.get(info)
    if (!copy) walletInfos.set(info, (copy = Object.freeze({ ...info })))
    return copy
  }
  const api: Omit<WalletModal, 'ready'> = {
    open: o => openModal(core, o),
    close: () => closeModal(core),
    connect: id => import('../flows/connect.js').then(m => m.connectExternal(core, id)),
    disconnect: o => import('../flows/disconnect.js').then(m => m.disconnect(core, o)),
    signMessage: message => import('../flows/walletActions.js').then(m => m.signMessage(core, message)),
    sendNative: args => import('../flows/walletActions.js').then(m => m.sendNative(core, args)),
    refreshBalance: () => import('../flows/accountState.js').then(m => m.refreshBalance(core, undefined, { force: true })),
    signIn: () => import('../flows/signIn.js').then(m => m.signIn(core)),
    signOut: () => import('../flows/signIn.js').then(m => m.signOut(core)),
    setNamespaceFilter: namespaces => core.connector.setNamespaceFilter(namespaces),
    switchNetwork: (network: CaipNetwork | string) => import('../flows/switchNetwork.js').then(m => m.switchNetwork(core, network)),
    getAccount(ns: WiredNamespace = chain.state.activeNamespace): AccountInfo {
      const a = chain.state.namespaces[ns].account
      return {
        address: a.address,
        caipAddress: a.caipAddress,
        isConnected: a.status === 'connected',
        status: a.status,
        balance: a.balance,
        balanceSymbol: a.balanceSymbol,
        addressExplorerUrl: a.addressExplorerUrl,
        namespace: ns,
        ...(a.connectedWalletInfo ? { walletInfo: walletInfoOf(a.connectedWalletInfo) } : {})
      }
    },
    getWalletProvider(ns = chain.state.activeNamespace) {
      const a = chain.state.namespaces[ns].account
      if (a.status !== 'connected' || !a.connectorId) return undefined
      return core.connector.get(a.connectorId)?.provider
    },
    getNetwork: () => chain.activeNetwork(),
    getState(): PublicState {
      return {
        open: core.modal.state.open,
        loading: core.modal.state.loading,
        selectedNetworkId: chain.activeNetwork()?.caipNetworkId,
        activeChain: chain.state.activeNamespace
      }
    },
    subscribeState(cb) {
      const emit = () => cb(core.getState())
      const a = subscribe(core.modal.state, emit)
      const b = subscribe(chain.state, emit)
      return () => (a(), b())
    },
    subscribeEvents: cb => core.events.subscribe(cb),
    setThemeMode: mode => core.theme.setThemeMode(mode),
    setLocale: locale => core.i18n.setLocale(locale),
    getLocale: () => core.i18n.state.locale,
    setThemeVariables: vars => core.theme.setThemeVariables(vars),
    destroy() {
      const r = core.runtime
      // Timers, idle tasks, waits for wallets, page listeners and HTTP requests in flight.
      r.lifetime.end()
      r.stopTracking?.()
      r.stopTracking = undefined
      for (const stop of r.stopDiscovery.splice(0)) stop()
      r.discovering.clear()
      for (const stop of r.unlisten.values()) stop()
      r.unlisten.clear()
      core.snack.hide()
      core.modal.dispose()
      // The WalletConnect session's provider listens to the client; the client holds the relay socket.
      ;(core.connector.get(WALLET_CONNECT_CONNECTOR_ID)?.provider as { close?: () => void } | undefined)?.close?.()
      void r.slots
        .get(WALLET_CONNECT)
        ?.then(c => c.close())
        .catch(() => {})
      r.slots.delete(WALLET_CONNECT)
    }
  }
  return Object.assign(core, api)
}
