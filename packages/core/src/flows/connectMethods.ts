import type { Core } from '../core/Core.js'
import type { ConnectRow } from './connectRows.js'
import { emailOffered, socialsOffered } from './embeddedState.js'

/** A way to connect Connect offers (spec §2 connect-method order). */
export type ConnectMethod = 'wallet' | 'email' | 'social'

const METHODS: readonly ConnectMethod[] = ['wallet', 'email', 'social']

/** The order when no installed wallet is shown: e-mail and social first, for visitors without a wallet. */
export const DEFAULT_CONNECT_METHODS_ORDER: readonly ConnectMethod[] = ['email', 'social', 'wallet']

/**
 * Spec §2: the connect methods Connect shows, in order: wallet, email, social when an installed
 * (injected or announced) wallet is among the rows; otherwise the default order. The site's
 * `features.connectMethodsOrder` wins (methods it leaves out follow in the default order). E-mail
 * appears only when its feature is on and a secure site is known; social only with providers to offer.
 */
export function connectMethodsOrder(core: Core, rows: readonly ConnectRow[]): ConnectMethod[] {
  const configured = core.options.state.features.connectMethodsOrder
  const installed = rows.some(
    r => r.kind === 'connector' && (r.connector.type === 'INJECTED' || r.connector.type === 'ANNOUNCED' || r.connector.type === 'MULTI_CHAIN')
  )
  const fallback = installed ? METHODS : DEFAULT_CONNECT_METHODS_ORDER
  const order: ConnectMethod[] = Array.isArray(configured) ? [...new Set(configured.filter((m): m is ConnectMethod => METHODS.includes(m)))] : [...fallback]
  for (const m of fallback) if (!order.includes(m)) order.push(m)
  const social = socialsOffered(core).length > 0
  return order.filter(m => (m === 'email' ? emailOffered(core) : m === 'social' ? social : true))
}
