// Right-to-left: in Arabic the button and the dialog render mirrored. Connect and Account are
// shot in Arabic and English (kept in test-results/rtl for a person to look at) and measured: what
// sits at the start of a line in English (Back, a row's picture, a row's text) sits at its end in
// Arabic, at the mirrored place; icons that point along the line turn round; text starts on the
// right; and the axe audit and target sizes hold in Arabic, light and dark.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { audit, evaluateNamed, settle } from './a11yChecks.js'
import { connectButton, connectDevnetWallet, dialog, harnessPerFile, newEmail, otpFrame, withPage } from './harness.js'

const h = harnessPerFile()
const SHOTS = join(process.cwd(), 'test-results', 'rtl')

/** Where things are in the open dialog, in px from the dialog's left edge. */
interface Layout {
  width: number
  dir: string
  /** The Close button's centre. */
  close: number
  /** The first list row's picture and name: left edges, and the name's text alignment. */
  rowImage: number
  rowName: number
  nameAlign: string
  /** The horizontal scale of each icon that points along the line (-1 when turned round). */
  mirrored: number[]
}

async function layout(page: Page, rowSelector: string): Promise<Layout> {
  await settle(page)
  return evaluateNamed(
    page,
    rowSel => {
      const root = document.querySelector('wallet-modal')!.shadowRoot!
      const box = root.querySelector('.wm-dialog')!.getBoundingClientRect()
      const x = (el: Element | null) => (el ? el.getBoundingClientRect().left - box.left : NaN)
      const centre = (el: Element | null) => (el ? x(el) + el.getBoundingClientRect().width / 2 : NaN)
      const row = root.querySelector(rowSel)!
      const name = row.querySelector('.wm-name')!
      return {
        width: box.width,
        dir: getComputedStyle(root.querySelector('.wm-dialog')!).direction,
        close: centre(root.querySelector('[data-testid="wm-close"], .wm-header button:last-of-type')),
        rowImage: x(row.querySelector('.wm-image, img')),
        rowName: x(name),
        nameAlign: getComputedStyle(name).textAlign,
        mirrored: [...root.querySelectorAll('svg.wm-mirror')].map(
          svg => new DOMMatrixReadOnly(getComputedStyle(svg).transform === 'none' ? undefined : getComputedStyle(svg).transform).a
        )
      }
    },
    rowSelector
  )
}

/** `a` and `b` are mirror images across the dialog's centre line (within a pixel and a half). */
const mirrors = (a: number, b: number, width: number) => Math.abs(a + b - width) <= 1.5

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true })
  writeFileSync(join(SHOTS, `${name}.png`), await dialog(page).screenshot({ animations: 'disabled', caret: 'hide' }))
}

test('Connect and Account are mirrored in Arabic: Close, rows, icons and text at the other end', async () => {
  const seen: Record<string, Record<'en' | 'ar', Layout>> = { connect: {} as never, account: {} as never }
  for (const locale of ['en', 'ar'] as const) {
    await withPage(h, `/?locale=${locale}`, async ({ page }) => {
      await page.setViewportSize({ width: 900, height: 1000 })
      await connectButton(page).click()
      await dialog(page).locator('.wm-list-item').first().waitFor()
      seen.connect![locale] = await layout(page, '.wm-list-item')
      await shot(page, `connect-${locale}`)
      await dialog(page)
        .getByRole('button', { name: locale === 'ar' ? 'إغلاق' : 'Close' })
        .click()
      await dialog(page).waitFor({ state: 'detached' })
      await connectDevnetWallet(page)
      await connectButton(page).click()
      await dialog(page).getByTestId('open-activity').waitFor()
      seen.account![locale] = await layout(page, '[data-testid="open-activity"]')
      await shot(page, `account-${locale}`)
      // The button, too: right-to-left, the balance after the address in reading order.
      const order = await evaluateNamed(
        page,
        () => {
          const root = document.querySelector('connect-button')!.shadowRoot!
          const at = (sel: string) => root.querySelector(sel)!.getBoundingClientRect().left
          return {
            dir: getComputedStyle(root.querySelector('.wm-root')!).direction,
            balanceLeftOfAddress: at('[data-testid="button-balance"]') < at('[data-testid="button-address"]')
          }
        },
        undefined
      )
      assert.deepEqual(order, { dir: locale === 'ar' ? 'rtl' : 'ltr', balanceLeftOfAddress: locale === 'en' }, `the button in ${locale}`)
    })
  }
  for (const [view, { en, ar }] of Object.entries(seen)) {
    assert.equal(en.dir, 'ltr')
    assert.equal(ar.dir, 'rtl', `${view}: the dialog is right-to-left in Arabic`)
    assert.equal(en.width, ar.width, `${view}: the same width`)
    assert.ok(mirrors(en.close, ar.close, en.width), `${view}: Close at the mirrored place (${en.close} in English, ${ar.close} in Arabic, width ${en.width})`)
    assert.ok(
      en.rowImage < en.rowName && ar.rowImage > ar.rowName,
      `${view}: a row's picture before its name in reading order (English ${en.rowImage} < ${en.rowName}; Arabic ${ar.rowImage} > ${ar.rowName})`
    )
    assert.equal(en.nameAlign, 'start')
    assert.equal(ar.nameAlign, 'start', `${view}: names start where the line starts (the right, in Arabic)`)
  }
  // Account shows icons that point along the line (the rows' chevrons, Send): turned round in Arabic only.
  assert.ok(seen.account!.en.mirrored.length >= 2, `${seen.account!.en.mirrored.length} pointing icons on Account`)
  assert.deepEqual(new Set(seen.account!.en.mirrored), new Set([1]))
  assert.deepEqual(new Set(seen.account!.ar.mirrored), new Set([-1]))
})

test('axe and target sizes hold right-to-left, in light and dark: Connect, WalletConnect, the e-mail code, Account', () =>
  withPage(h, '/?locale=ar', async ({ page }) => {
    const email = newEmail('rtl')
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(mode => (window as any).walletModal.setThemeMode(mode), theme)
      await connectButton(page).click()
      await dialog(page).locator('.wm-list-item').first().waitFor()
      await audit(page, `Connect in Arabic (${theme})`)
      // WalletConnect's QR code and links, and the e-mail code step, right-to-left.
      await dialog(page)
        .getByRole('button', { name: /^WalletConnect/ })
        .click()
      await dialog(page).locator('.wm-qr:not(.wm-qr-placeholder)').waitFor()
      await audit(page, `WalletConnect in Arabic (${theme})`)
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })
      // (Once: a second code for the address within 30 s would be refused.)
      if (theme === 'light') {
        await connectButton(page).click()
        await dialog(page).getByTestId('email-input').fill(email)
        await dialog(page).getByTestId('email-submit').click()
        await otpFrame(page).locator('input#otp').waitFor()
        await audit(page, `E-mail code in Arabic (${theme})`)
        await dialog(page).getByRole('button', { name: 'إغلاق' }).click()
        await dialog(page).waitFor({ state: 'detached' })
      }
    }
    await connectDevnetWallet(page)
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(mode => (window as any).walletModal.setThemeMode(mode), theme)
      await connectButton(page).click()
      await dialog(page).getByTestId('open-activity').waitFor()
      await audit(page, `Account in Arabic (${theme})`)
      await dialog(page).getByRole('button', { name: 'إغلاق' }).click()
      await dialog(page).waitFor({ state: 'detached' })
    }
  }))

test('the feature views audit clean right-to-left: Send, Receive, Activity, Networks, Swap, Buy, Wallets, All Wallets', () =>
  withPage(h, '/?locale=ar', async ({ page }) => {
    const ar = JSON.parse(readFileSync(new URL('../../packages/core/src/i18n/messages/modal/ar.json', import.meta.url), 'utf8')) as Record<string, string>
    await connectDevnetWallet(page)
    const views = [
      ['WalletSend', 'title.Send', '[data-testid="send-token"]'],
      ['WalletReceive', 'title.Receive', '[data-testid="receive-address"]'],
      ['Transactions', 'title.Activity', '.wm-tx, .wm-activity p'],
      ['Networks', 'title.ChooseNetwork', '.wm-list-item'],
      ['Swap', 'title.Swap', '[data-testid="swap-to-balance"], .wm-field'],
      ['OnRampProviders', 'title.BuyCrypto', '[data-testid="onramp-provider"], .wm-list-item'],
      ['ProfileWallets', 'title.Wallets', '.wm-list-item'],
      ['AllWallets', 'title.AllWallets', '.wm-grid-item']
    ] as const
    let dark = false
    for (const [view, title, ready] of views) {
      // Alternating themes: every view once, both themes across them.
      dark = !dark
      await page.evaluate(mode => (window as any).walletModal.setThemeMode(mode), dark ? 'dark' : 'light')
      await page.evaluate(v => (window as any).walletModal.open({ view: v }), view)
      await dialog(page).getByRole('heading', { name: ar[title]!, exact: true }).waitFor()
      await dialog(page).locator(ready).first().waitFor()
      assert.equal(await page.locator('wallet-modal .wm-root').getAttribute('dir'), 'rtl')
      await audit(page, `${view} in Arabic (${dark ? 'dark' : 'light'})`)
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })
    }
  }))
