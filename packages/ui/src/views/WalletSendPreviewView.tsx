import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { estimateSendFee, formatFee, sendEnglish, sendTokens, shortenAddress, walletFeatures } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { WalletImage } from '../components/WalletImage.js'
import { Avatar } from '../components/Avatar.js'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'
import { withSendStyles } from './sendStyles.js'
import { errorWords } from '../hooks/errorWords.js'
import { formatUsdIn } from '../hooks/formatUsdIn.js'

/**
 * Review Send: the amount with its fiat value, the receiver, the network and its fee estimate;
 * Send asks the wallet. A failure (a declined signature) shows here and keeps the draft.
 */
export function WalletSendPreviewView() {
  const core = useCore()
  const t = useEnglishT(core, sendEnglish)
  const { send } = walletFeatures(core)
  const s = useSnapshot(send.state)
  const chain = useSnapshot(core.chain.state)
  const network = chain.namespaces[chain.activeNamespace].network.caipNetwork
  const [feeFailed, setFeeFailed] = useState(false)
  useEffect(() => {
    let live = true
    void estimateSendFee(core).then(fee => live && setFeeFailed(!fee))
    return () => {
      live = false
    }
  }, [core])
  const token = s.token
  if (!token || !s.sendTokenAmount || !s.receiverAddress) {
    // Reached without a draft (after a send or a disconnect): nothing to review.
    return (
      <p className="wm-muted" role="status">
        {t('send.preview.nothingToSend')}{' '}
        <button type="button" className="wm-link" onClick={() => core.router.goBack()}>
          {t('send.preview.back')}
        </button>
      </p>
    )
  }
  const origins = serviceOrigins(core)
  const usd = token.price ? formatUsdIn(core.i18n.state.locale, Number(s.sendTokenAmount) * token.price) : undefined
  return (
    <div ref={withSendStyles} className="wm-send">
      <div className="wm-preview-row" data-testid="preview-amount">
        <span className="wm-muted">{t('send.preview.amount')}</span>
        <span className="wm-preview-value">
          <strong>
            {s.sendTokenAmount} {token.symbol}
          </strong>
          {usd ? <span className="wm-muted"> {usd}</span> : null}
        </span>
        <WalletImage name={token.symbol} src={token.iconUrl ?? undefined} allowOrigins={origins} />
      </div>
      <div className="wm-preview-row" data-testid="preview-receiver">
        <span className="wm-muted">{t('send.to')}</span>
        <span className="wm-preview-value" title={s.receiverAddress}>
          <strong>{s.receiverProfileName ?? shortenAddress(s.receiverAddress)}</strong>
          {s.receiverProfileName ? <span className="wm-muted"> {shortenAddress(s.receiverAddress)}</span> : null}
        </span>
        {s.receiverProfileImageUrl ? (
          <img className="wm-image" src={s.receiverProfileImageUrl} alt="" width={36} height={36} />
        ) : (
          <Avatar address={s.receiverAddress} size={36} />
        )}
      </div>
      <dl className="wm-details">
        <div>
          <dt>{t('send.preview.network')}</dt>
          <dd data-testid="preview-network">{network?.name ?? t('send.preview.unknownNetwork')}</dd>
        </div>
        <div>
          <dt>{t('send.preview.networkFee')}</dt>
          <dd data-testid="preview-fee">{s.fee ? `≈ ${formatFee(s.fee)}` : feeFailed ? t('send.preview.feeUnavailable') : t('send.preview.feeEstimating')}</dd>
        </div>
      </dl>
      <p className="wm-muted wm-hint">{t('send.preview.reviewHint')}</p>
      {s.error ? (
        <p className="wm-alert" data-variant="error" role="alert" data-testid="send-error">
          {errorWords(core, s.error)}
        </p>
      ) : null}
      <div className="wm-button-row">
        <button type="button" className="wm-button wm-button-secondary" part="button" onClick={() => core.router.goBack()} disabled={s.loading}>
          {t('send.preview.cancel')}
        </button>
        <button
          type="button"
          className="wm-button"
          part="button"
          aria-busy={s.loading ? 'true' : undefined}
          disabled={s.loading}
          onClick={() => void sendTokens(core).catch(() => {})}
          data-testid="send-confirm"
        >
          {s.loading ? t('send.preview.sending') : t('send.preview.send')}
        </button>
      </div>
    </div>
  )
}
