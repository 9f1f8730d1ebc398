// Spec §9 legalCheckbox on the demo (opened with ?legal=1, as its "Terms before connecting" card
// links it): Connect shows "I agree to our Terms of Service and Privacy Policy" with the site's
// pages; until it is ticked every way to connect is aria-disabled and inert; ticked, the Devnet
// Wallet connects; the choice is remembered after a reload. The view passes the accessibility
// audit (axe-core with Label in Name, target sizes), light and dark.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { connectButton, dialog, harnessPerFile, openConnect, pickWallet, withPage } from './harness.js'
import { audit } from './a11yChecks.js'

const h = harnessPerFile()

test("the demo's legal checkbox gates Connect until ticked, links the demo's own pages and is remembered", () =>
  withPage(h, '/', async ({ page, context }) => {
    await page.getByTestId('legal-link').click()
    await page.waitForURL(/\?legal=1$/)
    await openConnect(page)
    const box = dialog(page).getByRole('checkbox', { name: 'I agree to our Terms of Service and Privacy Policy' })
    await box.waitFor()
    assert.equal(await box.isChecked(), false)

    // Locked: announced as unavailable, with the reason as its description; a click does nothing.
    const wallet = dialog(page).getByRole('button', { name: /^Devnet Wallet/ })
    assert.equal(await wallet.getAttribute('aria-disabled'), 'true')
    assert.equal(await wallet.isDisabled(), true)
    const why = await wallet.getAttribute('aria-describedby')
    assert.equal(await dialog(page).locator(`#${why}`).textContent(), 'To connect, first agree to the terms above.')
    await wallet.click({ force: true })
    await dialog(page).getByRole('heading', { name: 'Connect Wallet' }).waitFor()
    assert.equal(await page.evaluate(() => (window as any).walletModal.getAccount().status), 'disconnected')
    for (const name of [/^All Wallets/, /^WalletConnect/]) {
      const row = dialog(page).getByRole('button', { name })
      if (await row.count()) assert.equal(await row.first().getAttribute('aria-disabled'), 'true', String(name))
    }

    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(t => (window as any).walletModal.setThemeMode(t), theme)
      await audit(page, `Connect with the legal checkbox (${theme})`)
    }

    // The links: the demo's own page (same-origin http: the devnet), a new tab without opener.
    const terms = dialog(page).getByRole('link', { name: 'Terms of Service' })
    const privacy = dialog(page).getByRole('link', { name: 'Privacy Policy' })
    assert.equal(await terms.getAttribute('href'), new URL('/legal.html#terms', h.url).href)
    assert.equal(await privacy.getAttribute('href'), new URL('/legal.html#privacy', h.url).href)
    for (const link of [terms, privacy]) {
      assert.equal(await link.getAttribute('target'), '_blank')
      assert.equal(await link.getAttribute('rel'), 'noopener noreferrer')
    }
    const [tab] = await Promise.all([context.waitForEvent('page'), terms.click()])
    await tab.getByRole('heading', { name: 'Terms of Service' }).waitFor()
    assert.equal(await tab.evaluate(() => window.opener), null)
    await tab.close()
    // Following the link did not tick the box.
    assert.equal(await box.isChecked(), false)

    // Ticked: the wallet connects.
    await box.check()
    assert.equal(await wallet.getAttribute('aria-disabled'), null)
    await pickWallet(page, /^Devnet Wallet/)
    assert.equal(await page.evaluate(() => (window as any).walletModal.getAccount().status), 'connected')

    // Remembered: after a reload and a disconnect, Connect shows the box ticked and nothing locked.
    await page.reload()
    await page.waitForFunction(() => (window as any).walletModal?.getAccount('eip155').status === 'connected')
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
    await connectButton(page, 'Connect Wallet').waitFor()
    await openConnect(page)
    await box.waitFor()
    assert.equal(await box.isChecked(), true)
    assert.equal(await wallet.getAttribute('aria-disabled'), null)
  }))

test('without ?legal=1 the demo shows no checkbox and locks nothing', () =>
  withPage(h, '/', async ({ page }) => {
    await openConnect(page)
    const wallet = dialog(page).getByRole('button', { name: /^Devnet Wallet/ })
    await wallet.waitFor()
    assert.equal(await dialog(page).getByRole('checkbox').count(), 0)
    assert.equal(await wallet.getAttribute('aria-disabled'), null)
  }))
