import { useSnapshot } from 'valtio/react'
import { namespaceLabel, networkImageUrl } from '@wallet-modal/core/internal'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'
import { useCore } from '../hooks/CoreContext.js'
import { useViewsT } from '../hooks/useViewsT.js'
import { WalletImage } from '../components/WalletImage.js'

/**
 * SwitchActiveChain (spec §2): the user is connected on another chain family and picked a network
 * of a family they have no wallet for yet. Connecting one keeps the current connection. Its button
 * leads to the view the data names (`navigateTo`, Connect), showing the target family's wallets;
 * with `navigateWithReplace` that view takes this one's place on the stack, so Back from it
 * returns to where the network was chosen.
 */
export function SwitchActiveChainView() {
  const core = useCore()
  const t = useViewsT(core)
  const router = useSnapshot(core.router.state)
  const network = router.data?.network
  if (!network) return <p className="wm-muted">{t('switchChain.noNetwork')}</p>
  const family = namespaceLabel(network.chainNamespace)
  const next = () => {
    const { navigateTo = 'Connect', navigateWithReplace, network: target } = core.router.state.data ?? {}
    if (navigateWithReplace) core.router.replace(navigateTo, { network: target })
    else core.router.push(navigateTo, { network: target })
  }
  return (
    <div className="wm-center">
      <WalletImage name={network.name} src={networkImageUrl(core, network)} allowOrigins={serviceOrigins(core)} large />
      <p>{t('switchChain.family', { network: network.name, family })}</p>
      <p className="wm-muted">{t('switchChain.hint', { family })}</p>
      <button type="button" className="wm-button wm-full" part="button" onClick={next}>
        {t('switchChain.connect', { family })}
      </button>
    </div>
  )
}
