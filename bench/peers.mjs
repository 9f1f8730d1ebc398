// `node bench/peers.mjs`: what other wallet modals cost a site, beside ours (issue #44).
//
// In a temporary directory outside the repository it installs, from the npm registry, the pinned
// versions below of each library with the set-up its own documentation shows (one network, one
// button: the pages in bench/peers/), bundles each page with the repository's esbuild the way a
// site's bundler would (`--bundle --splitting --format=esm --minify`, browser, production) and
// measures gzip (level 9, each file compressed on its own as it is served):
//   before: the entry chunk and every chunk it imports statically (what loads before the button
//           can show),
//   all:    every JS chunk the build wrote (everything the library can load).
// Ours is read, not rebuilt, from packages/ui/dist/browser (run `npm run build` first): the
// bootstrap (`boot/boot.js`, what the button paints from) and the full entry (`wallet-modal.js`).
// Each page is bundled a second time with the repository's Rollup (node-resolve, commonjs) and
// each chunk minified with esbuild, as Vite builds a site: esbuild keeps the chunks of dynamic
// imports that sit in code it tree-shook away (wagmi's unused connectors, for one) and shares
// modules between the entry and such chunks, so its figures for wagmi-based pages are larger
// than a Vite site's. Both are recorded; `--no-rollup` skips the second pass.
// A library that fails to install or bundle is recorded as failed and the rest go on.
// Prints a table and writes the results to .bench/peers-<date>.json.
//
//   node bench/peers.mjs [--only rainbowkit,connectkit] [--latest] [--keep] [--work DIR] [--no-rollup] [--out FILE]
//     --only       measure these libraries only (ids below; `ours` for ours)
//     --latest     install the newest release within each pin's major instead of the pin
//     --keep       keep the temporary directory (its lockfiles tell every resolved version)
//     --work DIR   install in DIR and keep it; a library already installed there with the same
//                  package.json is not installed again
//     --no-rollup  only the esbuild measurement
//   PEERS_INSTALL_TIMEOUT_MS  the time-box of each install (default 300000)
import { spawn } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { build, version as esbuildVersion, transform } from 'esbuild'
import { BROWSER_DIST, compressedSizes } from './sizes.mjs'

const ROOT = new URL('..', import.meta.url).pathname
const PAGES = new URL('./peers/', import.meta.url).pathname
const INSTALL_TIMEOUT_MS = Number(process.env.PEERS_INSTALL_TIMEOUT_MS ?? 300_000)

/**
 * The libraries and the exact versions measured (the newest releases on 2026-11-27 that fit each
 * other's peer ranges: RainbowKit and ConnectKit need wagmi 2, ConnectKit React 18). `pages` are
 * files in bench/peers/; the first is the library's page, a second is the baseline it is compared
 * with (a React + wagmi site without the kit). `button`: the button is a custom element defined in
 * a lazy chunk (AppKit's scaffold): the chunks whose code names this tag, and their static
 * imports, count as JS before the button too.
 */
const PEERS = [
  {
    id: 'appkit-wagmi',
    name: 'Reown AppKit (JS, Wagmi adapter)',
    main: '@reown/appkit',
    pages: ['appkit-wagmi.js'],
    button: 'appkit-button',
    deps: { '@reown/appkit': '1.8.24', '@reown/appkit-adapter-wagmi': '1.8.24', wagmi: '3.7.7', viem: '2.57.20' }
  },
  {
    id: 'appkit-ethers',
    name: 'Reown AppKit (JS, Ethers adapter)',
    main: '@reown/appkit',
    pages: ['appkit-ethers.js'],
    button: 'appkit-button',
    deps: { '@reown/appkit': '1.8.24', '@reown/appkit-adapter-ethers': '1.8.24', ethers: '6.17.0' }
  },
  {
    id: 'rainbowkit',
    name: 'RainbowKit',
    main: '@rainbow-me/rainbowkit',
    pages: ['rainbowkit.jsx', 'wagmi-react.jsx'],
    deps: {
      '@rainbow-me/rainbowkit': '2.2.11',
      wagmi: '2.19.5',
      viem: '2.57.20',
      '@tanstack/react-query': '5.108.4',
      react: '19.3.1',
      'react-dom': '19.3.1'
    }
  },
  {
    id: 'connectkit',
    name: 'ConnectKit',
    main: 'connectkit',
    pages: ['connectkit.jsx', 'wagmi-react.jsx'],
    deps: {
      connectkit: '1.9.2',
      wagmi: '2.19.5',
      viem: '2.57.20',
      '@tanstack/react-query': '5.108.4',
      react: '18.3.1',
      'react-dom': '18.3.1'
    }
  },
  {
    id: 'web3-onboard',
    name: 'Web3-Onboard',
    main: '@web3-onboard/core',
    pages: ['web3-onboard.js'],
    deps: { '@web3-onboard/core': '2.24.1', '@web3-onboard/injected-wallets': '2.11.3' }
  }
]

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    latest: { type: 'boolean' },
    keep: { type: 'boolean' },
    work: { type: 'string' },
    'no-rollup': { type: 'boolean' },
    out: { type: 'string' }
  }
})
const only = args.only ? new Set(args.only.split(',')) : null
const wanted = id => !only || only.has(id)
const date = new Date().toISOString().slice(0, 10)
const OUT = args.out ?? join(ROOT, '.bench', `peers-${date}.json`)
const started = performance.now()

const compressed = new Map()
/** Sums the sizes of files in `dir` (each file compressed once). */
function sizeOf(dir, files) {
  const total = { files: files.length, raw: 0, gzip: 0, brotli: 0 }
  for (const f of files) {
    const path = join(dir, f)
    if (!compressed.has(path)) compressed.set(path, compressedSizes(readFileSync(path)))
    const s = compressed.get(path)
    total.raw += s.raw
    total.gzip += s.gzip
    total.brotli += s.brotli
  }
  return total
}

/** Every node reachable from `start` along `next`. */
function closure(start, next) {
  const seen = new Set()
  const stack = [start]
  while (stack.length) {
    const f = stack.pop()
    if (seen.has(f)) continue
    seen.add(f)
    stack.push(...next(f))
  }
  return [...seen].sort()
}

/**
 * What loads before the button shows: the entry's static closure, and when the button is a
 * custom element defined in a lazy chunk, that chunk's static closure as well.
 */
function beforeButton(base, files, entry, staticImports, button) {
  const first = closure(entry, staticImports)
  if (!button) return { files: first, entryStatic: first }
  const defining = files.filter(f => /\.js$/.test(f) && new RegExp(`["'\`]${button}["'\`]`).test(readFileSync(join(base, f), 'utf8')))
  return { files: [...new Set([...first, ...defining.flatMap(f => closure(f, staticImports))])].sort(), entryStatic: first, defining }
}

/** The package a bundled file belongs to (or `(page)` for the page itself). */
const packageOf = path => path.match(/.*node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? '(page)'

/**
 * Runs npm in `cwd` with a time-box; the whole process group is ended when it runs out, so no
 * install outlives the script.
 */
function npm(cwd, npmArgs, timeoutMs) {
  return new Promise(done => {
    const t0 = performance.now()
    const child = spawn('npm', npmArgs, { cwd, detached: true, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', d => {
      stderr = (stderr + d).slice(-4000)
    })
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {}
    }, timeoutMs)
    child.on('close', code => {
      clearTimeout(timer)
      const ms = Math.round(performance.now() - t0)
      if (code === 0) done({ ok: true, ms })
      else done({ ok: false, ms, error: timedOut ? `install timed out after ${timeoutMs} ms` : `npm exited ${code}: ${stderr.trim().slice(-1500)}` })
    })
    child.on('error', e => {
      clearTimeout(timer)
      done({ ok: false, ms: 0, error: String(e) })
    })
  })
}

/** A pin, or with --latest the newest release of its major. */
const spec = v => (args.latest ? `^${v.split('.')[0]}` : v)

/** Bundles one page in `dir` and measures its output. */
async function bundlePage(dir, page, button) {
  const name = page.replace(/\.[^.]+$/, '')
  const outdir = join(dir, 'out', name)
  const t0 = performance.now()
  const result = await build({
    absWorkingDir: dir,
    entryPoints: [join(dir, page)],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    platform: 'browser',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: Object.fromEntries(['.png', '.jpg', '.gif', '.webp', '.svg', '.woff', '.woff2', '.ttf'].map(e => [e, 'file'])),
    metafile: true,
    logLevel: 'silent'
  })
  const ms = Math.round(performance.now() - t0)
  const outputs = result.metafile.outputs
  const rel = f => relative(outdir, join(dir, f))
  // Lazy chunks have an `entryPoint` too (the module they were split at): the page's is the one.
  const entry = Object.keys(outputs).find(f => outputs[f].entryPoint === page)
  const staticImports = f => outputs[f].imports.filter(i => i.kind === 'import-statement' && !i.external && i.path.endsWith('.js')).map(i => i.path)
  const js = Object.keys(outputs).filter(f => f.endsWith('.js'))
  const first = beforeButton(dir, js, entry, staticImports, button)
  const before = first.files
  const css = Object.keys(outputs).filter(f => f.endsWith('.css'))
  const assets = Object.keys(outputs).filter(f => !f.endsWith('.js') && !f.endsWith('.css') && !f.endsWith('.map'))
  // Which packages the JS before the button holds (minified bytes, before compression).
  const byPackage = {}
  for (const f of before)
    for (const [input, { bytesInOutput }] of Object.entries(outputs[f].inputs)) byPackage[packageOf(input)] = (byPackage[packageOf(input)] ?? 0) + bytesInOutput
  return {
    page,
    bundleMs: ms,
    warnings: result.warnings.length,
    before: sizeOf(outdir, before.map(rel)),
    entryStatic: sizeOf(outdir, first.entryStatic.map(rel)),
    buttonChunks: first.defining?.map(rel),
    all: sizeOf(outdir, js.map(rel)),
    css: sizeOf(outdir, css.map(rel)),
    assets: sizeOf(outdir, assets.map(rel)),
    beforeByPackage: Object.fromEntries(Object.entries(byPackage).sort((a, b) => b[1] - a[1]))
  }
}

/**
 * Bundles one page in `dir` with Rollup as Vite does (browser resolution, CommonJS, JSON, JSX),
 * minifies each chunk with esbuild and measures the result. CSS and images become empty modules:
 * the esbuild pass measures the CSS.
 */
async function rollupPage(dir, page, button) {
  const { rollup } = await import('rollup')
  const { nodeResolve } = await import('@rollup/plugin-node-resolve')
  const { default: commonjs } = await import('@rollup/plugin-commonjs')
  const { default: replace } = await import('@rollup/plugin-replace')
  const t0 = performance.now()
  const unresolved = new Set()
  const bundle = await rollup({
    input: join(dir, page),
    plugins: [
      {
        name: 'assets-json-jsx',
        load: id => (/\.(css|png|jpe?g|gif|webp|svg|woff2?|ttf)$/.test(id) ? 'export default ""' : null),
        async transform(code, id) {
          if (id.endsWith('.json')) return { code: `export default ${code}`, map: null }
          if (id.endsWith('.jsx')) return { code: (await transform(code, { loader: 'jsx', jsx: 'automatic' })).code, map: null }
          return null
        }
      },
      replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': '"production"' } }),
      nodeResolve({ browser: true, preferBuiltins: false }),
      commonjs()
    ],
    onwarn: w => {
      if (w.code === 'UNRESOLVED_IMPORT') unresolved.add(w.exporter)
    }
  })
  const { output } = await bundle.generate({ format: 'es' })
  await bundle.close()
  const chunks = Object.fromEntries(output.filter(o => o.type === 'chunk').map(o => [o.fileName, o]))
  const entry = output.find(o => o.type === 'chunk' && o.isEntry).fileName
  const outdir = join(dir, 'out-rollup', page.replace(/\.[^.]+$/, ''))
  for (const [f, c] of Object.entries(chunks)) {
    mkdirSync(dirname(join(outdir, f)), { recursive: true })
    writeFileSync(join(outdir, f), (await transform(c.code, { minify: true, format: 'esm' })).code)
  }
  const first = beforeButton(outdir, Object.keys(chunks), entry, f => chunks[f].imports.filter(i => chunks[i]), button)
  return {
    page,
    bundleMs: Math.round(performance.now() - t0),
    unresolved: [...unresolved].sort(),
    before: sizeOf(outdir, first.files),
    entryStatic: sizeOf(outdir, first.entryStatic),
    buttonChunks: first.defining,
    all: sizeOf(outdir, Object.keys(chunks))
  }
}

/** Installs one library in its own directory under `work` and measures its pages. */
async function measurePeer(work, peer) {
  const dir = join(work, peer.id)
  mkdirSync(dir, { recursive: true })
  const deps = Object.fromEntries(Object.entries(peer.deps).map(([k, v]) => [k, spec(v)]))
  const manifest = JSON.stringify({ name: `peers-${peer.id}`, private: true, type: 'module', dependencies: deps }, null, 2)
  const installed = existsSync(join(dir, 'package-lock.json')) && readFileSync(join(dir, 'package.json'), 'utf8') === manifest
  writeFileSync(join(dir, 'package.json'), manifest)
  for (const page of peer.pages) copyFileSync(join(PAGES, page), join(dir, page))
  const out = { id: peer.id, name: peer.name, requested: deps }
  if (installed) {
    console.error(`${peer.id}: already installed in ${dir}`)
    out.installMs = 0
  } else {
    console.error(
      `${peer.id}: installing ${Object.entries(deps)
        .map(([k, v]) => `${k}@${v}`)
        .join(' ')}`
    )
    // No install scripts: nothing here runs on Node, the pages are only bundled.
    const install = await npm(dir, ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], INSTALL_TIMEOUT_MS)
    out.installMs = install.ms
    if (!install.ok) return { ...out, status: 'install failed', error: install.error }
  }
  out.installed = Object.fromEntries(Object.keys(deps).map(k => [k, JSON.parse(readFileSync(join(dir, 'node_modules', k, 'package.json'), 'utf8')).version]))
  out.version = out.installed[peer.main]
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'))
  out.packagesInstalled = Object.keys(lock.packages).length - 1
  out.pages = []
  for (const page of peer.pages) {
    console.error(`${peer.id}: bundling ${page}`)
    try {
      out.pages.push(await bundlePage(dir, page, page === peer.pages[0] ? peer.button : undefined))
    } catch (e) {
      const errors = e.errors?.slice(0, 5).map(x => `${x.location?.file ?? ''}: ${x.text}`) ?? [String(e)]
      return { ...out, status: 'bundle failed', page, error: errors.join('\n') }
    }
  }
  const [main, baseline] = out.pages
  Object.assign(out, { status: 'ok', before: main.before, all: main.all, css: main.css, overBaseline: difference(main, baseline) })
  if (args['no-rollup']) return out
  out.rollup = { pages: [] }
  for (const page of peer.pages) {
    console.error(`${peer.id}: bundling ${page} with rollup`)
    try {
      out.rollup.pages.push(await rollupPage(dir, page, page === peer.pages[0] ? peer.button : undefined))
    } catch (e) {
      return { ...out, rollup: { status: 'bundle failed', page, error: String(e.message ?? e).slice(0, 1500) } }
    }
  }
  const [rMain, rBaseline] = out.rollup.pages
  Object.assign(out.rollup, { status: 'ok', before: rMain.before, all: rMain.all, overBaseline: difference(rMain, rBaseline) })
  return out
}

/** A kit's page minus the React + wagmi baseline's, when there is one. */
function difference(main, baseline) {
  if (!baseline) return undefined
  return {
    page: baseline.page,
    before: { gzip: main.before.gzip - baseline.before.gzip, raw: main.before.raw - baseline.before.raw },
    all: { gzip: main.all.gzip - baseline.all.gzip, raw: main.all.raw - baseline.all.raw }
  }
}

/**
 * The module graph of one of our built entries, read with esbuild (parsing only, nothing is
 * written): each file's static imports and every file reachable from the entry.
 */
async function ourGraph(entry) {
  const result = await build({
    absWorkingDir: BROWSER_DIST,
    entryPoints: [join(BROWSER_DIST, entry)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    metafile: true,
    logLevel: 'silent',
    // The CDN build has no bare imports; should one appear it must not stop the walk.
    plugins: [{ name: 'bare-external', setup: b => b.onResolve({ filter: /^[^./]/ }, a => ({ path: a.path, external: true })) }]
  })
  const inputs = result.metafile.inputs
  const statics = f => inputs[f].imports.filter(i => i.kind === 'import-statement' && !i.external).map(i => i.path)
  return { reachable: Object.keys(inputs).sort(), statics, closure: f => closure(f, statics) }
}

/** Ours, from the built CDN files. */
async function measureOurs() {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'packages/ui/package.json'), 'utf8'))
  const out = { id: 'ours', name: 'wallet-modal', version: pkg.version, dist: relative(ROOT, BROWSER_DIST) }
  if (!existsSync(join(BROWSER_DIST, 'boot/boot.js')) || !existsSync(join(BROWSER_DIST, 'wallet-modal.js')))
    return { ...out, status: 'no build', error: `${out.dist} has no boot/boot.js or wallet-modal.js: run npm run build` }
  const js = d =>
    readdirSync(join(BROWSER_DIST, d))
      .filter(f => f.endsWith('.js'))
      .map(f => `${d}/${f}`)
  const boot = await ourGraph('boot/boot.js')
  const bootBefore = boot.closure('boot/boot.js')
  // On idle (or hover, focus, click) the bootstrap loads its hand-over chunk: React and core.
  const handOver = boot.reachable.find(f => /\/handOver-[^/]+\.js$/.test(f))
  const bootIdle = handOver ? [...new Set([...bootBefore, ...boot.closure(handOver)])].sort() : null
  const full = await ourGraph('wallet-modal.js')
  const fullAll = ['wallet-modal.js', ...js('chunks')]
  // The biggest of the full build's lazy chunks, to tell what "all" holds.
  const largest = js('chunks')
    .map(f => [f, sizeOf(BROWSER_DIST, [f]).gzip])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
  return {
    ...out,
    status: 'ok',
    boot: {
      entry: 'boot/boot.js',
      before: sizeOf(BROWSER_DIST, bootBefore),
      idle: bootIdle && { handOver, ...sizeOf(BROWSER_DIST, bootIdle) },
      all: sizeOf(BROWSER_DIST, boot.reachable),
      allInDirectory: sizeOf(BROWSER_DIST, ['boot/boot.js', ...js('boot/chunks')])
    },
    full: {
      entry: 'wallet-modal.js',
      before: sizeOf(BROWSER_DIST, full.closure('wallet-modal.js')),
      all: sizeOf(BROWSER_DIST, fullAll),
      reachable: sizeOf(BROWSER_DIST, full.reachable),
      largestChunksGzip: Object.fromEntries(largest)
    }
  }
}

const kb = n => `${(n / 1000).toFixed(1)} KB`

/** The rows of the printed table. */
function rows(ours, peers) {
  const list = []
  if (ours?.status === 'ok') {
    const both = (b, a) => `${kb(b.gzip)} / ${kb(a.gzip)}`
    list.push([
      `wallet-modal ${ours.version} (boot/boot.js)`,
      both(ours.boot.before, ours.boot.all),
      '(built with rollup)',
      `on idle: ${kb(ours.boot.idle?.gzip ?? 0)}`
    ])
    list.push([`wallet-modal ${ours.version} (wallet-modal.js)`, both(ours.full.before, ours.full.all), '(built with rollup)', ''])
  } else if (ours) list.push(['wallet-modal', ours.status, '', ours.error])
  for (const p of peers) {
    if (p.status !== 'ok') {
      list.push([p.name, p.status, '', p.error.split('\n')[0].slice(0, 80)])
      continue
    }
    const r = p.rollup?.status === 'ok' ? p.rollup : null
    const over = o => (o ? ` (+${kb(o.before.gzip)} / +${kb(o.all.gzip)} over React+wagmi)` : '')
    const extra = [p.css.files ? `css ${kb(p.css.gzip)}` : '', p.rollup && !r ? `rollup: ${p.rollup.status}` : '']
    list.push([
      `${p.name} ${p.version}`,
      `${kb(p.before.gzip)} / ${kb(p.all.gzip)}${over(p.overBaseline)}`,
      r ? `${kb(r.before.gzip)} / ${kb(r.all.gzip)}${over(r.overBaseline)}` : '',
      extra.filter(Boolean).join('; ')
    ])
  }
  return list
}

const ours = wanted('ours') ? await measureOurs() : null
const work = args.work ? resolve(args.work) : mkdtempSync(join(tmpdir(), 'wm-peers-'))
mkdirSync(work, { recursive: true })
const peers = []
try {
  for (const peer of PEERS.filter(p => wanted(p.id))) peers.push(await measurePeer(work, peer))
} finally {
  if (!args.keep && !args.work) rmSync(work, { recursive: true, force: true })
  else console.error(`kept ${work}`)
}
const npmVersion = await new Promise(done => {
  const c = spawn('npm', ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
  let s = ''
  c.stdout.on('data', d => {
    s += d
  })
  c.on('close', () => done(s.trim()))
})

const results = {
  date: new Date().toISOString(),
  durationMs: Math.round(performance.now() - started),
  node: process.version,
  npm: npmVersion,
  esbuild: esbuildVersion,
  rollup: args['no-rollup'] ? null : (await import('rollup')).VERSION,
  latest: Boolean(args.latest),
  method:
    'esbuild --bundle --splitting --format=esm --minify, platform browser, process.env.NODE_ENV="production"; gzip level 9 per file, summed; ' +
    'before = entry chunk + its static imports, transitively; all = every JS chunk written (ours: every file the entry can reach). Fonts, images and CSS files not in JS are listed apart. ' +
    'rollup: the same page bundled by Rollup (node-resolve browser, commonjs) and each chunk minified by esbuild, as Vite builds.',
  ours,
  peers
}
mkdirSync(dirname(OUT), { recursive: true })
writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`)

const table = [['library', 'esbuild: before the button / all JS (gzip)', 'rollup + esbuild minify: before / all', 'notes'], ...rows(ours, peers)]
const widths = table[0].map((_, i) => Math.max(...table.map(r => String(r[i]).length)))
for (const r of table) console.log(r.map((c, i) => String(c).padEnd(widths[i])).join('  '))
console.log(`\n${relative(ROOT, OUT)} written in ${(results.durationMs / 1000).toFixed(0)} s`)
process.exitCode = peers.some(p => p.status !== 'ok') || (ours && ours.status !== 'ok') ? 1 : 0
