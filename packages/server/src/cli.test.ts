// The command line: starts from a config file, prints its URL, serves, and stops cleanly on
// SIGTERM; refuses a bad config with a message and exit code 2.
import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEMO_ANALYTICS_READ_TOKEN, demoServerConfig } from './config/demoServerConfig.js'
import { getJson, postJson, urlOf } from './__fixtures__/http.js'
import { startCliServer } from './__fixtures__/startCliServer.js'

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'wm-cli-'))

/** Runs the CLI from TypeScript sources; resolves when it exits. */
function run(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', chunk => (stdout += chunk))
  child.stderr.on('data', chunk => (stderr += chunk))
  const exited = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)))
  return { child, exited, output: () => ({ stdout, stderr }) }
}

describe('wallet-modal-server CLI', () => {
  after(() => rmSync(dir, { recursive: true, force: true }))

  it('serves from a config file and stops cleanly on SIGTERM', async () => {
    const configFile = join(dir, 'config.json')
    writeFileSync(
      configFile,
      JSON.stringify(
        demoServerConfig({ chains: [], tokens: { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' } })
      )
    )
    const cli = await startCliServer(['--config', configFile, '--data-dir', join(dir, 'data'), '--trust-proxy', '127.0.0.1, ::1'])
    try {
      const { status, body } = await getJson(urlOf(cli.url, '/getWallets', { page: 1, entries: 1 }))
      assert.equal(status, 200)
      assert.equal(body.data[0].name, 'Devnet Wallet')
      assert.match(cli.output().stdout, /storage: PGlite in .*data/)
    } finally {
      assert.equal(await cli.stop(), 0)
    }
    assert.match(cli.output().stdout, /SIGTERM, stopping/)
  })

  it('refuses a missing or invalid config with exit code 2', async () => {
    const badFile = join(dir, 'bad.json')
    writeFileSync(badFile, JSON.stringify({ projects: [{ id: 'demo', allowedOrigins: ['not an origin'] }], chains: [] }))
    const goodFile = join(dir, 'good.json')
    writeFileSync(
      goodFile,
      JSON.stringify(
        demoServerConfig({ chains: [], tokens: { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' } })
      )
    )
    const [missing, bad, badPort, badProxy] = [
      run([]),
      run(['--config', badFile]),
      run(['--config', goodFile, '--port', '99999']),
      run(['--config', goodFile, '--trust-proxy', 'any host'])
    ]
    assert.deepEqual(await Promise.all([missing.exited, bad.exited, badPort.exited, badProxy.exited]), [2, 2, 2, 2])
    assert.match(badProxy.output().stderr, /invalid --trust-proxy "any host"/)
    assert.match(missing.output().stderr, /--config is required/)
    assert.match(bad.output().stderr, /Invalid server config at projects\.0\.allowedOrigins\.0/)
    assert.match(badPort.output().stderr, /invalid port "99999"/)
  })

  it('refuses to run the secure site without WALLET_MODAL_KEK (outside --dev) or without an SMTP server', async () => {
    const goodFile = join(dir, 'good-secure.json')
    writeFileSync(
      goodFile,
      JSON.stringify(
        demoServerConfig({ chains: [], tokens: { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' } })
      )
    )
    const [noKek, noSmtp, shortKek, halfSocial] = [
      run(['--config', goodFile, '--memory', '--port', '0', '--secure-port', '0', '--smtp-url', 'smtp://127.0.0.1:2525'], { WALLET_MODAL_KEK: '' }),
      run(['--config', goodFile, '--memory', '--port', '0', '--secure-port', '0']),
      run(['--config', goodFile, '--memory', '--port', '0', '--secure-port', '0', '--smtp-url', 'smtp://127.0.0.1:2525'], { WALLET_MODAL_KEK: 'abcd' }),
      run(['--config', goodFile, '--memory', '--port', '0', '--secure-port', '0', '--smtp-url', 'smtp://127.0.0.1:2525'], {
        WALLET_MODAL_KEK: 'a'.repeat(64),
        SOCIAL_GOOGLE_CLIENT_ID: 'id'
      })
    ]
    assert.deepEqual(await Promise.all([noKek.exited, noSmtp.exited, shortKek.exited, halfSocial.exited]), [2, 2, 2, 2])
    assert.match(halfSocial.output().stderr, /google login needs both SOCIAL_GOOGLE_CLIENT_ID and SOCIAL_GOOGLE_CLIENT_SECRET/)
    assert.match(noKek.output().stderr, /WALLET_MODAL_KEK is not set/)
    assert.match(noSmtp.output().stderr, /--secure-port needs --smtp-url/)
    assert.match(shortKek.output().stderr, /WALLET_MODAL_KEK must be 32 bytes/)
    // With the key, it starts and says where the secure site is.
    const cli = await startCliServer(['--config', goodFile, '--memory', '--secure-port', '0', '--smtp-url', 'smtp://127.0.0.1:2525'], {
      WALLET_MODAL_KEK: 'a'.repeat(64)
    })
    try {
      assert.match(cli.output().stdout, /Secure site \(e-mail wallet\): http:\/\/127\.0\.0\.1:\d+; social logins: none configured/)
    } finally {
      assert.equal(await cli.stop(), 0)
    }
  })

  it('keeps its data in ./wallet-modal-data by default, and nothing on disk with --memory', async () => {
    const configFile = join(dir, 'persist.json')
    const config = demoServerConfig({
      chains: [],
      tokens: { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }
    })
    config.history = { enabled: false }
    writeFileSync(configFile, JSON.stringify(config))
    const event = { eventId: 'kept-1', url: 'http://127.0.0.1:5173/', domain: '127.0.0.1', timestamp: Date.now(), props: { type: 'track', event: 'KEPT' } }
    const read = async (url: string) =>
      (await getJson(urlOf(url, '/e', { event: 'KEPT' }), { headers: { authorization: `Bearer ${DEMO_ANALYTICS_READ_TOKEN}` } })).body.events.length

    const home = join(dir, 'home')
    mkdirSync(home)
    const first = await startCliServer(['--config', configFile], {}, home)
    assert.match(first.output().stdout, /storage: PGlite in .*home\/wallet-modal-data/)
    assert.equal((await postJson(urlOf(first.url, '/e'), event)).status, 202)
    assert.equal(await first.stop(), 0)
    assert.ok(existsSync(join(home, 'wallet-modal-data')))
    const second = await startCliServer(['--config', configFile], {}, home)
    assert.equal(await read(second.url), 1, 'the event survived the restart')
    assert.equal(await second.stop(), 0)

    const scratch = join(dir, 'scratch')
    mkdirSync(scratch)
    const memory = await startCliServer(['--config', configFile, '--memory'], {}, scratch)
    assert.match(memory.output().stdout, /storage: PGlite in memory/)
    assert.equal((await postJson(urlOf(memory.url, '/e'), event)).status, 202)
    assert.equal(await memory.stop(), 0)
    assert.deepEqual(readdirSync(scratch), [], 'nothing written')
  })
})
