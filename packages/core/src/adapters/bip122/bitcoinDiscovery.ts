import type { Connector } from '../../types/connector.js'

/** A `window.btc_providers` entry (the list Bitcoin wallets add themselves to). */
interface ProviderEntry {
  id?: unknown
  name?: unknown
  icon?: unknown
}

/** The object at a dotted path on `window` (how sats-connect names providers: 'XverseProviders.BitcoinProvider'). */
export function providerAt(path: string): unknown {
  return path.split('.').reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined), globalThis)
}

/** The connector id of a Bitcoin wallet, from its provider path. */
export const bitcoinConnectorId = (providerId: string) => `bip122:${providerId}`

/**
 * Lists the Bitcoin wallets in the page without loading sats-connect (its chunk loads when one is
 * used): every installed `window.btc_providers` entry, and Xverse's own global unless it is one of
 * those under another path (wallets that set it as a fallback for older sites).
 */
export function watchBitcoinWallets(add: (connector: Connector) => void): () => void {
  const listed = ((globalThis as { btc_providers?: unknown }).btc_providers ?? []) as ProviderEntry[]
  const entries = Array.isArray(listed)
    ? listed.filter((p): p is { id: string; name: string; icon?: unknown } => typeof p?.id === 'string' && typeof p?.name === 'string')
    : []
  const seen = new Set<string>()
  const offer = (providerId: string, name: string, icon?: unknown) => {
    if (seen.has(providerId) || !providerAt(providerId)) return
    seen.add(providerId)
    const imageUrl = typeof icon === 'string' && icon.startsWith('data:image/') ? icon : undefined
    add({ id: bitcoinConnectorId(providerId), name, type: 'ANNOUNCED', chain: 'bip122', imageUrl, handle: { providerId } })
  }
  for (const p of entries) offer(p.id, p.name, p.icon)
  const xverse = providerAt('XverseProviders.BitcoinProvider')
  if (xverse && !entries.some(p => providerAt(p.id) === xverse)) offer('XverseProviders.BitcoinProvider', 'Xverse')
  return () => {}
}
