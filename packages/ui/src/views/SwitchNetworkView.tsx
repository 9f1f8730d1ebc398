import { networkImageUrl, walletsEnglish } from '@wallet-modal/core/internal'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'
import { useSnapshot } from 'valtio/react'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { WalletImage } from '../components/WalletImage.js'

/** SwitchNetwork: waiting for the wallet to approve the switch. */
export function SwitchNetworkView() {
  const core = useCore()
  const t = useEnglishT(core, walletsEnglish)
  const router = useSnapshot(core.router.state)
  const network = router.data?.network
  return (
    <div className="wm-center">
      <WalletImage name={network?.name ?? '?'} src={networkImageUrl(core, network)} allowOrigins={serviceOrigins(core)} large />
      <div role="status" aria-live="polite">
        <p>{network?.name != null ? t('switchNetwork.switching', { network: network.name }) : t('switchNetwork.switchingUnnamed')}</p>
        <p className="wm-muted">{t('switchNetwork.approve')}</p>
      </div>
      <span className="wm-spinner" aria-hidden="true" />
    </div>
  )
}
