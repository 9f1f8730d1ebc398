import type { SocialProvider } from '@wallet-modal/wire'

/** What the secure site needs to be a client of one social provider (the operator's app there). */
export interface SocialClientConfig {
  /** The client id of the operator's app at the provider. */
  clientId: string
  /** Its client secret (for apple: the client-secret JWT the operator signs with their key). */
  clientSecret: string
  /**
   * An OpenID Connect issuer to discover instead of the provider's own endpoints (the devnet's
   * local provider standing in for the real one; any self-hosted OpenID provider).
   */
  issuer?: string
  /** Overrides of the provider's OAuth endpoints (all three, for a provider without discovery). */
  endpoints?: { authorization: string; token: string; user: string }
}

/** Who the provider says the person is: the stable subject, and what to show. */
export interface SocialProfile {
  /** The provider's stable id of the person (identities are keyed by provider and subject). */
  sub: string
  /** The username to show (spec §5 auth name), if the provider has one. */
  username?: string
  /** The e-mail the provider reports, shown when there is no username. */
  email?: string
}

/** How the secure site talks to one provider: OpenID discovery, or plain OAuth 2.0 endpoints. */
export interface SocialProviderProfile {
  /** OpenID issuer (discovered: id token checked, userinfo when the provider has one). */
  issuer?: string
  /** OAuth 2.0 endpoints for providers without OpenID Connect, and the user resource. */
  endpoints?: { authorization: string; token: string; user: string }
  scope: string
  /** Extra authorization parameters (apple posts its answer back). */
  parameters?: Record<string, string>
  /** Reads the person from the id token's claims and userinfo (OpenID) or the user resource (OAuth). */
  profileOf(data: Record<string, unknown>): SocialProfile
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v.slice(0, 200) : typeof v === 'number' ? String(v) : undefined)

function required(sub: string | undefined): string {
  if (!sub) throw new Error('The provider did not say who the person is')
  return sub
}

/** An OpenID Connect provider's claims (the devnet's stand-in, and any issuer the operator names). */
export const openIdProfile = (d: Record<string, unknown>): SocialProfile => ({
  sub: required(str(d.sub)),
  username: str(d.preferred_username) ?? str(d.nickname),
  email: d.email_verified === false ? undefined : str(d.email)
})

/**
 * The real providers' endpoints and how each describes a person (their documented user
 * resources). An operator configures only the client id and secret; `issuer` or `endpoints` in
 * {@link SocialClientConfig} replace these.
 */
export const SOCIAL_PROVIDER_PROFILES: Record<SocialProvider, SocialProviderProfile> = {
  google: { issuer: 'https://accounts.google.com', scope: 'openid email profile', profileOf: openIdProfile },
  apple: {
    issuer: 'https://appleid.apple.com',
    scope: 'openid email',
    // Apple answers with a form POST when scopes are asked for.
    parameters: { response_mode: 'form_post' },
    profileOf: openIdProfile
  },
  github: {
    endpoints: {
      authorization: 'https://github.com/login/oauth/authorize',
      token: 'https://github.com/login/oauth/access_token',
      user: 'https://api.github.com/user'
    },
    scope: 'read:user user:email',
    profileOf: d => ({ sub: required(str(d.id)), username: str(d.login), email: str(d.email) })
  },
  discord: {
    endpoints: {
      authorization: 'https://discord.com/oauth2/authorize',
      token: 'https://discord.com/api/oauth2/token',
      user: 'https://discord.com/api/users/@me'
    },
    scope: 'identify email',
    // Discord's names carry a discriminator ('#0' for the new unique names; spec §5 drops it).
    profileOf: d => ({
      sub: required(str(d.id)),
      username: str(d.username) ? `${str(d.username)}#${str(d.discriminator) ?? '0'}` : undefined,
      email: d.verified === false ? undefined : str(d.email)
    })
  },
  x: {
    endpoints: { authorization: 'https://x.com/i/oauth2/authorize', token: 'https://api.x.com/2/oauth2/token', user: 'https://api.x.com/2/users/me' },
    scope: 'users.read tweet.read',
    profileOf: d => {
      const data = (d.data ?? {}) as Record<string, unknown>
      return { sub: required(str(data.id)), username: str(data.username) }
    }
  },
  facebook: {
    endpoints: {
      authorization: 'https://www.facebook.com/v21.0/dialog/oauth',
      token: 'https://graph.facebook.com/v21.0/oauth/access_token',
      user: 'https://graph.facebook.com/me?fields=id,name,email'
    },
    scope: 'public_profile email',
    profileOf: d => ({ sub: required(str(d.id)), username: str(d.name), email: str(d.email) })
  }
}

/**
 * The profile the secure site uses for a provider the operator configured: their issuer or
 * endpoints when given (read as OpenID claims, or as the provider's own user resource), else the
 * real provider's.
 */
export function resolveSocialProfile(provider: SocialProvider, config: SocialClientConfig): SocialProviderProfile {
  const real = SOCIAL_PROVIDER_PROFILES[provider]
  if (config.issuer) return { issuer: config.issuer, scope: 'openid email profile', profileOf: openIdProfile }
  if (config.endpoints) return { ...real, issuer: undefined, endpoints: config.endpoints }
  return real
}
