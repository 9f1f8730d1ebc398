// The architecture's rules that are not about imports or names, checked on the sources
// (docs/ARCHITECTURE.md says why each exists): views render state and call flows instead of
// changing controllers; adding a namespace is one registry line; the public entry exposes no
// internals. The import and naming rules are lint rules (biome.json; test/node/lint.test.ts).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = new URL('../../', import.meta.url).pathname
const NAMESPACES = ['eip155', 'solana', 'bip122']

/** Source files (not tests, not fixtures) under a folder of the repository. */
function sources(dir: string): string[] {
  const out: string[] = []
  for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) {
      if (e.name !== '__fixtures__') out.push(...sources(p))
    } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(p)
  }
  return out
}

const read = (file: string) => readFileSync(join(root, file), 'utf8')
/** The code without comments, so a comment may name a namespace or a controller. */
const code = (file: string) =>
  read(file)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')

test('every namespace has exactly one registry line, with its data, its adapter folder and its tests', () => {
  const registry = code('packages/core/src/adapters/registry.ts')
  const info = code('packages/core/src/adapters/namespaces.ts')
  const types = code('packages/core/src/types/network.ts')
  for (const ns of NAMESPACES) {
    assert.equal(registry.match(new RegExp(`^\\s*${ns}: \\{\\s*load:`, 'gm'))?.length, 1, `${ns} in ADAPTERS`)
    assert.equal(info.match(new RegExp(`^\\s*${ns}: \\{\\s*label:`, 'gm'))?.length, 1, `${ns} in NAMESPACE_INFO`)
    assert.ok(types.includes(`'${ns}'`), `${ns} in WIRED_NAMESPACES`)
    assert.ok(read('lint/noNamespaceLiteral.grit').includes(`"${ns}"`), `${ns} in the lint rule that keeps namespace names out of flows`)
    const folder = readdirSync(join(root, 'packages/core/src/adapters', ns))
    assert.ok(
      folder.some(f => f.endsWith('.test.ts')),
      `the ${ns} adapter folder has tests`
    )
  }
})

test('the public entry exposes no internals (no controllers, flows or createCore)', () => {
  const entry = code('packages/core/src/exports/index.ts')
  for (const internal of ['controllers/ChainController', 'createCore', '/flows/connect', 'adapters/registry', 'Core.js']) {
    assert.ok(!entry.includes(internal), `the public entry exports ${internal}`)
  }
  assert.ok(entry.includes('WalletModal'), 'the site-facing API type is public')
})

test('views and components change no controller state: they call flows (navigation, notices and form input aside)', () => {
  // Allowed from a view: reads, plain navigation on a click (push, replace, goBack), dismissing or
  // showing a notice, and typing into the send draft (the form's own model). Every other state
  // change (connections, networks, the modal, the router's resets, events) is a flow's.
  const allowed = new Set([
    'router.push',
    'router.replace',
    'router.goBack',
    'snack.showSuccess',
    'snack.showError',
    'snack.hide',
    'alert.dismiss',
    'alert.show',
    'events.subscribe',
    'connector.get',
    'connector.visible',
    'options.networksOf',
    'options.isEnabled',
    'options.findNetwork',
    'chain.isNetworkSupported',
    'chain.isConnected',
    'chain.activeNetwork',
    'chain.activeAccount',
    'blockchainApi.totalUsd'
  ])
  const draftInput = new Set(['setAmount', 'setReceiverInput', 'setToken'])
  const offenders: string[] = []
  for (const f of [...sources('packages/ui/src/views'), ...sources('packages/ui/src/components')]) {
    const c = code(f)
    for (const m of c.matchAll(/\bcore\.(\w+)\.(\w+)\(/g))
      if (!allowed.has(`${m[1]}.${m[2]}`)) offenders.push(`${relative(root, join(root, f))}: core.${m[1]}.${m[2]}()`)
    for (const m of c.matchAll(/\b(send|transactions|siwx)\.((?:set|reset|add|remove|clear)\w*)\(/g))
      if (!draftInput.has(m[2]!)) offenders.push(`${f}: ${m[1]}.${m[2]}()`)
  }
  assert.deepEqual(offenders, [])
})

test("the server's public entry is its API and nothing else (the rest is internal.ts, not published)", async () => {
  const entry = await import('../../packages/server/src/index.js')
  assert.deepEqual(Object.keys(entry).sort(), [
    'DEFAULT_REMOTE_FEATURES',
    'ETH_COIN_TYPE',
    'KEK_ENV',
    'KeyVault',
    'RPC_ALLOW_LIST',
    'ServerConfigSchema',
    'VERIFY_SIWX_TIMEOUT_MS',
    'allowListPermits',
    'createPgliteStore',
    'createPostgresStore',
    'createServer',
    'isOriginAllowed',
    'openStore',
    'originMatches',
    'parseServerConfig',
    'parseSiwxMessage',
    'startSecureSite',
    'verifySessionToken',
    'verifySiwx'
  ])
  const published = JSON.parse(read('packages/server/package.json')).exports as Record<string, unknown>
  assert.deepEqual(Object.keys(published), ['.', './bitcoin'])
})

test("a comment citing a rule cites docs/SPEC-COVERAGE.md's sections (spec §N) and no document outside the repository", () => {
  const sections = new Set([...read('docs/SPEC-COVERAGE.md').matchAll(/^## §(\d+) /gm)].map(m => m[1]))
  const files = ['packages', 'scripts', 'test'].flatMap(dir => all(dir))
  const unknown: string[] = []
  const outside: string[] = []
  for (const file of files) {
    const text = read(file)
    for (const m of text.matchAll(/spec §(\d+)/gi)) if (!sections.has(m[1]!)) unknown.push(`${file}: spec §${m[1]}`)
    // The product's specification, design and machine notes live outside the repository.
    for (const m of text.matchAll(/\b(SPEC|DESIGN|FACTS)\.md\b/g)) outside.push(`${file}: ${m[0]}`)
  }
  assert.ok(files.length > 500, `${files.length} files read`)
  assert.deepEqual(unknown, [])
  assert.deepEqual(outside, [])
})

/** Every source and test file (ts, tsx, mjs) under a folder, build outputs and dependencies aside. */
function all(dir: string): string[] {
  const out: string[] = []
  for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) {
      if (!['node_modules', 'dist'].includes(e.name)) out.push(...all(p))
    } else if (/\.(tsx?|mjs)$/.test(e.name)) out.push(p)
  }
  return out
}
