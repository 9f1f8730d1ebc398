import type { Core } from '../core/Core.js'
import { createEmbeddedController, type EmbeddedController } from '../controllers/EmbeddedController.js'
import { isAndroid, isIos, isMac, isTelegram } from '../utils/environment.js'
import { isAuthConnectorId, SOCIAL_LOGINS, type SocialLogin } from '../adapters/embedded/constants.js'
import { EMBEDDED_STATE } from '../core/featureKeys.js'
import { getOrMake } from '../core/FeatureSlots.js'

/** The embedded wallet's controller of this core, made on first use. */
export function embeddedState(core: Core): EmbeddedController {
  return getOrMake(core.runtime.slots, EMBEDDED_STATE, createEmbeddedController)
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
