// Accessibility audit of the modal on the demo page with axe-core (through Playwright, which
// reaches into the open shadow roots): no violations and no target under 24 × 24 px without the
// spacing exception, on the Connect, All Wallets, ConnectingWalletConnect and Account views, in
// light and dark themes, and every view since (account names included). The views added for WCAG
// 2.2 AA, focus, forced colours and reduced motion are in a11yViews.test.ts.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import {
  harnessPerFile,
  withPage,
  dialog,
  connectButton,
  connectDevnetWallet,
  pickWallet,
  loginByEmail,
  registerNameElsewhere,
  approveRequest,
  cancelRequest
} from './harness.js'
// Every audit also measures the view's targets (WCAG 2.2 2.5.8): see a11yChecks.ts.
import { audit } from './a11yChecks.js'

const h = harnessPerFile()

test('the modal has no axe violations on Connect, All Wallets, ConnectingWalletConnect and Account, light and dark', () =>
  withPage(h, '/', async ({ page }) => {
    const button = connectButton(page)
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(t => (window as any).walletModal.setThemeMode(t), theme)
      await button.click()
      await dialog(page)
        .getByRole('button', { name: /^All Wallets/ })
        .waitFor()
      await audit(page, `Connect (${theme})`)
      await dialog(page)
        .getByRole('button', { name: /^All Wallets/ })
        .click()
      await dialog(page).locator('.wm-grid-item').first().waitFor()
      await audit(page, `All Wallets (${theme})`)
      // A directory wallet over WalletConnect: image, QR code, Copy link, Open link.
      await dialog(page).getByRole('searchbox').fill('Harbor')
      await dialog(page)
        .getByRole('button', { name: /^Harbor Wallet/ })
        .click()
      await dialog(page).getByRole('img', { name: 'WalletConnect QR code' }).waitFor()
      await audit(page, `ConnectingWalletConnect (${theme})`)
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })
    }
    await connectDevnetWallet(page)
    await button.click()
    await dialog(page).getByTestId('token-row').first().waitFor()
    await audit(page, 'Account (dark)')
    await page.evaluate(() => (window as any).walletModal.setThemeMode('light'))
    await audit(page, 'Account (light)')
  }))

test("list rows are named 'name, tag', without the initial that stands in for a missing image", () =>
  withPage(h, '/', async ({ page, context }) => {
    const named = (name: string) => dialog(page).getByRole('button', { name, exact: true })
    // Chromium's own accessibility tree (what a screen reader gets), besides Playwright's reading.
    const cdp = await context.newCDPSession(page)
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: { backendNodeId: number } }
    const chromeNames = async (name: string) => {
      const { nodes } = (await cdp.send('Accessibility.queryAXTree', { backendNodeId: root.backendNodeId, accessibleName: name, role: 'button' })) as {
        nodes: unknown[]
      }
      return nodes.length
    }
    await connectButton(page).click()
    await dialog(page)
      .getByRole('button', { name: /^All Wallets/ })
      .waitFor()
    await named('Devnet Wallet, Installed').waitFor()
    await named('WalletConnect, QR code').waitFor()
    await named('Harbor Wallet').waitFor()
    assert.match(
      (await dialog(page)
        .getByRole('button', { name: /^All Wallets/ })
        .getAttribute('aria-label'))!,
      /^All Wallets, \d+\+?$/
    )
    assert.equal(await chromeNames('Devnet Wallet, Installed'), 1)

    // The demo's networks show the server's image of each: decorative (alt=""), no part of the name.
    await page.evaluate(() => (window as any).walletModal.open({ view: 'Networks' }))
    await dialog(page).getByRole('heading', { name: 'Choose Network' }).waitFor()
    for (const name of ['Devnet, EVM', 'Devnet 2, EVM', 'Solana Devnet (local), Solana', 'Bitcoin Regtest, Bitcoin']) await named(name).waitFor()
    const row = named('Devnet 2, EVM')
    assert.equal(await row.locator('img').getAttribute('alt'), '')
    // The visible text keeps name and tag apart (an undrawn space), so the name contains it (WCAG 2.5.3).
    assert.equal(await row.evaluate(el => el.textContent), 'Devnet 2 EVM')
    await waitForChrome(() => chromeNames('Devnet 2, EVM'), 1)
    for (const wrong of ['DDevnet 2EVM', 'Devnet 2EVM', 'Devnet 2 EVM', 'DDevnet 2, EVM']) assert.equal(await chromeNames(wrong), 0, wrong)
    await audit(page, 'Networks')

    // All Wallets names its installed wallet the same way.
    await page.evaluate(() => (window as any).walletModal.open({ view: 'AllWallets' }))
    await named('Devnet Wallet, Installed').waitFor()
  }))

/** Waits until Chromium's accessibility tree (updated after the DOM) gives the expected count. */
async function waitForChrome(count: () => Promise<number>, expected: number): Promise<void> {
  const until = Date.now() + 5000
  while ((await count()) !== expected) {
    if (Date.now() > until) throw new Error(`Chromium's accessibility tree never had ${expected}`)
    await new Promise(r => setTimeout(r, 50))
  }
}

test('no axe violations on Networks across families, SwitchActiveChain and a Bitcoin account', () =>
  withPage(h, '/', async ({ page }) => {
    const button = connectButton(page)
    await connectDevnetWallet(page)
    await button.click()
    await dialog(page)
      .getByRole('button', { name: /^Network: Devnet\./ })
      .click()
    await dialog(page)
      .getByRole('button', { name: /^Solana Devnet/ })
      .waitFor()
    await audit(page, 'Networks across families')
    await dialog(page)
      .getByRole('button', { name: /^Bitcoin Regtest/ })
      .click()
    await dialog(page).getByRole('button', { name: 'Connect a Bitcoin wallet' }).waitFor()
    await audit(page, 'SwitchActiveChain')
    await dialog(page).getByRole('button', { name: 'Connect a Bitcoin wallet' }).click()
    await pickWallet(page, /^Devnet Bitcoin/)
    await button.click()
    await dialog(page).getByTestId('account-ordinal-address').waitFor()
    await audit(page, 'Bitcoin account')
  }))

test('no axe violations on Send, Select Token, Review Send, Receive, Activity, Swap and its token list, Buy crypto, light and dark', () =>
  withPage(h, '/', async ({ page }) => {
    const button = connectButton(page)
    await connectDevnetWallet(page)
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(t => (window as any).walletModal.setThemeMode(t), theme)
      await button.click()
      await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
      // The draft outlives a closed modal; clear it so a validation message shows.
      await dialog(page).getByLabel('Amount', { exact: true }).fill('')
      await dialog(page).getByLabel('To', { exact: true }).fill('')
      await dialog(page).getByRole('button', { name: 'Preview Send' }).click()
      await dialog(page).getByRole('alert').waitFor()
      await audit(page, `Send (${theme})`)
      await dialog(page).getByTestId('send-token').click()
      await dialog(page).getByTestId('send-token-option').first().waitFor()
      await audit(page, `Select Token (${theme})`)
      await dialog(page).getByTestId('send-token-option').filter({ hasText: ' DUSD' }).click()
      await dialog(page).getByLabel('Amount', { exact: true }).fill('1')
      await dialog(page).getByLabel('To', { exact: true }).fill('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')
      await dialog(page).getByRole('button', { name: 'Preview Send' }).click()
      await dialog(page).getByTestId('preview-fee').filter({ hasText: '≈' }).waitFor()
      await audit(page, `Review Send (${theme})`)
      await dialog(page).getByRole('button', { name: 'Cancel' }).click()
      await dialog(page).getByRole('button', { name: 'Back' }).click()
      await dialog(page).getByRole('button', { name: 'Receive', exact: true }).click()
      await dialog(page).getByTestId('receive-address').waitFor()
      await audit(page, `Receive (${theme})`)
      await dialog(page).getByRole('button', { name: 'Back' }).click()
      await dialog(page).getByRole('tab', { name: 'Activity' }).click()
      await dialog(page).getByTestId('activity').waitFor()
      await dialog(page).locator('[data-testid="transaction"], [data-testid="activity-empty"]').first().waitFor()
      await audit(page, `Activity (${theme})`)
      await dialog(page).getByRole('tab', { name: 'Tokens' }).click()
      await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
      await dialog(page).getByTestId('swap-to-token').click()
      await dialog(page).getByTestId('swap-token-option').first().waitFor()
      await audit(page, `Select token to receive (${theme})`)
      await dialog(page).locator('[data-testid="swap-token-option"][data-symbol="DUSD"]').click()
      await dialog(page).getByLabel('You pay').fill('1')
      await dialog(page).getByRole('button', { name: 'Swap', exact: true }).waitFor()
      await audit(page, `Swap (${theme})`)
      await dialog(page).getByRole('button', { name: 'Back' }).click()
      await dialog(page).getByRole('button', { name: 'Buy', exact: true }).click()
      await dialog(page).getByTestId('onramp-provider').first().waitFor()
      await audit(page, `Buy crypto: providers (${theme})`)
      await dialog(page).getByTestId('onramp-provider').first().click()
      await dialog(page).getByLabel('You pay').fill('50')
      await dialog(page).getByTestId('onramp-total').waitFor()
      await audit(page, `Buy crypto: form and quote (${theme})`)
      await dialog(page).getByLabel('You pay').fill('5')
      await dialog(page).getByTestId('onramp-amount-error').waitFor()
      await audit(page, `Buy crypto: amount out of limits (${theme})`)
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })
    }
  }))

test('no axe violations on Sign In (SIWXSignMessage), light and dark, with its error shown', () =>
  withPage(h, '/?siwx=optional', async ({ page }) => {
    await connectButton(page).click()
    await dialog(page)
      .getByRole('button', { name: /Devnet Wallet/ })
      .first()
      .click()
    await dialog(page).getByRole('heading', { name: 'Sign In' }).waitFor()
    await audit(page, 'Sign In (light)')
    await page.evaluate(() => (window as any).devnetWallet.setMode('reject'))
    await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await dialog(page).getByRole('alert').waitFor()
    await page.evaluate(() => (window as any).walletModal.setThemeMode('dark'))
    await audit(page, 'Sign In with an error (dark)')
  }))

test("no axe violations on the e-mail entry, EmailLogin with the secure site's code frame (light and dark) and ApproveTransaction", () =>
  withPage(h, '/', async ({ page }) => {
    const email = `a11y-${Date.now().toString(36)}@example.com`
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(t => (window as any).walletModal.setThemeMode(t), theme)
      await connectButton(page).click()
      await dialog(page).getByTestId('email-input').waitFor()
      await audit(page, `Connect with the e-mail entry (${theme})`)
      await dialog(page).getByTestId('email-input').fill(email)
      await dialog(page).getByTestId('email-submit').click()
      await dialog(page).locator('iframe[data-testid="otp-frame"]').contentFrame().locator('input#otp').waitFor()
      await audit(page, `EmailLogin code entry (${theme})`)
      if (theme === 'light') {
        await page.keyboard.press('Escape')
        await dialog(page).waitFor({ state: 'detached' })
        continue
      }
      // Logged in: the approval drawn by the secure site.
      const code = await (async () => {
        const r = await fetch(`${h.url}/mailbox/messages.json`)
        const mails = (await r.json()) as { to: string[]; subject: string }[]
        return /(\d{6})/.exec(mails.find(m => m.to.includes(email))!.subject)![1]!
      })()
      await dialog(page).locator('iframe[data-testid="otp-frame"]').contentFrame().locator('input#otp').fill(code)
      await dialog(page).waitFor({ state: 'detached' })
      await page.locator('#sign').click()
      await dialog(page).locator('iframe[data-testid="approve-frame"]').contentFrame().getByRole('button', { name: 'Approve' }).waitFor()
      await audit(page, `ApproveTransaction (${theme})`)
    }
  }))

test('no axe violations on the social logins, ConnectingSocial (waiting and failed) and ConnectingFarcaster, light and dark', () =>
  withPage(h, '/', async ({ page }) => {
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(t => (window as any).walletModal.setThemeMode(t), theme)
      await connectButton(page).click()
      await dialog(page).getByTestId('social-logins').waitFor({ timeout: 15_000 })
      await audit(page, `Connect with the social logins (${theme})`)
      const popup = page.waitForEvent('popup')
      await dialog(page).getByRole('button', { name: 'Continue with GitHub' }).click()
      const opened = await popup
      await dialog(page).getByTestId('social-status').waitFor()
      await audit(page, `ConnectingSocial waiting (${theme})`)
      await opened.close()
      await dialog(page).getByTestId('social-error').waitFor()
      await audit(page, `ConnectingSocial failed (${theme})`)
      await dialog(page).getByRole('button', { name: 'Back' }).click()
      await dialog(page).getByRole('button', { name: 'Continue with Farcaster' }).click()
      await dialog(page).getByTestId('farcaster-link').waitFor()
      await audit(page, `ConnectingFarcaster (${theme})`)
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })
    }
  }))

test('no axe violations on Choose name (rule error, available, taken with suggestions, declined) and Name registered, light and dark', () =>
  withPage(h, '/', async ({ page }) => {
    await loginByEmail(h, page, `a11y-name-${Date.now().toString(36)}@example.com`)
    const input = dialog(page).getByLabel('Choose your account name')
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(t => (window as any).walletModal.setThemeMode(t), theme)
      await connectButton(page).click()
      await dialog(page).getByRole('button', { name: 'Choose your account name' }).click()
      await input.fill('ab')
      await dialog(page).locator('[data-testid="name-rule"].wm-error-text').waitFor()
      await audit(page, `Choose name: rule error (${theme})`)
      // The configured identity's name is not under the demo's suffix: a free name.
      await input.fill(`a11y-${theme}`)
      await dialog(page).getByTestId('name-status').filter({ hasText: 'is available' }).waitFor()
      await audit(page, `Choose name: available (${theme})`)
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })
    }
    // Declined, then registered (in dark).
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Choose your account name' }).click()
    await input.fill('a11y-named')
    await dialog(page).getByTestId('name-status').filter({ hasText: 'is available' }).waitFor()
    await dialog(page).getByRole('button', { name: 'Register' }).click()
    await cancelRequest(page)
    await dialog(page).getByTestId('name-error').waitFor()
    await audit(page, 'Choose name: signature declined (dark)')
    await dialog(page).getByRole('button', { name: 'Register' }).click()
    await approveRequest(page)
    await dialog(page).getByTestId('name-registered').waitFor()
    await audit(page, 'Name registered (dark)')
  }))

test('no axe violations on Choose name with a taken name and its suggestions, light and dark', () =>
  withPage(h, '/', async ({ page }) => {
    // Someone else holds the name: registered over HTTP with their own key, as the modal would.
    await registerNameElsewhere(h, 'a11y-taken.walletmodal.id')
    await loginByEmail(h, page, `a11y-taken-${Date.now().toString(36)}@example.com`)
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(t => (window as any).walletModal.setThemeMode(t), theme)
      await connectButton(page).click()
      await dialog(page).getByRole('button', { name: 'Choose your account name' }).click()
      await dialog(page).getByLabel('Choose your account name').fill('a11y-taken')
      await dialog(page).getByTestId('name-suggestions').getByRole('button').first().waitFor()
      await audit(page, `Choose name: taken, with suggestions (${theme})`)
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })
    }
  }))
