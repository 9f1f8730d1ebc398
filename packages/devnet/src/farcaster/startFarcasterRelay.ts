import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createWalletClient } from '@farcaster/auth-client'
import { privateKeyToAccount } from 'viem/accounts'
import type { Hex } from 'viem'
import { escapeHtml, readBody } from '../server/standInHttp.js'

/** A Farcaster account a tester can approve as on the stand-in's page. */
export interface DevnetFarcasterAccount {
  fid: number
  username: string
  displayName: string
  /** The custody key that signs its Sign In With Farcaster messages (test key: never use with value). */
  custodyKey: Hex
}

/** The test Farcaster accounts (their custody addresses are what the secure site checks against). */
export const DEVNET_FARCASTER_ACCOUNTS: readonly DevnetFarcasterAccount[] = [
  { fid: 1001, username: 'alice.devnet', displayName: 'Alice Devnet', custodyKey: '0x8f2a55949038a9610f50fb23b5883af3b4ecb3c3bb792cbcefbd1542c692be63' },
  { fid: 1002, username: 'bob.devnet', displayName: 'Bob Devnet', custodyKey: '0xc87509a1c067bbde78beb793e6fa76530b6382a4c0241e5e4a9ec0a0f44dc0d3' }
]

/** The custody address of each test account, by fid (what the secure site is configured with on the devnet). */
export const devnetFarcasterCustody = (): Record<number, string> =>
  Object.fromEntries(DEVNET_FARCASTER_ACCOUNTS.map(a => [a.fid, privateKeyToAccount(a.custodyKey).address]))

/** A channel of the relay: what the app asked, and once approved, what the wallet answered. */
interface Channel {
  token: string
  nonce: string
  url: string
  params: { siweUri: string; domain: string; nonce: string; notBefore?: string; expirationTime?: string; requestId?: string }
  answer?: { message: string; signature: Hex; fid: number; username: string; displayName: string; custody: string }
  expires: number
}

/** The running stand-in. */
export interface DevnetFarcasterRelay {
  /** The relay's base URL (the secure site's `relayUrl`), e.g. `http://127.0.0.1:9100`. */
  url: string
  close(): Promise<void>
}

const CHANNEL_TTL_MS = 10 * 60_000
function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

function page(res: ServerResponse, status: number, title: string, body: string): void {
  res
    .writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; form-action 'self'; frame-ancestors 'none'"
    })
    .end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
    )
}

/**
 * The devnet's stand-in for Farcaster's sign-in: an auth relay speaking the relay's protocol
 * (`POST /v1/channel`, `GET /v1/channel/status`, `POST /v1/channel/authenticate`, as
 * `@farcaster/auth-client` calls them) and, in place of the Farcaster app, a page at the channel's
 * URL where a person approves as one of {@link DEVNET_FARCASTER_ACCOUNTS}: the page's server side
 * builds the standard Sign In With Farcaster message with auth-client's wallet client, signs it with
 * the account's custody key, and hands it to the relay, as the app would. Listens on 127.0.0.1.
 *
 * @example
 * ```ts
 * const relay = await startFarcasterRelay()
 * // the secure site: farcaster: { relayUrl: relay.url, custody: devnetFarcasterCustody() }
 * ```
 */
export async function startFarcasterRelay(options: { port?: number } = {}): Promise<DevnetFarcasterRelay> {
  const channels = new Map<string, Channel>()
  const authKey = randomBytes(16).toString('hex')
  const server = createServer((req, res) => {
    void handle(req, res).catch(error => {
      if (!res.headersSent) json(res, 400, { error: (error as Error).message })
    })
  })
  await new Promise<void>(resolve => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const wallet = createWalletClient({
    relay: url,
    ethereum: { getFid: async () => 0n, isValidAuthAddress: async () => false, publicClient: undefined as never }
  })

  const channelOf = (req: IncomingMessage): Channel | undefined => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? ''
    const c = channels.get(token)
    return c && c.expires > Date.now() ? c : undefined
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const u = new URL(req.url ?? '/', url)
    for (const [token, c] of channels) if (c.expires <= Date.now()) channels.delete(token)
    if (req.method === 'POST' && u.pathname === '/v1/channel') {
      const body = JSON.parse(await readBody(req)) as Channel['params']
      if (typeof body.siweUri !== 'string' || typeof body.domain !== 'string') return json(res, 400, { error: 'siweUri and domain are required' })
      const token = randomBytes(16).toString('hex')
      const nonce = typeof body.nonce === 'string' && body.nonce ? body.nonce : randomBytes(8).toString('hex')
      const link = new URL('/sign-in', url)
      for (const [k, v] of Object.entries({ channelToken: token, nonce, siweUri: body.siweUri, domain: body.domain })) link.searchParams.set(k, v)
      channels.set(token, { token, nonce, url: link.href, params: { ...body, nonce }, expires: Date.now() + CHANNEL_TTL_MS })
      return json(res, 201, { channelToken: token, url: link.href, nonce })
    }
    if (req.method === 'GET' && u.pathname === '/v1/channel/status') {
      const c = channelOf(req)
      if (!c) return json(res, 401, { error: 'Unauthorized' })
      const base = { nonce: c.nonce, url: c.url, signatureParams: c.params, metadata: { ip: '127.0.0.1', userAgent: 'devnet' }, acceptAuthAddress: false }
      if (!c.answer) return json(res, 202, { state: 'pending', ...base })
      return json(res, 200, { state: 'completed', ...base, ...c.answer, authMethod: 'custody' })
    }
    if (req.method === 'POST' && u.pathname === '/v1/channel/authenticate') {
      const c = channelOf(req)
      if (!c || req.headers['x-farcaster-auth-relay-key'] !== authKey) return json(res, 401, { error: 'Unauthorized' })
      const body = JSON.parse(await readBody(req)) as Channel['answer'] & object
      c.answer = {
        message: body.message,
        signature: body.signature,
        fid: body.fid,
        username: body.username,
        displayName: body.displayName,
        custody: body.custody
      }
      return json(res, 201, { state: 'completed' })
    }
    // The Farcaster app's part: the page a person opens from the QR code or link.
    if (u.pathname === '/sign-in') {
      const c = channels.get(u.searchParams.get('channelToken') ?? '')
      if (!c || c.expires <= Date.now()) return page(res, 404, 'This sign-in request expired', '<p>Start again from the site.</p>')
      if (req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req, 1024))
        const account = DEVNET_FARCASTER_ACCOUNTS.find(a => String(a.fid) === form.get('fid'))
        if (!account) return page(res, 400, 'Unknown test account', '')
        const signer = privateKeyToAccount(account.custodyKey)
        const { siweUri, domain, nonce, notBefore, expirationTime, requestId } = c.params
        const built = wallet.buildSignInMessage({
          domain,
          nonce,
          uri: siweUri,
          address: signer.address,
          fid: account.fid,
          ...(notBefore ? { notBefore: new Date(notBefore) } : {}),
          ...(expirationTime ? { expirationTime: new Date(expirationTime) } : {}),
          ...(requestId ? { requestId } : {})
        })
        if (built.isError) return page(res, 400, 'The request could not be signed', `<p>${escapeHtml(built.error?.message ?? '')}</p>`)
        const signature = await signer.signMessage({ message: built.message })
        const done = await wallet.authenticate({
          channelToken: c.token,
          authKey,
          message: built.message,
          signature,
          fid: account.fid,
          username: account.username,
          displayName: account.displayName,
          custody: signer.address
        } as never)
        if (done.isError) return page(res, 502, 'The relay refused the answer', `<p>${escapeHtml(done.error?.message ?? '')}</p>`)
        return page(res, 200, 'Signed in', `<p>You signed in to ${escapeHtml(c.params.domain)} as @${escapeHtml(account.username)}. Go back to the site.</p>`)
      }
      const buttons = DEVNET_FARCASTER_ACCOUNTS.map(
        a =>
          `<li><form method="post"><input type="hidden" name="fid" value="${a.fid}"><button type="submit">Approve as @${escapeHtml(a.username)} <small>(fid ${a.fid})</small></button></form></li>`
      ).join('')
      return page(
        res,
        200,
        'Sign in with Farcaster',
        `<p>${escapeHtml(c.params.domain)} asks you to sign in. The devnet's stand-in for the Farcaster app: pick a test account.</p><ul>${buttons}</ul>`
      )
    }
    json(res, 404, { error: 'Not found' })
  }

  return {
    url,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
