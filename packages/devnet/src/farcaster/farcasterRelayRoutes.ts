import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { FarcasterChannel, FarcasterChannels, FarcasterSignInAnswer, FarcasterSignInParams } from './FarcasterChannels.js'
import { farcasterJson } from './farcasterReply.js'

/** What the relay's routes need. */
export interface FarcasterRelayContext {
  channels: FarcasterChannels
  /** The key only the stand-in's own app page answers channels with. */
  authKey: string
  /** The relay's own origin, for the approval links (known once it listens). */
  relayUrl(): string
}

/**
 * The auth relay's protocol, as `@farcaster/auth-client` calls it: `POST /v1/channel` (201 with
 * the channel's token, approval link and nonce), `GET /v1/channel/status` (the channel's bearer
 * token; 202 pending, 200 completed with the wallet's answer) and `POST /v1/channel/authenticate`
 * (the app's answer, with the relay key). Refusals are `{ error }`.
 *
 * @param app - The stand-in's Fastify instance.
 * @param ctx - See {@link FarcasterRelayContext}.
 * @example farcasterRelayRoutes(app, { channels, authKey, relayUrl: () => url })
 */
export function farcasterRelayRoutes(app: FastifyInstance, ctx: FarcasterRelayContext): void {
  const channelOf = (request: FastifyRequest): FarcasterChannel | undefined =>
    ctx.channels.get(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '')

  app.post('/v1/channel', async (request, reply) => {
    const body = JSON.parse(textOf(request.body)) as FarcasterSignInParams
    if (typeof body.siweUri !== 'string' || typeof body.domain !== 'string') return farcasterJson(reply, 400, { error: 'siweUri and domain are required' })
    const channel = ctx.channels.open(body, (token, nonce) => {
      const link = new URL('/sign-in', ctx.relayUrl())
      for (const [k, v] of Object.entries({ channelToken: token, nonce, siweUri: body.siweUri, domain: body.domain })) link.searchParams.set(k, v)
      return link.href
    })
    return farcasterJson(reply, 201, { channelToken: channel.token, url: channel.url, nonce: channel.nonce })
  })

  app.get('/v1/channel/status', async (request, reply) => {
    const c = channelOf(request)
    if (!c) return farcasterJson(reply, 401, { error: 'Unauthorized' })
    const base = { nonce: c.nonce, url: c.url, signatureParams: c.params, metadata: { ip: '127.0.0.1', userAgent: 'devnet' }, acceptAuthAddress: false }
    if (!c.answer) return farcasterJson(reply, 202, { state: 'pending', ...base })
    return farcasterJson(reply, 200, { state: 'completed', ...base, ...c.answer, authMethod: 'custody' })
  })

  app.post('/v1/channel/authenticate', async (request, reply) => {
    const c = channelOf(request)
    if (!c || request.headers['x-farcaster-auth-relay-key'] !== ctx.authKey) return farcasterJson(reply, 401, { error: 'Unauthorized' })
    const body = JSON.parse(textOf(request.body)) as FarcasterSignInAnswer
    c.answer = {
      message: body.message,
      signature: body.signature,
      fid: body.fid,
      username: body.username,
      displayName: body.displayName,
      custody: body.custody
    }
    return farcasterJson(reply, 201, { state: 'completed' })
  })
}

const textOf = (body: unknown): string => (typeof body === 'string' ? body : '')
