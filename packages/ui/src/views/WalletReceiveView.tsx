import { useSnapshot } from 'valtio/react'
import { shortenAddress, networkImageUrl } from '@wallet-modal/core/internal'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'
import { useCore } from '../hooks/CoreContext.js'
import { QrCode } from '../components/QrCode.js'
import { CopyIcon } from '../components/Icons.js'
import { WalletImage } from '../components/WalletImage.js'

/**
 * Receive: the active account's address as a QR code and text with Copy, and the networks it
 * can receive on (the site's networks of the account's chain family).
 */
export function WalletReceiveView() {
  const core = useCore()
  const chain = useSnapshot(core.chain.state)
  const ns = chain.activeNamespace
  const address = chain.namespaces[ns].account.address ?? ''
  const networks = core.options.networksOf(ns)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      core.snack.showSuccess('Address copied')
    } catch {
      core.snack.showError('Could not copy the address')
    }
  }
  if (!address) {
    return (
      <p className="wm-muted" role="status">
        Connect a wallet to see its address.
      </p>
    )
  }
  return (
    <div className="wm-center">
      <QrCode value={address} label={`QR code of your address ${address}`} size={220} />
      <p className="wm-receive-address" data-testid="receive-address" title={address}>
        {address}
      </p>
      <button type="button" className="wm-button wm-button-secondary" part="button" onClick={copy} aria-label={`Copy address ${shortenAddress(address)}`}>
        <CopyIcon /> Copy address
      </button>
      <section className="wm-full" aria-labelledby="wm-receive-networks">
        <p className="wm-muted" id="wm-receive-networks">
          Send assets to this address only on {networks.length === 1 ? 'this network' : 'these networks'}:
        </p>
        <ul className="wm-chips" aria-label="Networks">
          {networks.map(n => (
            <li key={n.caipNetworkId} className="wm-chip" data-testid="receive-network">
              <WalletImage name={n.name} src={networkImageUrl(core, n)} allowOrigins={serviceOrigins(core)} />
              <span>{n.name}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
