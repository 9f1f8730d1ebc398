// Builds every package: JavaScript with rollup (rollup.config.mjs), then type declarations
// of the publishable packages with tsc (wire first: core's and the server's declarations refer to
// its; then core: ui's refer to core's; then ui: react's and wagmi's refer to both; vue's, svelte's
// and angular's to core's).
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { inputsDigest, recordBuilt, unchanged } from './inputsStamp.mjs'

const run = (cmd, args) => execFileSync(cmd, args, { stdio: 'inherit' })
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
if (!examplesOnly) run(process.execPath, ['node_modules/rollup/dist/bin/rollup', '-c', 'rollup.config.mjs'])
if (!partial)
  for (const pkg of ['wire', 'core', 'ui', 'react', 'wagmi', 'vue', 'svelte', 'angular', 'server']) {
    run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', `packages/${pkg}/tsconfig.build.json`])
    // The opt-in React / Vue / Svelte typings of the elements, from custom-elements.json.
    if (pkg === 'ui') run(process.execPath, ['packages/ui/scripts/frameworkTypes.mjs'])
  }

// The example sites, each built by its own toolchain (type-check, then a production build into
// examples/<name>/dist) against the packages just built; the demo server serves them at
// /examples/<name>/. WM_BUILD=examples rebuilds only them.
if (!partial || examplesOnly) {
  run(process.execPath, ['examples/html/build.mjs'])
  for (const name of ['vue', 'svelte', 'angular']) run('npm', ['run', 'build', '--silent', '-w', `examples/${name}`])
}
if (!partial) recordBuilt('build', digest)
