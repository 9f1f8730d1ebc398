// The architecture's rules, checked on the sources (docs/ARCHITECTURE.md says why each exists):
// flows never branch on a namespace name; ui reaches core only through its two entries; views
// render state and call flows instead of changing controllers; adding a namespace is one
// registry line.
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
const code = (file: string) => read(file).replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')

test('no flow, view or component names a namespace: they ask the registry (adapters/registry.ts, adapters/namespaces.ts)', () => {
  const literal = new RegExp(`(['"\`])(${NAMESPACES.join('|')})\\1`)
  const offenders = [...sources('packages/core/src/flows'), ...sources('packages/ui/src/views'), ...sources('packages/ui/src/components')].flatMap(f =>
    code(f)
      .split('\n')
      .map((line, i) => [i + 1, line] as const)
      .filter(([, line]) => literal.test(line))
      .map(([n, line]) => `${f}:${n}: ${line.trim()}`)
  )
  assert.deepEqual(offenders, [])
})

test('every namespace has exactly one registry line, with its data, its adapter folder and its tests', () => {
  const registry = code('packages/core/src/adapters/registry.ts')
  const info = code('packages/core/src/adapters/namespaces.ts')
  const types = code('packages/core/src/types/network.ts')
  for (const ns of NAMESPACES) {
    assert.equal(registry.match(new RegExp(`^\\s*${ns}: \\{ load:`, 'gm'))?.length, 1, `${ns} in ADAPTERS`)
    assert.equal(info.match(new RegExp(`^\\s*${ns}: \\{ label:`, 'gm'))?.length, 1, `${ns} in NAMESPACE_INFO`)
    assert.ok(types.includes(`'${ns}'`), `${ns} in WIRED_NAMESPACES`)
    const folder = readdirSync(join(root, 'packages/core/src/adapters', ns))
    assert.ok(folder.some(f => f.endsWith('.test.ts')), `the ${ns} adapter folder has tests`)
  }
})

test('ui reaches core only through its public entry and its internal entry', () => {
  const offenders = sources('packages/ui/src').flatMap(f =>
    [...code(f).matchAll(/from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)]
      .map(m => m[1] ?? m[2]!)
      .filter(spec => (spec.includes('core/src') || spec.includes('core/dist') || spec.startsWith('@wallet-modal/core/')) && spec !== '@wallet-modal/core/internal')
      .map(spec => `${f}: ${spec}`)
  )
  assert.deepEqual(offenders, [])
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
    for (const m of c.matchAll(/\bcore\.(\w+)\.(\w+)\(/g)) if (!allowed.has(`${m[1]}.${m[2]}`)) offenders.push(`${relative(root, join(root, f))}: core.${m[1]}.${m[2]}()`)
    for (const m of c.matchAll(/\b(send|transactions|siwx)\.((?:set|reset|add|remove|clear)\w*)\(/g)) if (!draftInput.has(m[2]!)) offenders.push(`${f}: ${m[1]}.${m[2]}()`)
  }
  assert.deepEqual(offenders, [])
})

test('core never imports the ui', () => {
  const offenders = sources('packages/core/src').filter(f => /from\s+'(@wallet-modal\/ui|[./]+\/ui\/)/.test(code(f)))
  assert.deepEqual(offenders, [])
})
