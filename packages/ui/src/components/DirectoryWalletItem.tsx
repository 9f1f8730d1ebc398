import { connectExternal, installedConnectorFor, walletImageUrl, type Core, type Wallet } from '@wallet-modal/core'
import { ListItem } from './ListItem.js'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'

/** What choosing a directory wallet does: connect it when installed, else show how to get it. */
export function chooseDirectoryWallet(core: Core, wallet: Wallet): void {
  const installed = installedConnectorFor(core, wallet)
  if (installed) connectExternal(core, installed.id).catch(() => {})
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
