// Keyboard-only journeys on the demo page (WCAG 2.1.1): no mouse at all, only `page.keyboard`,
// starting from the page's first Tab stop, `<connect-button>`. Connect the Devnet Wallet, send a
// token, switch network and disconnect; log in by e-mail (the code typed in the secure site's
// frame); sign in (SIWX). Each ends on what a person sees: the button, the Account view, the
// snackbar, the demo page's own lines.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { harnessPerFile, withPage, dialog, connectButton, heading, codeFromMailbox, newEmail, otpFrame, rpc } from './harness.js'

const h = harnessPerFile()
const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const DUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

/** What identifies the focused control: tag, accessible-name source, test id. */
interface Focused {
  tag: string
  name: string
  testId: string | null
  /** The wallet-modal or connect-button host it is in, if any. */
  host: string | null
}

/** The deeply focused element (through the open shadow roots; an iframe stops the walk). */
const focused = (page: Page): Promise<Focused | null> =>
  page.evaluate(() => {
    let el: Element | null = document.activeElement
    let host: string | null = null
    while (el?.shadowRoot?.activeElement) {
      host = el.tagName.toLowerCase()
      el = el.shadowRoot.activeElement
    }
    if (!el || el === document.body) return null
    const labelled = el.id ? (el.getRootNode() as Document | ShadowRoot).querySelector(`label[for="${el.id}"]`)?.textContent : undefined
    const name = el.getAttribute('aria-label') ?? labelled ?? el.getAttribute('title') ?? el.textContent?.trim() ?? ''
    return { tag: el.tagName.toLowerCase(), name, testId: el.getAttribute('data-testid'), host }
  })

/**
 * Presses Tab (or Shift+Tab) until the focused control matches, as a keyboard user moves through
 * the page; fails with the controls passed when it is not reached within `max` presses.
 */
async function tabTo(page: Page, what: string, match: (f: Focused) => boolean, { max = 40, back = false } = {}): Promise<void> {
  const passed: string[] = []
  for (let i = 0; i <= max; i++) {
    const f = await focused(page)
    if (f && match(f)) return
    passed.push(f ? `${f.tag} "${f.name.slice(0, 30)}"` : 'nothing')
    if (i < max) await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  assert.fail(`${what} was never focused with ${back ? 'Shift+Tab' : 'Tab'}; focus went: ${passed.join(' → ')}`)
}
const named = (name: string | RegExp) => (f: Focused) => (typeof name === 'string' ? f.name === name : name.test(f.name))
const byTestId = (id: string) => (f: Focused) => f.testId === id

/** From a freshly loaded page: Tab onto `<connect-button>`, then Enter opens the modal. */
async function openWithKeyboard(page: Page, view: string): Promise<void> {
  await connectButton(page).waitFor()
  await tabTo(page, 'the connect button', f => f.host === 'connect-button' && f.tag === 'button', { max: 5 })
  await page.keyboard.press('Enter')
  await heading(page, view)
}

test('keyboard only: connect the Devnet Wallet, send 1 DUSD, switch to Devnet 2, disconnect', () =>
  withPage(h, '/', async ({ page }) => {
    // Connect.
    await openWithKeyboard(page, 'Connect Wallet')
    await tabTo(page, 'the Devnet Wallet row', named('Devnet Wallet, Installed'))
    await page.keyboard.press('Enter')
    await dialog(page).waitFor({ state: 'detached' })
    await connectButton(page).getByTestId('button-address').waitFor()
    const me = await page.evaluate(() => (window as any).walletModal.getAccount().address as string)
    // Focus is back on the button that opened the modal, now naming the account.
    assert.deepEqual(await focused(page), { tag: 'button', name: `Account ${me}`, testId: null, host: 'connect-button' })

    // Send 1 DUSD: Account → Send → token list → amount and receiver → Review Send → Send.
    const before = await rpc<string>(h.rpc[31337]!, 'eth_call', [
      { to: DUSD, data: `0x70a08231${RECEIVER.slice(2).toLowerCase().padStart(64, '0')}` },
      'latest'
    ])
    await page.keyboard.press('Enter')
    await heading(page, 'Account')
    await tabTo(page, 'Send', byTestId('feature-send'))
    await page.keyboard.press('Enter')
    await heading(page, 'Send')
    await tabTo(page, 'the token picker', byTestId('send-token'))
    await page.keyboard.press('Enter')
    await heading(page, 'Select Token')
    // The search box has focus: typing narrows the list, Tab reaches the option.
    await page.keyboard.type('DUSD')
    await tabTo(page, 'the DUSD option', f => f.testId === 'send-token-option' && / DUSD$/.test(f.name.replace(/\$.*$/, '').trim()))
    await page.keyboard.press('Enter')
    await heading(page, 'Send')
    await dialog(page).getByTestId('send-token').filter({ hasText: 'DUSD' }).waitFor()
    await tabTo(page, 'Amount', named('Amount'))
    await page.keyboard.type('1')
    await tabTo(page, 'To', named('To'))
    await page.keyboard.type(RECEIVER)
    // Enter in the form submits it: Preview Send.
    await page.keyboard.press('Enter')
    await heading(page, 'Review Send')
    await dialog(page).getByTestId('preview-fee').filter({ hasText: '≈' }).waitFor()
    await tabTo(page, 'Send on Review Send', byTestId('send-confirm'))
    await page.keyboard.press('Enter')
    await heading(page, 'Account')
    await dialog(page).getByText('Transaction sent').waitFor()
    await connectButton(page).getByTestId('button-pending').waitFor({ state: 'detached' })
    const after = await rpc<string>(h.rpc[31337]!, 'eth_call', [{ to: DUSD, data: `0x70a08231${RECEIVER.slice(2).toLowerCase().padStart(64, '0')}` }, 'latest'])
    assert.equal(BigInt(after) - BigInt(before), 1_000_000n, 'the receiver got 1 DUSD')

    // Switch network: Account's network row → Choose Network → Devnet 2.
    await tabTo(page, 'the network row', named(/^Network: Devnet\. /))
    await page.keyboard.press('Enter')
    await heading(page, 'Choose Network')
    await tabTo(page, 'Devnet 2', named('Devnet 2, EVM'))
    await page.keyboard.press('Enter')
    await heading(page, 'Account')
    await dialog(page)
      .getByRole('button', { name: /^Network: Devnet 2\. / })
      .waitFor()
    assert.equal(await page.evaluate(() => (window as any).walletModal.getNetwork().caipNetworkId), 'eip155:31338')

    // Disconnect.
    await tabTo(page, 'Disconnect', named('Disconnect'))
    await page.keyboard.press('Enter')
    await dialog(page).waitFor({ state: 'detached' })
    await connectButton(page, 'Connect Wallet').waitFor()
    assert.equal(await page.evaluate(() => (window as any).walletModal.getAccount().status), 'disconnected')
    assert.deepEqual(await focused(page), { tag: 'button', name: 'Connect Wallet', testId: null, host: 'connect-button' })
  }))

test("keyboard only: log in by e-mail, the code typed into the secure site's frame", () =>
  withPage(h, '/', async ({ page }) => {
    const email = newEmail('keyboard')
    await openWithKeyboard(page, 'Connect Wallet')
    await dialog(page).getByTestId('email-input').waitFor()
    await tabTo(page, 'the e-mail field', byTestId('email-input'))
    await page.keyboard.type(email)
    await page.keyboard.press('Enter')
    await heading(page, 'Continue with e-mail')
    await otpFrame(page).locator('input#otp').waitFor()
    const code = await codeFromMailbox(h, page, email)
    // Tab reaches the secure site's frame, and in it the code field.
    await tabTo(page, 'the code frame', f => f.tag === 'iframe')
    const codeFocused = () =>
      otpFrame(page)
        .locator('input#otp')
        .evaluate(el => el === document.activeElement && document.hasFocus())
    assert.equal(await codeFocused(), true, 'the code field has focus')
    // The frame is another document, out of the dialog's Tab trap: Tab goes on through the
    // frame's own controls, then the dialog's, and comes back, never to the page behind.
    const round: string[] = []
    do {
      await page.keyboard.press('Tab')
      const f = await focused(page)
      assert.equal(f?.host, 'wallet-modal', `Tab left the dialog after ${round.join(' → ')}`)
      round.push(f!.tag === 'iframe' ? 'frame' : f!.name)
      assert.ok(round.length < 12, `Tab never came back to the code field: ${round.join(' → ')}`)
    } while (!(await codeFocused()))
    assert.ok(round.includes('Close'), round.join(' → '))
    await page.keyboard.type(code)
    await dialog(page).waitFor({ state: 'detached' })
    await page.waitForFunction(() => (window as any).walletModal.getAccount().status === 'connected')
    await connectButton(page).getByTestId('button-address').waitFor()
    // The account is the e-mail's: Account (opened with Enter on the focused button) names it.
    await tabTo(page, 'the connect button', f => f.host === 'connect-button', { max: 5 })
    await page.keyboard.press('Enter')
    await heading(page, 'Account')
    assert.equal(await dialog(page).getByTestId('account-auth-name').textContent(), email.length > 30 ? `${email.slice(0, 30)}…` : email)
  }))

test('keyboard only: sign in with the wallet (SIWX required)', () =>
  withPage(h, '/?siwx=required', async ({ page }) => {
    await openWithKeyboard(page, 'Connect Wallet')
    await tabTo(page, 'the Devnet Wallet row', named('Devnet Wallet, Installed'))
    await page.keyboard.press('Enter')
    await heading(page, 'Sign In')
    await tabTo(page, 'Sign', named('Sign'))
    await page.keyboard.press('Enter')
    await dialog(page).waitFor({ state: 'detached' })
    const address = await page.evaluate(() => (window as any).walletModal.getAccount().address as string)
    await page
      .locator('#signed-in')
      .filter({ hasText: `yes, ${address} on eip155:31337` })
      .waitFor()
    await connectButton(page).getByTestId('button-address').waitFor()
  }))
