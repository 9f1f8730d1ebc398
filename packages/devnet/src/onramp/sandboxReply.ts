import type { FastifyReply, FastifyRequest } from 'fastify'
import { SANDBOX_PAGE_CSP } from './sandboxCheckoutPage.js'

/**
 * Sends one answer of the sandbox: `body` as `type`, never sniffed or cached, plus `headers`. The
 * body goes as bytes, so Fastify keeps the type exactly as given (it would add a charset to JSON).
 *
 * @example sandboxReply(reply, 404, 'text/plain; charset=utf-8', 'Not found')
 */
export function sandboxReply(reply: FastifyReply, status: number, type: string, body: string, headers: Record<string, string> = {}): FastifyReply {
  return reply
    .code(status)
    .headers({ 'content-type': type, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', ...headers })
    .send(Buffer.from(body))
}

/** A JSON answer of the API (`application/json`, as the provider API answers). */
export const sandboxJson = (reply: FastifyReply, status: number, body: unknown): FastifyReply =>
  sandboxReply(reply, status, 'application/json', JSON.stringify(body))

/** A checkout page, under {@link SANDBOX_PAGE_CSP} and sending no referrer. */
export const sandboxHtml = (reply: FastifyReply, status: number, html: string): FastifyReply =>
  sandboxReply(reply, status, 'text/html; charset=utf-8', html, { 'content-security-policy': SANDBOX_PAGE_CSP, 'referrer-policy': 'no-referrer' })

/** The request's path, as the sandbox routes it (`/api/…`, `/checkout/…`; no query). */
export const sandboxPath = (request: FastifyRequest): string => new URL(request.url, 'http://127.0.0.1').pathname
