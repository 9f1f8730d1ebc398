import { walletsEnglish } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { NetworkList } from './NetworkList.js'

/** UnsupportedChain: the wallet is on a network the site does not list; switch or disconnect. */
export function UnsupportedChainView() {
  const core = useCore()
  const t = useEnglishT(core, walletsEnglish)
  return (
    <>
      <p className="wm-muted" role="status">
        {t('unsupportedChain.message')}
      </p>
      <NetworkList />
      <button type="button" className="wm-button wm-button-danger" part="button" onClick={() => core.disconnect().catch(() => {})}>
        {t('unsupportedChain.disconnect')}
      </button>
    </>
  )
}
