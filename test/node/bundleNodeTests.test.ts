// `npm test` runs each Node test file from a bundle (scripts/bundleNodeTests.mjs) instead of through
// tsx: the bundle must load the packages Node would load, keep each source's own import.meta, point
// stack traces at the TypeScript, and refuse a file that does not compile.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { bundleNodeTests } from '../../scripts/bundleNodeTests.mjs'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const run = promisify(execFile)

/** A throwaway project: a tsconfig.json and the given files. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'wm-bundle-'))
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true } })
  )
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return dir
}

test('every package a bundle imports is the file Node itself loads from the importing source, the nested ws 8 and the CommonJS WalletConnect build included', async () => {
  mkdirSync(join(ROOT, 'node_modules/.cache'), { recursive: true })
  const out = mkdtempSync(join(ROOT, 'node_modules/.cache/wm-bundle-test-'))
  try {
    const imports: Array<{ specifier: string; importer: string; path: string }> = []
    await bundleNodeTests(['test/e2e/harness.ts', 'packages/server/src/index.ts', 'packages/devnet/src/walletconnect/createWalletConnectDevWallet.ts'], {
      root: ROOT,
      outdir: out,
      onPackage: (specifier: string, importer: string, path: string) => imports.push({ specifier, importer, path })
    })
    // Node resolves each from its importer (import.meta.resolve's second argument needs the flag).
    const resolver = `const pairs = JSON.parse(process.argv[1]); console.log(JSON.stringify(pairs.map(([s, i]) => { try { return import.meta.resolve(s, i) } catch (e) { return 'error ' + e.code } })))`
    const pairs = imports.map(i => [i.specifier, pathToFileURL(i.importer).href])
    const { stdout } = await run(process.execPath, ['--experimental-import-meta-resolve', '--input-type=module', '-e', resolver, JSON.stringify(pairs)], {
      maxBuffer: 1 << 24
    })
    const byNode: string[] = JSON.parse(stdout)
    const differ = imports.filter((i, n) => byNode[n] !== pathToFileURL(i.path).href).map(i => `${i.specifier} from ${i.importer}: ${i.path}`)
    assert.deepEqual(differ, [])
    assert.ok(imports.length > 50, `${imports.length} package imports`)
    const ws = imports.find(i => i.specifier === 'ws' && i.importer.includes('/packages/devnet/'))
    assert.match(ws?.path ?? '', /\/packages\/devnet\/node_modules\/ws\//)
    const signClient = imports.find(i => i.specifier === '@walletconnect/sign-client')
    assert.match(signClient?.path ?? '', /\.cjs$/)
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
})

test("a bundled file keeps its sources' import.meta (and the words in a string), reads a sibling through it, and its stack traces name the TypeScript line", async () => {
  const dir = project({
    'sibling.ts': `export const where = (): string => import.meta.url\n`,
    'data.txt': 'beside the source',
    'probe.ts': [
      `import { readFileSync } from 'node:fs'`,
      `import { where } from './sibling.js'`,
      `const text: string = readFileSync(new URL('./data.txt', import.meta.url), 'utf8')`,
      `console.log(JSON.stringify({ url: import.meta.url, dirname: import.meta.dirname, sibling: where(), text, words: 'import.meta.url' }))`,
      `throw new Error('from probe')`,
      ''
    ].join('\n')
  })
  try {
    const bundles = await bundleNodeTests(['probe.ts'], { root: dir, outdir: join(dir, 'out') })
    const bundle = bundles.get('probe.ts') ?? ''
    assert.equal(bundle, join(dir, 'out', 'probe.mjs'))
    const failed = await run(process.execPath, ['--enable-source-maps', bundle]).then(
      () => assert.fail('the probe throws'),
      (error: { stdout: string; stderr: string }) => error
    )
    assert.ok(failed.stdout, failed.stderr)
    assert.deepEqual(JSON.parse(failed.stdout), {
      url: pathToFileURL(join(dir, 'probe.ts')).href,
      dirname: dir,
      sibling: pathToFileURL(join(dir, 'sibling.ts')).href,
      text: 'beside the source',
      words: 'import.meta.url'
    })
    assert.match(failed.stderr, /Error: from probe/)
    assert.ok(failed.stderr.includes(`${join(dir, 'probe.ts')}:5:`), failed.stderr)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a file that does not compile fails the bundling with its name and line', async () => {
  const dir = project({ 'good.ts': 'export const a: number = 1\n', 'bad.ts': 'export const b = (\n' })
  try {
    await assert.rejects(bundleNodeTests(['good.ts', 'bad.ts'], { root: dir, outdir: join(dir, 'out') }), (error: Error) => {
      assert.match(error.message, /bad\.ts:\d+:\d+/)
      return true
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
