import { useSnapshot } from 'valtio/react'
import { walletImageUrl } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useViewsT } from '../hooks/useViewsT.js'
import { WalletImage } from '../components/WalletImage.js'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'

/** Only https links from the directory are offered (no javascript:, no plain http, no schemes). */
function httpsLink(value: string | null | undefined): string | undefined {
  if (!value) return undefined
  try {
    const u = new URL(value)
    return u.protocol === 'https:' ? u.href : undefined
  } catch {
    return undefined
  }
}

/** GetWallet: a directory wallet that is not installed here, with its official links. */
export function GetWalletView() {
  const core = useCore()
  const t = useViewsT(core)
  const router = useSnapshot(core.router.state)
  const wallet = router.data?.wallet
  if (!wallet) return <p className="wm-muted">{t('getWallet.none')}</p>
  const links = [
    { label: t('getWallet.openInBrowser'), href: httpsLink(wallet.webapp_link) },
    { label: t('getWallet.desktopApp'), href: httpsLink(wallet.desktop_link) },
    { label: t('getWallet.website'), href: httpsLink(wallet.homepage) }
  ].filter((l): l is { label: string; href: string } => !!l.href)
  return (
    <div className="wm-center">
      <WalletImage name={wallet.name} src={walletImageUrl(core, core.router.state.data!.wallet!)} allowOrigins={serviceOrigins(core)} large />
      <p>{t('getWallet.notInstalled', { wallet: wallet.name })}</p>
      <p className="wm-muted">{t('getWallet.hint')}</p>
      {links.map(l => (
        <a key={l.label} className="wm-button wm-button-secondary wm-full" href={l.href} target="_blank" rel="noopener noreferrer">
          {l.label}
        </a>
      ))}
    </div>
  )
}
