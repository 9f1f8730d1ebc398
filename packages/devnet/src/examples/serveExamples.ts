import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { escapeHtml } from '../server/standInHttp.js'

/** The example sites the demo server serves from their builds (`examples/<name>/dist`). */
export const EXAMPLES = [
  { name: 'vue', title: 'Vue 3', what: 'Vite + @vitejs/plugin-vue; @wm-connect, :core, a reactive composable' },
  { name: 'svelte', title: 'Svelte 5', what: 'Vite + the Svelte plugin; onwm-connect, core={modal}, $state' },
  { name: 'angular', title: 'Angular', what: 'the Angular CLI; (wm-connect), [core], signals' },
  { name: 'html', title: 'Plain HTML', what: 'the CDN build by script tag, with subresource integrity for every file' }
] as const

/**
 * The `script-src` sources a page's inline scripts need under the demo's CSP: the SHA-256 of each
 * (here the plain HTML example's import map, which carries the CDN build's integrity list; the
 * same hash a site adds to its own policy). Scripts with a `src` are not inline.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(m => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`)
}

/**
 * Serves the built examples under `/examples/<name>/` (GET only, like the rest of the demo
 * server) and an index of them at `/examples/`. Each example's index.html gets the Devnet Wallet's
 * script (the stand-in for a visitor's extension, as on the demo page) and, when it has inline
 * scripts, a CSP naming their hashes; every other file is sent as built. An example not built yet
 * answers 404 saying how to build it.
 *
 * @param app - The demo server (its `sendFile` and security headers apply).
 * @param examplesDir - The repository's `examples/` folder.
 * @param csp - The demo's Content-Security-Policy, extended per page.
 */
export function serveExamples(app: FastifyInstance, examplesDir: string, csp: string): void {
  const built = (name: string) => existsSync(join(examplesDir, name, 'dist', 'index.html'))
  app.get('/examples', async (_request, reply) => reply.redirect('/examples/'))
  app.get('/examples/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(indexPage(EXAMPLES.map(e => ({ ...e, built: built(e.name) })))))
  for (const { name } of EXAMPLES) {
    const dist = join(examplesDir, name, 'dist')
    const notBuilt = (reply: FastifyReply) =>
      reply.code(404).type('text/plain; charset=utf-8').send(`Not found (the ${name} example is built by \`npm run build\`)`)
    const page = async (reply: FastifyReply) => {
      if (!built(name)) return notBuilt(reply)
      // The wallet first: it announces itself before the site's modal looks for wallets.
      const html = readFileSync(join(dist, 'index.html'), 'utf8').replace(/<head>/, '<head>\n    <script type="module" src="/devnet-wallet.js"></script>')
      const hashes = inlineScriptHashes(html)
      // Replaces the header the server's onSend hook sets (it runs before this payload is sent).
      if (hashes.length > 0) reply.header('Content-Security-Policy', csp.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`))
      return reply.type('text/html; charset=utf-8').send(html)
    }
    app.get(`/examples/${name}`, async (_request, reply) => reply.redirect(`/examples/${name}/`))
    app.get(`/examples/${name}/`, async (_request, reply) => page(reply))
    app.get(`/examples/${name}/index.html`, async (_request, reply) => page(reply))
    app.get(`/examples/${name}/*`, async (request, reply) => {
      const file = (request.params as { '*': string })['*']
      if (!built(name) || !existsSync(join(dist, file))) return notBuilt(reply)
      return reply.sendFile(file, dist)
    })
  }
}

function indexPage(examples: readonly { name: string; title: string; what: string; built: boolean }[]): string {
  const rows = examples
    .map(
      e =>
        `<li>${e.built ? `<a href="/examples/${e.name}/">${escapeHtml(e.title)}</a>` : `${escapeHtml(e.title)} (not built: run <code>npm run build</code>)`}: ${escapeHtml(e.what)}</li>`
    )
    .join('\n      ')
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>wallet-modal examples</title><link rel="stylesheet" href="/explorer/explorer.css"></head>
  <body>
    <main>
      <h1>Example sites</h1>
      <p>Each is a real site built with its own toolchain from <code>examples/</code>; each connects the Devnet Wallet through the modal. <a href="/">Back to the demo</a></p>
      <ul>
      ${rows}
      </ul>
    </main>
  </body>
</html>
`
}
