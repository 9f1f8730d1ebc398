import { SOCIAL_PROVIDERS, type SocialProvider } from '@wallet-modal/wire'
import type { FarcasterConfig } from './FarcasterLogins.js'
import type { SocialClientConfig } from './socialProviders.js'

/**
 * The social providers an operator configured in the environment: for each provider P (GOOGLE,
 * GITHUB, APPLE, FACEBOOK, X, DISCORD), `SOCIAL_P_CLIENT_ID` and `SOCIAL_P_CLIENT_SECRET` (the
 * operator's app at that provider), and optionally `SOCIAL_P_ISSUER` (another OpenID provider to
 * discover instead of the real one). Secrets stay out of the config file.
 *
 * @example
 * ```ts
 * const socials = socialsFromEnv(process.env) // { google: { clientId, clientSecret } }
 * ```
 * @throws Error naming the variable when a provider is half configured
 */
export function socialsFromEnv(env: Record<string, string | undefined>): Partial<Record<SocialProvider, SocialClientConfig>> {
  const out: Partial<Record<SocialProvider, SocialClientConfig>> = {}
  for (const provider of SOCIAL_PROVIDERS) {
    const key = `SOCIAL_${provider.toUpperCase()}`
    const clientId = env[`${key}_CLIENT_ID`]?.trim()
    const clientSecret = env[`${key}_CLIENT_SECRET`]?.trim()
    const issuer = env[`${key}_ISSUER`]?.trim()
    if (!clientId && !clientSecret && !issuer) continue
    if (!clientId || !clientSecret) throw new Error(`${provider} login needs both ${key}_CLIENT_ID and ${key}_CLIENT_SECRET`)
    if (issuer && !/^https?:\/\/[^\s]+$/.test(issuer)) throw new Error(`${key}_ISSUER must be an http(s) URL`)
    out[provider] = { clientId, clientSecret, ...(issuer ? { issuer } : {}) }
  }
  return out
}

/**
 * Sign In With Farcaster as the operator configured it: on when `FARCASTER_OPTIMISM_RPC_URL` names
 * an Optimism RPC (custody addresses are read from Farcaster's IdRegistry there); the relay is
 * Farcaster's unless `FARCASTER_RELAY_URL` names another.
 * @throws Error when a URL is not http(s)
 */
export function farcasterFromEnv(env: Record<string, string | undefined>): FarcasterConfig | undefined {
  const optimismRpcUrl = env.FARCASTER_OPTIMISM_RPC_URL?.trim()
  const relayUrl = env.FARCASTER_RELAY_URL?.trim()
  if (!optimismRpcUrl) {
    if (relayUrl) throw new Error('FARCASTER_RELAY_URL needs FARCASTER_OPTIMISM_RPC_URL (where custody addresses are checked)')
    return undefined
  }
  for (const [name, url] of [
    ['FARCASTER_OPTIMISM_RPC_URL', optimismRpcUrl],
    ['FARCASTER_RELAY_URL', relayUrl]
  ] as const) {
    if (url && !/^https?:\/\/\S+$/.test(url)) throw new Error(`${name} must be an http(s) URL`)
  }
  return { optimismRpcUrl, ...(relayUrl ? { relayUrl } : {}) }
}
