import { useSnapshot } from 'valtio/react'
import { shortenAddress, networkImageUrl } from '@wallet-modal/core/internal'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'
import { useCore } from '../hooks/CoreContext.js'
import { useViewsT } from '../hooks/useViewsT.js'
import { QrCode } from '../components/QrCode.js'
import { CopyIcon } from '../components/Icons.js'
import { WalletImage } from '../components/WalletImage.js'

/**
 * Receive: the active account's address as a QR code and text with Copy, and the networks it
 * can receive on (the site's networks of the account's chain family).
 */
export function WalletReceiveView() {
  const core = useCore()
  const t = useViewsT(core)
  const chain = useSnapshot(core.chain.state)
  const ns = chain.activeNamespace
  const address = chain.namespaces[ns].account.address ?? ''
  const networks = core.options.networksOf(ns)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      core.snack.showSuccess(t('account.addressCopied'))
    } catch {
      core.snack.showError(t('account.copyFailed'))
    }
  }
  if (!address) {
    return (
      <p className="wm-muted" role="status">
        {t('receive.noAddress')}
      </p>
    )
  }
  return (
    <div className="wm-center">
      <QrCode value={address} label={t('receive.qrLabel', { address })} size={220} />
      <p className="wm-receive-address" data-testid="receive-address" title={address}>
        {address}
      </p>
      <button
        type="button"
        className="wm-button wm-button-secondary"
        part="button"
        onClick={copy}
        aria-label={t('receive.copyLabel', { address: shortenAddress(address) })}
      >
        <CopyIcon /> {t('receive.copy')}
      </button>
      <section className="wm-full" aria-labelledby="wm-receive-networks">
        <p className="wm-muted" id="wm-receive-networks">
          {t('receive.networksIntro', { count: networks.length })}
        </p>
        <ul className="wm-chips" aria-label={t('receive.networks')}>
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
