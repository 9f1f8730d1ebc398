import { EmailSchema } from '@wallet-modal/wire'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { ApiError } from '../../http/ApiError.js'
import { renderSecurePage } from '../securePages.js'
import type { SecureRoutesContext } from './secureRoutesContext.js'
import { DeviceIdSchema, OtpSchema, ProjectIdSchema } from './secureSiteSchemas.js'

const StartBody = v.object({ email: EmailSchema, deviceId: DeviceIdSchema, projectId: ProjectIdSchema })
const DeviceStatusBody = v.object({ email: EmailSchema, deviceId: DeviceIdSchema })
const VerifyBody = v.object({ email: EmailSchema, otp: OtpSchema, deviceId: DeviceIdSchema })

/**
 * Login by e-mail code, and a new device's approval from an e-mailed link:
 * - `POST /api/email/start` (mail-limited): a code for this device (`VERIFY_OTP`), or, for a known
 *   address on a device it has not approved, a device link (`VERIFY_DEVICE`);
 * - `POST /api/device/status`: whether the link was followed;
 * - `POST /api/email/verify`: checks the code and answers a session for the frame's project;
 * - `GET /device` (the link: a page with a button, as a GET alone approves nothing, so mail
 *   scanners that fetch links cannot approve a device) and `POST /device` (mail-limited: the
 *   button).
 *
 * @param app - The secure site's Fastify instance.
 * @param ctx - The secure site's shared context.
 */
export function emailLoginRoutes(app: FastifyInstance, ctx: SecureRoutesContext): void {
  const { accounts } = ctx

  app.get('/device', async (request, reply) => {
    const token = String((request.query as { token?: string }).token ?? '').slice(0, 100)
    ctx.securityHeaders(reply, "'none'").type('text/html; charset=utf-8')
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
  // A form post answered with a page (no schema: a bad token gets the page that says the link does not work).
  app.post('/device', { config: ctx.mailLimit }, async (request, reply) => {
    const token = String((request.body as { token?: string } | undefined)?.token ?? '')
    const email = /^[A-Za-z0-9_-]{20,64}$/.test(token) ? await accounts.approveDevice(token) : undefined
    ctx.securityHeaders(reply, "'none'").type('text/html; charset=utf-8')
    if (!email) reply.code(400)
    return renderSecurePage(
      'message',
      {},
      email
        ? { title: 'Device approved', text: 'Go back to the site: the login continues there.' }
        : { title: 'This link does not work', text: 'It expired or was used. Start the login again to get a new one.' }
    )
  })

  app.post<{ Body: v.InferOutput<typeof StartBody> }>('/api/email/start', { config: ctx.mailLimit, schema: { body: StartBody } }, async request => {
    const { email, deviceId, projectId } = request.body
    if (!ctx.server.projects.has(projectId)) throw new ApiError(403, 'Unknown project')
    // Whether the address has a wallet shows only in the spec's action (VERIFY_DEVICE for a known
    // address on a new device): the budget is checked first for every address, and a device
    // e-mail waits as long as a code and says so in the same words.
    await accounts.assertBudget(email)
    const user = await accounts.findByEmail(email)
    if (user && !(await accounts.deviceApproved(email, deviceId))) {
      await accounts.noteDeviceMail(email)
      const token = await accounts.requestDevice(email, deviceId)
      try {
        await ctx.mailer.send({
          to: email,
          subject: 'Approve your new device',
          text: `Someone is logging in to your wallet on a new device.\n\nIf it is you, approve it here:\n${ctx.origin()}/device?token=${token}\n\nThe link works for 30 minutes. If it is not you, ignore this e-mail.`
        })
      } catch (error) {
        await accounts.dropDeviceMail(email)
        throw new ApiError(503, (error as Error).message)
      }
      return { action: 'VERIFY_DEVICE' }
    }
    // The code works only on the device that asked for it.
    await ctx.sendCode(email, 'login', { device: deviceId })
    return { action: 'VERIFY_OTP' }
  })

  app.post<{ Body: v.InferOutput<typeof DeviceStatusBody> }>('/api/device/status', { schema: { body: DeviceStatusBody } }, async request => {
    const { email, deviceId } = request.body
    return { approved: await accounts.deviceApproved(email, deviceId) }
  })

  app.post<{ Body: v.InferOutput<typeof VerifyBody> }>('/api/email/verify', { schema: { body: VerifyBody } }, async request => {
    const { email, otp, deviceId } = request.body
    const projectId = ctx.projectOf(request)
    await accounts.checkOtp(email, 'login', otp, { device: deviceId })
    const account = await accounts.loginOrCreate(email)
    await accounts.trustDevice(email, deviceId)
    return { token: await accounts.createSession(account.id, projectId), user: ctx.user(account) }
  })
}
