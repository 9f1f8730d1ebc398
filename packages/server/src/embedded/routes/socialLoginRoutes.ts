import { SocialProviderSchema } from '@wallet-modal/wire'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import { ApiError } from '../../http/ApiError.js'
import { renderSecurePage } from '../securePages.js'
import type { SecureRoutesContext } from './secureRoutesContext.js'
import { BindingSchema, ParentOriginSchema, ProjectIdSchema } from './secureSiteSchemas.js'

/** Apple posts its login answer as a form (code, state, the person's name as JSON): its real size, not the 1 KB other forms get. */
const SOCIAL_FORM_LIMIT = 64 * 1024

const SocialStartBody = v.object({ provider: SocialProviderSchema, projectId: ProjectIdSchema, origin: ParentOriginSchema, binding: BindingSchema })
const SocialCompleteBody = v.object({ resultUri: v.pipe(v.string(), v.maxLength(2000)), binding: BindingSchema })
const FarcasterStartBody = v.object({ projectId: ProjectIdSchema, origin: ParentOriginSchema, binding: BindingSchema })
const FarcasterStatusBody = v.object({ login: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/)), binding: BindingSchema })

/**
 * The social and Farcaster logins (see `SocialLogins`, `FarcasterLogins`):
 * - social: the frame starts it (`POST /api/social/start`, for a page origin of the project), the
 *   popup goes through the provider and comes back to `/social/callback` (a query, or Apple's
 *   form post), whose page hands the result to the frame, which completes it
 *   (`POST /api/social/complete`: a session for the frame's project); `/social/result` is the
 *   page a popup left open shows;
 * - Sign In With Farcaster: the frame opens a channel (`POST /api/farcaster/start`), shows its
 *   URL (QR code), and asks `POST /api/farcaster/status` until the Farcaster app answered; 400
 *   when Farcaster is not configured.
 *
 * @param app - The secure site's Fastify instance.
 * @param ctx - The secure site's shared context.
 */
export function socialLoginRoutes(app: FastifyInstance, ctx: SecureRoutesContext): void {
  const { accounts, social, farcaster } = ctx

  app.post<{ Body: v.InferOutput<typeof SocialStartBody> }>('/api/social/start', { schema: { body: SocialStartBody } }, async request => {
    const { provider, projectId, origin: parent, binding } = request.body
    // The result goes to this origin only: it must be one of the project's, as for the frame.
    ctx.pageOrigin({ projectId, origin: parent })
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
    ctx.securityHeaders(reply, "'none'").type('text/html; charset=utf-8')
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
    ctx.securityHeaders(reply, "'none'").type('text/html; charset=utf-8')
    return renderSecurePage('message', {}, { title: 'Go back to the site', text: 'The login continues on the site that opened this window.' })
  })
  app.post<{ Body: v.InferOutput<typeof SocialCompleteBody> }>('/api/social/complete', { schema: { body: SocialCompleteBody } }, async request => {
    const { resultUri, binding } = request.body
    const projectId = ctx.projectOf(request)
    const account = await social.complete({ resultUri, binding })
    return { token: await accounts.createSession(account.id, projectId), user: ctx.user(account) }
  })

  app.post<{ Body: v.InferOutput<typeof FarcasterStartBody> }>('/api/farcaster/start', { schema: { body: FarcasterStartBody } }, async request => {
    const { projectId, origin: parent, binding } = request.body
    if (!farcaster) throw new ApiError(400, 'Farcaster login is not configured here')
    ctx.pageOrigin({ projectId, origin: parent })
    return farcaster.start({ origin: parent, projectId, binding })
  })
  app.post<{ Body: v.InferOutput<typeof FarcasterStatusBody> }>('/api/farcaster/status', { schema: { body: FarcasterStatusBody } }, async request => {
    const { login, binding } = request.body
    if (!farcaster) throw new ApiError(400, 'Farcaster login is not configured here')
    const projectId = ctx.projectOf(request)
    const status = await farcaster.status({ login, binding })
    if (status.state === 'pending') return { state: 'pending' }
    return { state: 'completed', token: await accounts.createSession(status.account.id, projectId), user: ctx.user(status.account) }
  })
}
