// The published packages as a site gets them: `npm pack` of wire, core, ui, react, wagmi, vue,
// svelte, angular and server, installed with npm into new projects. A Vite project on React 18
// and on React 19, built with `vite build`;
// the page connects the Devnet Wallet through the modal and shows the account through the hooks.
// On React 19 the README's "Use it with React" and "Use it with wagmi" blocks are pasted as they
// are, type-checked with tsc against the packed typings, built, and used: they connect, open the
// network list, and wagmi's Tip is mined. The migration guides' pages are pasted the same way
// (docs/migrating): AppKit's options through fromAppKit style the button and connect; RainbowKit's
// set-up with its ConnectButton.Custom example connects and opens Networks. An esbuild page on the elements alone connects too. In
// Node, every public entry of every tarball imports without touching a browser global, and the
// server's tarball starts with `npx wallet-modal-server`.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFile, spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { basename, dirname, extname, join } from 'node:path'
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
  const { stdout } = await exec(
    'npm',
    [
      'pack',
      '--json',
      '--pack-destination',
      work,
      '-w',
      'packages/wire',
      '-w',
      'packages/core',
      '-w',
      'packages/ui',
      '-w',
      'packages/react',
      '-w',
      'packages/wagmi',
      '-w',
      'packages/vue',
      '-w',
      'packages/svelte',
      '-w',
      'packages/angular',
      '-w',
      'packages/server'
    ],
    { cwd: ROOT, maxBuffer: 1 << 24 }
  )
  for (const p of JSON.parse(stdout) as { filename: string }[]) tarballs.push(join(work, p.filename))
})
after(() => rmSync(work, { recursive: true, force: true }))

/** The tarballs as dependencies (`file:`), those `which` keeps. */
const packedDependencies = (which: (name: string) => boolean = () => true): Record<string, string> =>
  Object.fromEntries(
    tarballs
      .map(t => [t.match(/wallet-modal-(\w+)-/)![1]!, t] as const)
      .filter(([name]) => which(name))
      .map(([name, t]) => [`@wallet-modal/${name}`, `file:${t}`])
  )

/** Installs a new project's dependencies as a site does (the npm cache makes it quick; the registry fills gaps). */
async function install(dir: string, dependencies: Record<string, string>): Promise<void> {
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `site-${dir.split('/').pop()}`, private: true, type: 'module', dependencies }, null, 2))
  await exec('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], { cwd: dir, maxBuffer: 1 << 24 })
}

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
const readmeBlock = (heading: string): string => docBlock('README.md', heading, 'tsx')

/** The \`nth\` (from 0) fenced block of \`language\` after the heading line \`heading\` in a page of the repository. */
function docBlock(file: string, heading: string, language: string, nth = 0): string {
  const page = readFileSync(join(ROOT, file), 'utf8')
  const at = page.indexOf(`\n${heading}\n`)
  assert.ok(at >= 0, `${file} has "${heading}"`)
  const blocks = [...page.slice(at).matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))]
  assert.ok(blocks[nth], `block ${nth} of ${language} under "${heading}" in ${file}`)
  return blocks[nth][1]!
}

const RAINBOWKIT = 'docs/migrating/from-rainbowkit.md'

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

/** Which page main.js renders: the hooks page, a README block's App, or a migration guide's page (by the URL's hash). */
const README_MAIN = `
const readme = { '#readme-react': () => import('./ReadmeReact.tsx'), '#readme-wagmi': () => import('./ReadmeWagmi.tsx'), '#rainbowkit': () => import('./RainbowKit.tsx') }[location.hash]
if (location.hash === '#appkit') {
  await import('./AppKit.ts')
} else if (readme) {
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
  return new Promise(resolve =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server }))
  )
}

for (const react of ['18.3.1', '19.3.1'] as const) {
  const withReadme = react.startsWith('19')
  test(`a Vite + React ${react.split('.')[0]} site on the packed packages connects and shows the account through the hooks${withReadme ? "; the README's React and wagmi blocks work as pasted" : ''}`, async () => {
    const site = join(work, `react-${react}`)
    mkdirSync(join(site, 'src'), { recursive: true })
    const packed = packedDependencies(t => !['server', 'vue', 'svelte', 'angular'].includes(t))
    // The README's blocks need what their imports name: wagmi, viem, react-query; tsc and the types to check them.
    const readmeDeps = withReadme
      ? Object.fromEntries(['wagmi', 'viem', '@tanstack/react-query', 'typescript', '@types/react', '@types/react-dom'].map(name => [name, versionOf(name)]))
      : {}
    writeFileSync(
      join(site, 'package.json'),
      JSON.stringify(
        { name: `site-react-${react}`, private: true, type: 'module', dependencies: { react, 'react-dom': react, vite: VITE, ...packed, ...readmeDeps } },
        null,
        2
      )
    )
    writeFileSync(join(site, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.js"></script></body></html>')
    if (withReadme) {
      writeFileSync(join(site, 'src/hooks.js'), MAIN)
      writeFileSync(join(site, 'src/main.js'), README_MAIN)
      writeFileSync(join(site, 'src/ReadmeReact.tsx'), readmeBlock('### Use it with React'))
      writeFileSync(join(site, 'src/ReadmeWagmi.tsx'), readmeBlock('### Use it with wagmi'))
      // The migration guides' pages: AppKit's options through fromAppKit; RainbowKit's set-up with its custom button where ConnectButton was.
      writeFileSync(join(site, 'src/AppKit.ts'), docBlock('docs/migrating/from-appkit.md', '## The set-up, side by side', 'ts'))
      writeFileSync(join(site, 'src/CustomButton.tsx'), docBlock(RAINBOWKIT, '## `ConnectButton.Custom`', 'tsx'))
      const setUp = docBlock(RAINBOWKIT, '## Set-up, side by side', 'tsx', 1)
      assert.ok(setUp.includes('<ConnectButton />'), "the guide's set-up renders <ConnectButton />")
      writeFileSync(
        join(site, 'src/RainbowKit.tsx'),
        `import { CustomButton } from './CustomButton.tsx'\n${setUp.replace('<ConnectButton />', '<CustomButton />')}`
      )
      writeFileSync(join(site, 'src/devnetChains.ts'), DEVNET_CHAINS)
      writeFileSync(join(site, 'src/env.d.ts'), 'interface ImportMeta { readonly env: Record<string, string> }\n')
      writeFileSync(
        join(site, 'vite.config.mjs'),
        `export default { resolve: { alias: { 'viem/chains': ${JSON.stringify(join(site, 'src/devnetChains.ts'))}, 'wagmi/chains': ${JSON.stringify(join(site, 'src/devnetChains.ts'))} } } }\n`
      )
      writeFileSync(
        join(site, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            target: 'ES2022',
            module: 'ESNext',
            moduleResolution: 'bundler',
            jsx: 'react-jsx',
            noEmit: true,
            skipLibCheck: true,
            allowImportingTsExtensions: true,
            lib: ['ES2022', 'DOM']
          },
          include: ['src/*.ts', 'src/*.tsx']
        })
      )
    } else {
      writeFileSync(join(site, 'src/main.js'), MAIN)
    }
    // Installed as a site installs them (the npm cache makes it quick; the registry fills gaps).
    await exec('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], { cwd: site, maxBuffer: 1 << 24 })
    const installed = JSON.parse(readFileSync(join(site, 'node_modules/react/package.json'), 'utf8')).version
    assert.equal(installed, react)
    // A strict type-check of the pasted blocks against the packed packages' typings.
    if (withReadme)
      await exec(process.execPath, [join(site, 'node_modules/typescript/bin/tsc'), '-p', site], { cwd: site, maxBuffer: 1 << 24 }).catch(
        (e: { stdout?: string }) => assert.fail(`tsc on the README's blocks:\n${e.stdout}`)
      )
    await exec(process.execPath, [join(site, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
      cwd: site,
      env: { ...process.env, VITE_RPC_URL: h.rpc[CHAIN_ID]!, VITE_RPC_URL_2: h.rpc[31338]! },
      maxBuffer: 1 << 24
    })
    assert.ok(readdirSync(join(site, 'dist/assets')).some(f => f.endsWith('.js')))

    const { url, server } = await serve(join(site, 'dist'))
    const context = await h.browser.newContext()
    try {
      const { page, errors } = await pageWithDevnetWallet(h, context)
      await page.goto(url)
      await page.locator('#react').filter({ hasText: react }).waitFor()
      await page
        .locator('#status')
        .filter({ hasText: /^disconnected$/ })
        .waitFor()
      assert.equal(await page.locator('#network').innerText(), `eip155:${CHAIN_ID}`)
      await connectButton(page, 'Connect Wallet').click()
      await dialog(page)
        .getByRole('button', { name: /Devnet Wallet/ })
        .first()
        .click()
      await page
        .locator('#status')
        .filter({ hasText: /^connected$/ })
        .waitFor()
      const address = await page.locator('#address').innerText()
      assert.match(address, /^0x[0-9a-fA-F]{40}$/)
      await connectButton(page)
        .getByText(`${address.slice(0, 6)}…${address.slice(-4)}`)
        .waitFor()
      assert.deepEqual(errors, [])
      if (withReadme) {
        await readmePages(context, url, address)
        await migrationPages(url, address)
      }
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
    await dialog(page)
      .getByRole('button', { name: /Devnet Wallet/ })
      .first()
      .click()
    await dialog(page).waitFor({ state: 'detached' })
    await page.getByRole('button', { name: `${address} on Devnet` }).click()
    await dialog(page).getByRole('heading', { name: 'Choose Network' }).waitFor()
    await dialog(page)
      .getByRole('button', { name: /Devnet 2/ })
      .first()
      .waitFor()
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
  await connectButton(page)
    .getByText(`${address.slice(0, 6)}…${address.slice(-4)}`)
    .waitFor()
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

/**
 * The migration guides' pages, each in a new visitor's browser. AppKit's: the options kept through
 * fromAppKit style the button (--w3m-accent), hide All Wallets, and the Devnet Wallet connects.
 * RainbowKit's: the guide's ConnectButton.Custom example opens the modal, shows the account and
 * its network once connected, and its network button opens Networks.
 */
async function migrationPages(url: string, address: string): Promise<void> {
  const short = `${address.slice(0, 6)}…${address.slice(-4)}`
  for (const guide of ['#appkit', '#rainbowkit'] as const) {
    const context = await h.browser.newContext()
    try {
      const { page, errors } = await pageWithDevnetWallet(h, context)
      const warnings: string[] = []
      page.on('console', m => void (m.type() === 'warning' && warnings.push(m.text())))
      await page.goto(`${url}/${guide}`)
      if (guide === '#appkit') {
        const button = connectButton(page, 'Connect Wallet')
        await button.waitFor()
        assert.equal(await button.evaluate(b => getComputedStyle(b).backgroundColor), 'rgb(0, 187, 127)', '--w3m-accent')
        await button.click()
        await dialog(page).getByRole('heading', { name: 'Connect Wallet' }).waitFor()
        assert.equal(
          await dialog(page)
            .getByRole('button', { name: /^All Wallets/ })
            .count(),
          0,
          "allWallets: 'HIDE'"
        )
        await dialog(page)
          .getByRole('button', { name: /Devnet Wallet/ })
          .first()
          .click()
        await connectButton(page).getByText(short).waitFor()
        // Every name in the guide's options is ours or AppKit's: nothing is said to be unknown.
        assert.deepEqual(
          warnings.filter(w => w.includes('[wallet-modal]')),
          []
        )
      } else {
        await page.getByRole('button', { name: 'Connect Wallet' }).click()
        await dialog(page)
          .getByRole('button', { name: /Devnet Wallet/ })
          .first()
          .click()
        await dialog(page).waitFor({ state: 'detached' })
        await page.getByRole('button', { name: new RegExp(`^${short} \\(\\d[\\d.,km]* ETH\\)$`) }).waitFor()
        await page.getByRole('button', { name: 'Devnet', exact: true }).click()
        await dialog(page).getByRole('heading', { name: 'Choose Network' }).waitFor()
      }
      assert.deepEqual(errors, [])
    } finally {
      await context.close()
    }
  }
}

/** The page of the esbuild site: the elements alone (no React wrapper), typed through the packed typings. */
const ESBUILD_MAIN = `
import { createWalletModal } from '@wallet-modal/ui'

declare const RPC_URL: string
const modal = createWalletModal({
  projectId: 'packed',
  networks: [{ id: ${CHAIN_ID}, name: 'Devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [RPC_URL] } } }],
  metadata: { name: 'esbuild site', url: location.origin }
})
// HTMLElementTagNameMap: a ConnectButtonElement, whose label and core are typed properties.
const button = document.querySelector('connect-button')!
button.core = modal
button.label = 'Connect with esbuild'
const status = document.getElementById('status')!
// The event map: detail.address is a string.
document.addEventListener('wm-connect', e => void (status.textContent = e.detail.address.toLowerCase()))
`

/** React 19 JSX through the opt-in entry: type-checked only (React 19 sets \`core\` as a property and listens to \`onwm-*\`). */
const JSX_CHECK = `
import type {} from '@wallet-modal/ui/react'
import { createWalletModal } from '@wallet-modal/ui'

const modal = createWalletModal({ projectId: 'packed', networks: [] })
export const ok = (
  <>
    <connect-button label="Connect" loading-label="Connecting" theme="dark" core={modal} />
    <wallet-modal theme="light" core={modal} onwm-connect={e => e.detail.address.toLowerCase()} onwm-disconnect={e => e.detail.namespaces.join()} />
  </>
)
// @ts-expect-error: a label is text
export const badLabel = <connect-button label={3} />
// @ts-expect-error: wm-open's detail has no address
export const badDetail = <wallet-modal onwm-open={e => e.detail.address} />
`

test('an esbuild page on the packed elements connects the Devnet Wallet; the tags, their events and React 19 JSX type-check', async () => {
  const site = join(work, 'esbuild')
  const tools = Object.fromEntries(['react', 'react-dom', 'esbuild', 'typescript', '@types/react'].map(name => [name, versionOf(name)]))
  await install(site, { ...packedDependencies(name => ['wire', 'core', 'ui'].includes(name)), ...tools })
  mkdirSync(join(site, 'src'))
  writeFileSync(join(site, 'src/main.ts'), ESBUILD_MAIN)
  writeFileSync(join(site, 'src/jsx.tsx'), JSX_CHECK)
  writeFileSync(
    join(site, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        noEmit: true,
        skipLibCheck: true,
        lib: ['ES2022', 'DOM']
      },
      include: ['src']
    })
  )
  await exec(process.execPath, [join(site, 'node_modules/typescript/bin/tsc'), '-p', site], { cwd: site, maxBuffer: 1 << 24 }).catch((e: { stdout?: string }) =>
    assert.fail(`tsc:\n${e.stdout}`)
  )
  // esbuild with code splitting: the modal's lazy chunks stay lazy.
  await exec(
    join(site, 'node_modules/.bin/esbuild'),
    [
      'src/main.ts',
      '--bundle',
      '--splitting',
      '--format=esm',
      '--minify',
      '--outdir=dist',
      `--define:RPC_URL=${JSON.stringify(h.rpc[CHAIN_ID])}`,
      '--log-level=error'
    ],
    { cwd: site, maxBuffer: 1 << 24 }
  )
  assert.ok(readdirSync(join(site, 'dist')).filter(f => f.endsWith('.js')).length > 5, 'split into chunks')
  // The package ships the modal's font (Inter) beside each build; esbuild does not copy files named
  // by `new URL(…, import.meta.url)`, so the site copies the folder next to its chunks (README).
  const fonts = join(site, 'node_modules/@wallet-modal/ui/dist/fonts')
  for (const dir of [fonts, join(site, 'node_modules/@wallet-modal/ui/dist/browser/fonts')]) {
    assert.ok(
      readdirSync(dir).some(f => /^inter-latin-wght-normal-[\w-]+\.woff2$/.test(f)),
      `${dir} holds the font`
    )
  }
  cpSync(fonts, join(site, 'dist/fonts'), { recursive: true })
  writeFileSync(
    join(site, 'dist/index.html'),
    '<!doctype html><html><body><connect-button></connect-button><p id="status"></p><script type="module" src="/main.js"></script></body></html>'
  )

  const { url, server } = await serve(join(site, 'dist'))
  const context = await h.browser.newContext()
  try {
    const { page, errors } = await pageWithDevnetWallet(h, context)
    await page.goto(url)
    await connectButton(page, 'Connect with esbuild').click()
    await dialog(page)
      .getByRole('button', { name: /Devnet Wallet/ })
      .first()
      .click()
    await page
      .locator('#status')
      .filter({ hasText: /^0x[0-9a-f]{40}$/ })
      .waitFor()
    const address = await page.locator('#status').innerText()
    await connectButton(page)
      .getByText(new RegExp(`^${address.slice(0, 6)}…${address.slice(-4)}$`, 'i'))
      .waitFor()
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
    await new Promise(resolve => server.close(resolve))
  }
})

/** One Node project holding every tarball, shared by the two Node tests below. */
let nodeSite: Promise<string> | undefined
const nodeProject = (): Promise<string> =>
  (nodeSite ??= (async () => {
    const dir = join(work, 'node')
    // The frameworks the bindings import, at the repository's versions (npm would otherwise pick their peers' newest).
    const frameworks = Object.fromEntries(['react', 'react-dom', 'vue', 'svelte', '@angular/core', 'rxjs'].map(name => [name, versionOf(name)]))
    await install(dir, { ...packedDependencies(), ...frameworks })
    return dir
  })())

/** Runs in the project: imports each entry named on the command line; prints what each gave and which globals appeared. */
const IMPORT_ALL = `
const before = new Set(Object.getOwnPropertyNames(globalThis))
const results = {}
for (const entry of process.argv.slice(2)) {
  try {
    const module = await import(entry)
    results[entry] = { exports: Object.keys(module).length }
  } catch (error) {
    results[entry] = { error: String(error && error.stack || error) }
  }
}
const added = Object.getOwnPropertyNames(globalThis).filter(name => !before.has(name))
console.log(JSON.stringify({ results, added }))
`

test('in Node, every public entry of every packed package imports without a browser global, and each package ships only what a site needs', async () => {
  const dir = await nodeProject()
  const entries: string[] = []
  for (const name of ['wire', 'core', 'ui', 'react', 'wagmi', 'vue', 'svelte', 'angular', 'server']) {
    const pkgDir = join(dir, 'node_modules/@wallet-modal', name)
    const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as {
      license?: string
      exports: Record<string, string | { types?: string; import?: string; default?: string }>
      files?: string[]
    }
    assert.equal(pkg.license, 'MIT', `${name}: licence`)
    for (const file of ['README.md', 'LICENSE']) assert.ok(readdirSync(pkgDir).includes(file), `${name} ships ${file}`)
    // No sources, tests, fixtures or devnet keys in the tarball.
    // (Its own node_modules, where npm nests a dependency's other version, are not the tarball's.)
    const files = readdirSync(pkgDir, { recursive: true, withFileTypes: true })
      .filter(e => e.isFile())
      .map(e => join(e.parentPath, e.name).slice(pkgDir.length + 1))
      .filter(f => !f.startsWith('node_modules/'))
    assert.deepEqual(
      files.filter(f => /(^src\/|\.test\.|__fixtures__|\.tsx?$)/.test(f) && !f.endsWith('.d.ts')),
      [],
      `${name}: no sources or tests`
    )
    for (const f of files.filter(f => f.endsWith('.js'))) {
      const text = readFileSync(join(pkgDir, f), 'utf8')
      // The devnet's well-known keys (anvil's first account, the demo's bundler operator and paymaster signer).
      for (const key of [
        'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
        'dbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
        'f214f2b2cd398c806f84e317254e0f0b801d0643303237d97a22a48e01628897'
      ]) {
        assert.ok(!text.includes(key), `${name}/${f} holds a devnet key`)
      }
    }
    for (const [key, target] of Object.entries(pkg.exports)) {
      const paths = typeof target === 'string' ? { default: target } : target
      const js = paths.import ?? paths.default
      // Every JavaScript entry has its types, and they exist.
      if (!js?.endsWith('.json'))
        assert.ok(paths.types && readdirSync(dirname(join(pkgDir, paths.types))).includes(basename(paths.types)), `${name} ${key}: its types exist`)
      if (js?.endsWith('.json')) JSON.parse(readFileSync(join(pkgDir, js), 'utf8'))
      else if (js) entries.push(`@wallet-modal/${name}${key.slice(1)}`)
      else assert.fail(`${name} ${key}: no JavaScript`)
    }
  }
  assert.deepEqual(entries, [
    '@wallet-modal/wire',
    '@wallet-modal/core',
    '@wallet-modal/core/internal',
    '@wallet-modal/ui',
    '@wallet-modal/ui/define',
    '@wallet-modal/ui/boot',
    '@wallet-modal/ui/appkit',
    '@wallet-modal/ui/browser/boot',
    '@wallet-modal/ui/browser',
    '@wallet-modal/ui/browser/appkit',
    '@wallet-modal/ui/react',
    '@wallet-modal/ui/vue',
    '@wallet-modal/ui/svelte',
    '@wallet-modal/react',
    '@wallet-modal/wagmi',
    '@wallet-modal/vue',
    '@wallet-modal/svelte',
    '@wallet-modal/angular',
    '@wallet-modal/server',
    '@wallet-modal/server/bitcoin'
  ])
  writeFileSync(join(dir, 'import-all.mjs'), IMPORT_ALL)
  const { stdout } = await exec(process.execPath, ['import-all.mjs', ...entries], { cwd: dir, maxBuffer: 1 << 24 })
  const { results, added } = JSON.parse(stdout.trim().split('\n').pop()!) as { results: Record<string, { exports?: number; error?: string }>; added: string[] }
  for (const entry of entries) {
    assert.equal(results[entry]?.error, undefined, `${entry} imports in Node`)
    // The typings-only entries and the registering one export nothing; every other entry something.
    const empty = /^@wallet-modal\/ui\/(react|vue|svelte|define)$/.test(entry)
    assert.equal(results[entry]!.exports! > 0, !empty, `${entry} exports ${results[entry]!.exports}`)
  }
  // Nothing defined a browser global (window, document, customElements...) to get by.
  assert.deepEqual(
    added.filter(name => /^(window|document|self|navigator|location|customElements|HTMLElement|localStorage|sessionStorage)$/.test(name)),
    []
  )
})

test('the packed server starts with `npx wallet-modal-server` and answers', async () => {
  const dir = await nodeProject()
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ projects: [{ id: 'packed', allowedOrigins: ['http://127.0.0.1:*'] }], chains: [] }))
  // Its own process group: npx runs the server as a child, and the signal must reach both.
  const child = spawn('npx', ['--no-install', 'wallet-modal-server', '--config', 'config.json', '--port', '0', '--memory', '--quiet'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: '' },
    detached: true
  })
  let output = ''
  child.stdout.on('data', chunk => (output += chunk))
  child.stderr.on('data', chunk => (output += chunk))
  // 'close': every process holding the pipes (npx and the server) has exited.
  const exited = new Promise<number | null>(resolve => child.on('close', code => resolve(code)))
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const onData = () => {
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\n[\s\S]*storage: .*\n/.exec(output)
        if (m) resolve(m[1]!)
      }
      child.stdout.on('data', onData)
      void exited.then(code => reject(new Error(`exited with ${code}:\n${output}`)))
      // A server that neither listens nor exits fails the test instead of holding it.
      setTimeout(() => reject(new Error(`not listening after 60 s:\n${output}`)), 60_000).unref()
    })
    assert.match(output, /projects: packed; chains: none; storage: PGlite in memory/)
    const about = await fetch(`${url}/about?projectId=packed`, { signal: AbortSignal.timeout(10_000) })
    assert.equal(about.status, 200)
    assert.match(await about.text(), /wallet modal/i)
  } finally {
    process.kill(-child.pid!, 'SIGTERM')
    await exited
  }
  assert.match(output, /SIGTERM, stopping/)
})
