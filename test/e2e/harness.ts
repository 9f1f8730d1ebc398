// Shared set-up of the end-to-end tests: the real devnet and demo server on free loopback ports,
// and Debian's Chromium driven by Playwright. Every page's console errors and uncaught errors are
// collected so each test can assert there were none.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { startAll } from '../../packages/devnet/src/index.js'
import { chromiumPath, CHROMIUM_ARGS } from '../../scripts/chromium.mjs'

/** A running demo: its URL, the devnet description and a browser. */
export interface Harness {
  url: string
  /** The wallet-modal server the demo uses. */
  serviceUrl?: string
  rpc: Record<number, string>
  /** The WalletConnect dev wallet on the server's relay. */
  wcWallet?: import('../../packages/devnet/src/walletconnect/createWalletConnectDevWallet.js').WalletConnectDevWallet
  browser: Browser
  stop(): Promise<void>
}

/** Starts the devnet, the demo server (with the test-only fault API when asked) and Chromium. */
export async function startHarness(opts: { enableFaults?: boolean } = {}): Promise<Harness> {
  const all = await startAll({ port: 0, enableFaults: opts.enableFaults })
  const executablePath = chromiumPath()
  if (!executablePath) throw new Error('Chromium is not installed (npm test installs it)')
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS })
  const rpc: Record<number, string> = {}
  for (const c of all.devnet.chains) rpc[c.chainId] = c.rpcUrl
  return {
    url: all.url,
    serviceUrl: all.services?.url,
    rpc,
    wcWallet: all.wcWallet,
    browser,
    async stop() {
      await browser.close().catch(() => {})
      await all.stop()
    }
  }
}

/** A fresh browser context and page that records console errors and page errors. */
export async function openPage(h: Harness, path = '/'): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await h.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', m => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`)
  })
  page.on('pageerror', e => errors.push(`pageerror: ${e.message}`))
  await page.goto(h.url + path)
  return { context, page, errors }
}

/** JSON-RPC to a devnet chain from the test (not through the page). */
export async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await r.json()) as { result: T; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result
}

/** Wei (hex) -> ETH string truncated to 3 decimals, computed independently of the product's code. */
export function ethTruncated3(hexWei: string): string {
  const wei = BigInt(hexWei)
  const milli = wei / 10n ** 15n
  return `${milli / 1000n}.${(milli % 1000n).toString().padStart(3, '0')}`
}
