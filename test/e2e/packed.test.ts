// The published packages as a site gets them: `npm pack` of wire, core, ui, react and wagmi,
// installed with npm into a new Vite project on React 18 and on React 19, built with `vite build`;
// the page connects the Devnet Wallet through the modal and shows the account through the hooks.
// On React 19 the README's "Use it with React" and "Use it with wagmi" blocks are pasted as they
// are, type-checked with tsc against the packed typings, built, and used: they connect, open the
// network list, and wagmi's Tip is mined.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { BrowserContext } from 'playwright-core'
import { connectButton, dialog, harnessPerFile, pageWithDevnetWallet, rpc } from './harness.js'

const h = harnessPerFile()
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const CHAIN_ID = 31337
const exec = promisify(execFile)
const work = mkdtempSync(join(tmpdir(), 'wm-packed-'))
const tarballs: string[] = []
const VITE = '8.3.8'

before(async () => {
  // What `npm publish` would upload: each package's "files", its package.json, its exports.
  const { stdout } = await exec('npm', ['pack', '--json', '--pack-destination', work, '-w', 'packages/wire', '-w', 'packages/core', '-w', 'packages/ui', '-w', 'packages/react', '-w', 'packages/wagmi'], { cwd: ROOT, maxBuffer: 1 << 24 })
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

/** The \`\`\`tsx block under a README heading, as a reader copies it. */
function readmeBlock(heading: string): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
  const at = readme.indexOf(`\n${heading}\n`)
  assert.ok(at >= 0, `the README has "${heading}"`)
  const block = /```tsx\n([\s\S]*?)```/.exec(readme.slice(at))
  assert.ok(block, `a tsx block under "${heading}"`)
  return block[1]!
}

/** The versions this repository builds and tests with (the site gets the same from npm). */
const versionOf = (name: string): string => JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version

/**
 * No internet here: the README's \`mainnet\` and \`base\` are the devnet's two chains (Vite's alias
 * swaps viem/chains for this module; tsc checks the blocks against the real viem/chains).
 */
const DEVNET_CHAINS = `
import { defineChain } from 'viem'
const chain = (id: number, name: string, url: string) => defineChain({ id, name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } })
export const mainnet = chain(31337, 'Devnet', import.meta.env.VITE_RPC_URL)
export const base = chain(31338, 'Devnet 2', import.meta.env.VITE_RPC_URL_2)
`

/** Which page main.js renders: the hooks page, or a README block's App (by the URL's hash). */
const README_MAIN = `
const readme = { '#readme-react': () => import('./ReadmeReact.tsx'), '#readme-wagmi': () => import('./ReadmeWagmi.tsx') }[location.hash]
if (readme) {
  const [{ App }, { createElement }, { createRoot }] = await Promise.all([readme(), import('react'), import('react-dom/client')])
  createRoot(document.getElementById('root')).render(createElement(App))
} else {
  await import('./hooks.js')
}
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
  const withReadme = react.startsWith('19')
  test(`a Vite + React ${react.split('.')[0]} site on the packed packages connects and shows the account through the hooks${withReadme ? "; the README's React and wagmi blocks work as pasted" : ''}`, async () => {
    const site = join(work, `react-${react}`)
    mkdirSync(join(site, 'src'), { recursive: true })
    const packed = Object.fromEntries(tarballs.map(t => [`@wallet-modal/${t.match(/wallet-modal-(\w+)-/)![1]}`, `file:${t}`]))
    // The README's blocks need what their imports name: wagmi, viem, react-query; tsc and the types to check them.
    const readmeDeps = withReadme
      ? Object.fromEntries(['wagmi', 'viem', '@tanstack/react-query', 'typescript', '@types/react', '@types/react-dom'].map(name => [name, versionOf(name)]))
      : {}
    writeFileSync(join(site, 'package.json'), JSON.stringify({ name: `site-react-${react}`, private: true, type: 'module', dependencies: { react, 'react-dom': react, vite: VITE, ...packed, ...readmeDeps } }, null, 2))
    writeFileSync(join(site, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.js"></script></body></html>')
    if (withReadme) {
      writeFileSync(join(site, 'src/hooks.js'), MAIN)
      writeFileSync(join(site, 'src/main.js'), README_MAIN)
      writeFileSync(join(site, 'src/ReadmeReact.tsx'), readmeBlock('### Use it with React'))
      writeFileSync(join(site, 'src/ReadmeWagmi.tsx'), readmeBlock('### Use it with wagmi'))
      writeFileSync(join(site, 'src/devnetChains.ts'), DEVNET_CHAINS)
      writeFileSync(join(site, 'src/env.d.ts'), "interface ImportMeta { readonly env: Record<string, string> }\n")
      writeFileSync(join(site, 'vite.config.mjs'), `export default { resolve: { alias: { 'viem/chains': ${JSON.stringify(join(site, 'src/devnetChains.ts'))} } } }\n`)
      writeFileSync(
        join(site, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', jsx: 'react-jsx', noEmit: true, skipLibCheck: true, allowImportingTsExtensions: true, lib: ['ES2022', 'DOM'] }, include: ['src/*.ts', 'src/*.tsx'] })
      )
    } else {
      writeFileSync(join(site, 'src/main.js'), MAIN)
    }
    // Installed as a site installs them (the npm cache makes it quick; the registry fills gaps).
    await exec('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], { cwd: site, maxBuffer: 1 << 24 })
    const installed = JSON.parse(readFileSync(join(site, 'node_modules/react/package.json'), 'utf8')).version
    assert.equal(installed, react)
    // A strict type-check of the pasted blocks against the packed packages' typings.
    if (withReadme) await exec(process.execPath, [join(site, 'node_modules/typescript/bin/tsc'), '-p', site], { cwd: site, maxBuffer: 1 << 24 }).catch((e: { stdout?: string }) => assert.fail(`tsc on the README's blocks:\n${e.stdout}`))
    await exec(process.execPath, [join(site, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: site, env: { ...process.env, VITE_RPC_URL: h.rpc[CHAIN_ID]!, VITE_RPC_URL_2: h.rpc[31338]! }, maxBuffer: 1 << 24 })
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
      if (withReadme) await readmePages(context, url, address)
    } finally {
      await context.close()
      await new Promise(resolve => server.close(resolve))
    }
  })
}

/** The README's two blocks, pasted into the site, in the visitor's browser (already connected once in this context). */
async function readmePages(context: BrowserContext, url: string, address: string): Promise<void> {
  // "Use it with React": the button; once connected, Account's button reads "{address} on {network}" and opens Networks.
  const fresh = await h.browser.newContext()
  try {
    const { page, errors } = await pageWithDevnetWallet(h, fresh)
    await page.goto(`${url}/#readme-react`)
    await connectButton(page, 'Connect Wallet').click()
    await dialog(page).getByRole('button', { name: /Devnet Wallet/ }).first().click()
    await dialog(page).waitFor({ state: 'detached' })
    await page.getByRole('button', { name: `${address} on Devnet` }).click()
    await dialog(page).getByRole('heading', { name: 'Choose Network' }).waitFor()
    await dialog(page).getByRole('button', { name: /Devnet 2/ }).first().waitFor()
    assert.deepEqual(errors, [])
  } finally {
    await fresh.close()
  }
  // "Use it with wagmi": Tip waits for a connection, then wagmi's useSendTransaction pays 0.001 ETH to 0x…dEaD.
  const { page, errors } = await pageWithDevnetWallet(h, context)
  const dead = '0x000000000000000000000000000000000000dEaD'
  const before = BigInt(await rpc<string>(h.rpc[CHAIN_ID]!, 'eth_getBalance', [dead, 'latest']))
  await page.goto(`${url}/#readme-wagmi`)
  const tip = page.getByRole('button', { name: 'Tip' })
  // The same context: the modal reconnects the visitor's wallet, and wagmi with it.
  await connectButton(page).getByText(`${address.slice(0, 6)}…${address.slice(-4)}`).waitFor()
  // Playwright clicks once Tip is enabled, that is once wagmi is connected too.
  await tip.click()
  for (const started = Date.now(); ; ) {
    const now = BigInt(await rpc<string>(h.rpc[CHAIN_ID]!, 'eth_getBalance', [dead, 'latest']))
    if (now - before === 1_000_000_000_000_000n) break
    assert.ok(Date.now() - started < 15_000, `0x…dEaD got ${now - before} wei`)
    await new Promise(r => setTimeout(r, 100))
  }
  assert.deepEqual(errors, [])
}
