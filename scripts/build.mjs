// Builds every package: JavaScript with rollup (rollup.config.mjs) and, beside it, type declarations
// of the publishable packages with tsc (wire first: core's and the server's declarations refer to
// its; then core: ui's refer to core's; then ui: react's and wagmi's refer to both; vue's, svelte's
// and angular's to core's).
import { execFileSync, spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { rmSync } from 'node:fs'
import { inputsDigest, recordBuilt, unchanged } from './inputsStamp.mjs'

const run = (cmd, args) => execFileSync(cmd, args, { stdio: 'inherit' })
const running = new Set()
/** Stops every step still running, with what it started. */
function stopAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // Already gone.
    }
  }
}
// The steps are process groups of their own, which a terminal's Ctrl-C does not reach: pass it on.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll()
    process.exit(130)
  })
}
/** Runs a command without blocking; resolves when it exits 0, rejects (with its output already printed) otherwise. */
const start = (cmd, args, env = {}) =>
  new Promise((resolve, reject) => {
    // Each in a process group of its own, so that a failure elsewhere stops what it started too
    // (npm runs a shell that runs the example's toolchain).
    const child = spawn(cmd, args, { stdio: 'inherit', detached: true, env: { ...process.env, ...env } })
    running.add(child)
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      running.delete(child)
      if (code === 0) resolve()
      else reject(new Error(`${cmd} ${args.join(' ')} ${signal ? `was stopped by ${signal}` : `exited with ${code}`}`))
    })
  })
// WM_BUILD=browser,devnet-wallet (a part of rollup.config.mjs's builds) is a quick rebuild while
// developing: it leaves the other outputs in place and skips the declarations.
const partial = !!process.env.WM_BUILD
const DIST = ['wire', 'core', 'ui', 'react', 'wagmi', 'vue', 'svelte', 'angular', 'devnet', 'server'].map(p => `packages/${p}/dist`)
const EXAMPLES = ['html', 'vue', 'svelte', 'angular'].map(e => `examples/${e}/dist`)

// `--if-changed` (what `npm start` passes): nothing is built when no input changed since the last
// full build and its outputs are there. Inputs: every file but the docs, the tests, the benchmarks
// and prose (scripts/inputsStamp.mjs).
const digest = partial ? undefined : inputsDigest(p => !/^(docs|test|bench|\.ci|lint)\//.test(p) && !/\.md$|\.test\.tsx?$/.test(p))
if (process.argv.includes('--if-changed') && unchanged('build', digest, [...DIST, ...EXAMPLES])) {
  console.log('build: nothing changed since the last build (scripts/inputsStamp.mjs); `npm run build` rebuilds anyway')
  process.exit(0)
}
if (!partial) for (const dir of DIST) rmSync(dir, { recursive: true, force: true })
const examplesOnly = process.env.WM_BUILD === 'examples'
const rollup = env => start(process.execPath, ['node_modules/rollup/dist/bin/rollup', '-c', 'rollup.config.mjs'], env)
const tsc = pkg => start(process.execPath, ['node_modules/typescript/bin/tsc', '-p', `packages/${pkg}/tsconfig.build.json`])
// A full build runs its independent steps side by side when the machine has the cores (measured
// on 2 cores: 107 s one after the other, 83-97 s so). The JavaScript is two Rollup processes: the
// full CDN bundle with the packages, and the bootstrap bundle with the rest (WM_BUILD_EXCEPT, so a
// build added to rollup.config.mjs lands in the second). The declarations (tsc) need no
// JavaScript, only each other's: wire first; the server's beside core's; then ui's, the elements'
// framework typings, the bindings of core (vue, svelte, angular), and last react and wagmi, which
// refer to ui's. On one core, everything runs one step at a time in that order.
const ROLLUP_GROUP = 'browser,browser-appkit,wire,core,ui,react,wagmi'
const parallel = availableParallelism() > 1
const all = tasks => (parallel ? Promise.all(tasks.map(task => task())) : tasks.reduce((done, task) => done.then(task), Promise.resolve()))
async function declarations() {
  await tsc('wire')
  await all([
    () => tsc('server'),
    async () => {
      await tsc('core')
      await tsc('ui')
      // The opt-in React / Vue / Svelte typings of the elements, from custom-elements.json.
      await start(process.execPath, ['packages/ui/scripts/frameworkTypes.mjs'])
      await all(['vue', 'svelte', 'angular'].map(name => () => tsc(name)))
      await all(['react', 'wagmi'].map(name => () => tsc(name)))
    }
  ])
}
try {
  if (partial && !examplesOnly) await rollup({})
  else if (!partial && parallel)
    await Promise.all([rollup({ WM_BUILD: ROLLUP_GROUP, WM_BUILD_EXCEPT: '' }), rollup({ WM_BUILD_EXCEPT: ROLLUP_GROUP }), declarations()])
  else if (!partial) {
    await rollup({ WM_BUILD_EXCEPT: '' })
    await declarations()
  }
  // The example sites, each built by its own toolchain (type-check, then a production build into
  // examples/<name>/dist) against the packages just built; the demo server serves them at
  // /examples/<name>/. WM_BUILD=examples rebuilds only them.
  if (!partial || examplesOnly) {
    run(process.execPath, ['examples/html/build.mjs'])
    const example = name => start('npm', ['run', 'build', '--silent', '-w', `examples/${name}`])
    if (parallel) await Promise.all([example('angular'), example('vue').then(() => example('svelte'))])
    else for (const name of ['vue', 'svelte', 'angular']) await example(name)
  }
} catch (error) {
  // One step failed: the steps still running beside it would only add to the noise.
  stopAll()
  console.error(`build: ${error.message}`)
  process.exit(1)
}
if (!partial) recordBuilt('build', digest)
