// The project's remote features govern the modal (spec §9: email, socials, swaps, onramp,
// activity, reownBranding): the operator turns them off on the running server, the visitor
// reloads, and the modal follows; turned back on, they come back. The footer's "Self-hosted wallet
// modal" link opens the operator's about page.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import { DEFAULT_REMOTE_FEATURES } from '../../packages/server/src/index.js'
import { connectButton, dialog, harnessPerFile, heading, openConnect, pickWallet, withPage } from './harness.js'

const h = harnessPerFile()
const GOVERNED = ['email', 'socials', 'swaps', 'onramp', 'activity', 'reownBranding']

/** Waits until each test id is shown (true) or absent (false) in the open dialog. */
async function expectShown(page: Page, expected: Record<string, boolean>): Promise<void> {
  for (const [testId, shown] of Object.entries(expected)) {
    await dialog(page)
      .getByTestId(testId)
      .first()
      .waitFor({ state: shown ? 'visible' : 'detached' })
  }
}

const close = async (page: Page) => {
  await page.keyboard.press('Escape')
  await dialog(page).waitFor({ state: 'detached' })
}

test("turning the project's remote features off and on, the modal follows after a reload", () =>
  withPage(h, '/', async ({ page }) => {
    const setFeatures = (on: boolean) =>
      h.services!.setProjectFeatures(
        'demo',
        DEFAULT_REMOTE_FEATURES.map(f => ({ ...f, isEnabled: GOVERNED.includes(f.id) ? on && f.isEnabled : f.isEnabled }))
      )
    const account = async (on: boolean) => {
      await connectButton(page).click()
      await heading(page, 'Account')
      await expectShown(page, { 'feature-swaps': on, 'feature-onramp': on, 'open-activity': on, 'wm-branding': on })
      await close(page)
    }
    const connect = async (on: boolean) => {
      await openConnect(page)
      await expectShown(page, { 'email-input': on, 'social-logins': on, 'wm-branding': on })
      await close(page)
    }
    try {
      // The demo's defaults: everything on; the footer opens the operator's about page.
      await connect(true)
      await openConnect(page)
      const [about] = await Promise.all([page.context().waitForEvent('page'), dialog(page).getByRole('link', { name: 'Self-hosted wallet modal' }).click()])
      await about.getByRole('heading', { name: 'Self-hosted wallet modal' }).waitFor()
      assert.match((await about.locator('main').textContent()) ?? '', /Wallet Modal Demo runs its own wallet-modal server/)
      await about.close()
      await pickWallet(page, /Devnet Wallet/)
      await account(true)

      // Off on the running server; the visitor reloads (still connected).
      setFeatures(false)
      await page.reload()
      await page.waitForFunction(() => (window as any).walletModal?.getAccount('eip155').status === 'connected')
      await account(false)
      await connectButton(page).click()
      await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
      await connectButton(page, 'Connect Wallet').waitFor()
      await connect(false)

      // And on again.
      setFeatures(true)
      await page.reload()
      await connect(true)
    } finally {
      setFeatures(true)
    }
  }))
