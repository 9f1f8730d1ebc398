// The layer rules are lint rules (biome.json, lint/noNamespaceLiteral.grit; docs/ARCHITECTURE.md,
// "Layers"). Each rule is shown to fail on a file that breaks it and to stay quiet on one that
// keeps it: the probes are written into a scratch copy of the configuration, at the paths whose
// rules they test, so the repository's own tree is never touched.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const root = new URL('../../', import.meta.url).pathname
const biome = join(root, 'node_modules/.bin/biome')

/** Lints `files` (path → source) under a copy of the repository's lint configuration; returns each file's rule categories. */
function lintProbes(files: Record<string, string>): Record<string, string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'wm-lint-'))
  try {
    const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8')) as Record<string, unknown>
    delete config.$schema
    writeFileSync(join(dir, 'biome.json'), JSON.stringify(config))
    cpSync(join(root, 'lint'), join(dir, 'lint'), { recursive: true })
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(join(dir, dirname(path)), { recursive: true })
      writeFileSync(join(dir, path), source)
    }
    const run = spawnSync(biome, ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', '.'], { cwd: dir, encoding: 'utf8' })
    const report = JSON.parse(run.stdout) as { diagnostics: { category: string; location?: { path?: string } }[] }
    const found: Record<string, string[]> = Object.fromEntries(Object.keys(files).map(f => [f, []]))
    for (const d of report.diagnostics) if (d.location?.path && found[d.location.path]) found[d.location.path]!.push(d.category)
    return found
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

test('each layer rule fails the file that breaks it and passes the one that keeps it', () => {
  const found = lintProbes({
    // A flow that branches on a namespace name, as a string and as a property.
    'packages/core/src/flows/namesNamespace.ts':
      "export const isEvm = (ns: string) => ns === 'eip155'\nexport const gas = (tx: { eip155?: { gas?: string } }) => tx.eip155?.gas\n",
    // A view that names one in a type.
    'packages/ui/src/views/NamesNamespace.tsx': "export type Only = 'solana'\n",
    // A flow that reaches into an adapter's own folder instead of the registry.
    'packages/core/src/flows/importsAdapter.ts': "import { SolanaAdapter } from '../adapters/solana/SolanaAdapter.js'\nexport const a = SolanaAdapter\n",
    // The ui reaching core's sources past its two entries.
    'packages/ui/src/components/ImportsCoreSource.tsx': "import { createCore } from '../../../core/src/createCore.js'\nexport const c = createCore\n",
    // Core importing a renderer.
    'packages/core/src/utils/importsUi.ts': "import { WalletModal } from '@wallet-modal/ui'\nexport const w = WalletModal\n",
    // A controller importing another controller.
    'packages/core/src/controllers/ImportsController.ts':
      "import { createModalController } from './ModalController.js'\nexport const m = createModalController\n",
    // Browser code using Node.
    'packages/core/src/utils/usesNode.ts': "import { readFileSync } from 'node:fs'\nexport const r = readFileSync\nexport const env = process.env.HOME\n",
    // A package's tests and fixtures reaching into another package's sources by path (static,
    // re-exported, dynamic), wherever the layer overrides above would otherwise replace the rule.
    'packages/server/src/routes/importsDevnetSource.test.ts': "import { findFreePort } from '../../../devnet/src/freePort.js'\nexport const f = findFreePort\n",
    'packages/react/src/ImportsCoreFixture.test.tsx': "export { getDevnet } from '../../core/src/__fixtures__/devnet.js'\n",
    'packages/ui/src/views/ImportsCoreFlow.test.ts': "export const load = () => import('../../../core/src/flows/adapters.js')\n",
    'packages/core/src/adapters/solana/importsDevnetWallet.test.ts':
      "import { installDevnetSolanaWallet } from '../../../../devnet/src/solana/wallet/index.js'\nexport const i = installDevnetSolanaWallet\n",
    'packages/core/src/flows/importsServerSource.ts':
      "import { parseSiwxMessage } from '../../../server/src/siwx/parseSiwxMessage.js'\nexport const p = parseSiwxMessage\n",
    // Kept: a flow asking the registry, the ui through its entries, an adapter naming its own namespace.
    'packages/core/src/flows/asksRegistry.ts':
      "import { namespaceSupports } from '../adapters/namespaces.js'\nexport const swaps = (ns: 'x') => namespaceSupports(ns as never, 'swaps')\n",
    'packages/ui/src/components/UsesEntries.tsx':
      "import type { WalletModalOptions } from '@wallet-modal/core'\nimport { createCore } from '@wallet-modal/core/internal'\nexport const c: [unknown, WalletModalOptions?] = [createCore]\n",
    'packages/core/src/adapters/solana/NamesItself.ts': "export const namespace = 'solana'\n",
    // Kept: tests reaching another package through its name, and their own package by path.
    'packages/server/src/routes/usesDevnet.test.ts': "import { findFreePort } from '@wallet-modal/devnet'\nexport const f = findFreePort\n",
    'packages/ui/src/views/UsesDevnetTesting.test.ts':
      "import { getDevnet } from '@wallet-modal/devnet/testing'\nimport { cleanup } from '../__fixtures__/setup.js'\nexport const g = [getDevnet, cleanup]\n"
  })
  assert.deepEqual(found['packages/core/src/flows/namesNamespace.ts'], ['plugin', 'plugin'])
  assert.deepEqual(found['packages/ui/src/views/NamesNamespace.tsx'], ['plugin'])
  assert.deepEqual(found['packages/core/src/flows/importsAdapter.ts'], ['lint/style/noRestrictedImports'])
  assert.deepEqual(found['packages/ui/src/components/ImportsCoreSource.tsx'], ['lint/style/noRestrictedImports'])
  assert.deepEqual(found['packages/core/src/utils/importsUi.ts'], ['lint/style/noRestrictedImports'])
  assert.deepEqual(found['packages/core/src/controllers/ImportsController.ts'], ['lint/style/noRestrictedImports'])
  assert.deepEqual(found['packages/core/src/utils/usesNode.ts']?.sort(), ['lint/style/noRestrictedGlobals', 'lint/style/noRestrictedImports'])
  for (const crossPackage of [
    'packages/server/src/routes/importsDevnetSource.test.ts',
    'packages/react/src/ImportsCoreFixture.test.tsx',
    'packages/ui/src/views/ImportsCoreFlow.test.ts',
    'packages/core/src/adapters/solana/importsDevnetWallet.test.ts',
    'packages/core/src/flows/importsServerSource.ts'
  ])
    assert.deepEqual(found[crossPackage], ['lint/style/noRestrictedImports'], crossPackage)
  assert.deepEqual(found['packages/core/src/flows/asksRegistry.ts'], [])
  assert.deepEqual(found['packages/ui/src/components/UsesEntries.tsx'], [])
  assert.deepEqual(found['packages/core/src/adapters/solana/NamesItself.ts'], [])
  assert.deepEqual(found['packages/server/src/routes/usesDevnet.test.ts'], [])
  assert.deepEqual(found['packages/ui/src/views/UsesDevnetTesting.test.ts'], [])
})
