import type { Core } from '../createCore.js'
import { createEmbeddedController, type EmbeddedController } from '../controllers/EmbeddedController.js'
import { isAuthConnectorId } from '../adapters/embedded/constants.js'

/** The embedded wallet's controller of this core, made on first use. */
export function embeddedState(core: Core): EmbeddedController {
  return (core.runtime.embeddedState ??= createEmbeddedController())
}

/**
 * The secure site's origin: the site's `secureSiteUrl` option, else the one the project's remote
 * `email` feature names (the server that runs the secure site says where it is). Undefined when
 * e-mail login is off or no secure site is known.
 */
export function secureSiteUrlOf(core: Core): string | undefined {
  if (!core.options.isEnabled('email')) return undefined
  const remote = core.options.state.features.email as { secureSiteUrl?: unknown } | boolean | undefined
  const url = core.options.state.secureSiteUrl ?? (typeof remote === 'object' && typeof remote?.secureSiteUrl === 'string' ? remote.secureSiteUrl : undefined)
  if (!url) return undefined
  try {
    const u = new URL(url)
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : undefined
  } catch {
    return undefined
  }
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
/** Changes the wallet's e-mail address. See `startUpdateEmail`. */
export const updateEmail = (core: Core, email: string): Promise<void> => import('./embedded.js').then(m => m.startUpdateEmail(core, email))
