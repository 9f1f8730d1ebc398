import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { SocialProvider } from '@wallet-modal/wire'
import Fastify, { type FastifyRequest } from 'fastify'
import { createPaymasters } from '../bundler/createPaymasters.js'
import type { ChainConfig } from '../config/ServerConfig.js'
import { ApiError } from '../http/ApiError.js'
import { clientKey } from '../http/clientKey.js'
import { loadEmbeddedWalletChains } from './loadEmbeddedWalletChains.js'
import { EmbeddedAccounts } from './EmbeddedAccounts.js'
import type { KeyVault } from './KeyVault.js'
import { createMailer, type MailConfig } from './Mailer.js'
import { accountRoutes } from './routes/accountRoutes.js'
import { emailLoginRoutes } from './routes/emailLoginRoutes.js'
import { exportRoutes } from './routes/exportRoutes.js'
import { pageRoutes } from './routes/pageRoutes.js'
import { type SecureSiteAssets, secureRoutesContext } from './routes/secureRoutesContext.js'
import { prepareSecureApp } from './routes/prepareSecureApp.js'
import { signingRoutes } from './routes/signingRoutes.js'
import type { SecureSiteContext } from './SecureSiteContext.js'
import { socialLoginRoutes } from './routes/socialLoginRoutes.js'
import { FarcasterLogins, type FarcasterConfig } from './social/FarcasterLogins.js'
import { SocialLogins } from './social/SocialLogins.js'
import type { SocialClientConfig } from './social/socialProviders.js'

/** Options of the secure site (the embedded wallet's origin), part of `createServer`'s options. */
export interface SecureSiteOptions {
  /** TCP port of the secure site's own origin (default: a free one). */
  port?: number
  /** Its external base URL when behind a proxy (its own host in production). */
  publicUrl?: string
  /** Where its e-mail goes out (codes, device approvals). */
  mail: MailConfig
  /** Seals the users' keys; see {@link KeyVault.fromEnv}. */
  vault: KeyVault
  /** Requests one client may make per minute (default 300). */
  requestsPerMinute?: number
  /** E-mails (codes, links) one client may trigger per 10 minutes (default 20). */
  mailsPerTenMinutes?: number
  /**
   * The social providers visitors may log in with: the operator's app (client id and secret) at
   * each; only these are offered. The real providers' endpoints unless `issuer` or `endpoints`
   * name others (the devnet's local OpenID provider).
   */
  socials?: Partial<Record<SocialProvider, SocialClientConfig>>
  /** Sign In With Farcaster: its relay and how custody is checked. Off when absent. */
  farcaster?: FarcasterConfig
}

export type { SecureSiteContext } from './SecureSiteContext.js'

/** The running secure site. */
export interface SecureSite {
  /** Its origin, e.g. `http://127.0.0.1:8788`. */
  url: string
  /** The accounts it keeps (for tests and tooling). */
  accounts: EmbeddedAccounts
  /**
   * The chains it signs on and reads through: the configured `chains`, else the built-in set
   * ({@link loadEmbeddedWalletChains}). The server's RPC proxy and blockchain API serve the same ones,
   * so the modal can read every chain the wallet signs on.
   */
  chains: readonly ChainConfig[]
  /** The social providers it is configured for, and farcaster when it is (the modal offers these). */
  socials: (SocialProvider | 'farcaster')[]
  close(): Promise<void>
}

/** The secure site's browser script and stylesheet, built by rollup next to the server's files. */
function findAssets(): SecureSiteAssets | undefined {
  for (const dir of ['./secure-site/', '../../dist/secure-site/']) {
    const js = fileURLToPath(new URL(`${dir}secure-site.js`, import.meta.url))
    const css = fileURLToPath(new URL(`${dir}secure-site.css`, import.meta.url))
    if (existsSync(js) && existsSync(css)) return { js: readFileSync(js, 'utf8'), css: readFileSync(css, 'utf8') }
  }
  return undefined
}

/**
 * Starts the secure site: the embedded wallet's own origin (own port; own host in production),
 * the only place its keys are used. It serves the frame the modal loads (protocol, code entry,
 * approval, key export pages) and their JSON API; the site's page never sees a key, a code or a
 * session token. Its routes are in `routes/`, one file per group, sharing one
 * `SecureRoutesContext`; request bodies are checked by their routes' valibot schemas.
 *
 * - Pages carry a CSP with `frame-ancestors` set to the project's allowed origins and no inline
 *   script; the page origin the frame talks to must be one of them.
 * - The API takes the session as a bearer token the frame keeps in its own origin's storage, and
 *   refuses requests whose `Origin` is not the secure site (no CORS, no cookies: nothing ambient
 *   a page elsewhere could ride on).
 * - Codes: 6 digits, stored as keyed digests bound to the device (login) or session (e-mail
 *   change) that asked, 10 minutes, 5 tries, 30 s between sends, 10 wrong codes per address a
 *   day; e-mail by SMTP; a new device of a known address is approved from an e-mailed link.
 * - Sessions: made for one project (the frame names it in `x-wm-project`), 7 days idle and 30
 *   days at most; all of an account's end on "log out everywhere" and on an e-mail change.
 *
 * @param options - Port, mail, vault and limits.
 * @param ctx - The server's store, configuration and projects.
 */
export async function startSecureSite(options: SecureSiteOptions, ctx: SecureSiteContext): Promise<SecureSite> {
  let origin = ''
  const accounts = new EmbeddedAccounts(ctx.store, options.vault)
  const social = new SocialLogins(ctx.store, accounts, options.socials ?? {}, () => origin)
  const farcaster = options.farcaster ? new FarcasterLogins(ctx.store, accounts, options.farcaster, () => origin) : undefined
  const mailer = createMailer(options.mail)
  const assets = findAssets()
  // The configured chains, else the built-in set (spec §9: about 25 EVM and 3 Solana chains).
  const served = await loadEmbeddedWalletChains(ctx.config.chains)
  // Smart accounts where the chain has the contracts and a bundler to send through.
  const smartChains = served.filter(c => c.smartAccounts && ctx.bundlers.has(c.caipNetworkId))
  const paymasters = createPaymasters(smartChains, ctx.store, ctx.upstreamTimeoutMs)
  const app = Fastify({
    logger: false,
    bodyLimit: 256 * 1024,
    forceCloseConnections: true,
    requestTimeout: 30_000,
    // Behind a proxy, request.ip (and so every per-client limit) is the visitor's, not the proxy's.
    ...(ctx.trustProxy === undefined ? {} : { trustProxy: ctx.trustProxy })
  })
  await prepareSecureApp(app, options.requestsPerMinute ?? 300)

  // The API: same-origin calls of the secure site's own script only.
  app.addHook('onRequest', async request => {
    if (!request.url.startsWith('/api/')) return
    const from = request.headers.origin
    if (from !== undefined && from !== origin) throw new ApiError(403, 'The secure site answers its own pages only')
  })

  const routes = secureRoutesContext({
    server: ctx,
    accounts,
    mailer,
    social,
    farcaster,
    assets,
    chains: served,
    smartChains,
    paymasters,
    // E-mails (codes, device links) have their own, lower limit per client.
    mailLimit: {
      rateLimit: { max: options.mailsPerTenMinutes ?? 20, timeWindow: 600_000, keyGenerator: (r: FastifyRequest) => `mail|${clientKey(r.ip)}` }
    },
    origin: () => origin
  })
  pageRoutes(app, routes)
  emailLoginRoutes(app, routes)
  accountRoutes(app, routes)
  signingRoutes(app, routes)
  exportRoutes(app, routes)
  socialLoginRoutes(app, routes)

  app.addHook('onClose', async () => mailer.close())
  await app.listen({ port: options.port ?? 0, host: ctx.host })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  origin = options.publicUrl?.replace(/\/$/, '') ?? `http://${ctx.host.includes(':') ? `[${ctx.host}]` : ctx.host}:${port}`
  return { url: origin, accounts, chains: served, socials: [...social.offered(), ...(farcaster ? (['farcaster'] as const) : [])], close: () => app.close() }
}
