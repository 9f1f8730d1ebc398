import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { SandboxCatalogue } from './SandboxCatalogue.js'
import type { SandboxPurchase, SandboxSession, SandboxSessions } from './SandboxSessions.js'
import { SANDBOX_TEST_CARD, sandboxCheckoutNotFoundPage, sandboxCheckoutPage, sandboxPaidPage } from './sandboxCheckoutPage.js'
import { sandboxHtml, sandboxPath } from './sandboxReply.js'

/** A checkout's path: its session id (32 hex digits) and, to pay, `/pay`. */
export const SANDBOX_CHECKOUT_PATH = /^\/checkout\/([0-9a-f]{32})(\/pay)?$/

/** What the checkout routes need from the sandbox. */
export interface SandboxCheckoutContext {
  catalogue: SandboxCatalogue
  sessions: SandboxSessions
  /** Pays a session (sends the asset, records and reports the purchase). */
  pay(session: SandboxSession): Promise<SandboxPurchase>
}

/**
 * The checkout a person uses: `GET /checkout/{session}` shows it, `POST /checkout/{session}/pay`
 * (a form with `card`) pays it with {@link SANDBOX_TEST_CARD} (402 and the page again for any
 * other card), and a paid checkout shows its purchase from then on. An unknown session gets a
 * 404 page; any other path here is left to the not-found handler.
 *
 * @param app - The sandbox's Fastify instance.
 * @param ctx - See {@link SandboxCheckoutContext}.
 * @example sandboxCheckoutRoutes(app, { catalogue, sessions, pay })
 */
export function sandboxCheckoutRoutes(app: FastifyInstance, ctx: SandboxCheckoutContext): void {
  const checkoutPage = (session: SandboxSession, problem?: string) => sandboxCheckoutPage(session, ctx.catalogue.displayName(session.network), problem)

  app.get('/checkout/:id', async (request, reply) => {
    const id = checkoutId(request, false)
    if (id === undefined) return notFound(reply)
    const session = ctx.sessions.get(id)
    if (!session) return sandboxHtml(reply, 404, sandboxCheckoutNotFoundPage())
    return sandboxHtml(reply, 200, session.paid ? sandboxPaidPage(session.paid) : checkoutPage(session))
  })

  app.post('/checkout/:id/pay', async (request, reply) => {
    const id = checkoutId(request, true)
    if (id === undefined) return notFound(reply)
    const session = ctx.sessions.get(id)
    if (!session) return sandboxHtml(reply, 404, sandboxCheckoutNotFoundPage())
    if (session.paid) return sandboxHtml(reply, 200, sandboxPaidPage(session.paid))
    const card = new URLSearchParams(typeof request.body === 'string' ? request.body : '').get('card')?.replace(/\s+/g, '') ?? ''
    if (card !== SANDBOX_TEST_CARD.replace(/\s+/g, '')) return sandboxHtml(reply, 402, checkoutPage(session, 'Card declined: use the test card.'))
    session.paid = await ctx.pay(session)
    return sandboxHtml(reply, 200, sandboxPaidPage(session.paid))
  })
}

// The session id of `/checkout/{id}` (`pay`: of `/checkout/{id}/pay`), read from the path as it
// came (a route parameter would be percent-decoded), or undefined for a path that is not one.
function checkoutId(request: FastifyRequest, pay: boolean): string | undefined {
  const m = SANDBOX_CHECKOUT_PATH.exec(sandboxPath(request))
  return m && !!m[2] === pay ? m[1] : undefined
}

/** Leaves the request to the not-found handler (the reply resolves once it has answered). */
function notFound(reply: FastifyReply): FastifyReply {
  reply.callNotFound()
  return reply
}
