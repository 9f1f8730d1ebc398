import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ChainConfig, ProjectConfig } from '../../config/ServerConfig.js'
import { isOriginAllowed } from '../../config/originMatches.js'
import type { VerifyingPaymaster } from '../../bundler/VerifyingPaymaster.js'
import { ApiError } from '../../http/ApiError.js'
import type { EmbeddedAccount, EmbeddedAccounts, OtpBinding, OtpPurpose } from '../EmbeddedAccounts.js'
import { evmChainId } from '../embeddedSmartAccount.js'
import type { Mailer } from '../Mailer.js'
import type { SecureSiteContext } from '../SecureSiteContext.js'
import type { FarcasterLogins } from '../social/FarcasterLogins.js'
import type { SocialLogins } from '../social/SocialLogins.js'

/**
 * The header in which the secure site's script names the project its frame was opened for: a
 * session works only for the project it was made for.
 */
export const PROJECT_HEADER = 'x-wm-project'

/** The secure site's browser script and stylesheet (absent when the site is not built). */
export interface SecureSiteAssets {
  js: string
  css: string
}

/** A session of the secure site, as a route reads it. */
export interface SecureSession {
  token: string
  account: EmbeddedAccount
  projectId: string
}

/**
 * The user as the frame reads them: e-mail or social login, the keys' addresses, and the eip155
 * chains where they also have a smart account (spec §3 smart-account-enabled networks; which
 * address is shown is the frame's choice, by the preferred account type).
 */
export interface SecureSiteUser {
  email: string | undefined
  provider?: string
  userName?: string
  addresses: EmbeddedAccount['addresses']
  smartAccountNetworks: number[]
  /** The eip155 chains served here: where wallet_getAssets answers (EIP-7811 assetDiscovery). */
  evmNetworks: number[]
}

/** What `startSecureSite` builds once and hands to each group of routes. */
export interface SecureRoutesParts {
  /** The server's store, configuration, projects and chain services. */
  server: SecureSiteContext
  accounts: EmbeddedAccounts
  mailer: Mailer
  social: SocialLogins
  /** Sign In With Farcaster, when configured. */
  farcaster: FarcasterLogins | undefined
  assets: SecureSiteAssets | undefined
  /** The chains it signs on and reads through (the configured ones, else the built-in set). */
  chains: readonly ChainConfig[]
  /** Of those, the chains with smart-account contracts and a bundler. */
  smartChains: readonly ChainConfig[]
  /** The operator's paymasters by CAIP-2 id. */
  paymasters: ReadonlyMap<string, VerifyingPaymaster>
  /** Route config of the routes that send e-mail: their own, lower per-client limit. */
  mailLimit: { rateLimit: { max: number; timeWindow: number; keyGenerator: (request: FastifyRequest) => string } }
  /** The site's own origin (known once it listens). */
  origin: () => string
}

/** The shared context of the secure site's routes: its parts and the checks every group uses. */
export interface SecureRoutesContext extends SecureRoutesParts {
  /** The served chains by CAIP-2 id. */
  chainsById: ReadonlyMap<string, ChainConfig>
  /** The served eip155 chains. */
  evmChains: readonly ChainConfig[]
  /** The user as the frame reads them. */
  user(account: EmbeddedAccount): SecureSiteUser
  /** Sets the headers of an HTML answer: the CSP (with `frame-ancestors` as given), no sniffing, no referrer, no store. */
  securityHeaders(reply: FastifyReply, ancestors: string): FastifyReply
  /**
   * The session of the request's bearer token, refused (401) when it ended or was made for
   * another project than the frame's. Looked up once per request.
   */
  sessionOf(request: FastifyRequest): Promise<SecureSession>
  /**
   * A `preValidation` hook that looks the session up before the body is checked: a request with
   * neither a session nor a valid body is answered 401, as when the handlers checked both.
   */
  requireSession(request: FastifyRequest): Promise<void>
  /** The project the request's frame was opened for (a new session is made for it); 400 without one. */
  projectOf(request: FastifyRequest): string
  /** The page's origin a frame talks to: one of the project's allowed origins, or the page is refused (403). */
  pageOrigin(query: Record<string, string | undefined>): { project: ProjectConfig; parent: string }
  /** Issues a code and e-mails it; a failed e-mail withdraws the code and answers 503. */
  sendCode(email: string, purpose: OtpPurpose, binding: OtpBinding, newEmail?: string): Promise<void>
}

/**
 * Builds the routes' shared context from what `startSecureSite` made.
 *
 * @param parts - The site's accounts, mailer, logins, chains and origin.
 */
export function secureRoutesContext(parts: SecureRoutesParts): SecureRoutesContext {
  const { server, accounts, mailer } = parts
  const smartAccountNetworks = parts.smartChains.map(evmChainId)
  const evmChains = parts.chains.filter(c => c.caipNetworkId.startsWith('eip155:'))
  const evmNetworks = evmChains.map(evmChainId)
  const sessions = new WeakMap<FastifyRequest, Promise<SecureSession>>()

  const findSession = async (request: FastifyRequest): Promise<SecureSession> => {
    const header = request.headers.authorization ?? ''
    const token = header.startsWith('Bearer ') ? header.slice(7) : ''
    const session = token ? await accounts.session(token) : undefined
    if (!session) throw new ApiError(401, 'Not connected to email or social')
    if (request.headers[PROJECT_HEADER] !== session.projectId) throw new ApiError(401, 'This session was made for another project: log in again')
    return { token, account: session.account, projectId: session.projectId }
  }
  const sessionOf = (request: FastifyRequest): Promise<SecureSession> => {
    let session = sessions.get(request)
    if (!session) sessions.set(request, (session = findSession(request)))
    return session
  }

  return {
    ...parts,
    chainsById: new Map(parts.chains.map(c => [c.caipNetworkId, c])),
    evmChains,
    user: account => ({
      email: account.email ?? account.social?.email,
      ...(account.social ? { provider: account.social.provider, userName: account.social.username } : {}),
      addresses: account.addresses,
      smartAccountNetworks,
      evmNetworks
    }),
    securityHeaders: (reply, ancestors) =>
      reply
        .header(
          'content-security-policy',
          `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors ${ancestors}`
        )
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .header('cache-control', 'no-store'),
    sessionOf,
    requireSession: async request => {
      await sessionOf(request)
    },
    projectOf: request => {
      const id = request.headers[PROJECT_HEADER]
      if (typeof id !== 'string' || !server.projects.has(id)) throw new ApiError(400, `The request names no known project (${PROJECT_HEADER} header)`)
      return id
    },
    pageOrigin: query => {
      const project = server.projects.get(query.projectId ?? '')
      if (!project) throw new ApiError(403, 'Unknown project')
      const parent = query.origin ?? ''
      let normal = ''
      try {
        normal = new URL(parent).origin
      } catch {
        // refused below
      }
      if (!normal || normal !== parent || !isOriginAllowed(parent, project.allowedOrigins)) throw new ApiError(403, 'Origin not allowed for this project')
      return { project, parent }
    },
    sendCode: async (email, purpose, binding, newEmail) => {
      const code = await accounts.issueOtp(email, purpose, binding, newEmail)
      try {
        await mailer.send({
          to: email,
          subject: `${code} is your wallet code`,
          text: `Your code is ${code}.\n\nIt works for 10 minutes. If you did not ask for it, ignore this e-mail: nobody can use your wallet without it.`
        })
      } catch (error) {
        await accounts.dropOtp(email, purpose)
        throw new ApiError(503, (error as Error).message)
      }
    }
  }
}
