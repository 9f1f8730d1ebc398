import { getAddress, isAddress, type Address } from 'viem'
import type { Store } from '../db/Store.js'
import type { EnsResolver } from './EnsResolver.js'

/** Longest a page waits for names: they are a nicety, the page is not. */
export const NAMES_WAIT_MS = 1500

/**
 * The names of several addresses, as the activity feed shows its counterparts: the operator's
 * configured identity, else the ENS primary name (checked forward). Lookups run together; one that
 * fails, or is not back within `waitMs`, leaves its address unnamed (it is cached on arrival for the
 * next page). Keys are lower-case addresses.
 *
 * @param store - The database (the `identities` table).
 * @param ens - The ENS resolver, when ENS is on.
 * @param addresses - The addresses to name (duplicates and non-addresses are ignored).
 * @param waitMs - How long to wait for ENS.
 * @example
 * ```ts
 * const names = await namesOf(ctx.store, ctx.ens, ['0x7099…'])
 * names.get('0x7099…') // 'devnet-wallet.eth'
 * ```
 */
export async function namesOf(store: Store, ens: EnsResolver | undefined, addresses: readonly string[], waitMs = NAMES_WAIT_MS): Promise<Map<string, string>> {
  const wanted = [...new Set(addresses.map(a => a.toLowerCase()).filter(a => isAddress(a, { strict: false })))]
  const names = new Map<string, string>()
  if (wanted.length === 0) return names
  const configured = await store.query<{ address: string; name: string | null }>('SELECT address, name FROM identities WHERE address = ANY($1::text[])', [
    wanted
  ])
  for (const row of configured.rows) if (row.name) names.set(row.address.toLowerCase(), row.name)
  if (!ens) return names
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<void>(resolve => (timer = setTimeout(resolve, waitMs)))
  const lookups = wanted
    .filter(a => !names.has(a))
    .map(async address => {
      const name = await ens.name(getAddress(address) as Address).catch(() => null)
      if (name) names.set(address, name)
    })
  await Promise.race([Promise.all(lookups), deadline])
  clearTimeout(timer)
  // Names arriving after the deadline must not change the map the caller already answers with.
  return new Map(names)
}
