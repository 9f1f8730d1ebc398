// Some packages are ESM but depend on CommonJS modules (the WalletConnect sign-client on pino and
// `events`, @wagmi/core on eventemitter3's ESM wrapper of its CommonJS file, sats-connect on bech32, @solana/web3.js on bn.js and buffer; buffer itself), which the test runner's
// resolver serves as-is and the browser cannot import. This plugin bundles each such package into
// one ES module (esbuild, once, on first request), the way a site's bundler would, and serves it
// for the bare specifier.
import { build } from 'esbuild'

const PREFIX = '/__esm-prebundle/'

/**
 * @param {string[]} specifiers - Bare package names to serve pre-bundled.
 * @param {Record<string, string>} [entries] - The module text to bundle for a name, where
 *   `export * from '<name>'` is not enough: a CommonJS package (buffer) has no static names, so
 *   they are re-exported one by one.
 * @returns {import('@web/test-runner').TestRunnerPlugin}
 */
export function esmPrebundlePlugin(specifiers, entries = {}) {
  const bundles = new Map()
  const pathOf = spec => `${PREFIX}${spec.replace(/[/@]/g, '_')}.js`
  return {
    name: 'esm-prebundle',
    resolveImport({ source }) {
      if (specifiers.includes(source)) return pathOf(source)
    },
    async serve(context) {
      const spec = specifiers.find(s => pathOf(s) === context.path)
      if (!spec) return
      if (!bundles.has(spec)) {
        bundles.set(
          spec,
          build({
            stdin: { contents: entries[spec] ?? `export * from '${spec}'`, resolveDir: process.cwd(), loader: 'js' },
            bundle: true,
            format: 'esm',
            platform: 'browser',
            write: false,
            define: { 'process.env.NODE_ENV': '"development"', global: 'globalThis' }
          }).then(r => r.outputFiles[0].text)
        )
      }
      return { body: await bundles.get(spec), type: 'js' }
    }
  }
}
