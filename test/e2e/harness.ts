// Shared set-up of the end-to-end tests: the real devnet and demo server on free loopback ports,
// and Debian's Chromium driven by Playwright. Every page's console errors and uncaught errors are
// collected; withPage asserts there were none. Below that, the steps several journeys share
// (connect the Devnet Wallet, go through Send), so each test file spells out only its own part.
import assert from 'node:assert/strict'
import { before, after } from 'node:test'
import { readFileSync } from 'node:fs'
import { chromium, type Browser, type BrowserContext, type FrameLocator, type Locator, type Page } from 'playwright-core'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startAll } from '../../packages/devnet/src/index.js'
import { startRegistryStandIn, type RegistryStandIn } from '../../packages/devnet/src/registry/startRegistryStandIn.js'
import { chromiumPath, CHROMIUM_ARGS } from '../../scripts/chromium.mjs'

/** A running demo: its URL, the devnet description and a browser. */
export interface Harness {
  url: string
  /** The wallet-modal server the demo uses. */
  serviceUrl?: string
  rpc: Record<number, string>
  /** The WalletConnect dev wallet on the server's relay. */
  wcWallet?: import('../../packages/devnet/src/walletconnect/createWalletConnectDevWallet.js').WalletConnectDevWallet
  /** The devnet's mail sink (e-mail login codes). */
  mail?: import('../../packages/devnet/src/mail/startMailSink.js').MailSink
  /** The embedded wallet's secure site. */
  secureSiteUrl?: string
  /** The Safe{Wallet} stand-in (its `/` opens the demo as a Safe app). */
  safeUrl: string
  /** The wallet-modal server (to change a project's remote features while it runs). */
  services?: import('../../packages/devnet/src/startAll.js').ServiceServer
  browser: Browser
  /** The public registry's stand-in, where pages without a server get their wallet list (see {@link routePublicRegistry}). */
  registry: RegistryStandIn
  stop(): Promise<void>
}

/** How a file's harness differs from the demo's defaults (see `StartAllOptions`). */
export type HarnessOptions = Pick<
  import('../../packages/devnet/src/startAll.js').StartAllOptions,
  'enableFaults' | 'serviceDataDir' | 'smtpUrl' | 'socialProvidersDown' | 'swapsOnlyOn' | 'smartAccountsOnlyOn' | 'wcWalletPrivateKey'
>

/** Starts the devnet, the demo server (with the test-only fault API when asked) and Chromium. */
export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const all = await startAll({
    port: 0,
    enableFaults: opts.enableFaults,
    serviceDataDir: opts.serviceDataDir,
    smtpUrl: opts.smtpUrl,
    socialProvidersDown: opts.socialProvidersDown,
    swapsOnlyOn: opts.swapsOnlyOn,
    smartAccountsOnlyOn: opts.smartAccountsOnlyOn,
    wcWalletPrivateKey: opts.wcWalletPrivateKey
  })
  const executablePath = chromiumPath()
  if (!executablePath) throw new Error('Chromium is not installed (npm test installs it)')
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS })
  const rpc: Record<number, string> = {}
  for (const c of all.devnet.chains) rpc[c.chainId] = c.rpcUrl
  // Sites with no server of their own (the examples, the packed-package pages) list the public
  // registry's wallets: their project ids (and the README's placeholder) are known to its stand-in,
  // from any origin.
  const registry = await startRegistryStandIn({ projects: { example: {}, packed: {}, demo: {}, 'your-project': {} } })
  return {
    url: all.url,
    serviceUrl: all.services?.url,
    rpc,
    wcWallet: all.wcWallet,
    mail: all.mail,
    secureSiteUrl: all.services?.secureSiteUrl,
    safeUrl: all.safe.url,
    services: all.services,
    browser,
    registry,
    async stop() {
      await browser.close().catch(() => {})
      await registry.close()
      await all.stop()
    }
  }
}

/**
 * Starts one harness for the calling test file (in a `before` hook) and stops it after the file's
 * tests (in an `after` hook), the prologue every file repeated. Call it at the file's top level.
 *
 * The harness only exists once the hook has run, so what comes back is a stand-in that forwards
 * to it: use it inside tests, not while the file loads. A file's own set-up that needs the running
 * harness goes in `setUp`, which runs in the same hook: on node 20 a file's top-level `before`
 * hooks start as they are registered, side by side, so a second hook would not wait for this one.
 */
export function harnessPerFile(opts: HarnessOptions & { setUp?: (started: Harness) => void | Promise<void> } = {}): Harness {
  let started: Harness | undefined
  before(async () => {
    const { setUp, ...options } = opts
    started = await startHarness(options)
    await setUp?.(started)
  })
  after(async () => {
    await started?.stop()
  })
  return new Proxy({} as Harness, {
    get(_, key) {
      if (!started) throw new Error(`harness.${String(key)} read before the file's before() hook started the harness`)
      return started[key as keyof Harness]
    }
  })
}

/**
 * Hands a context's requests to the public wallet registry (`https://api.web3modal.org`) to its
 * stand-in, which answers as the registry documents: outside this machine, as the real one is,
 * and never reached by a test whatever the machine's network.
 */
export async function routePublicRegistry(context: BrowserContext, h: Harness): Promise<void> {
  const standIn = h.registry.url
  await context.route(/^https:\/\/api\.web3modal\.org\//, async route => {
    const u = new URL(route.request().url())
    await route.fulfill({ response: await route.fetch({ url: `${standIn}${u.pathname}${u.search}` }) })
  })
}

/** A fresh browser context and page that records console errors and page errors. */
export async function openPage(h: Harness, path = '/'): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await h.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
  await routePublicRegistry(context, h)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', m => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`)
  })
  page.on('pageerror', e => errors.push(`pageerror: ${e.message}`))
  await page.goto(h.url + path)
  return { context, page, errors }
}

/** What {@link withPage} hands its body: the page, its context and the errors recorded so far. */
export interface OpenedPage {
  context: BrowserContext
  page: Page
  /** Console errors and uncaught page errors, in order; see {@link openPage}. */
  errors: string[]
}

/**
 * Opens `path` in a fresh context ({@link openPage}), runs `body`, then asserts the page logged no
 * errors, and always closes the context. Every journey ended with the same three steps; here they
 * cannot be forgotten or reordered. The errors are checked only when the body succeeded, as before:
 * a failing step reports its own message, not a follow-on "errors" mismatch.
 *
 * Pass `{ checkErrors: false }` when the test asserts on `errors` itself (some console errors are
 * expected there) or, for a page expected to fail, deliberately not at all.
 */
export async function withPage<T>(h: Harness, path: string, body: (opened: OpenedPage) => Promise<T>, opts: { checkErrors?: boolean } = {}): Promise<T> {
  const opened = await openPage(h, path)
  try {
    const result = await body(opened)
    if (opts.checkErrors !== false) assert.deepEqual(opened.errors, [])
    return result
  } finally {
    await closeContext(opened.context)
  }
}

/** The modal's dialog. Playwright's locators pierce the open shadow root of `<wallet-modal>`. */
/**
 * Closes a browser context whose routes may still be answering: a handler that fetches for a
 * request the closing page no longer wants (a wallet polling its node) would fail with "Fetch
 * response has been disposed" after the test, which node:test counts against the file. The
 * routes are dropped first, ignoring such late errors.
 */
export async function closeContext(context: BrowserContext): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' })
  await context.close()
}

/**
 * Clicks `button` in `popup`, a window that answers and closes itself within the click (Coinbase's
 * keys popup, the secure site's review window), and waits for it to close. Playwright's click can
 * then fail with "Target page … has been closed" although it landed; the close is the outcome this
 * waits for (within `timeout` ms), and any other click error is thrown at once.
 */
export async function clickClosingPopup(popup: Page, button: Locator, timeout = 15_000): Promise<void> {
  // The wait starts before the click: a close heard with the click's answer would be missed.
  const closed = popup.waitForEvent('close', { timeout })
  // Handled here so that a click error below is what the test reports, not this wait's timeout.
  closed.catch(() => {})
  const clickError = await button.click({ timeout }).then(
    () => undefined,
    (e: Error) => e
  )
  if (clickError && !/has been closed/.test(clickError.message)) throw clickError
  await closed
}

export const dialog = (page: Page): Locator => page.locator('wallet-modal').getByRole('dialog')

/**
 * The button inside `<connect-button>`: it opens Connect when disconnected, Account when connected.
 * Optionally narrowed by its accessible name (e.g. 'Connect Wallet' to click it only while disconnected).
 */
export const connectButton = (page: Page, name?: string): Locator => page.locator('connect-button').getByRole('button', name === undefined ? {} : { name })

/** Clicks 'Connect Wallet' on the page and waits for the modal's Connect view. */
export async function openConnect(page: Page): Promise<void> {
  await connectButton(page, 'Connect Wallet').click()
  await dialog(page).getByRole('heading', { name: 'Connect Wallet' }).waitFor()
}

/**
 * On an open Connect view, clicks the wallet whose row matches `name` and waits for the modal to
 * close, which is how the modal shows a connection that needed no further step.
 */
export async function pickWallet(page: Page, name: RegExp): Promise<void> {
  await dialog(page).getByRole('button', { name }).click()
  await dialog(page).waitFor({ state: 'detached' })
}

/**
 * Opens the modal from `<connect-button>` and connects the devnet's EVM 'Devnet Wallet' (which
 * approves at once unless the page set another mode). Resolves with the connected address.
 */
export async function connectDevnetWallet(page: Page): Promise<string> {
  await connectButton(page).click()
  await pickWallet(page, /^Devnet Wallet/)
  return page.evaluate(() => (window as any).walletModal.getAccount().address as string)
}

/** Waits for the dialog's heading named exactly `name` (the view the modal shows). */
export const heading = (page: Page, name: string): Promise<void> => dialog(page).getByRole('heading', { name, exact: true }).waitFor()

/** Goes to the Send view from Account; opens the modal on Account first unless it already shows it (after a send it does). */
export async function openSend(page: Page): Promise<void> {
  if (!(await dialog(page).getByRole('heading', { name: 'Account', exact: true }).isVisible())) await connectButton(page).click()
  await heading(page, 'Account')
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
  await heading(page, 'Send')
}

/**
 * On the Send view, picks the first token option whose text has ` ${symbol}` (an option reads
 * 'name quantity SYMBOL', so another token's name could hold the same word), then fills Amount and To.
 */
export async function fillSend(page: Page, symbol: string, amount: string, to: string): Promise<void> {
  await dialog(page).getByTestId('send-token').click()
  await dialog(page)
    .getByTestId('send-token-option')
    .filter({ hasText: ` ${symbol}` })
    .first()
    .click()
  await dialog(page).getByLabel('Amount', { exact: true }).fill(amount)
  await dialog(page).getByLabel('To', { exact: true }).fill(to)
}

/** Clicks 'Preview Send' and waits for the Review Send view. */
export async function previewSend(page: Page): Promise<void> {
  await dialog(page).getByRole('button', { name: 'Preview Send' }).click()
  await heading(page, 'Review Send')
}

/**
 * On Review Send, clicks Send; resolves once the modal is back on Account and the button's
 * pending count has gone (mined: the devnets mine at once unless a test turned that off).
 */
export async function confirmSend(page: Page): Promise<void> {
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
  await heading(page, 'Account')
  await page.locator('connect-button').getByTestId('button-pending').waitFor({ state: 'detached' })
}

/**
 * From Account, opens the Activity tab until `item` is listed, and returns it. The server indexes blocks as
 * they come (every 300 ms on the demo), so a transaction mined a moment ago may not be in the
 * first list: once a list has loaded without it, Activity is opened again.
 */
export async function openActivityUntil(page: Page, item: Locator, what: string): Promise<Locator> {
  for (let tries = 0; ; tries++) {
    await dialog(page).getByRole('tab', { name: 'Activity' }).click()
    await dialog(page).locator('[data-testid="transaction"], [data-testid="activity-empty"]').first().waitFor()
    if (await item.isVisible()) return item
    assert.ok(tries < 40, `${what} never reached Activity`)
    // Leaving the tab unmounts the list; choosing it again fetches the newest page.
    await dialog(page).getByRole('tab', { name: 'Tokens' }).click()
  }
}

/** Reads the newest code for `email` from the demo's mailbox page, as a person would. */
export async function codeFromMailbox(h: Harness, page: Page, email: string): Promise<string> {
  const mailbox = await page.context().newPage()
  try {
    await mailbox.goto(`${h.url}/mailbox/`)
    const mail = mailbox.locator(`article[data-to="${email}"]`).first()
    // The page refreshes itself every 3 s; the mail is usually there at once.
    await mail.waitFor({ timeout: 15_000 })
    const subject = (await mail.locator('strong').textContent()) ?? ''
    const code = /(\d{6})/.exec(subject)?.[1]
    assert.ok(code, `a code in "${subject}"`)
    return code
  } finally {
    await mailbox.close()
  }
}

/** JSON-RPC to a devnet chain from the test (not through the page). */
export async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
  })
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

/**
 * A page of another site (not the demo) with the Devnet Wallet in it, as an extension puts a
 * wallet in every page: its script and its chain list are served on that page's origin, and it
 * talks to the anvil chains itself. Console errors and uncaught errors are collected in `errors`.
 */
export async function pageWithDevnetWallet(h: Harness, context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  await routePublicRegistry(context, h)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', m => void (m.type() === 'error' && errors.push(m.text())))
  page.on('pageerror', e => errors.push(e.message))
  const devnet = (await (await fetch(`${h.url}/devnet.json`)).json()) as { chains: { chainId: number; rpcUrl: string }[]; solana?: unknown }
  // The demo server's same-origin RPC proxy is not this site's: the wallet uses the chains directly.
  for (const c of devnet.chains) c.rpcUrl = h.rpc[c.chainId]!
  delete devnet.solana
  const walletJs = readFileSync(new URL('../../packages/devnet/dist/browser/devnet-wallet.js', import.meta.url), 'utf8')
  await page.route('**/devnet-wallet.js', route => route.fulfill({ body: walletJs, contentType: 'text/javascript' }))
  await page.route('**/devnet.json', route => route.fulfill({ body: JSON.stringify(devnet), contentType: 'application/json' }))
  // A string: tsx's compiled functions call a helper the page does not have.
  await page.addInitScript('void import("/devnet-wallet.js")')
  return { page, errors }
}

/** The secure site's code-entry frame inside the dialog. */
export const otpFrame = (page: Page): FrameLocator => dialog(page).locator('iframe[data-testid="otp-frame"]').contentFrame()
/** The secure site's approval frame inside the dialog (ApproveTransaction). */
export const approveFrame = (page: Page): FrameLocator => dialog(page).locator('iframe[data-testid="approve-frame"]').contentFrame()

/**
 * Approves the request in the secure frame as a person does: reads (scrolls) the details to
 * their end, which Approve waits for, then presses Approve once it is live.
 */
export async function approveRequest(page: Page): Promise<void> {
  const frame = approveFrame(page)
  await frame.locator('.details .end').scrollIntoViewIfNeeded()
  const approve = frame.getByRole('button', { name: 'Approve' })
  try {
    await frame.locator('#approve:enabled').waitFor({ timeout: 15_000 })
  } catch {
    // Why Approve stayed off, for the failure's message: the visibility guard, the unread end, or a refusal.
    const state = await frame.locator('main').evaluate(main => ({
      guard: main.getAttribute('data-guard'),
      hint: (main.querySelector('.hint') as HTMLElement | null)?.style.visibility,
      refused: main.querySelector('[role=alert]')?.textContent,
      scroll: (d => (d ? `${d.scrollTop}+${d.clientHeight}/${d.scrollHeight}` : 'none'))(main.querySelector('.details'))
    }))
    assert.fail(`Approve stayed disabled: ${JSON.stringify(state)}`)
  }
  await approve.click()
}

/**
 * Declines the request in the secure frame, once the frame is in plain view (the dialog's opening
 * animation over: a click during it can land beside the moving button).
 */
export async function cancelRequest(page: Page): Promise<void> {
  const frame = approveFrame(page)
  await frame.locator('main[data-guard="trusted"]').waitFor()
  await frame.getByRole('button', { name: 'Cancel' }).click()
}

/**
 * Waits for the e-mail entry on Connect (it appears once the project's configuration names the
 * secure site); if it does not, fails with what the page knew.
 */
async function emailInput(page: Page): Promise<void> {
  try {
    await dialog(page).getByTestId('email-input').waitFor({ timeout: 15_000 })
  } catch {
    const seen = await page.evaluate(() => ({
      requests: performance
        .getEntriesByType('resource')
        .map(e => e.name.replace(/\?.*/, ''))
        .filter(n => /config|origins/.test(n)),
      loaded: document.readyState,
      dialog: (document.querySelector('wallet-modal')?.shadowRoot?.textContent ?? '').slice(0, 300)
    }))
    assert.fail(`no e-mail entry on Connect: ${JSON.stringify(seen)}`)
  }
}

/** Connect → e-mail → code from the mailbox → connected. Resolves with the ms from typing the code to connected. */
export async function loginByEmail(h: Harness, page: Page, email: string): Promise<number> {
  await connectButton(page, 'Connect Wallet').click()
  await heading(page, 'Connect Wallet')
  await emailInput(page)
  await dialog(page).getByTestId('email-input').fill(email)
  await dialog(page).getByTestId('email-submit').click()
  await heading(page, 'Continue with e-mail')
  await otpFrame(page).locator('input#otp').waitFor()
  const code = await codeFromMailbox(h, page, email)
  const started = Date.now()
  await otpFrame(page).locator('input#otp').fill(code)
  await dialog(page).waitFor({ state: 'detached' })
  // Every namespace connects in turn, the site's default (EVM here) last, which then is active;
  // the modal closes only then, so a click on the button never opens a half-done login.
  const account = await page.evaluate(() => (window as any).walletModal.getAccount())
  assert.equal(account.status, 'connected', 'connected when the modal closed')
  assert.equal(account.namespace, 'eip155', "the default network's namespace is in when the modal closes")
  return Date.now() - started
}

let emails = 0
/** A fresh e-mail address per call (a newcomer every time), readable in the mailbox by its `name`. */
export const newEmail = (name: string): string => `${name}-${Date.now().toString(36)}-${emails++}@example.com`

/**
 * Registers the whole name `name` with the demo's name service over HTTP, for a fresh key of
 * someone else, exactly as the modal would (the JSON message signed with personal_sign).
 */
export async function registerNameElsewhere(h: Harness, name: string): Promise<void> {
  const other = privateKeyToAccount(generatePrivateKey())
  const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
  const answer = await fetch(`${h.serviceUrl}/v1/profile/account?projectId=demo&st=test&sv=test`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ coin_type: 60, address: other.address, message, signature: await other.signMessage({ message }) })
  })
  assert.equal(answer.status, 200, await answer.text())
}

/**
 * On a WalletConnect view showing its QR code: Copy link, hand the link to the devnet's
 * WalletConnect dev wallet, which approves; resolves once the modal has closed, connected.
 */
export async function pairWithDevWallet(h: Harness, page: Page): Promise<void> {
  await dialog(page).getByRole('img', { name: 'WalletConnect QR code' }).waitFor()
  await dialog(page).getByRole('button', { name: 'Copy link' }).click()
  const uri = await page.evaluate(() => navigator.clipboard.readText())
  assert.equal((await h.wcWallet!.pair(uri)).outcome, 'approved')
  await dialog(page).waitFor({ state: 'detached' })
}
