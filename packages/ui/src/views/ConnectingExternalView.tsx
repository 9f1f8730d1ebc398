import { useSnapshot } from 'valtio/react'
import { connectExternal, walletsEnglish } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { errorText } from '../hooks/textOr.js'
import { WalletImage } from '../components/WalletImage.js'

/**
 * ConnectingExternal: waiting for the wallet; after a rejection or failure, a way to try again.
 * The failure is said once through a live region that is there, empty, from the start of the
 * attempt (a region mounted with its words may not be heard). "Connecting..." is not in it: the
 * dialog's connection announcer says "Connecting to X…" (ConnectionAnnouncer).
 */
export function ConnectingExternalView() {
  const core = useCore()
  const t = useEnglishT(core, walletsEnglish)
  const router = useSnapshot(core.router.state)
  const connection = useSnapshot(core.connection.state)
  const connector = router.data?.connector
  if (!connector) return <p className="wm-muted">{t('external.noWallet')}</p>
  const waiting = connection.connectingId === connector.id
  const error = !waiting ? connection.error : undefined
  const retry = () => {
    connectExternal(core, connector.id).catch(() => {})
  }
  return (
    <div className="wm-center">
      <WalletImage name={connector.name} src={connector.imageUrl} large />
      <div>
        <div role="status">
          {error ? (
            <>
              <p className="wm-error-text">{errorText(t, { code: error.code, shortMessage: error.message })}</p>
              <p className="wm-muted">{error.code === 'USER_REJECTED' ? t('external.declined', { wallet: connector.name }) : t('external.failed')}</p>
            </>
          ) : null}
        </div>
        {error ? null : (
          <>
            <p>{waiting ? t('external.connecting') : t('external.continueIn', { wallet: connector.name })}</p>
            <p className="wm-muted">{t('external.acceptRequest')}</p>
          </>
        )}
      </div>
      {error ? (
        <button type="button" className="wm-button" part="button" onClick={retry}>
          {t('external.tryAgain')}
        </button>
      ) : (
        <span className="wm-spinner" aria-hidden="true" />
      )}
    </div>
  )
}
