import { createWalletClient, type WalletClient } from '@farcaster/auth-client'
import type { FastifyInstance } from 'fastify'
import { escapeHtml } from '../server/standInHttp.js'
import { approveFarcasterSignIn } from './approveFarcasterSignIn.js'
import { DEVNET_FARCASTER_ACCOUNTS } from './devnetFarcasterAccounts.js'
import type { FarcasterChannels } from './FarcasterChannels.js'
import { farcasterPage } from './farcasterReply.js'

/** The most the approval form may hold (one fid). */
const FORM_LIMIT = 1024

/** What the app's page needs. */
export interface FarcasterAppContext {
  channels: FarcasterChannels
  /** The relay key its answers carry. */
  authKey: string
  /** The relay's origin, which the app's wallet client calls (known once it listens). */
  relayUrl(): string
}

/**
 * The Farcaster app's part: `/sign-in?channelToken=…`, the page a person opens from the QR code or
 * link. Any method but POST shows the asking domain and a button per
 * {@link DEVNET_FARCASTER_ACCOUNTS}; POST (a form with `fid`) approves as that account (see
 * {@link approveFarcasterSignIn}). An unknown or expired channel gets a 404 page.
 *
 * @param app - The stand-in's Fastify instance.
 * @param ctx - See {@link FarcasterAppContext}.
 * @example farcasterAppRoutes(app, { channels, authKey, relayUrl: () => url })
 */
export function farcasterAppRoutes(app: FastifyInstance, ctx: FarcasterAppContext): void {
  let wallet: WalletClient | undefined
  // The wallet client only builds messages and calls the relay: no chain reads.
  const walletOf = () =>
    (wallet ??= createWalletClient({
      relay: ctx.relayUrl(),
      ethereum: { getFid: async () => 0n, isValidAuthAddress: async () => false, publicClient: undefined as never }
    }))

  app.all('/sign-in', { bodyLimit: FORM_LIMIT }, async (request, reply) => {
    const c = ctx.channels.get(new URL(request.url, 'http://127.0.0.1').searchParams.get('channelToken') ?? '')
    if (!c) return farcasterPage(reply, 404, 'This sign-in request expired', '<p>Start again from the site.</p>')
    if (request.method === 'POST') {
      const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '')
      const account = DEVNET_FARCASTER_ACCOUNTS.find(a => String(a.fid) === form.get('fid'))
      if (!account) return farcasterPage(reply, 400, 'Unknown test account', '')
      const refused = await approveFarcasterSignIn(walletOf(), ctx.authKey, c, account)
      if (refused) return farcasterPage(reply, refused.status, refused.title, `<p>${escapeHtml(refused.reason)}</p>`)
      return farcasterPage(
        reply,
        200,
        'Signed in',
        `<p>You signed in to ${escapeHtml(c.params.domain)} as @${escapeHtml(account.username)}. Go back to the site.</p>`
      )
    }
    const buttons = DEVNET_FARCASTER_ACCOUNTS.map(
      a =>
        `<li><form method="post"><input type="hidden" name="fid" value="${a.fid}"><button type="submit">Approve as @${escapeHtml(a.username)} <small>(fid ${a.fid})</small></button></form></li>`
    ).join('')
    return farcasterPage(
      reply,
      200,
      'Sign in with Farcaster',
      `<p>${escapeHtml(c.params.domain)} asks you to sign in. The devnet's stand-in for the Farcaster app: pick a test account.</p><ul>${buttons}</ul>`
    )
  })
}
