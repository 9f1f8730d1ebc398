import type { FastifyReply } from 'fastify'
import { escapeHtml } from '../server/standInHttp.js'

/**
 * A JSON answer of the relay, typed `application/json` exactly as before (sent as bytes: Fastify
 * would add a charset to a JSON type).
 *
 * @example farcasterJson(reply, 401, { error: 'Unauthorized' })
 */
export function farcasterJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'application/json')
    .send(Buffer.from(JSON.stringify(body)))
}

/**
 * A page of the stand-in's Farcaster app: `title` as title and heading (escaped), `body` (HTML the
 * caller escaped) below, under a policy with no script and forms posting to this origin only.
 *
 * @example farcasterPage(reply, 404, 'This sign-in request expired', '<p>Start again from the site.</p>')
 */
export function farcasterPage(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  return reply
    .code(status)
    .headers({ 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; form-action 'self'; frame-ancestors 'none'" })
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
    )
}
