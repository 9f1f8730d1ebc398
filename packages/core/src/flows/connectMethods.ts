import type { Core } from '../createCore.js'
import type { ConnectRow } from './connectRows.js'
import { secureSiteUrlOf } from './embeddedState.js'

/** A way to connect Connect offers (spec §2 connect-method order). */
export type ConnectMethod = 'wallet' | 'email'

/** The order when no installed wallet is shown: e-mail first, for visitors without a wallet. */
export const DEFAULT_CONNECT_METHODS_ORDER: readonly ConnectMethod[] = ['email', 'wallet']

/**
 * Spec §2: the connect methods Connect shows, in order: wallet then email when an installed
 * (injected or announced) wallet is among the rows; otherwise the default order. The site's
 * `features.connectMethodsOrder` wins. E-mail appears only when its remote feature is on and a
 * secure site is known.
 */
export function connectMethodsOrder(core: Core, rows: readonly ConnectRow[]): ConnectMethod[] {
  const configured = core.options.state.features.connectMethodsOrder
  const installed = rows.some(r => r.kind === 'connector' && (r.connector.type === 'INJECTED' || r.connector.type === 'ANNOUNCED' || r.connector.type === 'MULTI_CHAIN'))
  const order: ConnectMethod[] = Array.isArray(configured)
    ? configured.filter((m): m is ConnectMethod => m === 'wallet' || m === 'email')
    : installed
      ? ['wallet', 'email']
      : [...DEFAULT_CONNECT_METHODS_ORDER]
  for (const m of ['wallet', 'email'] as const) if (!order.includes(m)) order.push(m)
  return order.filter(m => m !== 'email' || !!secureSiteUrlOf(core))
}
