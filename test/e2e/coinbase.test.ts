// Coinbase Wallet through Coinbase's own SDK on the demo (`/?coinbase=1`), as a visitor uses it:
// the row opens the SDK's popup, here the devnet's stand-in for keys.coinbase.com (same protocol,
// Approve and Reject buttons), which connects and signs with its devnet account.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright'
import { verifyMessage } from 'viem'
import { COINBASE_STAND_IN_ADDRESS } from '../../packages/devnet/src/coinbaseKeys/coinbaseStandInAccount.js'
import { clickClosingPopup, connectButton, dialog, harnessPerFile, openConnect, withPage } from './harness.js'

const h = harnessPerFile()

/** Waits for the SDK's popup (the stand-in) to show a request, and answers it with `button`. */
async function answerPopup(page: Page, open: () => Promise<void>, button: 'Approve' | 'Reject', expected: string | RegExp): Promise<void> {
  const [popup] = await Promise.all([page.context().waitForEvent('page'), open()])
  assert.ok(popup.url().startsWith(`${h.url}/coinbase-keys/`), popup.url())
  const request = popup.getByRole('region', { name: /\?$/ })
  await request.getByText(expected).waitFor()
  await clickClosingPopup(popup, request.getByRole('button', { name: button }))
}

test('the Coinbase Wallet row opens the SDK popup: Approve connects its account, a message is signed after Approve and refused after Reject', () =>
  withPage(h, '/?coinbase=1', async ({ page }) => {
    // Coinbase's SDK loads as Connect shows, before the click: the popup must open within the
    // click's user activation, which a chunk fetched after it could outlast.
    const sdkLoaded = page.waitForResponse(async r => r.url().endsWith('.js') && (await r.text()).includes('keys.coinbase.com'))
    await openConnect(page)
    await sdkLoaded
    const row = dialog(page).getByRole('button', { name: /^Coinbase Wallet/ })
    await answerPopup(page, () => row.click(), 'Approve', /asks for your address/)
    await dialog(page).waitFor({ state: 'detached' })
    await page.waitForFunction(() => (window as any).walletModal.getAccount().status === 'connected')
    const account = await page.evaluate(() => (window as any).walletModal.getAccount())
    assert.equal(account.address.toLowerCase(), COINBASE_STAND_IN_ADDRESS.toLowerCase())
    assert.equal(account.walletInfo?.id, 'coinbaseWalletSDK')
    await connectButton(page).getByTestId('button-address').waitFor()

    // The demo's "Sign a message": the popup shows the text; Approve signs with the account.
    await answerPopup(page, () => page.locator('#sign').click(), 'Approve', 'Hello from the wallet-modal demo')
    await page
      .locator('#signature')
      .filter({ hasText: /^0x[0-9a-f]{130}$/ })
      .waitFor()
    const signature = (await page.locator('#signature').textContent()) as `0x${string}`
    assert.equal(await verifyMessage({ address: COINBASE_STAND_IN_ADDRESS, message: 'Hello from the wallet-modal demo', signature }), true)

    // Reject: the site's call fails, and says so.
    await answerPopup(page, () => page.locator('#sign').click(), 'Reject', 'Hello from the wallet-modal demo')
    await page
      .locator('#signature')
      .filter({ hasText: /^Not signed: / })
      .waitFor()
    assert.equal(await page.evaluate(() => (window as any).walletModal.getAccount().status), 'connected')
  }))

test('without ?coinbase=1 the demo offers no Coinbase Wallet row and loads no Coinbase code', () =>
  withPage(h, '/', async ({ page }) => {
    const scripts: string[] = []
    page.on('request', r => void scripts.push(r.url()))
    await openConnect(page)
    await dialog(page)
      .getByRole('button', { name: /^Devnet Wallet/ })
      .first()
      .waitFor()
    assert.equal(
      await dialog(page)
        .getByRole('button', { name: /^Coinbase Wallet/ })
        .count(),
      0
    )
    assert.deepEqual(
      scripts.filter(u => /coinbase/i.test(u)),
      []
    )
  }))
