import type { Core } from '../core/Core.js'
import type { NamesClient } from '../api/NamesClient.js'
import { WalletModalError } from '../errors/WalletModalError.js'
import { NAME_ERROR_MESSAGES } from '../errors/nameCodes.js'
import { CACHE_MS } from '../controllers/BlockchainApiController.js'
import { STORAGE_KEYS } from '../utils/storage.js'
import { warnUnlessDestroyed } from '../utils/warnUnlessDestroyed.js'
import { reasonOf } from '../api/serviceReason.js'
import { NAMES_CLIENT } from '../core/featureKeys.js'
import { getOrMake } from '../core/FeatureSlots.js'

/** Spec §9: the suffix names are registered under when the service does not name its own. */
export const DEFAULT_NAME_SUFFIX = '.reown.id'

/**
 * The suffix account names are registered under: the one the project's configuration names (the
 * server's `nameService` entry), else the spec's `.reown.id`.
 *
 * @example nameSuffix(core) // '.walletmodal.id'
 */
export function nameSuffix(core: Core): string {
  const suffix = nameServiceConfig(core)?.suffix
  return isSuffix(suffix) ? suffix : DEFAULT_NAME_SUFFIX
}

/** Spec §9: the legacy suffix names still resolve under when the service does not list its own. */
export const DEFAULT_LEGACY_NAME_SUFFIXES: readonly string[] = ['.wcn.id']

/** A suffix as the server writes one: a dot, then dot-separated labels of a-z, 0-9 and '-'. */
const isSuffix = (value: unknown): value is string => typeof value === 'string' && value.length <= 60 && /^(\.[a-z0-9-]+)+$/.test(value)

/** The server's `nameService` entry of the project's configuration, when it is an object. */
function nameServiceConfig(core: Core): { suffix?: unknown; legacySuffixes?: unknown } | undefined {
  const config = core.options.state.features.nameService
  return typeof config === 'object' && config ? (config as { suffix?: unknown; legacySuffixes?: unknown }) : undefined
}

/**
 * Every suffix the name service answers for: its own (see {@link nameSuffix}) first, then the
 * legacy ones it still resolves (its `legacySuffixes`, else spec §9's `.wcn.id`), as the server's
 * NameService does.
 *
 * @example nameSuffixes(core) // ['.reown.id', '.wcn.id']
 */
export function nameSuffixes(core: Core): string[] {
  const primary = nameSuffix(core)
  const listed = nameServiceConfig(core)?.legacySuffixes
  const legacy = Array.isArray(listed) ? listed.slice(0, 10).filter(isSuffix) : DEFAULT_LEGACY_NAME_SUFFIXES
  return [primary, ...legacy.filter(s => s !== primary)]
}

/**
 * The own part of `name` when it is a name of the service under any of its suffixes, legacy ones
 * included (lower case), else undefined: `alice.wcn.id` and `alice.reown.id` are the same name.
 *
 * @example serviceNameLabel(core, 'Alice.wcn.id') // 'alice'
 */
export function serviceNameLabel(core: Core, name: string): string | undefined {
  const lower = name.trim().toLowerCase()
  const suffix = nameSuffixes(core).find(s => lower.endsWith(s) && lower.length > s.length)
  return suffix ? lower.slice(0, -suffix.length) : undefined
}

/** The names client on the site's blockchain data API (its own chunk, loaded once). */
export function namesClient(core: Core): Promise<NamesClient> {
  const opts = core.adapterContext.options()
  const urls = opts.services
  if (!urls)
    return Promise.reject(
      new WalletModalError('NAMES_FOR_ADDRESS_FAILED', {
        shortMessage: NAME_ERROR_MESSAGES.NAMES_FOR_ADDRESS_FAILED,
        details: 'no blockchain data API configured'
      })
    )
  const made = getOrMake(core.runtime.slots, NAMES_CLIENT, () =>
    Promise.all([core.loadHttp(), import('../api/NamesClient.js')]).then(([http, m]) => m.createNamesClient(http, urls.blockchainApiUrl, opts.projectId))
  )
  made.catch(() => {
    if (core.runtime.slots.get(NAMES_CLIENT) === made) core.runtime.slots.delete(NAMES_CLIENT)
  })
  return made
}

const isCachedName = (v: unknown): v is { name: string | null } => !!v && typeof v === 'object' && 'name' in v

/**
 * Looks up the name service's name of `address` (spec §7 reverse lookup; the first name is the
 * one Account shows), cached 5 minutes (spec §9). A failure leaves Account on the identity name
 * or the address, and is logged as 'Error fetching names for address' (with the service's reason).
 */
export async function fetchProfileName(core: Core, address: string): Promise<void> {
  const key = STORAGE_KEYS.profileName(address)
  const cached = core.storage.get(key, isCachedName, CACHE_MS.names)
  if (cached) {
    if (core.chain.activeAccount().address === address) core.blockchainApi.setProfileName(address, cached.name ?? undefined)
    return
  }
  try {
    // The connected account asks about itself: it is also the sender (spec §7).
    const names = await (await namesClient(core)).reverse(address, address)
    const name = names[0]?.name
    core.storage.set(key, { name: name ?? null })
    if (core.chain.activeAccount().address === address) core.blockchainApi.setProfileName(address, name)
  } catch (err) {
    warnUnlessDestroyed(
      core,
      NAME_ERROR_MESSAGES.NAMES_FOR_ADDRESS_FAILED,
      new WalletModalError('NAMES_FOR_ADDRESS_FAILED', { shortMessage: NAME_ERROR_MESSAGES.NAMES_FOR_ADDRESS_FAILED, details: reasonOf(err), cause: err })
    )
  }
}

/** Records a name just registered for `address`: Account shows it at once and after a reload. */
export function rememberProfileName(core: Core, address: string, name: string): void {
  core.storage.set(STORAGE_KEYS.profileName(address), { name })
  if (core.chain.activeAccount().address === address) core.blockchainApi.setProfileName(address, name)
}
