// Node test files compiled once, before `npm test` runs them (docs/ARCHITECTURE.md, "Tests"):
// each file through `node --import tsx` spent 1-2 s of CPU per process transforming and resolving
// the same TypeScript sources again (3.6 s to import the end-to-end harness, 1.5 s from one bundle;
// 1.8 s for the server's sources, 0.6 s), about 200 processes per run.
import { readFileSync } from 'node:fs'
import { dirname, extname, join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const SOURCE = /\.(?:[cm]?ts|tsx|[m]?js|jsx)$/
const META = /\bimport\.meta\.(?:url|dirname|filename)\b/
/** The identifiers `import.meta.url`, `.dirname` and `.filename` become (see ownImportMeta). */
const META_NAMES = { url: '__wmImportMetaUrl', dirname: '__wmImportMetaDirname', filename: '__wmImportMetaFilename' }

/**
 * Bundles Node test files, with the repository's own sources they import (TypeScript included,
 * `tsconfig.json`'s paths applied), into ES modules under `outdir`, sharing chunks between them.
 * The result runs as the source would under tsx:
 * - packages stay outside the bundle, each imported by the file Node itself would load for the
 *   importing source (esbuild resolves it without the bundler-only `module` condition, so the
 *   nested `ws` 8 of a package and the `default` build of WalletConnect are the ones Node picks);
 * - `import.meta.url`, `import.meta.dirname` and `import.meta.filename` are the source file's own,
 *   so files found beside a source are still found;
 * - linked source maps point stack traces at the TypeScript (run with `--enable-source-maps`).
 *
 * `import.meta.resolve` is left as it is: from `outdir` it resolves bare packages as the
 * repository does (keep `outdir` inside the repository) but not relative paths.
 *
 * @param files - Test files, relative to `root` or absolute.
 * @param options - `root`: the repository (default: the working directory); `outdir`: where the
 *   bundles go (emptied by the caller); `onPackage(specifier, importer, path)`: told of each
 *   package import and the file it now names (for a check against Node's own resolution).
 * @returns For each file as given, the path of its bundle.
 * @throws esbuild's error (naming the file and line) when a file does not compile.
 * @example
 * ```js
 * const bundles = await bundleNodeTests(['packages/wire/src/Endpoint.test.ts'], { outdir: 'node_modules/.cache/t' })
 * spawn(process.execPath, ['--enable-source-maps', '--test-reporter=spec', bundles.get('packages/wire/src/Endpoint.test.ts')])
 * ```
 */
export async function bundleNodeTests(files, { root = process.cwd(), outdir, onPackage = () => {} }) {
  const absRoot = resolve(root)
  const absOut = resolve(absRoot, outdir)
  await build({
    absWorkingDir: absRoot,
    entryPoints: files.map(f => resolve(absRoot, f)),
    outbase: absRoot,
    outdir: absOut,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Without this esbuild adds the `module` condition, which Node does not know.
    conditions: [],
    tsconfig: join(absRoot, 'tsconfig.json'),
    sourcemap: 'linked',
    sourcesContent: false,
    define: Object.fromEntries(Object.entries(META_NAMES).map(([key, name]) => [`import.meta.${key}`, name])),
    logLevel: 'silent',
    plugins: [packagesAsNodeLoadsThem(onPackage), ownImportMeta()]
  })
  return new Map(files.map(f => [f, join(absOut, relative(absRoot, resolve(absRoot, f))).replace(/\.[cm]?tsx?$/, '.mjs')]))
}

/** Bare imports that resolve into node_modules stay imports, of the resolved file's absolute path. */
function packagesAsNodeLoadsThem(onPackage) {
  return {
    name: 'packages-as-node-loads-them',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, async args => {
        if (args.pluginData === 'inner' || args.kind === 'entry-point') return undefined
        if (args.path.startsWith('node:')) return { external: true }
        const r = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'inner' })
        if (r.errors.length > 0) return { errors: r.errors }
        // A Node built-in named without `node:` resolves to itself, external.
        if (r.external) return { path: r.path, external: true }
        if (!r.path.includes('/node_modules/')) return { path: r.path }
        onPackage(args.path, args.importer, r.path)
        return { path: r.path, external: true }
      })
    }
  }
}

/**
 * Each of the repository's files keeps its own `import.meta.url` (and dirname, filename): the build
 * defines them as identifiers (only real uses, not the words in a string), and each file that uses
 * them declares those identifiers first, on its first line so its lines stay where they were; the
 * bundle renames each file's own.
 */
function ownImportMeta() {
  return {
    name: 'own-import-meta',
    setup(b) {
      b.onLoad({ filter: SOURCE }, args => {
        if (args.path.includes('/node_modules/')) return undefined
        let contents = readFileSync(args.path, 'utf8')
        if (META.test(contents)) {
          const value = { url: pathToFileURL(args.path).href, dirname: dirname(args.path), filename: args.path }
          contents = `var ${Object.entries(META_NAMES)
            .map(([key, name]) => `${name} = ${JSON.stringify(value[key])}`)
            .join(', ')}; ${contents}`
        }
        const ext = extname(args.path)
        const loader = ext === '.tsx' ? 'tsx' : ext === '.jsx' ? 'jsx' : /ts$/.test(ext) ? 'ts' : 'js'
        return { contents, loader }
      })
    }
  }
}
