// The README's quickstart for a script tag, followed literally: its HTML block is the whole page,
// served next to the CDN build (`./wallet-modal.js` and its chunks), on an origin of its own. Its
// network is Ethereum (chain id 1) at `https://your-rpc.example`: here an anvil node started with
// chain id 1 answers for that host, and the Devnet Wallet (the extension stand-in) holds that
// chain. A new visitor clicks the button, picks the wallet, and the block's own `wm-connect`
// listener logs the connection.
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize } from 'node:path'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { AddressInfo } from 'node:net'
import { test } from 'node:test'
import { startAnvil, type AnvilInstance } from '@wallet-modal/devnet'
import { closeContext, connectButton, dialog, harnessPerFile, pageWithDevnetWallet } from './harness.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const UI_DIST = join(ROOT, 'packages/ui/dist/browser')
let anvil: AnvilInstance | undefined
let site: Server | undefined
let siteUrl = ''

/** The first ```html block under the README's "### Use it with a script tag", as a reader copies it. */
function readmeHtml(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
  const at = readme.indexOf('\n### Use it with a script tag\n')
  assert.ok(at >= 0, 'the README has "### Use it with a script tag"')
  const block = /```html\n([\s\S]*?)```/.exec(readme.slice(at))
  assert.ok(block, 'an html block under it')
  return block[1]!
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.woff2': 'font/woff2', '.json': 'application/json', '.map': 'application/json' }

const h = harnessPerFile({
  async setUp() {
    anvil = await startAnvil({ chainId: 1 })
    const page = readmeHtml()
    // The page at /, and the CDN build's files beside it (what "./wallet-modal.js" names).
    site = createServer(async (req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname
      if (path === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(page)
      const file = normalize(join(UI_DIST, path))
      if (!file.startsWith(UI_DIST)) return void res.writeHead(403).end()
      try {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(await readFile(file))
      } catch {
        res.writeHead(404).end()
      }
    })
    await new Promise<void>(resolve => site!.listen(0, '127.0.0.1', resolve))
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  }
})

test.after(async () => {
  await new Promise(resolve => site?.close(resolve))
  await anvil?.stop()
})

test("the README's script-tag quickstart, pasted as the whole page, connects the Devnet Wallet on its network", async () => {
  const context = await h.browser.newContext()
  try {
    // The block's RPC URL is the reader's own node: here, the chain-1 anvil answers for it.
    await context.route(/^https:\/\/your-rpc\.example\//, async route => {
      await route.fulfill({ response: await route.fetch({ url: anvil!.url }) })
    })
    const { page, errors } = await pageWithDevnetWallet(h, context)
    // The wallet holds the page's network (chain 1) instead of the devnet's.
    await page.route('**/devnet.json', route =>
      route.fulfill({ body: JSON.stringify({ chains: [{ chainId: 1, name: 'Ethereum', rpcUrl: anvil!.url }] }), contentType: 'application/json' })
    )
    await page.goto(siteUrl)
    // The block's own listener: console.log('connected', e.detail).
    const logged = page.waitForEvent('console', { predicate: m => m.text().startsWith('connected') })
    await connectButton(page, 'Connect Wallet').click()
    await dialog(page)
      .getByRole('button', { name: /Devnet Wallet/ })
      .first()
      .click()
    const detail = (await (await logged).args()[1]!.jsonValue()) as { address: string }
    assert.match(detail.address, /^0x[0-9a-fA-F]{40}$/)
    await connectButton(page)
      .getByText(`${detail.address.slice(0, 6)}…${detail.address.slice(-4)}`)
      .waitFor()
    assert.deepEqual(errors, [])
  } finally {
    await closeContext(context)
  }
})
