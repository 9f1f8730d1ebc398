import { useSnapshot } from 'valtio/react'
import { farcasterLogin, socialLogin, socialsOffered, type SocialLogin } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useT } from '../hooks/useT.js'
import { ListItem } from './ListItem.js'
import { useConnectGate } from './ConnectGate.js'
import { SOCIAL_ICONS, SOCIAL_LABELS } from './socialIcons.js'

/**
 * Connect's social logins (spec §2 connect methods): the first provider as a full row
 * ("Continue with Google"), the others as a row of icon buttons, in the configured order. Each
 * opens the login popup straight from its click (popup blockers allow nothing else); Farcaster
 * shows its QR code instead. Under a locked {@link useConnectGate} every button is
 * `aria-disabled` and opens nothing (the first row through {@link ListItem}).
 */
export function SocialLogins() {
  const core = useCore()
  const t = useT(core)
  // Read through the snapshot: the providers come with the project's configuration, maybe after this view.
  const features = useSnapshot(core.options.state.features)
  const gate = useConnectGate()
  void features.socials
  void features.secureSite
  const providers = socialsOffered(core)
  if (providers.length === 0) return null
  const [first, ...rest] = providers as [SocialLogin, ...SocialLogin[]]
  // Farcaster signs in from the Farcaster app (a QR code), the others in a popup.
  const go = (p: SocialLogin) => () => void (p === 'farcaster' ? farcasterLogin(core) : socialLogin(core, p))
  return (
    <div className="wm-full" data-testid="social-logins">
      <ul className="wm-list">
        <ListItem name={t('connect.continueWith', { provider: SOCIAL_LABELS[first] })} imageUrl={SOCIAL_ICONS[first]} onClick={go(first)} />
      </ul>
      {rest.length ? (
        <ul className="wm-social-row" aria-label={t('connect.moreSocials')}>
          {rest.map(p => (
            <li key={p}>
              <button
                type="button"
                className="wm-social-button"
                part="button"
                aria-label={t('connect.continueWith', { provider: SOCIAL_LABELS[p] })}
                title={SOCIAL_LABELS[p]}
                {...gate.attributes}
                onClick={gate.locked ? undefined : go(p)}
              >
                <img src={SOCIAL_ICONS[p]} alt="" width={28} height={28} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
