// The foundation journey on the demo page, as a person does it: connect the Devnet Wallet, see
// address and balance, open it on the block explorer, switch network, disconnect, reload, reject
// then retry, keyboard only.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { harnessPerFile, withPage, dialog, connectButton, openConnect, pickWallet, rpc, ethTruncated3 } from './harness.js'

const h = harnessPerFile()

test('connect -> account shows address and balance -> switch network -> disconnect; reload keeps the connection', () =>
  withPage(h, '/', async ({ page }) => {
    const button = connectButton(page)
    await assert.doesNotReject(button.filter({ hasText: 'Connect Wallet' }).waitFor())
    await openConnect(page)
    // Connected: the modal closes and the button shows the balance and the shortened address.
    await pickWallet(page, /Devnet Wallet/)
    const address = await page.evaluate(() => (window as any).walletModal.getAccount().address as string)
    assert.match(address, /^0x[0-9a-fA-F]{40}$/)
    const wei1 = await rpc<string>(h.rpc[31337]!, 'eth_getBalance', [address, 'latest'])
    const expected1 = ethTruncated3(wei1)
    await page.locator('connect-button').getByText(`${expected1} ETH`).waitFor()
    // The account's ENS name (its reverse record on the devnet's ENS, checked forward) replaces the address.
    await page.locator('connect-button').getByTestId('button-address').filter({ hasText: 'devnet-wallet.eth' }).waitFor()

    // Account view: address and balance.
    await button.click()
    await dialog(page).getByRole('heading', { name: 'Account' }).waitFor()
    assert.equal(await dialog(page).getByTestId('account-address').getAttribute('title'), address)
    await dialog(page).getByTestId('account-address').filter({ hasText: 'devnet-wallet.eth' }).waitFor()
    await dialog(page)
      .getByTestId('account-balance')
      .filter({ hasText: `${expected1} ETH` })
      .waitFor()
    await dialog(page).getByRole('button', { name: 'Copy address' }).click()
    await dialog(page).getByText('Address copied').waitFor()
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), address)
    // Block Explorer opens the account's page on the network's explorer (the demo server's own) in a new tab.
    const [explorer] = await Promise.all([page.context().waitForEvent('page'), dialog(page).getByRole('link', { name: 'Block Explorer' }).click()])
    await explorer.waitForLoadState()
    assert.equal(new URL(explorer.url()).pathname, `/explorer/31337/address/${address}`)
    assert.equal(await explorer.getByTestId('explorer-address').textContent(), address)
    assert.match((await explorer.locator('dd[data-label="Balance"]').textContent()) ?? '', / ETH$/)
    await explorer.close()

    // Switch to Devnet 2; the balance follows that chain.
    await rpc(h.rpc[31338]!, 'anvil_setBalance', [address, '0x' + (1234567n * 10n ** 15n).toString(16)])
    await dialog(page)
      .getByRole('button', { name: /Network: Devnet\./ })
      .click()
    await dialog(page).getByRole('heading', { name: 'Choose Network' }).waitFor()
    // The demo lists EVM, Solana and Bitcoin networks, so each row names its family.
    assert.equal(await dialog(page).getByRole('button', { name: 'Devnet, EVM', exact: true }).getAttribute('aria-current'), 'true')
    await dialog(page).getByRole('button', { name: 'Devnet 2, EVM', exact: true }).click()
    await dialog(page).getByRole('heading', { name: 'Account' }).waitFor()
    const wei2 = await rpc<string>(h.rpc[31338]!, 'eth_getBalance', [address, 'latest'])
    assert.equal(ethTruncated3(wei2), '1234.567')
    await dialog(page).getByTestId('account-balance').filter({ hasText: '1234.567 ETH' }).waitFor()
    assert.equal(await page.evaluate(() => (window as any).walletModal.getNetwork().caipNetworkId), 'eip155:31338')

    // Reload: still connected, still on Devnet 2.
    await page.keyboard.press('Escape')
    await page.reload()
    await page.locator('connect-button').getByText('1234.567 ETH').waitFor()
    assert.equal(await page.evaluate(() => (window as any).walletModal.getAccount().address), address)

    // Disconnect -> Connect view next time.
    await button.click()
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
    await button.filter({ hasText: 'Connect Wallet' }).waitFor()
    await button.click()
    await dialog(page).getByRole('heading', { name: 'Connect Wallet' }).waitFor()
    // And a reload after disconnecting stays disconnected.
    await page.reload()
    await button.filter({ hasText: 'Connect Wallet' }).waitFor()
    assert.equal(await page.evaluate(() => (window as any).walletModal.getAccount().status), 'disconnected')
  }))

test("<connect-button> has a box: a site's test clicks the element itself, and margin-left: auto in the site's flex header moves it", () =>
  withPage(h, '/', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 700 })
    const host = page.locator('connect-button')
    await host.getByRole('button', { name: 'Connect Wallet' }).waitFor()
    // What site authors write (Playwright refused it while the host had no box: "element is not visible").
    await host.click()
    await dialog(page).getByRole('heading', { name: 'Connect Wallet' }).waitFor()
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })
    // Closed, the modal's host is hidden and takes no space; open, it is the visible layer.
    assert.equal(await page.locator('wallet-modal').isVisible(), false)

    // A site's stylesheet (constructed: the demo's strict CSP refuses inline <style>).
    const siteCss = (css: string) =>
      page.evaluate(text => {
        const sheet = new CSSStyleSheet()
        sheet.replaceSync(text)
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
      }, css)
    // The demo's header is a flex row; a site pushes the button to the end with margin-left: auto.
    await siteCss('.bar { justify-content: flex-start } .bar connect-button { margin-left: auto }')
    const bar = (await page.locator('.bar').boundingBox())!
    const padRight = await page.locator('.bar').evaluate(el => parseFloat(getComputedStyle(el).paddingRight))
    const box = (await host.boundingBox())!
    const inner = (await host.getByRole('button').boundingBox())!
    assert.ok(
      Math.abs(box.x + box.width - (bar.x + bar.width - padRight)) < 0.5,
      `button ends at ${box.x + box.width}, the header's content at ${bar.x + bar.width - padRight}`
    )
    assert.deepEqual([box.x, box.y, box.width, box.height], [inner.x, inner.y, inner.width, inner.height])
    // Without the margin the button sits right after the title instead.
    await siteCss('.bar connect-button { margin-left: 0 }')
    const start = (await host.boundingBox())!
    assert.ok(start.x < box.x - 300, `without margin-left: auto it starts at ${start.x}`)
    await host.click()
    await dialog(page).getByRole('heading', { name: 'Connect Wallet' }).waitFor()
    assert.equal(await page.locator('wallet-modal').isVisible(), true)
  }))

test("a rejection shows 'Connection rejected' and a retry then succeeds", () =>
  withPage(h, '/?wallet=reject', async ({ page }) => {
    await connectButton(page).click()
    await dialog(page)
      .getByRole('button', { name: /Devnet Wallet/ })
      .click()
    await dialog(page).getByText('Connection rejected').waitFor()
    const retry = dialog(page).getByRole('button', { name: 'Try again' })
    await retry.waitFor()
    await page.evaluate(() => (window as any).devnetWallet.setMode('approve'))
    await retry.click()
    await dialog(page).waitFor({ state: 'detached' })
    assert.equal(await page.evaluate(() => (window as any).walletModal.getAccount().status), 'connected')
  }))

test('the prompt mode asks in a visible wallet prompt', () =>
  withPage(h, '/?wallet=prompt', async ({ page }) => {
    await connectButton(page).click()
    await dialog(page)
      .getByRole('button', { name: /Devnet Wallet/ })
      .click()
    await dialog(page).getByText('Connecting...').waitFor()
    const prompt = page.getByTestId('devnet-wallet-prompt')
    await prompt.getByRole('button', { name: 'Approve' }).click()
    await page.locator('connect-button').getByTestId('button-address').waitFor()
  }))

test('keyboard: Tab cycles inside the dialog, Escape closes, focus returns to <connect-button>', () =>
  withPage(h, '/', async ({ page }) => {
    const button = connectButton(page)
    await button.filter({ hasText: 'Connect Wallet' }).waitFor()
    await button.focus()
    await page.keyboard.press('Enter')
    await dialog(page).getByRole('heading', { name: 'Connect Wallet' }).waitFor()
    const focusedName = () =>
      page.evaluate(() => {
        let a: Element | null = document.activeElement
        while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement
        return a ? (a.getAttribute('aria-label') ?? a.textContent ?? a.tagName) : null
      })
    // Focus moved into the dialog.
    const start = await focusedName()
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'WALLET-MODAL')
    const seen: string[] = []
    // Enough presses to go round once: WalletConnect, the wallets, All Wallets, the e-mail field,
    // the seven social logins, Close (about 17 stops).
    for (let i = 0; i < 24; i++) {
      await page.keyboard.press('Tab')
      assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'WALLET-MODAL', 'focus stays in the modal on Tab')
      seen.push(String(await focusedName()))
    }
    // It cycled: the start element came round again.
    assert.ok(seen.includes(String(start)), `cycled back to ${start}: ${seen.join(' | ')}`)
    await page.keyboard.press('Shift+Tab')
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'WALLET-MODAL', 'focus stays in the modal on Shift+Tab')
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'CONNECT-BUTTON')
  }))
