import { walletsEnglish } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { QrCode } from './QrCode.js'
import { CopyIcon } from './Icons.js'
import { withQrStyles } from './qrStyles.js'

/** Props of {@link WalletConnectQr}. */
export interface WalletConnectQrProps {
  uri: string | undefined
  /** Whether a (new) pairing is being made. */
  pairing: boolean
  /** The relay failed and automatic retries are spent: 'Try again' instead of a dead code. */
  stuck?: boolean
  onRetry?: () => void
}

/** The pairing's QR code (or a placeholder while it is made) and 'Copy link'; 'Try again' when stuck. */
export function WalletConnectQr({ uri, pairing, stuck, onRetry }: WalletConnectQrProps) {
  const core = useCore()
  const t = useEnglishT(core, walletsEnglish)
  const copy = async () => {
    if (!uri) return
    try {
      await navigator.clipboard.writeText(uri)
      core.snack.showSuccess(t('walletConnect.linkCopied'))
    } catch {
      core.snack.showError(t('walletConnect.copyLinkFailed'))
    }
  }
  if (stuck) {
    return (
      <button type="button" className="wm-button" part="button" onClick={onRetry}>
        {t('walletConnect.tryAgain')}
      </button>
    )
  }
  return (
    <>
      {uri ? (
        <QrCode value={uri} label={t('walletConnect.qrLabel')} />
      ) : (
        <div ref={withQrStyles} className="wm-qr wm-qr-placeholder" aria-busy={pairing} data-testid="wc-qr-loading">
          <span className="wm-spinner" aria-hidden="true" />
        </div>
      )}
      <button type="button" className="wm-button wm-button-secondary" part="button" onClick={copy} disabled={!uri}>
        <CopyIcon /> {t('walletConnect.copyLink')}
      </button>
    </>
  )
}
