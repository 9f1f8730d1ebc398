import { useCore } from '../hooks/CoreContext.js'
import { NetworkList } from './NetworkList.js'

/** UnsupportedChain: the wallet is on a network the site does not list; switch or disconnect. */
export function UnsupportedChainView() {
  const core = useCore()
  return (
    <>
      <p className="wm-muted" role="status">
        This app doesn’t support your current network. Switch to an available option to continue.
      </p>
      <NetworkList />
      <button type="button" className="wm-button wm-button-danger" part="button" onClick={() => core.disconnect().catch(() => {})}>
        Disconnect
      </button>
    </>
  )
}
