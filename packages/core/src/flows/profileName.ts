import type { Core } from '../createCore.js'
import type { NamesClient } from '../api/NamesClient.js'
import { WalletModalError } from '../errors/WalletModalError.js'
import { NAME_ERROR_MESSAGES } from '../errors/nameCodes.js'
import { CACHE_MS } from '../controllers/BlockchainApiController.js'
import { STORAGE_KEYS } from '../utils/storage.js'
import { warnUnlessDestroyed } from '../utils/warnUnlessDestroyed.js'
import { reasonOf } from '../api/serviceReason.js'

/** Spec §9: the suffix names are registered under when the service does not name its own. */
export const DEFAULT_NAME_SUFFIX = '.reown.id'

/**
 * The suffix account names are registered under: the one the project's configuration names (the
 * server's `nameService` entry), else the spec's `.reown.id`.
 *
 * @example nameSuffix(core) // '.walletmodal.id'
 */
export function nameSuffix(core: Core): string {
  const config = core.options.state.features.nameService as { suffix?: unknown } | undefined
  const suffix = typeof config === 'object' && config && typeof config.suffix === 'string' ? config.suffix : undefined
  return suffix && /^(\.[a-z0-9-]+)+$/.test(suffix) ? suffix : DEFAULT_NAME_SUFFIX
}

/** The names client on the site's blockchain data API (its own chunk, loaded once). */
export function namesClient(core: Core): Promise<NamesClient> {
  const opts = core.adapterContext.options()
  const urls = opts.services
  if (!urls) return Promise.reject(new WalletModalError('NAMES_FOR_ADDRESS_FAILED', { shortMessage: NAME_ERROR_MESSAGES.NAMES_FOR_ADDRESS_FAILED, details: 'no blockchain data API configured' }))
  const made = (core.runtime.names ??= Promise.all([core.loadHttp(), import('../api/NamesClient.js')]).then(([http, m]) => m.createNamesClient(http, urls.blockchainApiUrl, opts.projectId)))
  made.catch(() => {
    if (core.runtime.names === made) core.runtime.names = undefined
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
    warnUnlessDestroyed(core, NAME_ERROR_MESSAGES.NAMES_FOR_ADDRESS_FAILED, new WalletModalError('NAMES_FOR_ADDRESS_FAILED', { shortMessage: NAME_ERROR_MESSAGES.NAMES_FOR_ADDRESS_FAILED, details: reasonOf(err), cause: err }))
  }
}

/** Records a name just registered for `address`: Account shows it at once and after a reload. */
export function rememberProfileName(core: Core, address: string, name: string): void {
  core.storage.set(STORAGE_KEYS.profileName(address), { name })
  if (core.chain.activeAccount().address === address) core.blockchainApi.setProfileName(address, name)
}
