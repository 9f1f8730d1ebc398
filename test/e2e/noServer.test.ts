// A site with no server of its own: the snippet of docs/guide/getting-started.md, "No server of your
// own" (only `projectId` and one network), on a plain page of its own origin. The WalletConnect
// network's relay and the public registry are outside this machine: Chromium resolves neither
// host (its resolver maps both to "not found"),
// and where a test wants them up, their traffic is handed to stand-ins that speak their protocols:
// the relay to wallet-modal's relay in the public relay's mode (JWT audience, project id, origin
// allow-list), the registry to the registry stand-in (walletconnect-specs' `getWallets` API).
// Every request the page makes is recorded and asserted.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { createServer as createHttpServer, type Server } from 'node:http'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AddressInfo } from 'node:net'
import WebSocket from 'ws'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { startDevnet, type Devnet } from '../../packages/devnet/src/startDevnet.js'
import { startRegistryStandIn, type RegistryStandIn } from '../../packages/devnet/src/registry/startRegistryStandIn.js'
import { registrySampleData } from '../../packages/devnet/src/registry/registrySampleWallets.js'
import { createWalletConnectDevWallet, type WalletConnectDevWallet } from '../../packages/devnet/src/walletconnect/createWalletConnectDevWallet.js'
import { findFreePort } from '../../packages/devnet/src/freePort.js'
import { WALLET_ACCOUNT } from '../../packages/devnet/src/constants.js'
import { createServer, type WalletModalServer } from '../../packages/server/src/index.js'
import { demoServerConfig } from '../../packages/server/src/config/demoServerConfig.js'
import { RegistrySync } from '../../packages/server/src/wallets/RegistrySync.js'
import { chromiumPath, CHROMIUM_ARGS } from '../../scripts/chromium.mjs'
import { closeContext, dialog, ethTruncated3, heading, rpc as rpcCall } from './harness.js'

const PUBLIC_RELAY = 'wss://relay.walletconnect.org'
const REGISTRY = 'https://api.web3modal.org'
const SITE_HOST = 'plain-site.test'
const UI_DIST = fileURLToPath(new URL('../../packages/ui/dist/browser/', import.meta.url))
const WALLET_JS = fileURLToPath(new URL('../../packages/devnet/dist/browser/devnet-wallet.js', import.meta.url))

let devnet: Devnet
let site: Server
let siteOrigin = ''
let relayServer: WalletModalServer
let ownRelay = ''
let registry: RegistryStandIn
let wcWallet: WalletConnectDevWallet
let browser: Browser

/**
 * The site: a page with the button and the getting-started snippet (the project id from `?projectId=`),
 * the modal's build at `/dist/`, and the Devnet Wallet standing in for an extension.
 */
function startSite(chain: { chainId: number; rpcUrl: string; name: string }): Promise<Server> {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plain site</title></head><body><connect-button></connect-button><script type="module" src="/site.js"></script><script type="module" src="/devnet-wallet.js"></script></body></html>`
  const script = `import { createWalletModal } from '/dist/boot/boot.js'
const params = new URLSearchParams(location.search)
window.walletModal = createWalletModal({
  projectId: params.get('projectId'),
  serviceUrl: params.get('serviceUrl') ?? undefined,
  networks: [{ id: ${chain.chainId}, name: ${JSON.stringify(chain.name)}, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [${JSON.stringify(chain.rpcUrl)}] } } }]
})`
  const types: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' }
  const server = createHttpServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const send = (status: number, type: string, body: string | Buffer) => res.writeHead(status, { 'content-type': type }).end(body)
    if (path === '/') return send(200, 'text/html', page)
    if (path === '/site.js') return send(200, 'text/javascript', script)
    if (path === '/devnet.json') return send(200, 'application/json', JSON.stringify({ chains: [chain] }))
    const file = path === '/devnet-wallet.js' ? WALLET_JS : path.startsWith('/dist/') ? normalize(join(UI_DIST, path.slice('/dist/'.length))) : undefined
    if (!file || (file !== WALLET_JS && !file.startsWith(UI_DIST))) return send(404, 'text/plain', 'not found')
    readFile(file).then(
      body => send(200, types[extname(file)] ?? 'application/octet-stream', body),
      () => send(404, 'text/plain', 'not found')
    )
  })
  return new Promise(resolve => server.listen(0, '127.0.0.1', () => resolve(server)))
}

before(async () => {
  devnet = await startDevnet()
  const chain = devnet.chains[0]!
  site = await startSite({ chainId: chain.chainId, rpcUrl: chain.rpcUrl, name: chain.name })
  // A host name of its own: loopback origins are always allowed by the relay's rules, a site's
  // origin is not (the browser resolves it to the loopback server, see the launch flags).
  siteOrigin = `http://${SITE_HOST}:${(site.address() as AddressInfo).port}`
  // The WalletConnect network's relay, as far as this machine goes: wallet-modal's relay in public
  // mode, whose audience is the public relay's URL (the page's sign-client signs `aud` = the URL
  // it was given) and its own (the dev wallet's).
  const port = await findFreePort()
  ownRelay = `ws://127.0.0.1:${port}/relay`
  const config = demoServerConfig({ chains: [], tokens: devnet.tokens })
  config.history = { enabled: false }
  config.projects.push({ id: 'plain-site', allowedOrigins: [siteOrigin] }, { id: 'elsewhere', allowedOrigins: ['https://only.example'] })
  config.relay = { publicMode: true, audiences: [PUBLIC_RELAY, ownRelay] }
  relayServer = await createServer({ config, port })
  // The registry: sample wallets on the site's chain, one of them the installed Devnet Wallet
  // (named by its EIP-6963 rdns in `injected`, as the registry does).
  const { wallets, images } = registrySampleData(12)
  for (const w of wallets) if (w.chains?.some(c => c.startsWith('eip155:'))) w.chains = [...w.chains, `eip155:${chain.chainId}`]
  wallets[1] = {
    ...wallets[1]!,
    name: 'Devnet Wallet',
    injected: [{ namespace: 'eip155', injected_id: 'dev.wallet-modal.devnet' }],
    chains: [`eip155:${chain.chainId}`]
  }
  registry = await startRegistryStandIn({
    wallets,
    images,
    projects: { 'plain-site': { allowedOrigins: [siteOrigin] }, elsewhere: { allowedOrigins: ['https://only.example'] } }
  })
  wcWallet = await createWalletConnectDevWallet({
    relayUrl: ownRelay,
    projectId: 'plain-site',
    chains: devnet.chains.map(c => ({ chainId: c.chainId, rpcUrl: c.rpcUrl }))
  })
  const executablePath = chromiumPath()
  if (!executablePath) throw new Error('Chromium is not installed (npm test installs it)')
  // Neither public host resolves in this browser, whatever the machine's network: failing hosts
  // fail the same way everywhere, and nothing reaches the real services by accident.
  // The site's host resolves to the loopback server, and counts as secure (the clipboard needs it).
  browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      `--host-resolver-rules=MAP relay.walletconnect.org ~NOTFOUND, MAP api.web3modal.org ~NOTFOUND, MAP ${SITE_HOST} 127.0.0.1`,
      `--unsafely-treat-insecure-origin-as-secure=${siteOrigin}`
    ]
  })
})

after(async () => {
  await browser?.close().catch(() => {})
  await wcWallet?.close()
  await registry?.close()
  await relayServer?.close()
  await new Promise(resolve => site?.close(resolve))
  await devnet?.stop()
})

/** What a page sent: every HTTP request (method, URL, headers, body) and every WebSocket URL. */
interface Recorded {
  requests: { method: string; url: string; headers: Record<string, string>; body?: string }[]
  sockets: string[]
}

/**
 * A fresh context on the site. With `up`, the registry's and the relay's traffic goes to their
 * stand-ins (the relay's over a bridge that keeps the page's query, `auth` JWT included, and
 * sends the page's Origin, as the browser would to the real relay); without, both hosts fail.
 */
async function openSite(
  projectId: string,
  up: boolean,
  serviceUrl?: string
): Promise<{ context: BrowserContext; page: Page; recorded: Recorded; errors: string[] }> {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
  const recorded: Recorded = { requests: [], sockets: [] }
  context.on('request', r => void recorded.requests.push({ method: r.method(), url: r.url(), headers: r.headers(), body: r.postData() ?? undefined }))
  if (up) {
    await context.route(/^https:\/\/api\.web3modal\.org\//, async route => {
      const u = new URL(route.request().url())
      const response = await route.fetch({ url: `${registry.url}${u.pathname}${u.search}`, headers: { ...route.request().headers(), origin: siteOrigin } })
      await route.fulfill({ response })
    })
    await context.routeWebSocket(/^wss:\/\/relay\.walletconnect\.org/, ws => {
      recorded.sockets.push(ws.url())
      const upstream = new WebSocket(`${ownRelay}${new URL(ws.url()).search}`, { headers: { origin: siteOrigin } })
      const pending: string[] = []
      upstream.on('open', () => {
        for (const m of pending.splice(0)) upstream.send(m)
      })
      upstream.on('message', data => ws.send(data.toString()))
      upstream.on('close', (code, reason) => void ws.close({ code, reason: reason.toString() }).catch(() => {}))
      upstream.on('error', () => void ws.close({ code: 1011, reason: 'relay stand-in unreachable' }).catch(() => {}))
      ws.onMessage(m => (upstream.readyState === WebSocket.OPEN ? upstream.send(String(m)) : pending.push(String(m))))
      ws.onClose(() => upstream.close())
    })
  }
  const page = await context.newPage()
  page.on('websocket', s => void (up || recorded.sockets.push(s.url())))
  const errors: string[] = []
  page.on('pageerror', e => errors.push(e.message))
  await page.goto(`${siteOrigin}/?projectId=${encodeURIComponent(projectId)}${serviceUrl ? `&serviceUrl=${encodeURIComponent(serviceUrl)}` : ''}`)
  await page.locator('connect-button').getByRole('button', { name: 'Connect Wallet' }).waitFor()
  return { context, page, recorded, errors }
}

/** Waits until the page has gone quiet (the bootstrap's hand-over happens when idle). */
async function idle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => new Promise(resolve => requestIdleCallback(() => resolve(undefined), { timeout: 2000 })))
  await page.waitForLoadState('networkidle')
}

/** The claims of a relay `auth` JWT. */
function jwtClaims(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>
}

/** Opens Connect from the button. */
async function openConnect(page: Page): Promise<void> {
  await page.locator('connect-button').getByRole('button', { name: 'Connect Wallet' }).click()
  await heading(page, 'Connect Wallet')
}

const rowNamed = (page: Page, name: RegExp) => dialog(page).getByRole('button', { name })

test('only projectId and one network: wallets from the public registry, WalletConnect over the WalletConnect network, nothing sent before the click', async () => {
  const { context, page, recorded, errors } = await openSite('plain-site', true)
  try {
    await idle(page)
    // Before the click: the page's own files only.
    const early = recorded.requests.filter(r => new URL(r.url).origin !== siteOrigin)
    assert.deepEqual(
      early.map(r => r.url),
      [],
      'nothing leaves the page before a click'
    )
    assert.deepEqual(recorded.sockets, [])

    await openConnect(page)
    // The registry's wallets on the site's chain, with their images from the registry.
    await rowNamed(page, /^Devnet (Red|Orange|Yellow|Green|Blue|Indigo|Violet|Pink|Teal|Cyan|Lime|Amber|\w+) Wallet/)
      .first()
      .waitFor()
    const listCalls = recorded.requests.filter(r => r.url.startsWith(`${REGISTRY}/getWallets`))
    assert.ok(listCalls.length >= 1, 'getWallets was called')
    for (const call of listCalls) {
      const q = new URL(call.url).searchParams
      assert.equal(call.method, 'GET')
      assert.equal(q.get('projectId'), 'plain-site')
      assert.equal(q.get('st'), 'wallet-modal')
      assert.match(q.get('sv') ?? '', /^html-wallet-modal-/)
      assert.equal(q.get('page'), '1')
      assert.match(q.get('entries') ?? '', /^\d+$/)
      // The registry filters by CAIP-2 ids.
      assert.equal(q.get('chains'), `eip155:${devnet.chains[0]!.chainId}`)
      // Query parameters, not custom headers: no CORS preflight before the list.
      assert.deepEqual(
        Object.keys(call.headers).filter(h => h.startsWith('x-')),
        []
      )
    }
    await page.waitForFunction(() => {
      const root = document.querySelector('wallet-modal')?.shadowRoot
      return [...(root?.querySelectorAll('img') ?? [])].some(
        img => img.src.startsWith('https://api.web3modal.org/getWalletImage/') && img.complete && img.naturalWidth > 0
      )
    })
    const imageCalls = recorded.requests.filter(r => r.url.startsWith(`${REGISTRY}/getWalletImage/`))
    assert.ok(imageCalls.length >= 1)
    for (const call of imageCalls) assert.equal(new URL(call.url).searchParams.get('projectId'), 'plain-site')
    // The registry's Devnet Wallet is the installed one (its rdns from `injected`): listed once.
    assert.equal(await rowNamed(page, /^Devnet Wallet\b/).count(), 1)
    // Only the registry and the page's origin so far: no relay, no analytics, no other host.
    const hosts = new Set(recorded.requests.map(r => new URL(r.url).origin))
    assert.deepEqual([...hosts].sort(), [REGISTRY, siteOrigin].sort())
    assert.deepEqual(recorded.sockets, [])

    // WalletConnect: the relay socket goes to the WalletConnect network with the standard auth.
    await rowNamed(page, /^WalletConnect/).click()
    await dialog(page).getByRole('img', { name: 'WalletConnect QR code' }).waitFor()
    assert.ok(recorded.sockets.length >= 1)
    const socket = new URL(recorded.sockets[0]!)
    assert.equal(socket.origin, PUBLIC_RELAY)
    assert.equal(socket.searchParams.get('projectId'), 'plain-site')
    const claims = jwtClaims(socket.searchParams.get('auth') ?? '')
    assert.equal(claims.aud, PUBLIC_RELAY)
    assert.match(String(claims.iss), /^did:key:z6Mk/)
    await dialog(page).getByRole('button', { name: 'Copy link' }).click()
    const uri = await page.evaluate(() => navigator.clipboard.readText())
    assert.equal((await wcWallet.pair(uri)).outcome, 'approved')
    await dialog(page).waitFor({ state: 'detached' })
    const address = await page.evaluate(() => (window as unknown as { walletModal: { getAccount(): { address?: string } } }).walletModal.getAccount().address)
    assert.equal(address?.toLowerCase(), wcWallet.state().address.toLowerCase())
    // Still nothing but the registry, the page and the network's RPC.
    const after = new Set(recorded.requests.map(r => new URL(r.url).origin))
    for (const origin of after) assert.ok([REGISTRY, siteOrigin, new URL(devnet.chains[0]!.rpcUrl).origin].includes(origin), `unexpected request to ${origin}`)
    assert.deepEqual(errors, [])
  } finally {
    await wcWallet.disconnectAll().catch(() => {})
    await closeContext(context)
  }
})

test('with the relay and the registry unreachable, Connect says so, the installed wallet connects and the balance comes from the network RPC', async () => {
  const { context, page, recorded, errors } = await openSite('plain-site', false)
  try {
    await openConnect(page)
    const notice = dialog(page).getByTestId('connect-unavailable')
    await notice.getByText('The wallet list is unavailable: its service cannot be reached.').waitFor()
    await rowNamed(page, /^WalletConnect/).click()
    await dialog(page).getByText('WalletConnect is unavailable: its service cannot be reached.').waitFor({ timeout: 30_000 })
    await dialog(page).getByRole('button', { name: 'Back' }).click()
    await heading(page, 'Connect Wallet')
    await notice.getByText('WalletConnect is unavailable: its service cannot be reached.').waitFor()
    // The installed wallet still connects.
    await rowNamed(page, /^Devnet Wallet/).click()
    await dialog(page).waitFor({ state: 'detached' })
    // The button shows the balance the network's RPC gave (no server in between).
    const wei = await rpcCall<string>(devnet.chains[0]!.rpcUrl, 'eth_getBalance', [WALLET_ACCOUNT, 'latest'])
    await page
      .locator('connect-button')
      .getByText(`${ethTruncated3(wei)} ETH`)
      .waitFor()
    const address = await page.evaluate(() => (window as unknown as { walletModal: { getAccount(): { address?: string } } }).walletModal.getAccount().address)
    assert.equal(address?.toLowerCase(), WALLET_ACCOUNT.toLowerCase())
    const rpcOrigin = new URL(devnet.chains[0]!.rpcUrl).origin
    assert.ok(
      recorded.requests.some(r => new URL(r.url).origin === rpcOrigin && /eth_getBalance/.test(r.body ?? '')),
      'the balance was read from the network RPC'
    )
    assert.deepEqual(errors, [])
  } finally {
    await closeContext(context)
  }
})

for (const [name, projectId, reason] of [
  ['a project id that does not allow this origin', 'elsewhere', "this site's project id is not allowed on this origin"],
  ['an unknown project id', 'nobody-knows-this-id', "this site's project id is not recognised"]
] as const) {
  test(`${name}: the registry's and the relay's refusals are said plainly`, async () => {
    const { context, page, errors } = await openSite(projectId, true)
    try {
      await openConnect(page)
      const notice = dialog(page).getByTestId('connect-unavailable')
      await notice.getByText(`The wallet list is unavailable: ${reason}.`).waitFor()
      await rowNamed(page, /^WalletConnect/).click()
      await dialog(page).getByText(`WalletConnect is unavailable: ${reason}.`).waitFor({ timeout: 30_000 })
      await dialog(page).getByRole('button', { name: 'Back' }).click()
      await notice.getByText(`WalletConnect is unavailable: ${reason}.`).waitFor()
      // The installed wallet is still offered.
      await rowNamed(page, /^Devnet Wallet/).waitFor()
      assert.deepEqual(errors, [])
    } finally {
      await closeContext(context)
    }
  })
}

test('self-hosted: the server imports the registry (wallets sync) and Connect lists its wallets with images the server serves', async () => {
  const result = await new RegistrySync({ store: relayServer.store, projectId: 'plain-site', sourceUrl: registry.url, log: () => {} }).run()
  assert.equal(result.count, registry.wallets().length)
  // The public hosts stay unreachable: everything comes from the site's own server.
  const { context, page, recorded, errors } = await openSite('plain-site', false, relayServer.url)
  try {
    await openConnect(page)
    await rowNamed(page, /^Devnet (?!Wallet\b)\w+ Wallet/)
      .first()
      .waitFor()
    await page.waitForFunction(origin => {
      const root = document.querySelector('wallet-modal')?.shadowRoot
      return [...(root?.querySelectorAll('img') ?? [])].some(img => img.src.startsWith(`${origin}/getWalletImage/`) && img.complete && img.naturalWidth > 0)
    }, relayServer.url)
    // The installed Devnet Wallet (the registry names its rdns) is listed once.
    assert.equal(await rowNamed(page, /^Devnet Wallet\b/).count(), 1)
    assert.deepEqual(
      recorded.requests.filter(r => r.url.startsWith(REGISTRY)),
      []
    )
    assert.equal(await dialog(page).getByTestId('connect-unavailable').count(), 0)
    assert.deepEqual(errors, [])
  } finally {
    await closeContext(context)
  }
})
