import type { Core } from '../core/Core.js'
import type { Wallet } from '../api/schemas.js'
import type { Connector } from '../types/connector.js'
import type { WiredNamespace } from '../types/network.js'
import { namespaceSupports } from '../adapters/namespaces.js'
import { isMobile } from '../utils/platform.js'
import { isSafeApp, SAFE_CONNECTOR_ID } from '../utils/environment.js'
import { connectorTypeOrder } from './connectorOrder.js'
import { installedConnectorFor } from './walletLists.js'
import { CUSTOM_WALLETS } from '../core/featureKeys.js'

/** Orders connectors: recent wallets first (most recent first), then the rest in discovery order. */
export function orderConnectors(connectors: readonly Connector[], recentIds: readonly string[]): { connector: Connector; recent: boolean }[] {
  const recent = recentIds.map(id => connectors.find(c => c.id === id)).filter((c): c is Connector => !!c)
  const rest = connectors.filter(c => !recentIds.includes(c.id))
  return [...recent.map(connector => ({ connector, recent: true })), ...rest.map(connector => ({ connector, recent: false }))]
}

/** Installed in this browser: injected or announced, or a multi-chain entry made only of those. */
const isInstalled = (c: Connector): boolean =>
  c.type === 'INJECTED' || c.type === 'ANNOUNCED' || (c.type === 'MULTI_CHAIN' && !!c.connectors?.every(m => m.type === 'INJECTED' || m.type === 'ANNOUNCED'))

/** One row of Connect: a connector or a directory wallet, tagged by its group. */
export type ConnectRow = { kind: 'connector'; connector: Connector; recent: boolean } | { kind: 'wallet'; wallet: Wallet }

/**
 * Connect's rows, group by group in the connector type order (spec §2: walletConnect, recent,
 * injected, featured, custom, external, recommended, with the site's order first). Each
 * connector shows once: a recent wallet is not repeated in its own group. `only`: the family a
 * SwitchActiveChain connects (wallets of other families are not offered).
 */
export function connectRows(core: Core, only?: WiredNamespace): ConnectRow[] {
  // Any generic injected wallet counts as installed, whichever namespace's adapter found it.
  const visible = core.connector.visible(
    core.options.state.excludedWallets,
    { mobile: isMobile(), injectedInstalled: core.connector.state.connectors.some(c => c.type === 'INJECTED') },
    only
  )
  const recentIds = core.connection.state.recentWallets.map(w => w.id)
  const groups = connectorTypeOrder(core.options.state.features.connectorTypeOrder)
  // Directory wallets connect over WalletConnect, which serves only some families' sessions:
  // connecting another family's wallet for SwitchActiveChain offers the installed ones only.
  const directoryOk = !only || namespaceSupports(only, 'pairedWallets')
  const shownRdns = new Set(visible.map(c => c.info?.rdns?.toLowerCase()).filter(Boolean))
  const shownNames = new Set(visible.flatMap(c => (c.type === 'WALLET_CONNECT' ? [] : [c.name.toLowerCase()])))
  // The site's custom wallets, checked at start (flows/siteWallets.ts); none on most sites.
  const custom = core.runtime.slots.get(CUSTOM_WALLETS) ?? []
  const customKeys = new Set(custom.flatMap(w => [w.id.toLowerCase(), w.name.toLowerCase(), ...(w.rdns ? [w.rdns.toLowerCase()] : [])]))
  // A wallet listed with the connectors (installed, or the site's own) shows once, there: the
  // same rdns or the same name.
  const notInstalled = (list: readonly Wallet[]) =>
    list.filter(w => (!w.rdns || !shownRdns.has(w.rdns.toLowerCase())) && !shownNames.has(w.name.toLowerCase()) && !installedConnectorFor(core, w))
  // A directory wallet the site also lists itself shows once, as the site's.
  const notCustom = (list: readonly Wallet[]) =>
    list.filter(w => !customKeys.has(w.id.toLowerCase()) && !customKeys.has(w.name.toLowerCase()) && !(w.rdns && customKeys.has(w.rdns.toLowerCase())))
  const recent = orderConnectors(visible, recentIds).filter(r => r.recent)
  const isRecent = (c: Connector) => recent.some(r => r.connector.id === c.id)
  const rows: ConnectRow[] = []
  for (const g of groups) {
    if (g === 'walletConnect')
      rows.push(
        ...visible.filter(c => c.type === 'WALLET_CONNECT' && !isRecent(c)).map(connector => ({ kind: 'connector' as const, connector, recent: false }))
      )
    if (g === 'recent') rows.push(...recent.map(r => ({ kind: 'connector' as const, ...r })))
    if (g === 'injected')
      rows.push(...visible.filter(c => isInstalled(c) && !isRecent(c)).map(connector => ({ kind: 'connector' as const, connector, recent: false })))
    if (g === 'external')
      rows.push(
        ...visible
          .filter(c => (c.type === 'EXTERNAL' || c.type === 'MULTI_CHAIN') && !isInstalled(c) && !isRecent(c))
          .map(connector => ({ kind: 'connector' as const, connector, recent: false }))
      )
    if (g === 'featured' && directoryOk) rows.push(...notCustom(notInstalled(core.api.state.featured)).map(wallet => ({ kind: 'wallet' as const, wallet })))
    if (g === 'custom' && directoryOk) rows.push(...notInstalled(custom).map(wallet => ({ kind: 'wallet' as const, wallet })))
    if (g === 'recommended' && directoryOk)
      rows.push(...notCustom(notInstalled(core.api.state.recommended)).map(wallet => ({ kind: 'wallet' as const, wallet })))
  }
  return isSafeApp(core.options.state.safeAppOrigins) ? safeFirst(rows) : rows
}

/** A row for Safe{Wallet} (its connector or directory entry). */
const isSafeRow = (row: ConnectRow): boolean => {
  if (row.kind === 'connector' && row.connector.id === SAFE_CONNECTOR_ID) return true
  const { name, rdns } =
    row.kind === 'connector' ? { name: row.connector.name, rdns: row.connector.info?.rdns } : { name: row.wallet.name, rdns: row.wallet.rdns ?? undefined }
  return /^safe(\{?wallet\}?)?$/i.test(name.replace(/\s+/g, '')) || /(^|\.)safe\.global$|^global\.safe/i.test(rdns ?? '')
}

/** Spec §9: inside a Safe app frame, Safe is offered first (the rest keep their order). */
export function safeFirst(rows: readonly ConnectRow[]): ConnectRow[] {
  const safe = rows.filter(isSafeRow)
  return [...safe, ...rows.filter(r => !safe.includes(r))]
}
