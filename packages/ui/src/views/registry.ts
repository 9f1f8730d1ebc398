import type { ComponentType } from 'react'
import type { ViewId } from '@wallet-modal/core'
import { ConnectView } from './ConnectView.js'
import { ConnectingExternalView } from './ConnectingExternalView.js'
import { AccountView } from './AccountView.js'
import { NetworksView } from './NetworksView.js'
import { SwitchNetworkView } from './SwitchNetworkView.js'
import { UnsupportedChainView } from './UnsupportedChainView.js'
import type { RouterData } from '@wallet-modal/core'

/** How a view is shown: its heading and its component. */
export interface ViewDefinition {
  /** The dialog's heading (and so its accessible name) on this view. */
  title: (data: RouterData | undefined) => string
  component: ComponentType
}

/** Every view of the router, registered exactly once (the type enforces completeness). */
export const VIEWS: Record<ViewId, ViewDefinition> = {
  Connect: { title: () => 'Connect Wallet', component: ConnectView },
  ConnectingExternal: { title: d => d?.connector?.name ?? 'Connecting', component: ConnectingExternalView },
  Account: { title: () => 'Account', component: AccountView },
  Networks: { title: () => 'Choose Network', component: NetworksView },
  SwitchNetwork: { title: d => d?.network?.name ?? 'Switch Network', component: SwitchNetworkView },
  UnsupportedChain: { title: () => 'Switch Network', component: UnsupportedChainView }
}
