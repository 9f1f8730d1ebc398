import { createHash, randomBytes } from 'node:crypto'
import type { SocialProvider } from '@wallet-modal/wire'
import type { Configuration } from 'openid-client'
import type { Store } from '../../db/Store.js'
import { ApiError } from '../../http/ApiError.js'
import type { EmbeddedAccount, EmbeddedAccounts } from '../EmbeddedAccounts.js'
import { resolveSocialProfile, type SocialClientConfig, type SocialProfile, type SocialProviderProfile } from './socialProviders.js'

/** openid-client (about 9 MB resident), loaded with the first social login, not with the server. */
const openIdClient = () => import('openid-client')

/** How long a social login may take from the popup opening to the frame completing it. */
export const SOCIAL_LOGIN_TTL_MS = 10 * 60_000
/** Every call to a provider (discovery, token, user) ends within this. */
export const SOCIAL_PROVIDER_TIMEOUT_S = 10

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)

/** One provider the operator configured, ready to use. */
interface ConfiguredProvider {
  profile: SocialProviderProfile
  config: SocialClientConfig
  /** openid-client's configuration, made (and discovered) on first use. */
  client?: Promise<Configuration>
}

/** The end of a provider's answer: where the popup posts its result, and what it posts. */
export type SocialCallbackOutcome = { origin: string; resultUri: string } | { origin?: string; error: string }

/**
 * The secure site as an OAuth 2.0 / OpenID Connect client of the social providers the operator
 * configured (openid-client): authorization code with PKCE, `state` and (OpenID) `nonce` always.
 *
 * The flow: the secure frame starts a login ({@link start}) with a secret only it holds (the
 * binding); the popup goes to the provider; the provider comes back to the callback
 * ({@link callback}), which checks the state, redeems the code, finds or makes the account of
 * that provider and subject, and gives the popup a one-time result URI to post to the page that
 * asked; the frame completes the login with that URI and its binding ({@link complete}). The
 * site's page carries the URI but cannot use it: it lacks the binding.
 *
 * @example
 * ```ts
 * const social = new SocialLogins(store, accounts, { google: { clientId, clientSecret } }, () => 'https://secure.example.com')
 * const uri = await social.start({ provider: 'google', origin: 'https://shop.example', projectId: 'p', binding })
 * ```
 */
export class SocialLogins {
  private readonly providers = new Map<SocialProvider, ConfiguredProvider>()

  constructor(
    private readonly store: Store,
    private readonly accounts: EmbeddedAccounts,
    configs: Partial<Record<SocialProvider, SocialClientConfig>>,
    /** The secure site's own origin (known once it listens). */
    private readonly secureOrigin: () => string,
    private readonly now: () => number = Date.now
  ) {
    for (const [provider, config] of Object.entries(configs) as [SocialProvider, SocialClientConfig][]) {
      if (config?.clientId) this.providers.set(provider, { profile: resolveSocialProfile(provider, config), config })
    }
  }

  /** The providers the operator configured, the only ones the modal offers. */
  offered(): SocialProvider[] {
    return [...this.providers.keys()]
  }

  private redirectUri(): string {
    return `${this.secureOrigin()}/social/callback`
  }

  private configuration(provider: SocialProvider): Promise<Configuration> {
    const p = this.providers.get(provider)
    if (!p) throw new ApiError(400, `${provider} login is not configured here`)
    p.client ??= this.makeConfiguration(p).catch(error => {
      // Not kept: the provider may be reachable on the next try.
      p.client = undefined
      throw error
    })
    return p.client
  }

  private async makeConfiguration({ profile, config }: ConfiguredProvider): Promise<Configuration> {
    const client = await openIdClient()
    const auth = client.ClientSecretPost(config.clientSecret)
    const url = new URL(profile.issuer ?? profile.endpoints!.authorization)
    // Plain http only for a provider on this machine (the devnet's stand-in).
    const execute = url.protocol === 'http:' && isLoopback(url) ? [client.allowInsecureRequests] : []
    if (profile.issuer) {
      return client.discovery(new URL(profile.issuer), config.clientId, undefined, auth, { execute, timeout: SOCIAL_PROVIDER_TIMEOUT_S })
    }
    const e = profile.endpoints!
    const c = new client.Configuration(
      { issuer: new URL(e.authorization).origin, authorization_endpoint: e.authorization, token_endpoint: e.token },
      config.clientId,
      undefined,
      auth
    )
    c.timeout = SOCIAL_PROVIDER_TIMEOUT_S
    for (const f of execute) f(c)
    return c
  }

  /**
   * Starts a login: a state, a PKCE verifier and (OpenID) a nonce, kept 10 minutes with the page's
   * origin and the hash of the frame's binding secret.
   * @returns the provider's authorization URL the popup goes to
   */
  async start(input: { provider: SocialProvider; origin: string; projectId: string; binding: string }): Promise<string> {
    const config = await this.configuration(input.provider).catch(error => {
      throw error instanceof ApiError ? error : new ApiError(502, `${input.provider} could not be reached: ${(error as Error).message}`)
    })
    const { profile } = this.providers.get(input.provider)!
    const client = await openIdClient()
    const state = client.randomState()
    const verifier = client.randomPKCECodeVerifier()
    const nonce = profile.issuer ? client.randomNonce() : null
    const id = randomBytes(16).toString('hex')
    await this.store.query('DELETE FROM embedded_social_logins WHERE expires_at < to_timestamp($1 / 1000.0)', [this.now()])
    await this.store.query(
      `INSERT INTO embedded_social_logins (id, provider, state_hash, code_verifier, nonce, origin, project_id, binding_hash, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, to_timestamp($9 / 1000.0))`,
      [id, input.provider, sha256(state), verifier, nonce, input.origin, input.projectId, sha256(input.binding), this.now() + SOCIAL_LOGIN_TTL_MS]
    )
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri(),
      scope: profile.scope,
      state,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...(nonce ? { nonce } : {}),
      ...profile.parameters
    })
    return url.href
  }

  /**
   * The provider's answer (the callback URL, or apple's posted form as its query): the state must
   * be one this site issued and still waiting; the code is redeemed with its verifier; the person
   * is read and their account found or made. The login row is used once, whatever the outcome.
   */
  async callback(url: URL): Promise<SocialCallbackOutcome> {
    const state = url.searchParams.get('state') ?? ''
    const { rows } = await this.store.query<{ id: string; provider: SocialProvider; code_verifier: string | null; nonce: string | null; origin: string }>(
      // Taken once: the verifier is cleared as it is read, so a replayed callback finds nothing.
      `WITH old AS (
         SELECT id, code_verifier FROM embedded_social_logins
         WHERE state_hash = $1 AND code_verifier IS NOT NULL AND expires_at > to_timestamp($2 / 1000.0) FOR UPDATE
       )
       UPDATE embedded_social_logins l SET code_verifier = NULL FROM old WHERE l.id = old.id
       RETURNING l.id, l.provider, l.nonce, l.origin, old.code_verifier`,
      [sha256(state), this.now()]
    )
    const row = rows[0]
    if (!state || !row?.code_verifier) return { error: 'This login is unknown, expired or already used: start it again from the site' }
    const fail = async (error: string): Promise<SocialCallbackOutcome> => {
      await this.store.query('DELETE FROM embedded_social_logins WHERE id = $1', [row.id])
      return { origin: row.origin, error }
    }
    const denied = url.searchParams.get('error')
    if (denied) return fail(denied === 'access_denied' ? 'The login was cancelled' : `The provider refused the login: ${denied.slice(0, 100)}`)
    let profile: SocialProfile
    try {
      profile = await this.identify(row.provider, url, { verifier: row.code_verifier, state, nonce: row.nonce ?? undefined })
    } catch (error) {
      return fail(`The ${row.provider} login failed: ${((error as Error).message ?? 'unknown error').slice(0, 160)}`)
    }
    const account = await this.accounts.loginOrCreateSocial(row.provider, profile)
    const code = randomBytes(24).toString('base64url')
    await this.store.query('UPDATE embedded_social_logins SET result_hash = $2, user_id = $3 WHERE id = $1', [row.id, sha256(code), account.id])
    return { origin: row.origin, resultUri: `${this.secureOrigin()}/social/result?login=${row.id}&code=${code}` }
  }

  /** Redeems the code (PKCE, state, nonce checked by openid-client) and reads who the person is. */
  private async identify(provider: SocialProvider, url: URL, checks: { verifier: string; state: string; nonce?: string }): Promise<SocialProfile> {
    const config = await this.configuration(provider)
    const client = await openIdClient()
    const { profile } = this.providers.get(provider)!
    // The callback URL as the provider sent it (openid-client compares it with the redirect URI).
    const current = new URL(this.redirectUri())
    current.search = url.search
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: checks.verifier,
      expectedState: checks.state,
      ...(checks.nonce ? { expectedNonce: checks.nonce } : {}),
      idTokenExpected: !!profile.issuer
    })
    if (profile.issuer) {
      const claims = tokens.claims() as Record<string, unknown> | undefined
      const sub = typeof claims?.sub === 'string' ? claims.sub : undefined
      if (!sub) throw new Error('no subject in the id token')
      // Apple has no userinfo endpoint: its id token says it all.
      const info = config.serverMetadata().userinfo_endpoint ? await client.fetchUserInfo(config, tokens.access_token, sub) : {}
      return profile.profileOf({ ...claims, ...info })
    }
    const response = await client.fetchProtectedResource(config, tokens.access_token, new URL(profile.endpoints!.user), 'GET')
    if (!response.ok) throw new Error(`the user resource answered ${response.status}`)
    return profile.profileOf((await response.json()) as Record<string, unknown>)
  }

  /**
   * Completes a login in the frame that started it: the result URI's login id and code, and the
   * frame's binding secret. Used once.
   * @throws ApiError 400 when the result is unknown, used, expired or not this frame's
   */
  async complete(input: { resultUri: string; binding: string }): Promise<EmbeddedAccount> {
    let login = ''
    let code = ''
    try {
      const u = new URL(input.resultUri)
      if (u.origin === this.secureOrigin() && u.pathname === '/social/result') {
        login = u.searchParams.get('login') ?? ''
        code = u.searchParams.get('code') ?? ''
      }
    } catch {
      // refused below
    }
    const { rows } = await this.store.query<{ user_id: string }>(
      `DELETE FROM embedded_social_logins
       WHERE id = $1 AND result_hash = $2 AND binding_hash = $3 AND expires_at > to_timestamp($4 / 1000.0) AND user_id IS NOT NULL
       RETURNING user_id`,
      [login, sha256(code), sha256(input.binding), this.now()]
    )
    const account = rows[0] ? await this.accounts.byId(rows[0].user_id) : undefined
    if (!account) throw new ApiError(400, 'This social login could not be completed: start it again')
    return account
  }
}
