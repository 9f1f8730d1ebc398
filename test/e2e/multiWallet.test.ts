// Multi-wallet on the demo, with the project's multiWallet feature turned on on the running server:
// the Devnet Wallet and the WalletConnect dev wallet connected at once on EVM; Account → Wallets
// (ProfileWallets) lists both and switches the active one (the button and Account follow); a
// reload keeps both; disconnecting the active one leaves the other, with an account-change event.
// Off (the spec's default; the demo turns it on), the entry says 'Multi-Wallet Not Enabled'.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import { DEFAULT_REMOTE_FEATURES } from '../../packages/server/src/index.js'
import { connectButton, connectDevnetWallet, dialog, harnessPerFile, heading, pairWithDevWallet, withPage } from './harness.js'

// The WalletConnect dev wallet on another account than the Devnet Wallet's (anvil account 2's
// well-known development key), so switching shows.
const h = harnessPerFile({
  wcWalletPrivateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  setUp: started => assert.ok(started.wcWallet, 'the devnet started its WalletConnect wallet')
})
const setMultiWallet = (on: boolean) =>
  h.services!.setProjectFeatures(
    'demo',
    DEFAULT_REMOTE_FEATURES.map(f => (f.id === 'multiWallet' ? { ...f, isEnabled: on } : { ...f }))
  )
const address = (page: Page) => page.evaluate(() => ((window as any).walletModal.getAccount('eip155').address as string).toLowerCase())

/** Account → Wallets; resolves with each listed wallet as 'connector:status'. */
async function openWallets(page: Page, count: number): Promise<string[]> {
  if (!(await dialog(page).getByRole('heading', { name: 'Account', exact: true }).isVisible())) await connectButton(page).click()
  await heading(page, 'Account')
  await dialog(page).getByTestId('open-profile-wallets').click()
  await heading(page, 'Wallets')
  const rows = dialog(page).getByTestId('profile-wallet')
  await page.waitForFunction(
    n => (document.querySelector('wallet-modal')?.shadowRoot?.querySelectorAll('[data-testid="profile-wallet"]').length ?? 0) === n,
    count
  )
  return rows.evaluateAll(els => els.map(el => `${el.getAttribute('data-connector')}:${el.getAttribute('data-status')}`))
}

test('off, the Wallets entry says multi-wallet is not enabled', () =>
  withPage(h, '/', async ({ page }) => {
    setMultiWallet(false)
    await connectDevnetWallet(page)
    await connectButton(page).click()
    await heading(page, 'Account')
    await dialog(page).getByTestId('open-profile-wallets').click()
    await dialog(page).getByText('Multi-Wallet Not Enabled').waitFor()
    await heading(page, 'Account')
  }))

test('on: two EVM wallets at once, switched in ProfileWallets, kept over a reload, one disconnected', async () => {
  setMultiWallet(true)
  try {
    await withPage(h, '/', async ({ page }) => {
      const devnet = (await connectDevnetWallet(page)).toLowerCase()
      assert.deepEqual(await openWallets(page, 1), ['dev.wallet-modal.devnet:active'])

      // Add wallet → WalletConnect: the dev wallet pairs from the copied link.
      await dialog(page).getByTestId('add-wallet').click()
      await heading(page, 'Connect Wallet')
      await dialog(page)
        .getByRole('button', { name: /^WalletConnect/ })
        .click()
      await pairWithDevWallet(h, page)
      const wc = h.wcWallet!.address.toLowerCase()
      assert.notEqual(wc, devnet)
      assert.equal(await address(page), wc)
      assert.deepEqual(await openWallets(page, 2), ['dev.wallet-modal.devnet:connected', 'walletConnect:active'])

      // Use the Devnet Wallet again: no prompt; the button and Account follow.
      await dialog(page).getByRole('button', { name: 'Use Devnet Wallet' }).click()
      await page.waitForFunction(a => (window as any).walletModal.getAccount('eip155').address.toLowerCase() === a, devnet)
      await dialog(page).locator('[data-testid="profile-wallet"][data-connector="dev.wallet-modal.devnet"][data-status="active"]').waitFor()
      await dialog(page).getByRole('button', { name: 'Back' }).click()
      await heading(page, 'Account')
      assert.equal((await dialog(page).getByTestId('account-address').getAttribute('title'))?.toLowerCase(), devnet)
      await page.keyboard.press('Escape')

      // A reload: the Devnet Wallet is back, both are listed.
      await page.reload()
      await page.waitForFunction(() => (window as any).walletModal?.getAccount('eip155').status === 'connected')
      assert.equal(await address(page), devnet)
      assert.deepEqual(await openWallets(page, 2), ['walletConnect:connected', 'dev.wallet-modal.devnet:active'])

      // Disconnect the active one: WalletConnect's account takes over, with an account-change event.
      await page.evaluate(() => {
        ;(window as any).seen = []
        ;(window as any).walletModal.subscribeEvents((e: { type: string; data?: { address?: string } }) =>
          (window as any).seen.push(`${e.type}:${e.data?.address?.toLowerCase() ?? ''}`)
        )
      })
      await dialog(page).getByRole('button', { name: 'Disconnect Devnet Wallet' }).click()
      await page.waitForFunction(a => (window as any).walletModal.getAccount('eip155').address.toLowerCase() === a, wc)
      await page.waitForFunction(() => document.querySelector('wallet-modal')?.shadowRoot?.querySelectorAll('[data-testid="profile-wallet"]').length === 1)
      const seen = await page.evaluate(() => (window as any).seen as string[])
      assert.ok(seen.includes(`ACCOUNT_CHANGED:${wc}`), seen.join(', '))
      assert.ok(!seen.some(s => s.startsWith('DISCONNECT_SUCCESS')), seen.join(', '))
      assert.equal(await page.evaluate(() => (window as any).walletModal.getAccount('eip155').status), 'connected')
    })
  } finally {
    setMultiWallet(true)
  }
})
