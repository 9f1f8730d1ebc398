import type { Core } from '../createCore.js'
import { createEmbeddedController, type EmbeddedController } from '../controllers/EmbeddedController.js'
import { isAndroid, isIos, isMac, isTelegram } from '../utils/environment.js'
import { isAuthConnectorId, SOCIAL_LOGINS, SOCIAL_POPUP, type SocialLogin, type SocialProvider } from '../adapters/embedded/constants.js'

/** The embedded wallet's controller of this core, made on first use. */
export function embeddedState(core: Core): EmbeddedController {
  return (core.runtime.embeddedState ??= createEmbeddedController())
}

/**
 * The secure site's origin: the site's `secureSiteUrl` option, else the one the project's remote
 * configuration names (the server that runs the secure site says where it is: in the `secureSite`
 * feature, and in the `email` feature's configuration). Undefined when no secure site is known.
 */
export function secureSiteUrlOf(core: Core): string | undefined {
  const { features } = core.options.state
  const named = (value: unknown, key: string) =>
    typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)[key] === 'string'
      ? ((value as Record<string, string>)[key] as string)
      : undefined
  const url = core.options.state.secureSiteUrl ?? named(features.secureSite, 'url') ?? named(features.email, 'secureSiteUrl')
  if (!url) return undefined
  try {
    const u = new URL(url)
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : undefined
  } catch {
    return undefined
  }
}

/** Whether Connect offers e-mail login: its feature is on and a secure site is known. */
export const emailOffered = (core: Core): boolean => core.options.isEnabled('email') && !!secureSiteUrlOf(core)

/**
 * The social logins Connect offers, in order: the `socials` feature's list (the project's remote
 * one, already cut by the server to the providers its secure site is configured for; else the
 * site's own), known ones only (the six providers and farcaster), once each, when a secure site is
 * known; inside Telegram, without those its in-app browser cannot complete.
 */
export function socialsOffered(core: Core): SocialLogin[] {
  const list = core.options.state.features.socials
  if (!Array.isArray(list) || !secureSiteUrlOf(core)) return []
  const dropped = telegramDropped()
  return [...new Set(list.filter((s): s is SocialLogin => (SOCIAL_LOGINS as readonly unknown[]).includes(s) && !dropped.includes(s)))]
}

/**
 * Spec §5: the logins Telegram's in-app browser cannot complete (the provider refuses its web
 * view, or its popup never returns): on iOS google; on a Mac x; on Android facebook and x.
 */
function telegramDropped(): readonly string[] {
  if (!isTelegram()) return []
  if (isIos()) return ['google']
  if (isAndroid()) return ['facebook', 'x']
  if (isMac()) return ['x']
  return []
}

/**
 * Spec §6 / §8: the shown auth name: a social username if present (a trailing 0 dropped for
 * discord), otherwise the e-mail; over 30 characters shortened with an ellipsis.
 */
export function authName(user: { email?: string; userName?: string; provider?: string }): string | undefined {
  const name = user.userName ? (user.provider === 'discord' ? user.userName.replace(/#?0$/, '') : user.userName) : user.email
  if (!name) return undefined
  return name.length > 30 ? `${name.slice(0, 30)}…` : name
}

/** Whether the active connection is the embedded wallet's. */
export function isEmbeddedConnected(core: Core): boolean {
  return isAuthConnectorId(core.chain.state.namespaces[core.chain.state.activeNamespace].account.connectorId)
}

/**
 * The URL of one of the secure site's pages a view shows in a frame of its own (code entry,
 * approval, key export), told the page's origin and theme.
 */
export function securePageUrl(core: Core, page: 'otp' | 'approve' | 'export', params: Record<string, string> = {}): string | undefined {
  const origin = secureSiteUrlOf(core)
  if (!origin) return undefined
  const url = new URL(`/${page}`, origin)
  url.searchParams.set('projectId', core.options.state.projectId)
  url.searchParams.set('origin', location.origin)
  url.searchParams.set('theme', core.theme.state.themeMode)
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  return url.href
}

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
