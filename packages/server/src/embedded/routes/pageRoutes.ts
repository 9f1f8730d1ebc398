import type { FastifyInstance } from 'fastify'
import { ApiError } from '../../http/ApiError.js'
import { renderSecurePage } from '../securePages.js'
import type { SecureRoutesContext } from './secureRoutesContext.js'

/**
 * The secure site's pages the modal frames or opens, and their script and stylesheet:
 * - `GET /frame`, `/otp`, `/approve`, `/export`: the page for a project's page origin
 *   (`projectId`, `origin`; 403 unless the origin is one of the project's), with
 *   `frame-ancestors` set to the project's allowed origins; `theme`, `email`, `purpose`, `id`
 *   and `window` are passed to the page's script, each cut to 254 characters;
 * - `GET /assets/secure-site.js` and `/assets/secure-site.css` (404 when not built).
 *
 * @param app - The secure site's Fastify instance.
 * @param ctx - The secure site's shared context.
 */
export function pageRoutes(app: FastifyInstance, ctx: SecureRoutesContext): void {
  for (const page of ['frame', 'otp', 'approve', 'export'] as const) {
    app.get(`/${page}`, async (request, reply) => {
      const query = request.query as Record<string, string | undefined>
      const { project, parent } = ctx.pageOrigin(query)
      if (!ctx.assets) throw new ApiError(503, 'The secure site is not built: run npm run build')
      const data: Record<string, string> = { origin: parent, project: project.id, theme: query.theme === 'dark' ? 'dark' : 'light' }
      for (const key of ['email', 'purpose', 'id', 'window'] as const) if (query[key]) data[key] = String(query[key]).slice(0, 254)
      ctx.securityHeaders(reply, project.allowedOrigins.join(' ')).type('text/html; charset=utf-8')
      return renderSecurePage(page, data)
    })
  }
  app.get('/assets/secure-site.js', async (_request, reply) => {
    if (!ctx.assets) throw new ApiError(404, 'Not built')
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(ctx.assets.js)
  })
  app.get('/assets/secure-site.css', async (_request, reply) => {
    if (!ctx.assets) throw new ApiError(404, 'Not built')
    return reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(ctx.assets.css)
  })
}
