// @walletconnect/sign-client is ESM, but some of its dependencies (pino, events, ...) are
// CommonJS, which the test runner's resolver serves as-is and the browser cannot import. This
// plugin bundles the sign-client into one ES module (esbuild, once, on first request), the way a
// site's bundler would, and serves it for the bare specifier.
import { build } from 'esbuild'

const SPECIFIER = '@walletconnect/sign-client'
const PATH = '/__wc-esm/sign-client.js'

/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function walletConnectEsmPlugin() {
  let bundled
  return {
    name: 'walletconnect-esm',
    resolveImport({ source }) {
      if (source === SPECIFIER) return PATH
    },
    async serve(context) {
      if (context.path !== PATH) return
      bundled ??= build({
        stdin: { contents: `export * from '${SPECIFIER}'`, resolveDir: process.cwd(), loader: 'js' },
        bundle: true,
        format: 'esm',
        platform: 'browser',
        write: false,
        define: { 'process.env.NODE_ENV': '"development"', global: 'globalThis' }
      }).then(r => r.outputFiles[0].text)
      return { body: await bundled, type: 'js' }
    }
  }
}
