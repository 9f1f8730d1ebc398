import type { SocialProvider } from '@wallet-modal/wire'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import type { ChainConfig, ProjectConfig } from '../config/ServerConfig.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import type { Store } from '../db/Store.js'
import { openStore } from '../db/openStore.js'
import { EmbeddedAccounts, type EmbeddedAccount } from '../embedded/EmbeddedAccounts.js'
import { KeyVault } from '../embedded/KeyVault.js'
import type { Mail, Mailer } from '../embedded/Mailer.js'
import { type SecureRoutesContext, type SecureSiteAssets, secureRoutesContext } from '../embedded/routes/secureRoutesContext.js'
import { prepareSecureApp } from '../embedded/routes/prepareSecureApp.js'
import { FarcasterLogins, type FarcasterConfig } from '../embedded/social/FarcasterLogins.js'
import { SocialLogins } from '../embedded/social/SocialLogins.js'
import type { SocialClientConfig } from '../embedded/social/socialProviders.js'
import { clientKey } from '../http/clientKey.js'
import { secureSiteClient } from './secureSiteClient.js'

/** The page origin the demo project allows (`http://127.0.0.1:*`). */
export const PAGE_ORIGIN = 'http://127.0.0.1:5173'

/** Options of {@link startSecureRoutes}. */
export interface SecureRoutesOptions {
  /** The chains served (default none). */
  chains?: ChainConfig[]
  /** The projects (default: `demo`, origins `http://127.0.0.1:*`). */
  projects?: ProjectConfig[]
  /** The built script and stylesheet (default: not built). */
  assets?: SecureSiteAssets
  socials?: Partial<Record<SocialProvider, SocialClientConfig>>
  farcaster?: FarcasterConfig
  /** E-mails one client may trigger per 10 minutes (default 1000: not what most tests are about). */
  mailsPerTenMinutes?: number
  /** Time each chain call gets (default 2 s). */
  upstreamTimeoutMs?: number
  /** Port to listen on (default a free one); social logins need it before they start. */
  port?: number
}

/** A running {@link startSecureRoutes}. */
export interface SecureRoutesServer {
  /** Its origin, e.g. `http://127.0.0.1:40123`. */
  url: string
  store: Store
  accounts: EmbeddedAccounts
  /** The context the routes were given. */
  ctx: SecureRoutesContext
  /** Every e-mail sent so far, in order. */
  mails: Mail[]
  /** From now on every e-mail fails with this message (the SMTP server is down); undefined sends again. */
  failMail(message: string | undefined): void
  /** The API as the site's own pages call it (see `secureSiteClient`). */
  client: (token?: string, project?: string) => ReturnType<typeof secureSiteClient>
  /** A person logged in (made on first use) with a session for `project`. */
  signIn(email: string, project?: string): Promise<{ token: string; account: EmbeddedAccount }>
  /** The last e-mail sent to `to`. */
  lastMailTo(to: string): Mail | undefined
  close(): Promise<void>
}

/** The 6-digit code of a code e-mail. */
export const codeIn = (mail: Mail | undefined): string => /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1] ?? ''

/**
 * Starts a Fastify on 127.0.0.1 with the secure site's site-wide setup that its routes rely on
 * (the error handlers, the valibot validator compiler and its missing-body mark, the rate-limit
 * plugin and the form parser, as `startSecureSite` sets them up) and one group of routes,
 * registered with a context made as `startSecureSite` makes it: an in-memory store, a recording
 * mailer, the real social and Farcaster logins when configured. The site's same-origin check and
 * its global per-client limit are not part of any group and are left to `SecureSite.test.ts`.
 *
 * @example
 * ```ts
 * const site = await startSecureRoutes(exportRoutes)
 * const { token } = await site.signIn('ada@example.com')
 * const keys = await site.client(token)('/api/export', {})
 * ```
 *
 * @param routes - The group of routes (`accountRoutes`, `pageRoutes`...).
 * @param options - See {@link SecureRoutesOptions}.
 */
export async function startSecureRoutes(
  routes: (app: FastifyInstance, ctx: SecureRoutesContext) => void,
  options: SecureRoutesOptions = {}
): Promise<SecureRoutesServer> {
  const store = await openStore({})
  let origin = ''
  const config = demoServerConfig({ chains: [], tokens: { DUSD: '0x0', USDT: '0x0' }, origins: ['http://127.0.0.1:*'] })
  if (options.projects) config.projects = options.projects
  config.chains = options.chains ?? []
  const server = {
    store,
    config,
    projects: new Map(config.projects.map(p => [p.id, p])),
    host: '127.0.0.1',
    upstreamTimeoutMs: options.upstreamTimeoutMs ?? 2000,
    bundlers: new Map()
  }
  const accounts = new EmbeddedAccounts(store, new KeyVault(new Uint8Array(32).fill(5)))
  const mails: Mail[] = []
  const state = { failMail: undefined as string | undefined }
  const mailer: Mailer = {
    async send(mail) {
      if (state.failMail) throw new Error(state.failMail)
      mails.push(mail)
    },
    close() {}
  }
  const ctx = secureRoutesContext({
    server,
    accounts,
    mailer,
    social: new SocialLogins(store, accounts, options.socials ?? {}, () => origin),
    farcaster: options.farcaster ? new FarcasterLogins(store, accounts, options.farcaster, () => origin) : undefined,
    assets: options.assets,
    chains: config.chains,
    smartChains: [],
    paymasters: new Map(),
    mailLimit: {
      rateLimit: { max: options.mailsPerTenMinutes ?? 1000, timeWindow: 600_000, keyGenerator: (r: FastifyRequest) => `mail|${clientKey(r.ip)}` }
    },
    origin: () => origin
  })

  const app = Fastify({ logger: false, bodyLimit: 256 * 1024, forceCloseConnections: true })
  try {
    await prepareSecureApp(app, 10_000)
    routes(app, ctx)
    await app.listen({ port: options.port ?? 0, host: '127.0.0.1' })
  } catch (error) {
    await app.close()
    await store.close()
    throw error
  }
  const { port } = app.server.address() as { port: number }
  origin = `http://127.0.0.1:${port}`

  return {
    url: origin,
    store,
    accounts,
    ctx,
    mails,
    failMail(message) {
      state.failMail = message
    },
    client: (token, project) => secureSiteClient(origin, token, project),
    async signIn(email, project = 'demo') {
      const account = await accounts.loginOrCreate(email)
      return { token: await accounts.createSession(account.id, project), account }
    },
    lastMailTo: to => mails.filter(mail => mail.to === to).at(-1),
    async close() {
      await app.close()
      await store.close()
    }
  }
}
