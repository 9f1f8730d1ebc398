import { walletConnectLink, type Wallet } from '@wallet-modal/core/internal'

/** The link that opens a directory wallet with a pairing URI, and where it opens. */
export interface WalletOpenLink {
  href: string
  /** App schemes replace the page (the OS hands them to the app); web links open a new tab. */
  target: '_self' | '_blank'
}

/**
 * Picks a wallet's link for this device (spec §2, §3): on a phone its `mobile_link`; elsewhere its
 * `desktop_link`, else its `webapp_link`. Unsafe links are never offered: only https, or an app
 * scheme the wallet's own `mobile_link` or `desktop_link` registers (no handler scheme).
 */
export function walletOpenLink(wallet: Pick<Wallet, 'mobile_link' | 'desktop_link' | 'webapp_link'>, uri: string, mobile: boolean): WalletOpenLink | undefined {
  const candidates = mobile ? [wallet.mobile_link] : [wallet.desktop_link, wallet.webapp_link]
  for (const c of candidates) {
    const href = walletConnectLink(c, uri, [wallet.mobile_link, wallet.desktop_link])
    if (href) return { href, target: href.startsWith('https:') ? '_blank' : '_self' }
  }
  return undefined
}
