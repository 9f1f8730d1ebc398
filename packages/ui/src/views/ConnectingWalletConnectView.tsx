import { useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { isMobile, walletImageUrl, walletsEnglish, type Wallet } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { errorText } from '../hooks/textOr.js'
import { useWalletConnect } from '../hooks/useWalletConnect.js'
import { WalletImage } from '../components/WalletImage.js'
import { WalletConnectQr } from '../components/WalletConnectQr.js'
import { walletOpenLink } from '../components/walletOpenLink.js'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'

/** Only a WalletConnect pairing URI is ever made a link (the system hands `wc:` to the wallets). */
const pairingLink = (uri: string | undefined) => (uri && /^wc:[0-9a-f]{64}@2\?/.test(uri) ? uri : undefined)

/**
 * WalletConnect on a phone (spec §2, phones): the pairing URI opens the wallet apps of this phone
 * (the system offers those that take `wc:`), and the directory's wallets open by their mobile
 * links; the QR code, for a second device, is one tap away. The links are plain anchors prepared
 * when the view opens, so the tap itself navigates (iOS blocks navigation started later, from
 * asynchronous code).
 */
function PhoneWalletConnect({ uri, pairing, stuck, retry }: { uri?: string; pairing: boolean; stuck: boolean; retry(): void }) {
  const core = useCore()
  const t = useEnglishT(core, walletsEnglish)
  const api = useSnapshot(core.api.state)
  const [showQr, setShowQr] = useState(false)
  const link = pairingLink(uri)
  const wallets = [...api.featured, ...api.recommended]
    .map(w => ({ wallet: w, open: uri ? walletOpenLink(w, uri, true) : undefined }))
    .filter((x): x is { wallet: Wallet; open: NonNullable<typeof x.open> } => !!x.open)
  const origins = serviceOrigins(core)
  return (
    <>
      {link ? (
        <a className="wm-button wm-full" part="button" href={link} target="_self" data-testid="wc-open-app">
          {t('walletConnect.openWalletApp')}
        </a>
      ) : (
        <div className="wm-center" aria-busy={pairing}>
          <span className="wm-spinner" aria-hidden="true" />
        </div>
      )}
      {wallets.length ? (
        <ul className="wm-list" aria-label={t('walletConnect.phoneWallets')}>
          {wallets.map(({ wallet, open }) => (
            <li key={wallet.id}>
              <a className="wm-list-item" part="button" href={open.href} target={open.target} rel="noopener noreferrer">
                <WalletImage name={wallet.name} src={walletImageUrl(core, wallet)} allowOrigins={origins} />
                <span className="wm-name">{wallet.name}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {showQr ? (
        <WalletConnectQr uri={uri} pairing={pairing} stuck={stuck} onRetry={retry} />
      ) : (
        <button type="button" className="wm-button wm-button-secondary wm-full" part="button" onClick={() => setShowQr(true)}>
          {t('walletConnect.showQr')}
        </button>
      )}
    </>
  )
}

/**
 * ConnectingWalletConnect: the pairing's QR code and 'Copy link', and, for a wallet chosen from
 * the directory, its image and an 'Open' link carrying the pairing URI. A declined proposal shows
 * 'Connection rejected' above a fresh code. On a phone, without a chosen wallet: the pairing link
 * and the wallets' mobile links first, the QR code one tap away.
 */
export function ConnectingWalletConnectView() {
  const core = useCore()
  const t = useEnglishT(core, walletsEnglish)
  const router = useSnapshot(core.router.state)
  const wallet = router.data?.wallet
  const { uri, pairing, error, problem, retry } = useWalletConnect()
  const open = wallet && uri ? walletOpenLink(wallet, uri, isMobile()) : undefined
  // The relay failed and automatic retries are spent: offer a manual one instead of a dead code.
  const stuck = !!error && !uri && !pairing
  if (!wallet && isMobile() && !error) {
    return (
      <div className="wm-center">
        <p className="wm-muted" data-testid="wc-status">
          {t('walletConnect.openOnPhone')}
        </p>
        <PhoneWalletConnect uri={uri} pairing={pairing} stuck={stuck} retry={retry} />
      </div>
    )
  }
  return (
    <div className="wm-center">
      {wallet ? <WalletImage name={wallet.name} src={walletImageUrl(core, core.router.state.data!.wallet!)} allowOrigins={serviceOrigins(core)} large /> : null}
      <div role="status" aria-live="polite" data-testid="wc-status">
        {error ? (
          <>
            <p className="wm-error-text">{errorText(t, { code: error.code, shortMessage: error.message })}</p>
            <p className="wm-muted">
              {stuck && problem
                ? t('walletConnect.unavailable', { reason: problem })
                : stuck
                  ? t('walletConnect.serviceNoAnswer')
                  : error.code === 'USER_REJECTED'
                    ? t('walletConnect.declined')
                    : t('walletConnect.scanNewCode')}
            </p>
          </>
        ) : (
          <p className="wm-muted">{wallet ? t('walletConnect.scanWith', { wallet: wallet.name }) : t('walletConnect.scan')}</p>
        )}
      </div>
      <WalletConnectQr uri={uri} pairing={pairing} stuck={stuck} onRetry={retry} />
      {open && wallet ? (
        <a className="wm-button wm-full" part="button" href={open.href} target={open.target} rel="noopener noreferrer">
          {t('walletConnect.openWallet', { wallet: wallet.name })}
        </a>
      ) : null}
    </div>
  )
}
