import { connectExternal, installedConnectorFor, isExtensionOnly, isMobile, walletBrowseUrl, walletImageUrl, type Core, type Wallet } from '@wallet-modal/core'
import { ListItem } from './ListItem.js'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'

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

/** A directory wallet row (Connect's featured and recommended lists). */
export function DirectoryWalletItem({ core, wallet }: { core: Core; wallet: Wallet }) {
  const installed = !!installedConnectorFor(core, wallet)
  return (
    <ListItem
      name={wallet.name}
      imageUrl={walletImageUrl(core, wallet)}
      allowOrigins={serviceOrigins(core)}
      tag={installed ? 'Installed' : undefined}
      tagAccent={installed}
      onClick={() => chooseDirectoryWallet(core, wallet)}
    />
  )
}
