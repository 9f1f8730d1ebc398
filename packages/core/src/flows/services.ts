import type { Core } from '../core/Core.js'
import { isWalletModalError } from '../errors/WalletModalError.js'
import { reportError } from './telemetry.js'
import { prefetchWalletLists } from './walletLists.js'

/**
 * True when `origin` is allowed by a pattern: exact, or with `*` standing for one host label or
 * the port (`http://127.0.0.1:*`, `https://*.example.com`).
 */
export function originAllowed(origin: string, patterns: readonly string[]): boolean {
  return patterns.some(p => {
    if (p === origin || p === '*') return true
    if (!p.includes('*')) return false
    const re = new RegExp(
      `^${p
        .split('*')
        .map(part => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^./]+')}$`
    )
    return re.test(origin)
  })
}

function statusOf(err: unknown): number | undefined {
  return isWalletModalError(err, 'HTTP_ERROR') ? (err as unknown as { status?: number }).status : undefined
}

/**
 * Starts what depends on the configured services (spec §4 and §8), once: the allowed-origins
 * check (429 -> rate-limited alert, 500-599 -> server-error alert, any other failure -> an empty
 * list: nothing is forbidden and no alert shows), the remote feature configuration (wins over
 * local settings; a 403, the services' answer to a project id they do not know, shows the
 * project-id-not-configured alert), the analytics config (off on failure), the supported chains,
 * and the prefetch of the wallet lists.
 */
export async function initServices(core: Core): Promise<void> {
  const api = await core.loadServices()
  if (!api) return
  const origin = globalThis.location?.origin
  const checkOrigins = (async (): Promise<boolean> => {
    let allowed: string[] = []
    try {
      allowed = await api.getAllowedOrigins()
    } catch (err) {
      const status = statusOf(err)
      if (status === 429) core.alert.show('RATE_LIMITED')
      else if (status !== undefined && status >= 500 && status <= 599) core.alert.show('SERVER_ERROR')
      return false
    }
    const forbidden = !!origin && allowed.length > 0 && !originAllowed(origin, allowed)
    if (forbidden) core.alert.show('INVALID_APP_CONFIGURATION')
    return forbidden
  })()
  const remoteConfig = (async () => {
    try {
      core.options.applyRemoteFeatures(await api.getProjectConfig())
    } catch (err) {
      if (statusOf(err) === 403) core.alert.show('PROJECT_ID_NOT_CONFIGURED')
      console.warn('[wallet-modal] remote configuration unavailable; local settings apply', err)
    }
  })()
  const analytics = (async () => {
    let remote = false
    try {
      remote = await api.getAnalyticsConfig()
    } catch {
      remote = false
    }
    await remoteConfig
    core.telemetry.setEnabled(core.options.isEnabled('analytics'), remote)
  })()
  const chains = (async () => {
    try {
      core.blockchainApi.setSupportedChains(await api.getSupportedChains())
    } catch {
      // Unknown support: balance calls are tried and fail visibly instead.
    }
  })()
  const [forbidden] = await Promise.all([checkOrigins, remoteConfig, analytics, chains])
  // Reported once per page, after the analytics gates are known (spec §8: forbidden flag once).
  if (forbidden && core.telemetry.takeForbiddenReport()) await reportError(core, 'INVALID_APP_CONFIGURATION', `origin ${origin} is not allowed`)
  await prefetchWalletLists(core)
}
