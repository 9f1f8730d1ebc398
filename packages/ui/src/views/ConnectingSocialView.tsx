import { useSnapshot } from 'valtio/react'
import { authEnglish, embeddedState, socialLogin, type SocialProvider } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { SOCIAL_ICONS, SOCIAL_LABELS } from '../components/socialIcons.js'
import { EMBEDDED_ERROR_MESSAGES, ERROR_MESSAGES, SOCIAL_ERROR_MESSAGES } from '@wallet-modal/core/internal'
import { errorWords } from '../hooks/errorWords.js'

/** The catalogues whose words this view's errors may be (shown in the active locale). */
const ERRORS = [ERROR_MESSAGES, EMBEDDED_ERROR_MESSAGES, SOCIAL_ERROR_MESSAGES]

/**
 * ConnectingSocial: where a social login stands while the person is in the provider's popup
 * (spec §4: started, user data requested, error). On an error, "Try again" opens a new popup
 * from its own click.
 */
export function ConnectingSocialView() {
  const core = useCore()
  const t = useEnglishT(core, authEnglish)
  const { social } = useSnapshot(embeddedState(core).state)
  const provider = social.provider as SocialProvider | undefined
  return (
    <div className="wm-center" data-testid="connecting-social">
      {provider ? <img className="wm-image wm-image-large" src={SOCIAL_ICONS[provider]} alt="" /> : null}
      {social.step === 'error' ? (
        <>
          <p className="wm-error-text" role="alert" data-testid="social-error">
            {social.error ? errorWords(core, social.error, ERRORS) : null}
          </p>
          {provider ? (
            <button type="button" className="wm-button" part="button" onClick={() => void socialLogin(core, provider)}>
              {t('social.tryAgain')}
            </button>
          ) : null}
        </>
      ) : (
        <div className="wm-center" aria-live="polite">
          <span className="wm-spinner" aria-hidden="true" />
          <p className="wm-muted" data-testid="social-status">
            {social.step === 'requested'
              ? t('social.connectingWallet')
              : provider
                ? t('social.logIn', { provider: SOCIAL_LABELS[provider] })
                : t('social.logInAccount')}
          </p>
        </div>
      )}
    </div>
  )
}
