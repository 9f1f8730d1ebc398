import type { FastifyInstance } from 'fastify'

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * `GET /about?projectId=…`: the page the modal's footer link ("self-hosted wallet modal", the
 * remote `reownBranding` feature) opens: who serves this site's wallet modal, in plain words.
 * Static text (no script, no style, nothing remote), rate-limited like every project route.
 *
 * @param app - The server.
 */
export function aboutRoute(app: FastifyInstance): void {
  app.get('/about', { config: { access: 'project' } }, async (request, reply) => {
    const name = request.project?.name ?? request.project?.id ?? 'This site'
    return reply
      .header('content-security-policy', "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
      .type('text/html; charset=utf-8')
      .send(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Self-hosted wallet modal</title></head>
<body>
<main>
<h1>Self-hosted wallet modal</h1>
<p>${escapeHtml(name)} runs its own wallet-modal server. The wallet list, balances, prices, sign-in sessions and the WalletConnect relay the modal uses come from it, not from a third party.</p>
<p>Connecting a wallet you already have gives nobody your keys. If you make a wallet with your e-mail or a social login, its keys are kept by this operator's server, encrypted, and are only used when you approve a request in the wallet's own window.</p>
</main>
</body>
</html>
`)
  })
}
