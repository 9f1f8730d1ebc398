// Builds every package. One config, several outputs:
//  - wire, core and ui as ESM libraries (declarations come from `tsc`, see scripts/build.mjs);
//    core's library leaves wire to the site's bundler like its other dependencies,
//  - the ui browser bundle a plain HTML page loads with one <script type="module">
//    (wallet-modal.js plus lazily loaded chunks),
//  - the devnet: Node entry points and the Devnet Wallet browser script.
import { nodeResolve } from '@rollup/plugin-node-resolve'
import commonjs from '@rollup/plugin-commonjs'
import replace from '@rollup/plugin-replace'
import esbuild from 'rollup-plugin-esbuild'
import terser from '@rollup/plugin-terser'
import { builtinModules, createRequire } from 'node:module'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'

const prod = process.env.NODE_ENV !== 'development'
const pkg = p => JSON.parse(readFileSync(new URL(`./packages/${p}/package.json`, import.meta.url), 'utf8'))
const depsOf = p => Object.keys({ ...pkg(p).dependencies, ...pkg(p).peerDependencies })
// Library builds leave their dependencies (and their subpaths) to the site's bundler, and keep each
// chunk's imports its own (hoistTransitiveImports: false): no bare `import 'viem'` lines, which
// bundlers that honour sideEffects (Angular's) warn about and drop anyway.
const externalOf = names => id => names.some(n => id === n || id.startsWith(`${n}/`)) || id.startsWith('node:') || builtinModules.includes(id)
const ts = (opts = {}) => esbuild({ target: 'es2022', tsconfig: 'tsconfig.json', jsx: 'automatic', ...opts })
const quiet = warning => {
  // valtio and others mark "use client"; it means nothing in a plain bundle.
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return
  // Circular imports inside dependencies (viem, ox) are theirs and harmless.
  if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.every(id => id.includes('/node_modules/'))) return
  console.warn(warning.message)
}

// Inside this repo, workspace packages are bundled from source (one copy, fully tree-shaken).
const workspaceSources = () => ({
  name: 'workspace-sources',
  resolveId(id) {
    if (id === '@wallet-modal/core') return new URL('./packages/core/src/exports/index.ts', import.meta.url).pathname
    if (id === '@wallet-modal/core/internal') return new URL('./packages/core/src/exports/internal.ts', import.meta.url).pathname
    // The wire contract has no side effects (its package.json says so, which a path resolved
    // here would not carry): schemas no code uses are dropped, and it never pins the first chunk.
    if (id === '@wallet-modal/wire') return { id: new URL('./packages/wire/src/index.ts', import.meta.url).pathname, moduleSideEffects: false }
    // The devnet's Bitcoin wallet signs with the server's BIP-322 code (pure JS), from source.
    if (id === '@wallet-modal/server/bitcoin') return new URL('./packages/server/src/bitcoin/index.ts', import.meta.url).pathname
    return null
  }
})

// Packages map Node-only files to browser ones through the package.json "browser" object
// (multiformats' sha2 -> sha2-browser, axios' http adapter -> null). node-resolve misses that for
// relative imports inside packages resolved through "exports", so this applies the mapping; a
// file mapped to `false` becomes an empty module. Without it, chunks import Node's crypto/http.
const browserFieldMappings = () => {
  const pkgCache = new Map()
  const pkgOf = file => {
    let dir = dirname(file)
    while (dir.includes('/node_modules/')) {
      if (pkgCache.has(dir)) return pkgCache.get(dir)
      const f = join(dir, 'package.json')
      if (existsSync(f)) {
        const pkg = JSON.parse(readFileSync(f, 'utf8'))
        const entry = pkg.name ? { dir, browser: typeof pkg.browser === 'object' ? pkg.browser : undefined } : undefined
        if (entry) {
          pkgCache.set(dir, entry)
          return entry
        }
      }
      dir = dirname(dir)
    }
    return undefined
  }
  return {
    name: 'browser-field-mappings',
    async resolveId(source, importer, options) {
      if (!importer?.includes('/node_modules/') || !source.startsWith('.')) return null
      const r = await this.resolve(source, importer, { ...options, skipSelf: true })
      if (!r || r.external) return null
      const pkg = pkgOf(r.id)
      if (!pkg?.browser) return null
      const mapped = pkg.browser['./' + relative(pkg.dir, r.id)]
      if (mapped === undefined) return null
      if (mapped === false) return '\0browser-empty'
      return join(pkg.dir, mapped)
    },
    load(id) {
      return id === '\0browser-empty' ? 'export default {}' : null
    }
  }
}

const browserPlugins = () => [
  fontAsset(),
  workspaceSources(),
  browserFieldMappings(),
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify(prod ? 'production' : 'development') } }),
  // Browser bundles take npm's `events` (WalletConnect needs it), never Node's built-in.
  nodeResolve({ browser: true, preferBuiltins: false, extensions: ['.ts', '.tsx', '.mjs', '.js'] }),
  commonjs(),
  ts({ legalComments: 'none' }),
  // terser compresses a little better than esbuild's minifier (FACTS.md); it only runs here.
  prod && terser({ ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } })
]

const configs = [
  {
    // The wire contract's own library: core's library and the server import it as a dependency.
    name: 'wire',
    input: { index: 'packages/wire/src/index.ts' },
    external: externalOf(depsOf('wire')),
    output: { dir: 'packages/wire/dist', format: 'es', sourcemap: true },
    plugins: [ts()],
    onwarn: quiet
  },
  {
    name: 'core',
    input: { index: 'packages/core/src/exports/index.ts', internal: 'packages/core/src/exports/internal.ts' },
    external: externalOf(depsOf('core')),
    output: { dir: 'packages/core/dist', format: 'es', sourcemap: true, hoistTransitiveImports: false },
    plugins: [ts()],
    onwarn: quiet
  },
  {
    name: 'ui',
    input: {
      index: 'packages/ui/src/exports/index.ts',
      define: 'packages/ui/src/exports/define.ts',
      boot: 'packages/ui/src/exports/boot.ts',
      appkit: 'packages/ui/src/exports/appkit.ts'
    },
    external: externalOf([...depsOf('ui'), '@wallet-modal/core']),
    output: { dir: 'packages/ui/dist', format: 'es', sourcemap: true, hoistTransitiveImports: false },
    plugins: [fontAsset(), nodeResolve({ extensions: ['.ts', '.tsx'], resolveOnly: [] }), ts()],
    onwarn: quiet
  },
  {
    // The React bindings and the wagmi connector: thin libraries over core's and ui's entries,
    // which (like React, valtio, viem and wagmi) they leave to the site's bundler.
    name: 'react',
    input: { index: 'packages/react/src/exports/index.ts' },
    external: externalOf([...depsOf('react'), 'react', 'react-dom', '@wallet-modal/core']),
    // Hooks run in client components only: React Server Components frameworks (Next.js) need the
    // directive to import them from a server component's tree.
    output: { dir: 'packages/react/dist', format: 'es', sourcemap: true, banner: "'use client';", hoistTransitiveImports: false },
    plugins: [nodeResolve({ extensions: ['.ts', '.tsx'], resolveOnly: [] }), ts()],
    onwarn: quiet
  },
  {
    name: 'wagmi',
    input: { index: 'packages/wagmi/src/exports/index.ts' },
    external: externalOf([...depsOf('wagmi'), '@wallet-modal/core']),
    output: { dir: 'packages/wagmi/dist', format: 'es', sourcemap: true, hoistTransitiveImports: false },
    plugins: [nodeResolve({ extensions: ['.ts'], resolveOnly: [] }), ts()],
    onwarn: quiet
  },
  // The Vue, Svelte and Angular bindings: thin libraries over core's entries, which (like the
  // frameworks themselves) they leave to the site's bundler.
  ...['vue', 'svelte', 'angular'].map(pkg => ({
    name: pkg,
    input: { index: `packages/${pkg}/src/exports/index.ts` },
    external: externalOf([...depsOf(pkg), '@wallet-modal/core']),
    output: { dir: `packages/${pkg}/dist`, format: 'es', sourcemap: true, hoistTransitiveImports: false },
    plugins: [nodeResolve({ extensions: ['.ts'], resolveOnly: [] }), ts()],
    onwarn: quiet
  })),
  {
    // The script-tag bundle: everything a site needs, first chunk kept small; later features are
    // split off by dynamic import() into chunks next to it.
    name: 'browser',
    input: { 'wallet-modal': 'packages/ui/src/exports/browser.ts' },
    // Lazy chunks may import straight from the entry: no separate shared chunk, one request less.
    preserveEntrySignatures: 'allow-extension',
    output: { dir: 'packages/ui/dist/browser', format: 'es', sourcemap: true, chunkFileNames: 'chunks/[name]-[hash].js' },
    plugins: [...browserPlugins(), bundleManifest(), subresourceIntegrity()],
    onwarn: quiet
  },
  {
    // fromAppKit for a script tag (docs/migrating/from-appkit.md): one file of its own, so that
    // the full bundle's chunking, and its first chunk, stay as they are.
    name: 'browser-appkit',
    input: { 'wallet-modal-appkit': 'packages/ui/src/exports/appkit.ts' },
    output: { dir: 'packages/ui/dist/browser/appkit', format: 'es', sourcemap: true },
    plugins: [...browserPlugins(), subresourceIntegrity('wallet-modal-appkit.js')],
    onwarn: quiet
  },
  {
    // The bootstrap for a script tag: a few KB that define the elements and paint the button; the
    // rest is its own chunks (a build of its own, so the full bundle's chunking stays as it is).
    name: 'browser-boot',
    input: { boot: 'packages/ui/src/exports/boot.ts' },
    preserveEntrySignatures: 'allow-extension',
    output: { dir: 'packages/ui/dist/browser/boot', format: 'es', sourcemap: true, chunkFileNames: 'chunks/[name]-[hash].js' },
    plugins: browserPlugins(),
    onwarn: quiet
  },
  {
    name: 'devnet-wallet',
    input: { 'devnet-wallet': 'packages/devnet/src/wallet/index.ts' },
    output: { dir: 'packages/devnet/dist/browser', format: 'es', sourcemap: true },
    plugins: browserPlugins(),
    onwarn: quiet
  },
  {
    // The demo's stand-in for Coinbase's keys popup (served at /coinbase-keys/): one script.
    name: 'coinbase-keys',
    input: { 'coinbase-keys': 'packages/devnet/src/coinbaseKeys/demoPopup.ts' },
    output: { dir: 'packages/devnet/dist/coinbase-keys', format: 'es', sourcemap: false, inlineDynamicImports: true },
    plugins: browserPlugins(),
    onwarn: quiet
  },
  {
    name: 'server',
    input: { cli: 'packages/server/src/cli.ts', index: 'packages/server/src/index.ts', bitcoin: 'packages/server/src/bitcoin/index.ts' },
    external: externalOf(depsOf('server')),
    output: { dir: 'packages/server/dist', format: 'es', sourcemap: true },
    plugins: [nodeResolve({ extensions: ['.ts'], resolveOnly: [] }), ts({ platform: 'node' }), json()],
    onwarn: quiet
  },
  {
    // The embedded wallet's secure site (served by the server on its own origin): one script
    // for its pages and their stylesheet, next to the server's files.
    name: 'secure-site',
    input: { 'secure-site': 'packages/server/src/embedded/site/secureSite.ts' },
    output: { dir: 'packages/server/dist/secure-site', format: 'es', sourcemap: false },
    plugins: [
      ...browserPlugins(),
      {
        name: 'secure-site-css',
        generateBundle() {
          this.emitFile({ type: 'asset', fileName: 'secure-site.css', source: readFileSync('packages/server/src/embedded/site/secure-site.css', 'utf8') })
        }
      }
    ],
    onwarn: quiet
  },
  {
    name: 'devnet',
    input: { cli: 'packages/devnet/src/cli.ts', index: 'packages/devnet/src/index.ts', testing: 'packages/devnet/src/testing/index.ts' },
    external: externalOf([...depsOf('devnet'), '@wallet-modal/server', 'solc']),
    output: { dir: 'packages/devnet/dist', format: 'es', sourcemap: true },
    plugins: [nodeResolve({ extensions: ['.ts'], resolveOnly: [] }), ts({ platform: 'node' }), json()],
    onwarn: quiet
  }
]

// WM_BUILD=core,browser builds only those (handy while working on one package); WM_BUILD_EXCEPT
// builds all but those (scripts/build.mjs runs two Rollup processes side by side, one with a list
// and one with the same list as WM_BUILD_EXCEPT, so that a build added here lands in the second).
const only = process.env.WM_BUILD?.split(',')
const except = process.env.WM_BUILD_EXCEPT?.split(',')
export default configs.filter(c => (!only || only.includes(c.name)) && !except?.includes(c.name)).map(({ name, ...c }) => c)

// Writes bundle-manifest.json next to the browser bundle: every chunk with its static and dynamic
// imports and the modules (with their rendered sizes) it holds. The size check in `npm test` and
// `npm run bench` read it to know what is in the first chunk a site loads.
function bundleManifest() {
  return {
    name: 'bundle-manifest',
    generateBundle(_options, bundle) {
      const root = new URL('.', import.meta.url).pathname
      const chunks = {}
      for (const [file, c] of Object.entries(bundle)) {
        if (c.type !== 'chunk') continue
        chunks[file] = {
          isEntry: c.isEntry,
          imports: c.imports,
          dynamicImports: c.dynamicImports,
          modules: Object.fromEntries(Object.entries(c.modules).map(([id, m]) => [id.replace(root, '').replace(/^\0/, ''), m.renderedLength]))
        }
      }
      this.emitFile({ type: 'asset', fileName: 'bundle-manifest.json', source: JSON.stringify({ chunks }, null, 1) })
    }
  }
}

// The CDN build's integrity list: sri.json maps each JavaScript file (the entry and every chunk, by
// its path in the build) to its SHA-384 hash as an SRI string, read from the files written (the
// exact bytes a CDN serves). A page puts the entry's in its script tag and all of them in its
// import map's "integrity" section, so a changed chunk is refused too (see the README).
function subresourceIntegrity(entry = 'wallet-modal.js') {
  return {
    name: 'subresource-integrity',
    writeBundle(options, bundle) {
      const files = {}
      for (const file of Object.keys(bundle)
        .filter(f => f.endsWith('.js'))
        .sort()) {
        files[file] = `sha384-${createHash('sha384')
          .update(readFileSync(join(options.dir, file)))
          .digest('base64')}`
      }
      writeFileSync(join(options.dir, 'sri.json'), JSON.stringify({ algorithm: 'sha384', entry, files }, null, 1) + '\n')
    }
  }
}

// The modal's font (packages/ui/src/theme/interFontUrl.ts): the file is copied into the output's
// fonts/ folder under a content-hashed name, with its licence (the SIL OFL asks that it travel with
// the font), and the source's URL of the installed package becomes the copy's URL relative to the
// chunk, written `new URL('./fonts/…', import.meta.url)` so that a site's bundler (Vite, webpack,
// Turbopack) recognises and copies it in turn. Not in sri.json: a font is not a module (no import
// map integrity applies to it). The build fails if the expression is not found.
function fontAsset() {
  const FILE = 'inter-latin-wght-normal.woff2'
  const expression = new RegExp(`new URL\\((['"])[^'"]*/${FILE.replace(/\./g, '\\.')}\\1, import\\.meta\\.url\\)\\.href`)
  const fromUi = createRequire(new URL('./packages/ui/package.json', import.meta.url))
  let ref
  return {
    name: 'font-asset',
    transform(code, id) {
      if (!id.endsWith('/packages/ui/src/theme/interFontUrl.ts')) return null
      if (!expression.test(code)) this.error(`interFontUrl.ts: no new URL('…/${FILE}', import.meta.url).href to rewrite`)
      const source = readFileSync(fromUi.resolve(`@fontsource-variable/inter/files/${FILE}`))
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8)
      ref = this.emitFile({ type: 'asset', fileName: `fonts/${FILE.replace(/\.woff2$/, `-${hash}.woff2`)}`, source })
      this.emitFile({ type: 'asset', fileName: 'fonts/Inter-LICENSE.txt', source: readFileSync(fromUi.resolve('@fontsource-variable/inter/LICENSE')) })
      return { code: code.replace(expression, `import.meta.ROLLUP_FILE_URL_${ref}`), map: null }
    },
    resolveFileUrl({ referenceId, relativePath }) {
      if (referenceId !== ref) return null
      return `new URL('${relativePath.startsWith('.') ? relativePath : `./${relativePath}`}', import.meta.url).href`
    }
  }
}

// JSON artifacts (the compiled contract) are imported by the devnet.
function json() {
  return {
    name: 'json',
    transform(code, id) {
      if (!id.endsWith('.json')) return null
      return { code: `export default ${code};`, map: { mappings: '' } }
    }
  }
}
