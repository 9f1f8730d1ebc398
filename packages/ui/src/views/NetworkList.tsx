import { useSnapshot } from 'valtio/react'
import { switchNetwork } from '@wallet-modal/core'
import { useCore } from '../hooks/CoreContext.js'
import { ListItem } from '../components/ListItem.js'
import { CheckIcon } from '../components/Icons.js'

/** The site's networks of the active namespace; the current one is marked (aria-current). */
export function NetworkList() {
  const core = useCore()
  const chain = useSnapshot(core.chain.state)
  const { network } = chain.namespaces[chain.activeNamespace]
  const current = network.caipNetwork?.caipNetworkId
  const pick = (id: string) => {
    if (id === current && core.chain.isNetworkSupported()) return
    // The flow shows failures itself (snackbar and going back).
    switchNetwork(core, id).catch(() => {})
  }
  return (
    <ul className="wm-list" aria-label="Networks">
      {network.requestedCaipNetworks.map(n => (
        <ListItem
          key={n.caipNetworkId}
          name={n.name}
          imageUrl={n.assets?.imageUrl}
          current={n.caipNetworkId === current}
          trailing={n.caipNetworkId === current ? <CheckIcon /> : null}
          onClick={() => pick(n.caipNetworkId)}
        />
      ))}
    </ul>
  )
}
