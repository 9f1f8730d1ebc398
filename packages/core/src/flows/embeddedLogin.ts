// The embedded wallet's login entry points as views call them: each loads its flow (a chunk of
// its own) on first use. Apart from embeddedState.ts, which those flows import, so the lazily
// loaded flows and their entry points do not import each other.
import type { Core } from '../core/Core.js'
import { SOCIAL_POPUP, type SocialProvider } from '../adapters/embedded/constants.js'
import { embeddedState } from './embeddedState.js'

/** E-mail login, loading its flows (a chunk of their own) on first use. See `startEmailLogin`. */
export const emailLogin = (core: Core, email: string): Promise<string | undefined> => import('./embedded.js').then(m => m.startEmailLogin(core, email))
/** Leaves EmailLogin. See `cancelEmailLogin`. */
export const leaveEmailLogin = (core: Core): Promise<void> => import('./embedded.js').then(m => m.cancelEmailLogin(core))
/**
 * Social login (spec §2, §4): opens the 600×800 popup at once, in the caller's click handler
 * (popup blockers and iOS allow a popup only there), then loads the social flow (a chunk of its
 * own) which sends the popup to the provider. See `startSocialLogin`.
 */
export function socialLogin(core: Core, provider: SocialProvider): Promise<string | undefined> {
  // The same login whose popup is still open (behind the page, say) is brought forward, not
  // restarted; another provider's popup gives way to the new login.
  const { socialWindow: open, social } = embeddedState(core).state
  if (open && !open.closed) {
    if (social.provider === provider && social.step === 'started') {
      open.focus()
      return Promise.resolve(undefined)
    }
    open.close()
  }
  const popup = openPopup()
  return import('./social.js').then(
    m => m.startSocialLogin(core, provider, popup),
    error => {
      popup?.close()
      throw error
    }
  )
}

/** Sign In With Farcaster (spec §2 ConnectingFarcaster), its flow loaded on first use. See `startFarcasterLogin`. */
export const farcasterLogin = (core: Core): Promise<string | undefined> => import('./social.js').then(m => m.startFarcasterLogin(core))

/** An empty popup, centred over the page; null when the browser blocked it. */
function openPopup(): Window | null {
  const { width, height } = SOCIAL_POPUP
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2))
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2))
  try {
    return window.open('', 'wm-social', `popup=yes,width=${width},height=${height},left=${left},top=${top}`)
  } catch {
    return null
  }
}

/** Changes the wallet's e-mail address. See `startUpdateEmail`. */
export const updateEmail = (core: Core, email: string): Promise<void> => import('./embedded.js').then(m => m.startUpdateEmail(core, email))
/** Logs the embedded wallet out on every device, then disconnects it here. See `signOutEverywhere`. */
export const logOutEverywhere = (core: Core): Promise<void> => import('./signOutEverywhere.js').then(m => m.signOutEverywhere(core))
