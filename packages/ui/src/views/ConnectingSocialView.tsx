import { useSnapshot } from 'valtio/react'
import { embeddedState, socialLogin, type SocialProvider } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { SOCIAL_ICONS, SOCIAL_LABELS } from '../components/socialIcons.js'

/**
 * ConnectingSocial: where a social login stands while the person is in the provider's popup
 * (spec §4: started, user data requested, error). On an error, "Try again" opens a new popup
 * from its own click.
 */
export function ConnectingSocialView() {
  const core = useCore()
  const { social } = useSnapshot(embeddedState(core).state)
  const provider = social.provider as SocialProvider | undefined
  const label = provider ? SOCIAL_LABELS[provider] : 'your account'
  return (
    <div className="wm-center" data-testid="connecting-social">
      {provider ? <img className="wm-image wm-image-large" src={SOCIAL_ICONS[provider]} alt="" /> : null}
      {social.step === 'error' ? (
        <>
          <p className="wm-error-text" role="alert" data-testid="social-error">
            {social.error}
          </p>
          {provider ? (
            <button type="button" className="wm-button" part="button" onClick={() => void socialLogin(core, provider)}>
              Try again
            </button>
          ) : null}
        </>
      ) : (
        <div className="wm-center" aria-live="polite">
          <span className="wm-spinner" aria-hidden="true" />
          <p className="wm-muted" data-testid="social-status">
            {social.step === 'requested' ? 'Connecting your wallet…' : `Log in with ${label} in the window that opened.`}
          </p>
        </div>
      )}
    </div>
  )
}
