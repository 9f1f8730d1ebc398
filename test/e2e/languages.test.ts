// Languages on the demo page, as a visitor meets them: `?locale=ar` starts the button and the
// dialog in Arabic, right-to-left; the page's language picker switches them (German), and the
// connected button's accessible name and Account's heading follow. Only the locale chunks that are used are fetched.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { connectButton, connectDevnetWallet, dialog, harnessPerFile, withPage } from './harness.js'

const h = harnessPerFile()

test('the demo starts in the locale asked for, right-to-left in Arabic, and its picker switches the language', () =>
  withPage(h, '/?locale=ar', async ({ page }) => {
    await connectButton(page, 'ربط المحفظة').waitFor()
    const root = page.locator('connect-button .wm-root')
    assert.deepEqual([await root.getAttribute('lang'), await root.getAttribute('dir')], ['ar', 'rtl'])
    assert.equal(await page.locator('#language').inputValue(), 'ar')
    // The dialog too: its heading and its buttons' names, right-to-left.
    await connectButton(page).click()
    await dialog(page).getByRole('heading', { name: 'ربط المحفظة' }).waitFor()
    assert.equal(await page.locator('wallet-modal .wm-root').getAttribute('dir'), 'rtl')
    await dialog(page).getByRole('button', { name: 'إغلاق' }).click()
    await dialog(page).waitFor({ state: 'detached' })
    await page.locator('#language').selectOption('de')
    await connectButton(page, 'Wallet verbinden').waitFor()
    assert.deepEqual([await root.getAttribute('lang'), await root.getAttribute('dir')], ['de', 'ltr'])
    const address = await connectDevnetWallet(page)
    await page
      .locator('connect-button')
      .getByRole('button', { name: `Konto ${address}` })
      .waitFor()
    await connectButton(page).click()
    await dialog(page).getByRole('heading', { name: 'Konto' }).waitFor()
    assert.equal(await page.locator('wallet-modal .wm-root').getAttribute('dir'), 'ltr')
    // A feature view in German too: its labels, the spec's errors by their code, and the balance
    // in German digits (the decimal comma, every digit of the truncated balance kept).
    const balance = await page.locator('connect-button').getByTestId('button-balance').textContent()
    assert.match(balance ?? '', /^[\d.]+,\d{3} ETH$/, `the button's balance in German: ${balance}`)
    await dialog(page).getByRole('button', { name: 'Senden', exact: true }).click()
    await dialog(page).getByRole('heading', { name: 'Senden' }).waitFor()
    await dialog(page).getByLabel('Betrag', { exact: true }).fill('1')
    await dialog(page).getByLabel('An', { exact: true }).fill('0x1234')
    await dialog(page)
      .getByTestId('send-receiver-error')
      .filter({ hasText: /^Ungültige Adresse$/ })
      .waitFor()
    await dialog(page).getByRole('button', { name: 'Schließen' }).click()
    await dialog(page).waitFor({ state: 'detached' })
    // Only the locales asked for were fetched, whenever that happened: no French, no Japanese.
    const resources: string[] = await page.evaluate(() => performance.getEntriesByType('resource').map(e => e.name))
    const locales = resources.map(url => /\/chunks\/(ar|de|fr|ja|es)-[\w-]+\.js$/.exec(url)?.[1]).filter(Boolean)
    assert.deepEqual([...new Set(locales)].sort(), ['ar', 'de'])
  }))
