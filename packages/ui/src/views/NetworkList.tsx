import { useSnapshot } from 'valtio/react'
import { namespaceLabel, chooseNetwork, networkImageUrl } from '@wallet-modal/core/internal'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'
import { useCore } from '../hooks/CoreContext.js'
import { useViewsT } from '../hooks/useViewsT.js'
import { ListItem } from '../components/ListItem.js'
import { CheckIcon } from '../components/Icons.js'

/**
 * The site's networks across namespaces (those the namespace filter allows); the active one is
 * marked (aria-current). With several namespaces each row names its family.
 */
export function NetworkList() {
  const core = useCore()
  const t = useViewsT(core)
  const chain = useSnapshot(core.chain.state)
  const { namespaceFilter } = useSnapshot(core.connector.state)
  const { network } = chain.namespaces[chain.activeNamespace]
  const current = network.caipNetwork?.caipNetworkId
  const networks = core.options.state.networks.filter(n => !namespaceFilter || namespaceFilter.includes(n.chainNamespace))
  const mixed = new Set(networks.map(n => n.chainNamespace)).size > 1
  // A connected wallet that approved a fixed list of networks (a phone wallet over WalletConnect
  // without wallet_addEthereumChain) cannot be moved to another: that row says so and is off.
  const outOfWallet = (id: string, ns: keyof typeof chain.namespaces) => {
    const { account, network: state } = chain.namespaces[ns]
    return account.status === 'connected' && !state.supportsAllNetworks && state.approvedCaipNetworkIds.length > 0 && !state.approvedCaipNetworkIds.includes(id)
  }
  return (
    <ul className="wm-list" aria-label={t('networks.list')}>
      {networks.map(n => {
        const off = outOfWallet(n.caipNetworkId, n.chainNamespace)
        return (
          <ListItem
            key={n.caipNetworkId}
            name={n.name}
            tag={off ? t('networks.notInWallet') : mixed ? namespaceLabel(n.chainNamespace) : undefined}
            imageUrl={networkImageUrl(core, n)}
            allowOrigins={serviceOrigins(core)}
            current={n.caipNetworkId === current}
            disabled={off}
            trailing={n.caipNetworkId === current ? <CheckIcon /> : null}
            onClick={() => chooseNetwork(core, n.caipNetworkId)}
          />
        )
      })}
    </ul>
  )
}
