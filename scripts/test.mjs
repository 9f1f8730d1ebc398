// `npm test`: installs Chromium (Debian's, through apt) when it is missing, builds every package,
// runs the browser tests (web-test-runner) and the Node tests (node:test: devnet and end-to-end),
// and ends with one line `tests: N passed, N failed`. Exits non-zero when anything failed.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { chromiumPath } from './chromium.mjs'
import { bundleNodeTests } from './bundleNodeTests.mjs'
import { runTestFiles } from './runTestFiles.mjs'

const root = new URL('..', import.meta.url).pathname
process.chdir(root)
const only = process.argv.slice(2) // optional: 'browser', 'node'
const want = part => only.length === 0 || only.includes(part)

function ensureChromium() {
  if (chromiumPath()) return
  console.log("Chromium not found: installing Debian's chromium with apt-get (about a minute)...")
  const asRoot = process.getuid?.() === 0
  const apt = (...args) =>
    execFileSync(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['apt-get', ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    })
  apt('update', '-qq')
  apt('install', '-y', '-qq', 'chromium')
  if (!chromiumPath()) throw new Error('chromium is still missing after apt-get install')
}

/**
 * Installs Debian's PostgreSQL for the server's PostgreSQL tests when it is missing (as root with
 * apt, like Chromium above), once, before any test runs: test files run two at a time, and two
 * apt-get runs at once would fight over dpkg's lock. A failed install leaves those tests to say
 * why they cannot run.
 */
function ensurePostgres() {
  const dir = '/usr/lib/postgresql'
  const installed = () => existsSync(dir) && readdirSync(dir).some(v => existsSync(join(dir, v, 'bin', 'initdb')))
  if (installed() || process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return
  console.log("PostgreSQL not found: installing Debian's postgresql with apt-get for the server's PostgreSQL tests...")
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  const install = () => spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'postgresql'], { stdio: 'ignore', timeout: 240_000, env })
  if (install().status !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', timeout: 240_000, env })
    install()
  }
}

/**
 * The end-to-end files that take longest (sites built, every view audited), longest first, as
 * measured on a fresh clone: started first, so that the files left at the end are short ones and
 * neither core waits long for the other.
 */
const LONGEST_FIRST = [
  'test/e2e/packed.test.ts',
  'test/e2e/a11y.test.ts',
  'test/e2e/nextjs.test.ts',
  'test/e2e/email.test.ts',
  'test/e2e/a11yViews.test.ts',
  'test/e2e/smartAccount.test.ts',
  'test/e2e/hostilePage.test.ts',
  'test/e2e/swap.test.ts',
  'test/e2e/noServer.test.ts',
  'test/e2e/names.test.ts',
  'test/e2e/rightToLeft.test.ts',
  'test/e2e/social.test.ts',
  'test/e2e/send.test.ts'
]
// PostgreSQL was installed before (ensurePostgres): no test file installs it (two at once would
// fight over dpkg's lock); without it, the PostgreSQL tests say they are skipped and why.
const nodeEnv = { ...process.env, WM_INSTALL_POSTGRES: '0' }

function listTests(dir, filter) {
  if (!existsSync(dir)) return []
  const out = []
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) out.push(...listTests(p, filter))
    else if (filter(p)) out.push(p)
  }
  return out.sort()
}

const totals = { passed: 0, failed: 0, skipped: 0 }
const startedAt = Date.now()
/** Seconds each part took, printed at the end: where the time goes on this machine. */
const parts = []
let partStartedAt = Date.now()
const partDone = name => {
  parts.push(`${name} ${Math.round((Date.now() - partStartedAt) / 1000)} s`)
  partStartedAt = Date.now()
}
const tmp = mkdtempSync(join(tmpdir(), 'wm-test-'))

ensureChromium()
if (want('node')) ensurePostgres()
partDone('installs')
execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' })
partDone('build')
// Strict type checking of every package, tests included, counts as one check.
console.log('\n== typecheck (tsc --noEmit, strict) ==')
const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], { stdio: 'inherit' })
if (tsc.status === 0) totals.passed += 1
else totals.failed += 1
// Lint and format (Biome: biome.json; the layer rules are lint rules) count as one check.
console.log('\n== lint (biome check: lint rules, layer rules, format) ==')
const lint = spawnSync(process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'check', '--error-on-warnings', '.'], { stdio: 'inherit' })
if (lint.status === 0) totals.passed += 1
else totals.failed += 1
partDone('typecheck and lint')
// The Node files start beside the browser tests, one at a time (the browser tests run one file at a
// time and leave a core mostly free), and two at a time once those are done; their output waits
// until then (see runTestFiles).
const NODE_HEADER = '\n== Node tests (node:test: wire, devnet, server, the Vue / Svelte / Angular bindings and end-to-end) =='
let browserRunning = want('browser')
/** The browser tests' failures (summaryReporter), printed again once everything has run. */
const browserFailures = []
if (want('node') && !want('browser')) console.log(NODE_HEADER)
const pool = want('node') ? await startNodeTests() : undefined
if (want('browser')) {
  console.log('\n== browser tests (web-test-runner, Chromium) ==')
  const summary = join(tmp, 'wtr.json')
  try {
    const status = await new Promise(resolve => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'node_modules/@web/test-runner/dist/bin.js', '--config', 'web-test-runner.config.mjs'], {
        stdio: 'inherit',
        env: { ...process.env, WM_WTR_SUMMARY: summary }
      })
      child.on('error', error => console.error(`web-test-runner did not start: ${error.message}`))
      child.on('close', resolve)
    })
    const s = existsSync(summary) ? JSON.parse(readFileSync(summary, 'utf8')) : undefined
    if (s) {
      totals.passed += s.passed
      totals.failed += s.failed + s.errors
      totals.skipped += s.skipped
      browserFailures.push(...(s.failures ?? []))
    } else {
      totals.failed += 1
    }
    if (status !== 0 && totals.failed === 0) totals.failed += 1
  } catch (error) {
    console.error(`browser tests: ${error.message}`)
    totals.failed += 1
  } finally {
    partDone(want('node') ? 'browser tests (Node files beside them)' : 'browser tests')
    browserRunning = false
    if (pool) console.log(NODE_HEADER)
    pool?.widen()
  }
}
if (pool) {
  const { passed, failed, skipped, failedFiles, failures } = await pool.done
  totals.passed += passed
  totals.failed += failed
  totals.skipped += skipped
  partDone(want('browser') ? 'the rest of the Node tests' : 'Node tests')
  if (failedFiles.length > 0) {
    console.log(`\nNode test files with failures:\n${failedFiles.map(f => `  ${f}`).join('\n')}`)
    // Again at the end, where a CI log is read from: each file's errors, whenever it ran.
    for (const file of failedFiles) console.log(`\n── what failed in ${file}:\n${failures.get(file)}`)
  }
}

/**
 * Starts the Node test files (unit and integration files first, then the end-to-end files, the
 * longest of them first): see runTestFiles. Each runs from its bundle (bundleNodeTests: compiled
 * once instead of by tsx in every process); if bundling fails, every file runs through tsx, where
 * the file that does not compile fails with its own error.
 */
async function startNodeTests() {
  const units = [
    ...listTests('packages/wire/src', p => /\.test\.ts$/.test(p)),
    ...listTests('packages/devnet/src', p => /\.test\.ts$/.test(p)),
    ...listTests('packages/server/src', p => /\.test\.ts$/.test(p)),
    ...listTests('packages/vue/src', p => /\.test\.ts$/.test(p)),
    ...listTests('packages/svelte/src', p => /\.test\.ts$/.test(p)),
    ...listTests('packages/angular/src', p => /\.test\.ts$/.test(p)),
    ...listTests('test/node', p => /\.test\.ts$/.test(p))
  ]
  const e2e = listTests('test/e2e', p => /\.test\.ts$/.test(p))
  const rank = f => LONGEST_FIRST.indexOf(f) + 1 || LONGEST_FIRST.length + 1
  e2e.sort((a, b) => rank(a) - rank(b))
  const width = Math.max(1, Math.floor(Number(process.env.WM_TEST_CONCURRENCY)) || 2)
  const files = [...units, ...e2e]
  // Inside the repository, so that the bundles' bare `import.meta.resolve('tsx')` finds its
  // packages; removed however this process ends.
  mkdirSync('node_modules/.cache', { recursive: true })
  const bundleDir = mkdtempSync('node_modules/.cache/wm-node-tests-')
  process.on('exit', () => rmSync(bundleDir, { recursive: true, force: true }))
  // As exits, so that the bundles go and runTestFiles stops the test files' process groups.
  process.once('SIGINT', () => process.exit(130))
  process.once('SIGTERM', () => process.exit(143))
  let args
  try {
    const bundles = await bundleNodeTests(files, { outdir: bundleDir })
    args = file => ['--enable-source-maps', '--test-reporter=spec', bundles.get(file)]
  } catch (error) {
    console.log(`Node test files not bundled (${error.message.split('\n')[0]}): running each through tsx`)
  }
  return runTestFiles(files, { width: () => (browserRunning ? 1 : width), hold: () => browserRunning, env: nodeEnv, args })
}

if (browserFailures.length > 0) {
  // Again at the end, where a CI log is read from: the Node tests went on for minutes after these.
  console.log(`\n── what failed in the browser tests:\n${browserFailures.join('\n\n')}`)
}
rmSync(tmp, { recursive: true, force: true })
const minutes = (Date.now() - startedAt) / 60_000
console.log(`\nnpm test took ${Math.floor(minutes)} min ${Math.round((minutes % 1) * 60)} s (build, checks and every test): ${parts.join(', ')}`)
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`)
process.exit(totals.failed > 0 ? 1 : 0)
