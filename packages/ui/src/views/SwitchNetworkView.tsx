import { networkImageUrl } from '@wallet-modal/core/internal'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'
import { useSnapshot } from 'valtio/react'
import { useCore } from '../hooks/CoreContext.js'
import { WalletImage } from '../components/WalletImage.js'

/** SwitchNetwork: waiting for the wallet to approve the switch. */
export function SwitchNetworkView() {
  const core = useCore()
  const router = useSnapshot(core.router.state)
  const network = router.data?.network
  return (
    <div className="wm-center">
      <WalletImage name={network?.name ?? '?'} src={networkImageUrl(core, network)} allowOrigins={serviceOrigins(core)} large />
      <div role="status" aria-live="polite">
        <p>Switching to {network?.name ?? 'the network'}...</p>
        <p className="wm-muted">Approve the network switch in your wallet.</p>
      </div>
      <span className="wm-spinner" aria-hidden="true" />
    </div>
  )
}
