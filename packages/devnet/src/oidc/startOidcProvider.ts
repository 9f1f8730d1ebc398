import { createPrivateKey, generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Adapter, AdapterPayload } from 'oidc-provider'
import { escapeHtml } from '../server/standInHttp.js'

/** The social providers the local OpenID provider stands in for (spec §1). */
export const DEVNET_SOCIALS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
/** One of {@link DEVNET_SOCIALS}. */
export type DevnetSocial = (typeof DEVNET_SOCIALS)[number]

/** A person a tester can log in as on the local provider's page. */
export interface DevnetSocialUser {
  /** The stable subject (what identities are keyed by). */
  sub: string
  name: string
  /** The username a social login shows (discord-style names end in 0 for some). */
  username: string
  email: string
}

/** The test users offered on the login page. */
export const DEVNET_SOCIAL_USERS: readonly DevnetSocialUser[] = [
  { sub: 'alice-0001', name: 'Alice Devnet', username: 'alice', email: 'alice@devnet.local' },
  { sub: 'bob-0002', name: 'Bob Devnet', username: 'bob0', email: 'bob@devnet.local' },
  { sub: 'carol-0003', name: 'Carol Devnet', username: 'carol.with.a.rather.long.username', email: 'carol@devnet.local' }
]

/** Options of {@link startOidcProvider}. */
export interface OidcProviderOptions {
  /** TCP port (default: a free one). */
  port?: number
  /** Redirect URIs every client may use (the secure site's callback). */
  redirectUris: string[]
}

/** The running local OpenID provider. */
export interface DevnetOidcProvider {
  /** The issuer, e.g. `http://127.0.0.1:9000`. */
  issuer: string
  /** Client id and secret of the stand-in for each social provider. */
  clients: Record<DevnetSocial, { clientId: string; clientSecret: string }>
  close(): Promise<void>
}

function loginPage(uid: string, client: string): string {
  const social = client.replace(/^devnet-/, '')
  const buttons = DEVNET_SOCIAL_USERS.map(
    u =>
      `<li><form method="post" action="/interaction/${escapeHtml(uid)}/login"><input type="hidden" name="user" value="${escapeHtml(u.sub)}"><button type="submit">${escapeHtml(u.name)} <small>@${escapeHtml(u.username)}</small></button></form></li>`
  ).join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Log in with ${escapeHtml(social)} (devnet)</title></head>
<body><main><h1>Log in with ${escapeHtml(social)}</h1><p>The devnet's stand-in for ${escapeHtml(social)}: pick a test user.</p><ul>${buttons}</ul></main></body></html>`
}

/**
 * The provider's storage: in this process's memory, by design (a stand-in's sessions need not
 * outlive it). Written here so the library's "quick start adapter" warning does not fire.
 */
function memoryAdapter(): new (name: string) => Adapter {
  const store = new Map<string, { payload: AdapterPayload; expires: number }>()
  const live = (key: string) => {
    const hit = store.get(key)
    if (hit && hit.expires <= Date.now()) store.delete(key)
    return store.get(key)?.payload
  }
  return class implements Adapter {
    constructor(private readonly name: string) {}
    private key(id: string) {
      return `${this.name}:${id}`
    }
    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      store.set(this.key(id), { payload, expires: Date.now() + expiresIn * 1000 })
      if (payload.uid) store.set(`${this.name}:uid:${payload.uid}`, { payload: { ...payload, jti: id }, expires: Date.now() + expiresIn * 1000 })
    }
    async find(id: string) {
      return live(this.key(id))
    }
    async findByUid(uid: string) {
      const hit = live(`${this.name}:uid:${uid}`)
      return hit?.jti ? live(this.key(hit.jti)) : undefined
    }
    async findByUserCode() {
      return undefined
    }
    async consume(id: string) {
      const hit = live(this.key(id))
      if (hit) hit.consumed = Math.floor(Date.now() / 1000)
    }
    async destroy(id: string) {
      store.delete(this.key(id))
    }
    async revokeByGrantId(grantId: string) {
      for (const [k, v] of store) if (v.payload.grantId === grantId) store.delete(k)
    }
  }
}

/**
 * Loads oidc-provider, whose import warns that Node 20 is not its supported runtime (it runs on
 * it: tested here). That one line is kept out of the devnet's output.
 */
async function loadProvider(): Promise<typeof import('oidc-provider')> {
  const warn = console.warn
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('oidc-provider WARNING: Unsupported runtime')) return
    warn(...args)
  }
  try {
    return await import('oidc-provider')
  } finally {
    console.warn = warn
  }
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = ''
  for await (const chunk of req) {
    body += chunk
    if (body.length > 4096) break
  }
  return new URLSearchParams(body)
}

/**
 * A local OpenID Connect provider (`oidc-provider`) standing in for google, github, apple,
 * facebook, x and discord on the devnet: one issuer, one confidential client per social
 * provider (`devnet-google`, ...), PKCE required, and a login page where a person picks a test
 * user. Consent is granted without a page (the stand-in's users consent to everything).
 * Listens on 127.0.0.1 only.
 *
 * @example
 * ```ts
 * const oidc = await startOidcProvider({ redirectUris: ['http://127.0.0.1:8788/social/callback'] })
 * // the secure site then uses oidc.issuer with oidc.clients.google
 * ```
 */
export async function startOidcProvider(options: OidcProviderOptions): Promise<DevnetOidcProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined
  const server = createServer((req, res) => {
    if (!handler) return void res.writeHead(503).end()
    handler(req, res)
  })
  await new Promise<void>(resolve => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const clients = Object.fromEntries(
    DEVNET_SOCIALS.map(s => [s, { clientId: `devnet-${s}`, clientSecret: `devnet-${s}-secret` }])
  ) as DevnetOidcProvider['clients']
  const { default: Provider, interactionPolicy } = await loadProvider()
  // The stand-in asks which test user on every login, as the picker is its point (a provider's
  // remembered session would keep whoever logged in first).
  const policy = interactionPolicy.base()
  policy
    .get('login')!
    .checks.add(
      new interactionPolicy.Check('pick_test_user', 'the devnet asks which test user on every login', ctx =>
        ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT
      )
    )
  const provider = new Provider(issuer, {
    adapter: memoryAdapter(),
    // Short lives, set explicitly (the library asks for that): a login takes minutes at most.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    clients: DEVNET_SOCIALS.map(s => ({
      client_id: clients[s].clientId,
      client_secret: clients[s].clientSecret,
      redirect_uris: options.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code']
    })),
    pkce: { required: () => true },
    // A signing key of its own per run (the library's built-in one is for quick starts only).
    jwks: {
      keys: [
        {
          ...signingJwk(),
          use: 'sig',
          alg: 'RS256',
          kid: randomBytes(8).toString('hex')
        }
      ] as never
    },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const user = DEVNET_SOCIAL_USERS.find(u => u.sub === sub)
      if (!user) return undefined
      return {
        accountId: sub,
        claims: async () => ({ sub, email: user.email, email_verified: true, name: user.name, preferred_username: user.username })
      }
    }
  })
  const oidc = provider.callback()
  const redirectOrigins = [...new Set(options.redirectUris.map(u => new URL(u).origin))].join(' ')
  handler = (req, res) => {
    const url = new URL(req.url ?? '/', issuer)
    const match = /^\/interaction\/([A-Za-z0-9_-]+)(\/login)?$/.exec(url.pathname)
    if (!match) return void oidc(req, res)
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res)
        if (details.prompt.name === 'consent') {
          // The stand-in's users consent to what the client asks.
          const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string })
          const missing = details.prompt.details.missingOIDCScope as string[] | undefined
          if (missing) grant.addOIDCScope(missing.join(' '))
          const claims = details.prompt.details.missingOIDCClaims as string[] | undefined
          if (claims) grant.addOIDCClaims(claims)
          return void (await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true }))
        }
        if (match[2] && req.method === 'POST') {
          const sub = (await readForm(req)).get('user') ?? ''
          if (!DEVNET_SOCIAL_USERS.some(u => u.sub === sub)) return void res.writeHead(400, { 'content-type': 'text/plain' }).end('Unknown test user')
          return void (await provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false }))
        }
        // form-action covers the redirects that follow the form (Chromium checks each hop): the
        // login ends at a client's redirect URI.
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': `default-src 'none'; form-action 'self' ${redirectOrigins}; frame-ancestors 'none'`
        })
        res.end(loginPage(details.uid, String(details.params.client_id ?? '')))
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(`Login failed: ${(error as Error).message}`)
      }
    })()
  }
  return {
    issuer,
    clients,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

/**
 * A fresh RSA signing key as a private JWK. The key is encoded as PEM by the generation itself
 * and read back before it is exported: exporting the KeyObject that generateKeyPairSync returns
 * can hang the process for good (docs/repository.md, "Node's key-export deadlock").
 */
function signingJwk(): JsonWebKey {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' }
  })
  return createPrivateKey(privateKey).export({ format: 'jwk' })
}
