import { EmailSchema } from '@wallet-modal/wire'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { ApiError } from '../../http/ApiError.js'
import type { SecureRoutesContext } from './secureRoutesContext.js'
import { OtpSchema } from './secureSiteSchemas.js'

const UpdateBody = v.object({ email: EmailSchema })
const PrimaryBody = v.object({ otp: OtpSchema })
const SecondaryBody = v.object({ email: EmailSchema, otp: OtpSchema })

/**
 * The signed-in person's session and login e-mail (every route takes the bearer session, looked
 * up before the body is checked):
 * - `GET /api/user`: the user as the frame reads them;
 * - `POST /api/signout`: ends this session; `POST /api/signout/all`: every session of the account,
 *   on every project and device;
 * - the change of login e-mail: `POST /api/email/update` (mail-limited: a code to the current
 *   address), `/api/email/update/primary` (mail-limited: that code, then a code to the new
 *   address), `/api/email/update/secondary` (the new address's code: the change, every session
 *   ended, a new one for this frame).
 *
 * @param app - The secure site's Fastify instance.
 * @param ctx - The secure site's shared context.
 */
export function accountRoutes(app: FastifyInstance, ctx: SecureRoutesContext): void {
  const { accounts } = ctx
  const signedIn = { preValidation: ctx.requireSession }

  app.get('/api/user', signedIn, async request => ctx.user((await ctx.sessionOf(request)).account))

  app.post('/api/signout', signedIn, async request => {
    const { token } = await ctx.sessionOf(request)
    await accounts.endSession(token)
    return {}
  })

  // Log out everywhere: every session of the account, on every project and device.
  app.post('/api/signout/all', signedIn, async request => {
    const { account } = await ctx.sessionOf(request)
    await accounts.endAllSessions(account.id)
    return {}
  })

  app.post<{ Body: v.InferOutput<typeof UpdateBody> }>(
    '/api/email/update',
    { ...signedIn, config: ctx.mailLimit, schema: { body: UpdateBody } },
    async request => {
      const { account, token } = await ctx.sessionOf(request)
      const { email } = request.body
      if (!account.email)
        throw new ApiError(400, `This wallet logs in with ${account.social?.provider ?? 'a social account'}: it has no login e-mail to change`)
      if (email.toLowerCase() === account.email) throw new ApiError(400, 'This is already your e-mail address')
      // Whether the new address has a wallet is told only after its own code (see secondary): a
      // session is not a way to ask which addresses have wallets. The codes work in this session only.
      await ctx.sendCode(account.email, 'update-primary', { session: token }, email)
      return { action: 'VERIFY_PRIMARY_OTP' }
    }
  )

  app.post<{ Body: v.InferOutput<typeof PrimaryBody> }>(
    '/api/email/update/primary',
    { ...signedIn, config: ctx.mailLimit, schema: { body: PrimaryBody } },
    async request => {
      const { account, token } = await ctx.sessionOf(request)
      const { otp } = request.body
      if (!account.email) throw new ApiError(400, 'Not connected to email or social')
      const { newEmail } = await accounts.checkOtp(account.email, 'update-primary', otp, { session: token })
      if (!newEmail) throw new ApiError(400, 'Start the change of address again')
      await ctx.sendCode(newEmail, 'update-secondary', { session: token }, `user:${account.id}`)
      return { action: 'VERIFY_SECONDARY_OTP', email: newEmail }
    }
  )

  app.post<{ Body: v.InferOutput<typeof SecondaryBody> }>('/api/email/update/secondary', { ...signedIn, schema: { body: SecondaryBody } }, async request => {
    const { account, token, projectId } = await ctx.sessionOf(request)
    const { email, otp } = request.body
    const { newEmail: owner } = await accounts.checkOtp(email, 'update-secondary', otp, { session: token })
    if (owner !== `user:${account.id}`) throw new ApiError(400, 'This code is for another account')
    await accounts.changeEmail(account.id, email)
    // Every session made with the old address ends (a stolen one among them); this frame gets a new one.
    await accounts.endAllSessions(account.id)
    return { email: email.toLowerCase(), token: await accounts.createSession(account.id, projectId) }
  })
}
