// The published packages as a site gets them: `npm pack` of wire, core, ui and react, installed
// with npm into a new Vite project on React 18 and on React 19, built with `vite build`; the page
// connects the Devnet Wallet through the modal and shows the account through the hooks.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { connectButton, dialog, harnessPerFile, pageWithDevnetWallet } from './harness.js'

const h = harnessPerFile()
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const CHAIN_ID = 31337
const exec = promisify(execFile)
const work = mkdtempSync(join(tmpdir(), 'wm-packed-'))
const tarballs: string[] = []
const VITE = '8.3.8'

before(async () => {
  // What `npm publish` would upload: each package's "files", its package.json, its exports.
  const { stdout } = await exec('npm', ['pack', '--json', '--pack-destination', work, '-w', 'packages/wire', '-w', 'packages/core', '-w', 'packages/ui', '-w', 'packages/react'], { cwd: ROOT, maxBuffer: 1 << 24 })
  for (const p of JSON.parse(stdout) as { filename: string }[]) tarballs.push(join(work, p.filename))
})
after(() => rmSync(work, { recursive: true, force: true }))

/** The page: the provider, the typed button, and what the hooks say. No JSX: no plugin needed. */
const MAIN = `
import { createElement as h, version } from 'react'
import { createRoot } from 'react-dom/client'
import { WalletModalProvider, ConnectButton, useWalletModalAccount, useWalletModalNetwork } from '@wallet-modal/react'

const network = { id: ${CHAIN_ID}, name: 'Devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [import.meta.env.VITE_RPC_URL] } } }

function Account() {
  const account = useWalletModalAccount()
  const { caipNetworkId } = useWalletModalNetwork()
  return h('p', null, h('span', { id: 'status' }, account.status), ' ', h('span', { id: 'address' }, account.address ?? ''), ' ', h('span', { id: 'network' }, caipNetworkId))
}

createRoot(document.getElementById('root')).render(
  h(WalletModalProvider, { options: { projectId: 'packed', networks: [network] } }, h('p', { id: 'react' }, version), h(ConnectButton), h(Account))
)
`

/** Serves a built folder on a free loopback port. */
function serve(dir: string): Promise<{ url: string; server: Server }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const file = join(dir, path === '/' ? 'index.html' : path)
    if (!file.startsWith(dir)) return void res.writeHead(403).end()
    try {
      const body = readFileSync(file)
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  return new Promise(resolve => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server })))
}

for (const react of ['18.3.1', '19.3.1'] as const) {
  test(`a Vite + React ${react.split('.')[0]} site on the packed packages connects and shows the account through the hooks`, async () => {
    const site = join(work, `react-${react}`)
    mkdirSync(join(site, 'src'), { recursive: true })
    writeFileSync(
      join(site, 'package.json'),
      JSON.stringify({ name: `site-react-${react}`, private: true, type: 'module', dependencies: { react, 'react-dom': react, vite: VITE, ...Object.fromEntries(tarballs.map(t => [`@wallet-modal/${t.match(/wallet-modal-(\w+)-/)![1]}`, `file:${t}`])) } }, null, 2)
    )
    writeFileSync(join(site, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.js"></script></body></html>')
    writeFileSync(join(site, 'src/main.js'), MAIN)
    // Installed as a site installs them (the npm cache makes it quick; the registry fills gaps).
    await exec('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], { cwd: site, maxBuffer: 1 << 24 })
    const installed = JSON.parse(readFileSync(join(site, 'node_modules/react/package.json'), 'utf8')).version
    assert.equal(installed, react)
    await exec(process.execPath, [join(site, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: site, env: { ...process.env, VITE_RPC_URL: h.rpc[CHAIN_ID]! }, maxBuffer: 1 << 24 })
    assert.ok(readdirSync(join(site, 'dist/assets')).some(f => f.endsWith('.js')))

    const { url, server } = await serve(join(site, 'dist'))
    const context = await h.browser.newContext()
    try {
      const { page, errors } = await pageWithDevnetWallet(h, context)
      await page.goto(url)
      await page.locator('#react').filter({ hasText: react }).waitFor()
      await page.locator('#status').filter({ hasText: /^disconnected$/ }).waitFor()
      assert.equal(await page.locator('#network').innerText(), `eip155:${CHAIN_ID}`)
      await connectButton(page, 'Connect Wallet').click()
      await dialog(page).getByRole('button', { name: /Devnet Wallet/ }).first().click()
      await page.locator('#status').filter({ hasText: /^connected$/ }).waitFor()
      const address = await page.locator('#address').innerText()
      assert.match(address, /^0x[0-9a-fA-F]{40}$/)
      await connectButton(page).getByText(`${address.slice(0, 6)}…${address.slice(-4)}`).waitFor()
      assert.deepEqual(errors, [])
    } finally {
      await context.close()
      await new Promise(resolve => server.close(resolve))
    }
  })
}
