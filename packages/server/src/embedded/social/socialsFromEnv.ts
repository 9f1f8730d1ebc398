import { SOCIAL_PROVIDERS, type SocialProvider } from '@wallet-modal/wire'
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
