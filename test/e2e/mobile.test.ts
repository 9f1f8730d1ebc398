// On a phone (mobile user agent), the directory lists only wallets a phone can open: those with a
// mobile link, plus the spec's exceptions (spec §5: Coinbase; Solflare and Phantom on Solana).
// The installed Devnet Wallet stays on Connect.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { harnessPerFile } from './harness.js'

const h = harnessPerFile()

const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

test('on a phone, All Wallets keeps only wallets with a mobile link; a chosen wallet opens by its mobile link with the URI', async () => {
  const context = await h.browser.newContext({ userAgent: IPHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', e => errors.push(e.message))
  try {
    await page.goto(h.url)
    const dialog = page.locator('wallet-modal').getByRole('dialog')
    await page.locator('connect-button').getByRole('button').click()
    // The installed wallet is still offered on Connect.
    await dialog.getByRole('button', { name: /Devnet Wallet/ }).first().waitFor()
    await dialog.getByRole('button', { name: /^All Wallets/ }).click()
    await dialog.locator('.wm-grid-item').first().waitFor()
    const shown = await dialog.locator('.wm-grid-item').evaluateAll(items => items.map(i => i.getAttribute('aria-label')!.replace(/, Installed$/, '')))
    // What the directory says about those wallets, read from the service itself.
    const directory: { name: string; mobile_link: string | null }[] = []
    for (let pageNo = 1; ; pageNo++) {
      const u = new URL('/getWallets', h.serviceUrl)
      for (const [k, v] of Object.entries({ projectId: 'demo', st: 't', sv: 't', page: String(pageNo), entries: '100', chains: 'eip155,solana,bip122' })) u.searchParams.set(k, v)
      const r = (await (await fetch(u)).json()) as { data: { name: string; mobile_link: string | null }[]; count: number }
      directory.push(...r.data)
      if (r.data.length === 0 || directory.length >= r.count) break
    }
    const byName = new Map(directory.map(w => [w.name, w]))
    assert.ok(shown.length > 0)
    for (const name of shown) {
      const w = byName.get(name)
      // The demo's active namespace is EVM: Solflare and Phantom are exceptions on Solana only.
      const exception = /coinbase/i.test(name)
      assert.ok(exception || (w && w.mobile_link), `${name} has no mobile link`)
    }
    assert.ok(!shown.includes('Devnet Wallet'), 'the extension-only Devnet Wallet is not in the phone directory list')
    assert.ok(directory.some(w => !w.mobile_link && w.name !== 'Devnet Wallet'), 'the sample directory has desktop-only wallets to filter')

    // A wallet with an app scheme: its Open link carries the pairing URI, encoded, and opens the app.
    await dialog.getByRole('searchbox').fill('Harbor')
    await dialog.getByRole('button', { name: /^Harbor Wallet/ }).click()
    await dialog.getByRole('img', { name: 'WalletConnect QR code' }).waitFor()
    const uri = await page.evaluate(() => (window as any).walletModal.connection.state.wcUri as string)
    const open = dialog.getByRole('link', { name: 'Open Harbor Wallet' })
    assert.equal(await open.getAttribute('href'), `harborwallet://wc?uri=${encodeURIComponent(uri)}`)
    assert.equal(await open.getAttribute('target'), '_self')
    // The demo page fits the phone: nothing wider than the screen.
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390)
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})
