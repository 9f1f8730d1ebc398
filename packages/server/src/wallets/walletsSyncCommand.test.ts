// `wallet-modal-server wallets sync` as a separate process: imports the registry (its stand-in)
// into a data folder, prints what changed, exits 1 with a clear message when the registry fails
// (and the copy is kept), 2 on usage errors; a server started on the folder then serves it.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { getJson, urlOf } from '../__fixtures__/http.js'
import { startCliServer } from '../__fixtures__/startCliServer.js'
import { REGISTRY_STAND_IN_PROJECT, startRegistryStandIn, type RegistryStandIn } from '@wallet-modal/devnet'

const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url))
const TSX = import.meta.resolve('tsx')

/** Runs the CLI from its sources to the end; resolves with its exit code and output. */
function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', TSX, CLI, ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', chunk => (stdout += chunk))
  child.stderr.on('data', chunk => (stderr += chunk))
  return new Promise(resolve => child.on('exit', code => resolve({ code, stdout, stderr })))
}

describe('wallet-modal-server wallets sync', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wm-wallets-'))
  const dataDir = join(dir, 'data')
  let registry: RegistryStandIn
  before(async () => {
    registry = await startRegistryStandIn()
  })
  after(async () => {
    await registry.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('imports the registry, prints the summary, and a server on the folder serves it', async () => {
    const first = await run(['wallets', 'sync', '--source', registry.url, '--project-id', REGISTRY_STAND_IN_PROJECT, '--data-dir', dataDir])
    assert.equal(first.code, 0, first.stderr)
    assert.match(first.stdout, /32 wallets from http:\/\/127\.0\.0\.1:\d+ \(32 added, 0 changed, 0 removed, 32 images fetched, 0 dropped\)/)
    assert.match(first.stdout, /^added 32: [0-9a-f]{64}, /m)
    assert.match(first.stdout, /^images 32; wallets now 32; dropped 0$/m)

    // The project id and source may come from the config's registry section instead.
    const target = registry.wallets()[4]!
    registry.updateWallet(target.id, { name: 'Devnet Renamed Wallet' })
    const configFile = join(dir, 'config.json')
    const config = demoServerConfig({
      chains: [],
      tokens: { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }
    })
    config.history = { enabled: false }
    writeFileSync(configFile, JSON.stringify({ ...config, registry: { sourceUrl: registry.url, projectId: REGISTRY_STAND_IN_PROJECT } }))
    const second = await run(['wallets', 'sync', '--config', configFile, '--data-dir', dataDir])
    assert.equal(second.code, 0, second.stderr)
    assert.match(second.stdout, new RegExp(`^changed 1: ${target.id}$`, 'm'))
    assert.match(second.stdout, /^added 0$/m)

    // A server on the folder (without a registry section: no refresh of its own) serves the copy.
    writeFileSync(configFile, JSON.stringify(config))
    const server = await startCliServer(['--config', configFile, '--data-dir', dataDir])
    try {
      const { body } = await getJson(urlOf(server.url, '/getWallets', { page: 1, entries: 100, search: 'renamed' }))
      assert.deepEqual(
        body.data.map((w: { id: string }) => w.id),
        [target.id]
      )
      const image = await fetch(urlOf(server.url, `/getWalletImage/${target.image_id}`))
      assert.equal(image.status, 200)
      assert.match(image.headers.get('content-type')!, /^image\/(png|svg\+xml)$/)
    } finally {
      assert.equal(await server.stop(), 0)
    }
  })

  it('exits 1 with a clear message when the registry fails, keeping the copy', async () => {
    registry.fail({ mode: 'down' })
    try {
      const failed = await run(['wallets', 'sync', '--source', registry.url, '--project-id', REGISTRY_STAND_IN_PROJECT, '--data-dir', dataDir])
      assert.equal(failed.code, 1)
      assert.match(failed.stderr, /wallets sync: failed, the previous copy is kept: http:\/\/127\.0\.0\.1:\d+\/getWallets page 1: HTTP 500/)
    } finally {
      registry.fail(undefined)
    }
    const refused = await run(['wallets', 'sync', '--source', registry.url, '--project-id', 'unknown-project', '--data-dir', dataDir])
    assert.equal(refused.code, 1)
    assert.match(refused.stderr, /HTTP 401 \(unknown project id\)/)
    const again = await run(['wallets', 'sync', '--source', registry.url, '--project-id', REGISTRY_STAND_IN_PROJECT, '--data-dir', dataDir])
    assert.equal(again.code, 0, again.stderr)
    assert.match(again.stdout, /\(0 added, 0 changed, 0 removed, 0 images fetched, 0 dropped\)/)
  })

  it('refuses usage errors with exit code 2', async () => {
    const [noProject, badSource, unknown] = await Promise.all([
      run(['wallets', 'sync', '--data-dir', dataDir]),
      run(['wallets', 'sync', '--source', 'ftp://x', '--project-id', 'p', '--data-dir', dataDir]),
      run(['wallets', 'import'])
    ])
    assert.equal(noProject.code, 2)
    assert.match(noProject.stderr, /a project id is needed/)
    assert.equal(badSource.code, 2)
    assert.match(badSource.stderr, /invalid --source "ftp:\/\/x"/)
    assert.equal(unknown.code, 2)
    assert.match(unknown.stderr, /unknown command "import"/)
  })
})
