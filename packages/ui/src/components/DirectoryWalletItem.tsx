import { chooseDirectoryWallet, installedConnectorFor, walletImageUrl, type Core, type Wallet } from '@wallet-modal/core/internal'
import { ListItem } from './ListItem.js'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'

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
