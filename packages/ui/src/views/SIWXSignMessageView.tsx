import { useSnapshot } from 'valtio/react'
import { cancelSignIn, shortenAddress, signIn, siwxOf, walletFeatures } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { WalletImage } from '../components/WalletImage.js'
import { Avatar } from '../components/Avatar.js'

/**
 * SIWXSignMessage (spec §4 sign-in): the site's name and icon, what signing does, Cancel and
 * Sign. A declined signature shows 'Signature declined' here for another try.
 */
export function SIWXSignMessageView() {
  const core = useCore()
  const { siwx } = walletFeatures(core)
  const s = useSnapshot(siwx.state)
  const chain = useSnapshot(core.chain.state)
  const address = chain.namespaces[chain.activeNamespace].account.address ?? ''
  const site = core.options.state.metadata
  const required = siwxOf(core)?.getRequired?.() ?? false
  const busy = s.status !== 'idle'
  return (
    <div className="wm-center">
      <div className="wm-siwx-images" aria-hidden="true">
        <WalletImage name={site.name} src={site.icons?.[0]} large />
        <Avatar address={address} size={72} />
      </div>
      <p className="wm-title" data-testid="siwx-title">
        {site.name} needs to connect to your wallet
      </p>
      <p className="wm-muted">
        Sign this message to prove you own {address ? <span title={address}>{shortenAddress(address)}</span> : 'this wallet'} and proceed. Signing costs nothing and sends no
        transaction.{required ? ' Canceling will disconnect you.' : ''}
      </p>
      {s.error ? (
        <p className="wm-alert" data-variant="error" role="alert" data-testid="siwx-error">
          {s.error}
        </p>
      ) : null}
      <div className="wm-button-row wm-full">
        <button type="button" className="wm-button wm-button-secondary" part="button" disabled={s.status === 'signing'} onClick={() => void cancelSignIn(core).catch(() => {})}>
          Cancel
        </button>
        <button type="button" className="wm-button" part="button" disabled={busy} aria-busy={busy ? 'true' : undefined} onClick={() => void signIn(core).catch(() => {})} data-testid="siwx-sign">
          {s.status === 'signing' ? 'Signing…' : 'Sign'}
        </button>
      </div>
    </div>
  )
}
