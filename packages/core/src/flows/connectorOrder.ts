/** The groups of Connect, in spec §2's default connector type order. */
export const DEFAULT_CONNECTOR_TYPE_ORDER = ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'] as const

/** One group of Connect's list. */
export type ConnectorGroup = (typeof DEFAULT_CONNECTOR_TYPE_ORDER)[number]

/**
 * The order of Connect's groups: the site's `features.connectorTypeOrder` first (unknown names
 * dropped, duplicates once), then every other group in the default order (spec §2).
 */
export function connectorTypeOrder(configured: unknown): ConnectorGroup[] {
  const known = (g: unknown): g is ConnectorGroup => (DEFAULT_CONNECTOR_TYPE_ORDER as readonly unknown[]).includes(g)
  const first = Array.isArray(configured) ? configured.filter(known) : []
  return [...new Set([...first, ...DEFAULT_CONNECTOR_TYPE_ORDER])]
}
