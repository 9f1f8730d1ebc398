import type { Core } from '../core/Core.js'
import type { Wallet } from '../api/schemas.js'
import type { Connector } from '../types/connector.js'
import type { WiredNamespace } from '../types/network.js'
import { isMobile } from '../utils/platform.js'
import { walletBrowseUrl } from '../adapters/walletconnect/links.js'
import { connectExternal } from './connect.js'
import { installedConnectorFor, isExtensionOnly } from './walletLists.js'

/**
 * What choosing a row of Connect does: a wallet on several chain families asks which first
 * (ConnectingMultiChain), unless the target family (`only`, from SwitchActiveChain) decides; then
 * it connects. Errors are shown by the connecting views from connection state.
 */
export function chooseConnector(core: Core, connector: Connector, only?: WiredNamespace): void {
  const members = connector.connectors
  if (members?.length) {
    const pick = only ? members.find(m => m.chain === only) : undefined
    if (!pick) return void core.router.push('ConnectingMultiChain', { connector })
    connector = pick
  }
  connectExternal(core, connector.id).catch(() => {})
}

/**
 * What choosing a directory wallet does: connect it when installed here; on a phone, open a wallet
 * app with its own browser on this page (spec §2 mobile deep links); else pair it over
 * WalletConnect (QR code and its link); an extension-only wallet, or any without a relay, shows
 * how to get it.
 */
export function chooseDirectoryWallet(core: Core, wallet: Wallet): void {
  const installed = installedConnectorFor(core, wallet)
  if (installed) {
    connectExternal(core, installed.id).catch(() => {})
    return
  }
  const browse = isMobile() ? walletBrowseUrl(wallet.name, location.href, core.chain.state.activeNamespace) : undefined
  if (browse) location.assign(browse)
  else if (core.options.state.relayUrl && !isExtensionOnly(wallet)) core.router.push('ConnectingWalletConnect', { wallet })
  else core.router.push('GetWallet', { wallet })
}
