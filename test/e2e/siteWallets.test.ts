// The site's own wallets on the demo (opened with ?siteWallets=1, as the demo's card links it): a
// wallet handed over as an EIP-1193 provider ('Devnet SDK Wallet', as a vendor SDK would) is
// listed with the site's connectors and connects like an extension, and again after a reload; a
// custom wallet the directory does not list ('Devnet Web Wallet') connects over WalletConnect.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { connectButton, dialog, harnessPerFile, heading, openConnect, pairWithDevWallet, pickWallet, withPage } from './harness.js'

const h = harnessPerFile({ setUp: started => assert.ok(started.wcWallet, 'the devnet started its WalletConnect wallet') })

test("the demo's card opens the site's own wallets: the SDK's connects like an extension, the custom one over WalletConnect", () =>
  withPage(h, '/', async ({ page }) => {
    await page.getByTestId('site-wallets-link').click()
    await page.waitForURL(/\?siteWallets=1$/)
    await openConnect(page)
    // Both listed once; the custom wallet shows its own image.
    assert.equal(
      await dialog(page)
        .getByRole('button', { name: /^Devnet SDK Wallet/ })
        .count(),
      1
    )
    const custom = dialog(page).getByRole('button', { name: /^Devnet Web Wallet/ })
    assert.equal(await custom.count(), 1)
    assert.match((await custom.locator('img').getAttribute('src')) ?? '', /^data:image\/svg\+xml,/)

    await pickWallet(page, /^Devnet SDK Wallet/)
    const account = await page.evaluate(() => (window as any).walletModal.getAccount())
    assert.equal(account.status, 'connected')
    assert.equal(await page.evaluate(() => (window as any).walletModal.getWalletProvider() !== undefined), true)
    await page.reload()
    await page.waitForFunction(() => (window as any).walletModal?.getAccount('eip155').status === 'connected')
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
    await connectButton(page, 'Connect Wallet').waitFor()

    // The custom wallet: WalletConnect's QR with its name; the dev wallet pairs from the copied link.
    await openConnect(page)
    await dialog(page)
      .getByRole('button', { name: /^Devnet Web Wallet/ })
      .click()
    await heading(page, 'Devnet Web Wallet')
    await pairWithDevWallet(h, page)
    assert.equal((await page.evaluate(() => (window as any).walletModal.getAccount().address as string)).toLowerCase(), h.wcWallet!.address.toLowerCase())
  }))
