import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import rateLimit from '@fastify/rate-limit'
import { base58 } from '@scure/base'
import { ed25519 } from '@noble/curves/ed25519'
import { classifyEmbeddedMethod, EmailSchema, SocialProviderSchema, type SocialProvider } from '@wallet-modal/wire'
import Fastify, { type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import type { Hex } from 'viem'
import * as v from 'valibot'
import type { ChainConfig, ProjectConfig, ServerConfig } from '../config/ServerConfig.js'
import { isOriginAllowed } from '../config/originMatches.js'
import type { Store } from '../db/Store.js'
import { upstreamRpc } from '../chain/upstreamRpc.js'
import { checkLogsCall, MAX_LOGS_BLOCK_RANGE, upstreamHead } from '../chain/logsRangeProblem.js'
import { ApiError } from '../http/ApiError.js'
import { clientKey } from '../http/clientKey.js'
import { installErrorHandlers } from '../http/installErrorHandlers.js'
import { embeddedWalletChains } from './builtInChains.js'
import { describeRequest } from './describeRequest.js'
import { EmbeddedAccounts, type EmbeddedAccount, type OtpBinding, type OtpPurpose } from './EmbeddedAccounts.js'
import type { KeyVault } from './KeyVault.js'
import { createMailer, type MailConfig, type Mailer } from './Mailer.js'
import { renderSecurePage } from './securePages.js'
import { signEmbeddedRequest } from './signEmbeddedRequest.js'
import { signSmartAccountRequest } from './signSmartAccountRequest.js'
import { createPaymasters } from '../bundler/createPaymasters.js'
import { callsStatus } from './callsStatus.js'
import { evmChainId, smartAccountClient, smartAccountState, type SmartAccountChain } from './embeddedSmartAccount.js'
import { bundlerForCaller, type Bundler } from '../bundler/Bundler.js'
import { PriceTable } from '../chain/PriceTable.js'
import { readBalances } from '../chain/readBalances.js'
import { priceBalances } from '../prices/priceBalances.js'
import type { PriceService } from '../prices/PriceService.js'
import type { TokenLists } from '../tokenLists/TokenLists.js'
import { eoaCallsStatus, isEoaBatchId, readEoaBatchId } from './sendEoaCalls.js'
import { walletAssets, type ReadChainBalances } from './walletAssets.js'
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

/** What the secure site needs from the server that runs it. */
export interface SecureSiteContext {
  store: Store
  config: ServerConfig
  projects: ReadonlyMap<string, ProjectConfig>
  host: string
  upstreamTimeoutMs: number
  /** The chains' bundlers (`chains[].smartAccounts`): the embedded wallet's smart accounts send through them. */
  bundlers: ReadonlyMap<string, Bundler>
  /** Which tokens a chain's balances are read for (`wallet_getAssets`, as the balance route); default: the chain's configured `tokens`. */
  tokenLists?: Pick<TokenLists, 'tokensFor'>
  /** USD prices of the assets `wallet_getAssets` answers; without it they carry none (unknown, never 0). */
  priceService?: PriceService
  /**
   * The server's `trustProxy`, in Fastify's form: which proxies to believe about the client's
   * address, so per-client limits count visitors, not the proxy. Off when absent.
   */
  trustProxy?: FastifyServerOptions['trustProxy']
}

/** The running secure site. */
export interface SecureSite {
  /** Its origin, e.g. `http://127.0.0.1:8788`. */
  url: string
  /** The accounts it keeps (for tests and tooling). */
  accounts: EmbeddedAccounts
  /**
   * The chains it signs on and reads through: the configured `chains`, else the built-in set
   * ({@link embeddedWalletChains}). The server's RPC proxy and blockchain API serve the same ones,
   * so the modal can read every chain the wallet signs on.
   */
  chains: readonly ChainConfig[]
  /** The social providers it is configured for, and farcaster when it is (the modal offers these). */
  socials: (SocialProvider | 'farcaster')[]
  close(): Promise<void>
}

/** The secure site's browser script and stylesheet, built by rollup next to the server's files. */
function findAssets(): { js: string; css: string } | undefined {
  for (const dir of ['./secure-site/', '../../dist/secure-site/']) {
    const js = fileURLToPath(new URL(`${dir}secure-site.js`, import.meta.url))
    const css = fileURLToPath(new URL(`${dir}secure-site.css`, import.meta.url))
    if (existsSync(js) && existsSync(css)) return { js: readFileSync(js, 'utf8'), css: readFileSync(css, 'utf8') }
  }
  return undefined
}

/**
 * The header in which the secure site's script names the project its frame was opened for: a
 * session works only for the project it was made for.
 */
const PROJECT_HEADER = 'x-wm-project'
/** Apple posts its login answer as a form (code, state, the person's name as JSON): its real size, not the 1 KB other forms get. */
const SOCIAL_FORM_LIMIT = 64 * 1024

const DeviceIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/, 'deviceId: 16-64 URL-safe characters'))
const OtpSchema = v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'The code has 6 digits'))
const ChainIdSchema = v.union([v.pipe(v.number(), v.integer(), v.minValue(0)), v.pipe(v.string(), v.maxLength(60))])
const AccountTypeSchema = v.optional(v.picklist(['eoa', 'smartAccount'], 'accountType: eoa or smartAccount'))
const RpcSchema = v.object({
  chainId: ChainIdSchema,
  method: v.pipe(v.string(), v.maxLength(100)),
  params: v.optional(v.unknown()),
  accountType: AccountTypeSchema
})

const BODIES = {
  start: v.object({ email: EmailSchema, deviceId: DeviceIdSchema, projectId: v.pipe(v.string(), v.maxLength(100)) }),
  device: v.object({ email: EmailSchema, deviceId: DeviceIdSchema }),
  verify: v.object({ email: EmailSchema, otp: OtpSchema, deviceId: DeviceIdSchema }),
  update: v.object({ email: EmailSchema }),
  primary: v.object({ otp: OtpSchema }),
  secondary: v.object({ email: EmailSchema, otp: OtpSchema }),
  rpc: RpcSchema,
  smartAccount: v.object({ chainId: ChainIdSchema }),
  socialStart: v.object({
    provider: SocialProviderSchema,
    projectId: v.pipe(v.string(), v.maxLength(100)),
    origin: v.pipe(v.string(), v.maxLength(300)),
    binding: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{32,64}$/))
  }),
  farcasterStart: v.object({
    projectId: v.pipe(v.string(), v.maxLength(100)),
    origin: v.pipe(v.string(), v.maxLength(300)),
    binding: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{32,64}$/))
  }),
  farcasterStatus: v.object({ login: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/)), binding: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{32,64}$/)) }),
  socialComplete: v.object({ resultUri: v.pipe(v.string(), v.maxLength(2000)), binding: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{32,64}$/)) })
}

function parse<T extends v.GenericSchema>(schema: T, body: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, body)
  if (!result.success) throw new ApiError(400, result.issues[0]?.message ?? 'Invalid request')
  return result.output
}

/**
 * The user as the frame reads them: e-mail or social login, the keys' addresses, and the eip155
 * chains where they also have a smart account (spec §3 smart-account-enabled networks; which
 * address is shown is the frame's choice, by the preferred account type).
 */
function userOf(account: EmbeddedAccount, smartAccountNetworks: number[], evmNetworks: number[]) {
  return {
    email: account.email ?? account.social?.email,
    ...(account.social ? { provider: account.social.provider, userName: account.social.username } : {}),
    addresses: account.addresses,
    smartAccountNetworks,
    // The eip155 chains served here: where wallet_getAssets answers (EIP-7811 assetDiscovery).
    evmNetworks
  }
}

/**
 * Starts the secure site: the embedded wallet's own origin (own port; own host in production),
 * the only place its keys are used. It serves the frame the modal loads (protocol, code entry,
 * approval, key export pages) and their JSON API; the site's page never sees a key, a code or a
 * session token.
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
  const accounts = new EmbeddedAccounts(ctx.store, options.vault)
  const social = new SocialLogins(ctx.store, accounts, options.socials ?? {}, () => origin)
  const farcaster = options.farcaster ? new FarcasterLogins(ctx.store, accounts, options.farcaster, () => origin) : undefined
  const mailer: Mailer = createMailer(options.mail)
  const assets = findAssets()
  // The configured chains, else the built-in set (spec §9: about 25 EVM and 3 Solana chains).
  const served = embeddedWalletChains(ctx.config.chains)
  const chains = new Map(served.map(c => [c.caipNetworkId, c]))
  // Smart accounts where the chain has the contracts and a bundler to send through.
  const smartChains = served.filter(c => c.smartAccounts && ctx.bundlers.has(c.caipNetworkId))
  const smartAccountNetworks = smartChains.map(evmChainId)
  const paymasters = createPaymasters(smartChains, ctx.store, ctx.upstreamTimeoutMs)
  const evmChains = served.filter(c => c.caipNetworkId.startsWith('eip155:'))
  const user = (account: EmbeddedAccount) => userOf(account, smartAccountNetworks, evmChains.map(evmChainId))
  // wallet_getAssets reads what the balance route reads: the same tokens, the same prices.
  const prices = new PriceTable(ctx.config.prices)
  const readAssets: ReadChainBalances = async (chain, address) => {
    const read = await readBalances(
      chain,
      address,
      prices,
      (_symbol, configured) => configured ?? '',
      ctx.upstreamTimeoutMs,
      ctx.tokenLists?.tokensFor(chain) ?? chain.tokens ?? []
    )
    if (ctx.priceService) return priceBalances(ctx.priceService, chain, read)
    return read.map(({ price: _price, value: _value, ...unpriced }) => unpriced)
  }
  const app = Fastify({
    logger: false,
    bodyLimit: 256 * 1024,
    forceCloseConnections: true,
    requestTimeout: 30_000,
    // Behind a proxy, request.ip (and so every per-client limit) is the visitor's, not the proxy's.
    ...(ctx.trustProxy === undefined ? {} : { trustProxy: ctx.trustProxy })
  })
  installErrorHandlers(app)
  let origin = ''

  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    max: options.requestsPerMinute ?? 300,
    timeWindow: 60_000,
    keyGenerator: request => clientKey(request.ip),
    errorResponseBuilder: (_request, context) => new ApiError(429, `Too many requests; try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} s`)
  })
  const mailLimit = {
    rateLimit: { max: options.mailsPerTenMinutes ?? 20, timeWindow: 600_000, keyGenerator: (r: FastifyRequest) => `mail|${clientKey(r.ip)}` }
  }

  const securityHeaders = (reply: FastifyReply, ancestors: string) =>
    reply
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors ${ancestors}`
      )
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')

  // The API: same-origin calls of the secure site's own script only.
  app.addHook('onRequest', async request => {
    if (!request.url.startsWith('/api/')) return
    const from = request.headers.origin
    if (from !== undefined && from !== origin) throw new ApiError(403, 'The secure site answers its own pages only')
  })

  /** The session of the request's bearer token, refused (401) when it ended or was made for another project than the frame's. */
  async function sessionOf(request: FastifyRequest): Promise<{ token: string; account: EmbeddedAccount; projectId: string }> {
    const header = request.headers.authorization ?? ''
    const token = header.startsWith('Bearer ') ? header.slice(7) : ''
    const session = token ? await accounts.session(token) : undefined
    if (!session) throw new ApiError(401, 'Not connected to email or social')
    if (request.headers[PROJECT_HEADER] !== session.projectId) throw new ApiError(401, 'This session was made for another project: log in again')
    return { token, account: session.account, projectId: session.projectId }
  }

  /** The project the request's frame was opened for (a new session is made for it). */
  function projectOf(request: FastifyRequest): string {
    const id = request.headers[PROJECT_HEADER]
    if (typeof id !== 'string' || !ctx.projects.has(id)) throw new ApiError(400, `The request names no known project (${PROJECT_HEADER} header)`)
    return id
  }

  const chainOf = (chainId: string | number): ChainConfig => {
    const id = typeof chainId === 'number' || /^\d+$/.test(chainId) ? `eip155:${chainId}` : chainId
    const chain = chains.get(id)
    if (!chain) throw new ApiError(400, `Network ${id} is not served here`)
    return chain
  }

  /** One JSON-RPC call to the chain's node; its error is a 502 with the node's message. */
  const nodeCall = async (chain: ChainConfig, method: string, params: unknown[]): Promise<unknown> => {
    const answer = (await upstreamRpc(chain.rpcUrl, { jsonrpc: '2.0', id: 1, method, params }, ctx.upstreamTimeoutMs)) as {
      result?: unknown
      error?: { message?: string; code?: number }
    }
    if (answer.error) throw new ApiError(502, answer.error.message ?? 'The network answered with an error')
    return answer.result ?? null
  }

  /** The chain's smart-account contracts and bundler; refused where it has none. */
  const smartChainOf = (chain: ChainConfig): { target: SmartAccountChain; bundler: Bundler } => {
    const bundler = ctx.bundlers.get(chain.caipNetworkId)
    if (!chain.smartAccounts || !bundler) throw new ApiError(400, `Smart accounts are not enabled on ${chain.name}`)
    return { target: { chain, smart: chain.smartAccounts, paymaster: paymasters.get(chain.caipNetworkId) }, bundler }
  }

  async function sendCode(email: string, purpose: OtpPurpose, binding: OtpBinding, newEmail?: string) {
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

  /** The page's origin a frame talks to: one of the project's allowed origins, or the page is refused. */
  function pageOrigin(query: Record<string, string | undefined>): { project: ProjectConfig; parent: string } {
    const project = ctx.projects.get(query.projectId ?? '')
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
  }

  for (const page of ['frame', 'otp', 'approve', 'export'] as const) {
    app.get(`/${page}`, async (request, reply) => {
      const query = request.query as Record<string, string | undefined>
      const { project, parent } = pageOrigin(query)
      if (!assets) throw new ApiError(503, 'The secure site is not built: run npm run build')
      const data: Record<string, string> = { origin: parent, project: project.id, theme: query.theme === 'dark' ? 'dark' : 'light' }
      for (const key of ['email', 'purpose', 'id', 'window'] as const) if (query[key]) data[key] = String(query[key]).slice(0, 254)
      securityHeaders(reply, project.allowedOrigins.join(' ')).type('text/html; charset=utf-8')
      return renderSecurePage(page, data)
    })
  }
  app.get('/assets/secure-site.js', async (_request, reply) => {
    if (!assets) throw new ApiError(404, 'Not built')
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(assets.js)
  })
  app.get('/assets/secure-site.css', async (_request, reply) => {
    if (!assets) throw new ApiError(404, 'Not built')
    return reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(assets.css)
  })

  // The link in a device e-mail: a page with a button (a GET alone approves nothing, so mail
  // scanners that fetch links cannot approve a device).
  app.get('/device', async (request, reply) => {
    const token = String((request.query as { token?: string }).token ?? '').slice(0, 100)
    securityHeaders(reply, "'none'").type('text/html; charset=utf-8')
    return renderSecurePage(
      'device',
      {},
      {
        title: 'Approve this device',
        text: 'Someone is logging in to your wallet on a new device. Approve it only if it is you.',
        form: { action: '/device', token, button: 'Approve device' }
      }
    )
  })
  app.post('/device', { config: mailLimit }, async (request, reply) => {
    const token = String((request.body as { token?: string } | undefined)?.token ?? '')
    const email = /^[A-Za-z0-9_-]{20,64}$/.test(token) ? await accounts.approveDevice(token) : undefined
    securityHeaders(reply, "'none'").type('text/html; charset=utf-8')
    if (!email) reply.code(400)
    return renderSecurePage(
      'message',
      {},
      email
        ? { title: 'Device approved', text: 'Go back to the site: the login continues there.' }
        : { title: 'This link does not work', text: 'It expired or was used. Start the login again to get a new one.' }
    )
  })
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))))
  })

  app.post('/api/email/start', { config: mailLimit }, async request => {
    const { email, deviceId, projectId } = parse(BODIES.start, request.body)
    if (!ctx.projects.has(projectId)) throw new ApiError(403, 'Unknown project')
    // Whether the address has a wallet shows only in the spec's action (VERIFY_DEVICE for a known
    // address on a new device): the budget is checked first for every address, and a device
    // e-mail waits as long as a code and says so in the same words.
    await accounts.assertBudget(email)
    const user = await accounts.findByEmail(email)
    if (user && !(await accounts.deviceApproved(email, deviceId))) {
      await accounts.noteDeviceMail(email)
      const token = await accounts.requestDevice(email, deviceId)
      try {
        await mailer.send({
          to: email,
          subject: 'Approve your new device',
          text: `Someone is logging in to your wallet on a new device.\n\nIf it is you, approve it here:\n${origin}/device?token=${token}\n\nThe link works for 30 minutes. If it is not you, ignore this e-mail.`
        })
      } catch (error) {
        await accounts.dropDeviceMail(email)
        throw new ApiError(503, (error as Error).message)
      }
      return { action: 'VERIFY_DEVICE' }
    }
    // The code works only on the device that asked for it.
    await sendCode(email, 'login', { device: deviceId })
    return { action: 'VERIFY_OTP' }
  })

  app.post('/api/device/status', async request => {
    const { email, deviceId } = parse(BODIES.device, request.body)
    return { approved: await accounts.deviceApproved(email, deviceId) }
  })

  app.post('/api/email/verify', async request => {
    const { email, otp, deviceId } = parse(BODIES.verify, request.body)
    const projectId = projectOf(request)
    await accounts.checkOtp(email, 'login', otp, { device: deviceId })
    const account = await accounts.loginOrCreate(email)
    await accounts.trustDevice(email, deviceId)
    return { token: await accounts.createSession(account.id, projectId), user: user(account) }
  })

  app.get('/api/user', async request => user((await sessionOf(request)).account))

  app.post('/api/signout', async request => {
    const { token } = await sessionOf(request)
    await accounts.endSession(token)
    return {}
  })

  // Log out everywhere: every session of the account, on every project and device.
  app.post('/api/signout/all', async request => {
    const { account } = await sessionOf(request)
    await accounts.endAllSessions(account.id)
    return {}
  })

  app.post('/api/rpc', async request => {
    await sessionOf(request)
    const { chainId, method, params } = parse(BODIES.rpc, request.body)
    if (classifyEmbeddedMethod(method) !== 'safe') throw new ApiError(403, 'Requested RPC call is not allowed')
    // EIP-7811: the account's assets on the chains it names (any served chain, not only this one).
    if (method === 'wallet_getAssets') return { result: await walletAssets(params, evmChains, readAssets) }
    // EIP-5792: a batch the key's own account sent is its transactions, read from the id's chain.
    const batchId = method === 'wallet_getCallsStatus' && Array.isArray(params) && typeof params[0] === 'string' ? params[0] : undefined
    if (batchId && isEoaBatchId(batchId)) {
      const batchChain = chainOf(readEoaBatchId(batchId as Hex).chainId)
      return { result: await eoaCallsStatus(batchId as Hex, (m, p) => nodeCall(batchChain, m, p)) }
    }
    const chain = chainOf(chainId)
    // EIP-5792: a smart-account batch's status is the bundler's, not the node's.
    if (method === 'wallet_getCallsStatus') return { result: await callsStatus(smartChainOf(chain).bundler, evmChainId(chain), params) }
    let forwarded = (params ?? []) as unknown[]
    if (method === 'eth_getLogs') {
      // The RPC proxy's check: the node gets the rebuilt filter whose range was checked.
      const maxRange = ctx.config.rpcProxy?.maxLogsBlockRange ?? MAX_LOGS_BLOCK_RANGE
      const checked = await checkLogsCall(params, maxRange, () => upstreamHead(chain.rpcUrl, ctx.upstreamTimeoutMs))
      if (!checked.ok) throw new ApiError(400, checked.message)
      forwarded = checked.params
    }
    return { result: await nodeCall(chain, method, forwarded) }
  })

  // The smart account of the person's eip155 key on a chain: where it is, and whether it exists yet.
  app.post('/api/smart-account', async request => {
    const { account } = await sessionOf(request)
    const { chainId } = parse(BODIES.smartAccount, request.body)
    const { target } = smartChainOf(chainOf(chainId))
    return smartAccountState(target, account.addresses.eip155 as `0x${string}`, smartAccountClient(target, ctx.upstreamTimeoutMs)).catch(() => {
      throw new ApiError(502, `${target.chain.name} did not answer`)
    })
  })

  app.post('/api/describe', async request => {
    const { account } = await sessionOf(request)
    const { chainId, method, params, accountType } = parse(BODIES.rpc, request.body)
    if (classifyEmbeddedMethod(method) !== 'approve') throw new ApiError(403, 'Requested RPC call is not allowed')
    const chain = chainOf(chainId)
    const smart = accountType === 'smartAccount' && chain.caipNetworkId.startsWith('eip155:')
    const description = await describeRequest(
      { method, params, chain },
      ctx.upstreamTimeoutMs,
      smart,
      chain.caipNetworkId.startsWith('solana:') ? account.addresses.solana : undefined
    )
    if (smart && !description.refused) {
      // Says which account acts, and that the first transaction also creates it.
      const { target } = smartChainOf(chain)
      const state = await smartAccountState(target, account.addresses.eip155 as `0x${string}`, smartAccountClient(target, ctx.upstreamTimeoutMs)).catch(
        () => undefined
      )
      const creates = state !== undefined && !state.deployed && (method === 'eth_sendTransaction' || method === 'wallet_sendCalls')
      description.rows.unshift({
        label: 'From',
        value: state ? `Smart account ${state.address}${creates ? ' (created by this transaction)' : ''}` : 'Smart account'
      })
      if (creates && target.paymaster) {
        // The operator's paymaster pays for the first transaction: no fee to hold the coin for.
        description.rows = description.rows.filter(row => !row.label.startsWith('Network fee'))
        description.rows.push({ label: 'Network fee', value: "None: this site's operator pays for your account's first transaction" })
      }
    }
    return description
  })

  app.post('/api/sign', async request => {
    const { account } = await sessionOf(request)
    const { chainId, method, params, accountType } = parse(BODIES.rpc, request.body)
    if (classifyEmbeddedMethod(method) !== 'approve') throw new ApiError(403, 'Requested RPC call is not allowed')
    const chain = chainOf(chainId)
    const smart = accountType === 'smartAccount' && chain.caipNetworkId.startsWith('eip155:') ? smartChainOf(chain) : undefined
    const keys = await accounts.openKeys(account.id)
    try {
      const signingRequest = { method, params, chain }
      return {
        result: smart
          ? await signSmartAccountRequest(
              signingRequest,
              // The bundler's per-client limit and the paymaster's budgets count this person and address.
              { ...smart.target, paymaster: smart.target.paymaster?.forCaller({ userId: account.id, clientKey: clientKey(request.ip) }) },
              bundlerForCaller(smart.bundler, { clientKey: clientKey(request.ip) }),
              keys,
              ctx.upstreamTimeoutMs
            )
          : await signEmbeddedRequest(signingRequest, keys, ctx.upstreamTimeoutMs)
      }
    } finally {
      keys.solana.fill(0)
    }
  })

  app.post('/api/export', async request => {
    const { account } = await sessionOf(request)
    const keys = await accounts.openKeys(account.id)
    // Solana wallets import the 64-byte secret key (seed then public key), base58.
    const solana = base58.encode(new Uint8Array([...keys.solana, ...ed25519.getPublicKey(keys.solana)]))
    keys.solana.fill(0)
    return { eip155: keys.eip155, solana }
  })

  app.post('/api/email/update', { config: mailLimit }, async request => {
    const { account, token } = await sessionOf(request)
    const { email } = parse(BODIES.update, request.body)
    if (!account.email) throw new ApiError(400, `This wallet logs in with ${account.social?.provider ?? 'a social account'}: it has no login e-mail to change`)
    if (email.toLowerCase() === account.email) throw new ApiError(400, 'This is already your e-mail address')
    // Whether the new address has a wallet is told only after its own code (see secondary): a
    // session is not a way to ask which addresses have wallets. The codes work in this session only.
    await sendCode(account.email, 'update-primary', { session: token }, email)
    return { action: 'VERIFY_PRIMARY_OTP' }
  })

  app.post('/api/email/update/primary', { config: mailLimit }, async request => {
    const { account, token } = await sessionOf(request)
    const { otp } = parse(BODIES.primary, request.body)
    if (!account.email) throw new ApiError(400, 'Not connected to email or social')
    const { newEmail } = await accounts.checkOtp(account.email, 'update-primary', otp, { session: token })
    if (!newEmail) throw new ApiError(400, 'Start the change of address again')
    await sendCode(newEmail, 'update-secondary', { session: token }, `user:${account.id}`)
    return { action: 'VERIFY_SECONDARY_OTP', email: newEmail }
  })

  app.post('/api/email/update/secondary', async request => {
    const { account, token, projectId } = await sessionOf(request)
    const { email, otp } = parse(BODIES.secondary, request.body)
    const { newEmail: owner } = await accounts.checkOtp(email, 'update-secondary', otp, { session: token })
    if (owner !== `user:${account.id}`) throw new ApiError(400, 'This code is for another account')
    await accounts.changeEmail(account.id, email)
    // Every session made with the old address ends (a stolen one among them); this frame gets a new one.
    await accounts.endAllSessions(account.id)
    return { email: email.toLowerCase(), token: await accounts.createSession(account.id, projectId) }
  })

  // Social login (see SocialLogins): the frame starts it, the popup goes through the provider and
  // comes back here, the frame completes it.
  app.post('/api/social/start', async request => {
    const { provider, projectId, origin: parent, binding } = parse(BODIES.socialStart, request.body)
    // The result goes to this origin only: it must be one of the project's, as for the frame.
    pageOrigin({ projectId, origin: parent })
    return { uri: await social.start({ provider, projectId, origin: parent, binding }) }
  })
  const callback = async (request: FastifyRequest, reply: FastifyReply) => {
    // Apple posts its answer as a form; the others come back with a query.
    const url = new URL(request.url, 'http://callback')
    // Its front-channel id_token is left out: the one checked comes from redeeming the code (and
    // openid-client refuses a callback carrying one, as a hybrid flow).
    if (request.method === 'POST')
      for (const [k, val] of Object.entries((request.body ?? {}) as Record<string, string>)) if (k !== 'id_token') url.searchParams.set(k, String(val))
    const outcome = await social.callback(url)
    securityHeaders(reply, "'none'").type('text/html; charset=utf-8')
    if ('error' in outcome && !outcome.origin) reply.code(400)
    return renderSecurePage(
      'social',
      { ...(outcome.origin ? { origin: outcome.origin } : {}), ...('resultUri' in outcome ? { result: outcome.resultUri } : { error: outcome.error }) },
      'error' in outcome
        ? { title: 'The login did not complete', text: outcome.error }
        : { title: 'Logged in', text: 'You can close this window: the login continues on the site.' }
    )
  }
  app.get('/social/callback', callback)
  app.post('/social/callback', { bodyLimit: SOCIAL_FORM_LIMIT }, callback)
  app.get('/social/result', async (_request, reply) => {
    securityHeaders(reply, "'none'").type('text/html; charset=utf-8')
    return renderSecurePage('message', {}, { title: 'Go back to the site', text: 'The login continues on the site that opened this window.' })
  })
  app.post('/api/social/complete', async request => {
    const { resultUri, binding } = parse(BODIES.socialComplete, request.body)
    const projectId = projectOf(request)
    const account = await social.complete({ resultUri, binding })
    return { token: await accounts.createSession(account.id, projectId), user: user(account) }
  })

  // Sign In With Farcaster: the frame opens a channel, shows its URL (QR code), and asks here
  // until the Farcaster app answered.
  app.post('/api/farcaster/start', async request => {
    const { projectId, origin: parent, binding } = parse(BODIES.farcasterStart, request.body)
    if (!farcaster) throw new ApiError(400, 'Farcaster login is not configured here')
    pageOrigin({ projectId, origin: parent })
    return farcaster.start({ origin: parent, projectId, binding })
  })
  app.post('/api/farcaster/status', async request => {
    const { login, binding } = parse(BODIES.farcasterStatus, request.body)
    if (!farcaster) throw new ApiError(400, 'Farcaster login is not configured here')
    const projectId = projectOf(request)
    const status = await farcaster.status({ login, binding })
    if (status.state === 'pending') return { state: 'pending' }
    return { state: 'completed', token: await accounts.createSession(status.account.id, projectId), user: user(status.account) }
  })

  app.addHook('onClose', async () => mailer.close())
  await app.listen({ port: options.port ?? 0, host: ctx.host })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  origin = options.publicUrl?.replace(/\/$/, '') ?? `http://${ctx.host.includes(':') ? `[${ctx.host}]` : ctx.host}:${port}`
  return { url: origin, accounts, chains: served, socials: [...social.offered(), ...(farcaster ? (['farcaster'] as const) : [])], close: () => app.close() }
}
