import { useSnapshot } from 'valtio/react'
import { connectExternal, namespaceLabel } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useViewsT } from '../hooks/useViewsT.js'
import { WalletImage } from '../components/WalletImage.js'
import { ListItem } from '../components/ListItem.js'

/** ConnectingMultiChain: a wallet found on several chain families; the user picks which to connect. */
export function ConnectingMultiChainView() {
  const core = useCore()
  const t = useViewsT(core)
  const router = useSnapshot(core.router.state)
  const merged = router.data?.connector
  const members = core.router.state.data?.connector?.connectors ?? []
  if (!merged || members.length === 0) return <p className="wm-muted">{t('multiChain.none')}</p>
  return (
    <>
      <div className="wm-center">
        <WalletImage name={merged.name} src={merged.imageUrl} large />
        <p className="wm-muted">{t('multiChain.intro', { wallet: merged.name })}</p>
      </div>
      <ul className="wm-list" aria-label={t('multiChain.families')}>
        {members.map(c => (
          <ListItem key={c.id} name={namespaceLabel(c.chain)} imageUrl={c.imageUrl} onClick={() => connectExternal(core, c.id).catch(() => {})} />
        ))}
      </ul>
    </>
  )
}
