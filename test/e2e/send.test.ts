// Send, Receive and Activity on the demo page, as a person does them: the Devnet Wallet sends
// ETH, DUSD and the USDT-like token to a second devnet account; the chain (read here through
// JSON-RPC), the Account view and Activity must all agree. Then the validation messages, a
// rejection that keeps the draft, the pending count, paging and the history service failing.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { harnessPerFile, withPage, dialog, heading, connectButton, connectDevnetWallet, openSend, fillSend, previewSend, confirmSend, rpc } from './harness.js'

const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
// Named through the devnet's ENS (devnet-friend.eth resolves to account 2).
const RECEIVER_NAME = 'devnet-friend.eth'
const DUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const USDT = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

const h = harnessPerFile({ enableFaults: true })

const balanceOf = async (token: string, holder: string) =>
  BigInt(await rpc<string>(h.rpc[31337]!, 'eth_call', [{ to: token, data: `0x70a08231${holder.slice(2).toLowerCase().padStart(64, '0')}` }, 'latest']))
const ethBalance = async (holder: string) => BigInt(await rpc<string>(h.rpc[31337]!, 'eth_getBalance', [holder, 'latest']))
/** Base units (6 decimals) -> '12.345' truncated, computed here independently of the product. */
const units6 = (raw: bigint) => `${raw / 1_000_000n}.${((raw % 1_000_000n) / 1000n).toString().padStart(3, '0')}`

/** Fills the Send form and goes through Preview to Send; resolves on the Account view. */
async function sendViaModal(page: Page, symbol: string, amount: string, to: string, expectName?: string): Promise<void> {
  await openSend(page)
  await dialog(page).getByTestId('send-token').click()
  await heading(page, 'Select Token')
  await dialog(page)
    .getByTestId('send-token-option')
    .filter({ hasText: ` ${symbol}` })
    .first()
    .click()
  await heading(page, 'Send')
  await dialog(page).getByLabel('Amount', { exact: true }).fill(amount)
  await dialog(page).getByLabel('To', { exact: true }).fill(to)
  if (expectName) await dialog(page).getByTestId('send-receiver-profile').filter({ hasText: expectName }).waitFor()
  await previewSend(page)
  assert.match((await dialog(page).getByTestId('preview-amount').textContent()) ?? '', new RegExp(`${amount.replace('.', '\\.')} ${symbol}`))
  await dialog(page).getByTestId('preview-fee').filter({ hasText: '≈' }).waitFor()
  // Back on Account once mined (anvil mines at once, so the pending count clears quickly).
  await confirmSend(page)
}

test('sends 0.5 ETH, 10 DUSD and 10 USDT: the chain, the Account view and Activity agree', () =>
  withPage(h, '/', async ({ page }) => {
    const me = await connectDevnetWallet(page)
    const [eth0, dusd0, usdt0, rDusd0, rUsdt0, rEth0] = await Promise.all([
      ethBalance(me),
      balanceOf(DUSD, me),
      balanceOf(USDT, me),
      balanceOf(DUSD, RECEIVER),
      balanceOf(USDT, RECEIVER),
      ethBalance(RECEIVER)
    ])

    await sendViaModal(page, 'ETH', '0.5', RECEIVER, RECEIVER_NAME)
    await dialog(page).getByText('Transaction sent').waitFor()
    await sendViaModal(page, 'DUSD', '10', RECEIVER_NAME, RECEIVER_NAME)
    await sendViaModal(page, 'USDT', '10', RECEIVER)

    assert.equal(await ethBalance(RECEIVER), rEth0 + 500_000_000_000_000_000n)
    assert.equal(await balanceOf(DUSD, RECEIVER), rDusd0 + 10_000_000n)
    assert.equal(await balanceOf(USDT, RECEIVER), rUsdt0 + 10_000_000n)
    assert.equal(await balanceOf(DUSD, me), dusd0 - 10_000_000n)
    assert.equal(await balanceOf(USDT, me), usdt0 - 10_000_000n)
    const eth1 = await ethBalance(me)
    assert.ok(eth1 < eth0 - 500_000_000_000_000_000n && eth1 > eth0 - 501_000_000_000_000_000n, 'ETH: 0.5 plus a small fee')

    // The Account view shows the new token balances.
    const row = (symbol: string) =>
      dialog(page)
        .getByTestId('token-row')
        .filter({ hasText: ` ${symbol}` })
    await row('DUSD')
      .getByTestId('token-quantity')
      .filter({ hasText: `${units6(dusd0 - 10_000_000n)} DUSD` })
      .waitFor()
    await row('USDT')
      .getByTestId('token-quantity')
      .filter({ hasText: `${units6(usdt0 - 10_000_000n)} USDT` })
      .waitFor()

    // Activity: the three sends, newest first, under this month, with minus signs.
    // The server indexes blocks as they come (every 300 ms on the demo); reopen until the last send is in.
    await dialog(page).getByRole('tab', { name: 'Activity' }).click()
    await dialog(page).getByTestId('activity').waitFor()
    for (
      let tries = 0;
      (await dialog(page)
        .getByTestId('transaction-description')
        .first()
        .textContent({ timeout: 5000 })
        .catch(() => '')) !== '-10.000 USDT';
      tries++
    ) {
      assert.ok(tries < 20, 'the last send never reached Activity')
      await dialog(page).getByRole('tab', { name: 'Tokens' }).click()
      await dialog(page).getByRole('tab', { name: 'Activity' }).click()
      await dialog(page).getByTestId('activity').waitFor()
    }
    const now = new Date()
    const month = dialog(page).getByRole('region', { name: `${MONTHS[now.getUTCMonth()]} ${now.getUTCFullYear()}` })
    await month.getByTestId('transaction').nth(2).waitFor()
    const descriptions = await month.getByTestId('transaction-description').allTextContents()
    assert.deepEqual(descriptions.slice(0, 3), ['-10.000 USDT', '-10.000 DUSD', '-0.500 ETH'])
    const ops = await month.getByTestId('transaction').evaluateAll(els => els.slice(0, 3).map(e => e.getAttribute('data-operation')))
    assert.deepEqual(ops, ['send', 'send', 'send'])
    // The receiver is named by its ENS name (the service names counterparts), not its address.
    const counterparts = await month.getByTestId('transaction').evaluateAll(els => els.slice(0, 3).map(e => e.querySelector('.wm-token-qty')?.textContent))
    assert.deepEqual(counterparts, ['to devnet-friend.eth', 'to devnet-friend.eth', 'to devnet-friend.eth'])
  }))

test('every validation message appears for its input; a rejection in the wallet keeps the draft', () =>
  withPage(
    h,
    '/',
    async ({ page, errors }) => {
      await connectDevnetWallet(page)
      await openSend(page)
      const preview = dialog(page).getByRole('button', { name: 'Preview Send' })
      const alert = dialog(page).getByTestId('send-error')
      await preview.click()
      await alert.filter({ hasText: 'An amount and receiver address are required' }).waitFor()
      await dialog(page).getByLabel('Amount', { exact: true }).fill('1')
      await preview.click()
      await alert.filter({ hasText: 'An amount and receiver address are required' }).waitFor()
      // The network's native token is picked from the start, so an amount can be typed at once
      // (the flow's own test checks 'A token is required').
      assert.match((await dialog(page).getByTestId('send-token').textContent()) ?? '', /ETH/)
      await dialog(page).getByLabel('To', { exact: true }).fill('0x1234')
      await dialog(page).getByTestId('send-receiver-error').filter({ hasText: 'Invalid address' }).waitFor()
      await dialog(page).getByLabel('To', { exact: true }).fill('nobody-at-all.reown.id')
      await dialog(page).getByTestId('send-receiver-error').filter({ hasText: 'Name not found: nobody-at-all.reown.id' }).waitFor()
      await dialog(page).getByLabel('To', { exact: true }).fill(RECEIVER)

      await dialog(page).getByTestId('send-token').click()
      await dialog(page).getByTestId('send-token-option').filter({ hasText: ' USDT' }).click()
      await dialog(page).getByLabel('Amount', { exact: true }).fill('99999999')
      await dialog(page).getByTestId('send-amount-error').filter({ hasText: 'Insufficient funds' }).waitFor()
      await preview.click()
      await alert.filter({ hasText: 'Insufficient funds' }).waitFor()
      await dialog(page).getByLabel('Amount', { exact: true }).fill('1.1234567')
      await dialog(page).getByTestId('send-amount-error').filter({ hasText: 'Enter a valid amount' }).waitFor()

      // The wallet declines: 'Signature declined', and the draft is still there to try again.
      await dialog(page).getByLabel('Amount', { exact: true }).fill('2.5')
      await preview.click()
      await heading(page, 'Review Send')
      await page.evaluate(() => (window as any).devnetWallet.setMode('reject'))
      const before = await balanceOf(USDT, RECEIVER)
      await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
      await dialog(page).getByRole('alert').filter({ hasText: 'Signature declined' }).waitFor()
      await heading(page, 'Review Send')
      await dialog(page).getByRole('button', { name: 'Cancel' }).click()
      await heading(page, 'Send')
      assert.equal(await dialog(page).getByLabel('Amount', { exact: true }).inputValue(), '2.5')
      assert.equal(await dialog(page).getByLabel('To', { exact: true }).inputValue(), RECEIVER)
      assert.match((await dialog(page).getByTestId('send-token').textContent()) ?? '', /USDT/)
      assert.equal(await balanceOf(USDT, RECEIVER), before)
      // Approve again: the same draft goes through.
      await page.evaluate(() => (window as any).devnetWallet.setMode('approve'))
      await preview.click()
      await confirmSend(page)
      assert.equal(await balanceOf(USDT, RECEIVER), before + 2_500_000n)
      // The one console error allowed: Chromium logs the profile service's 404 for the unknown name.
      assert.deepEqual(errors, ['console: Failed to load resource: the server responded with a status of 404 (Not Found)'])
    },
    { checkErrors: false }
  ))

test("Send on a Bitcoin account says 'Unsupported chain'; Receive shows the address as a QR code and its networks", () =>
  withPage(h, '/', async ({ page }) => {
    const me = await connectDevnetWallet(page)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Receive', exact: true }).click()
    await heading(page, 'Receive')
    assert.equal(await dialog(page).getByTestId('receive-address').textContent(), me)
    assert.equal(
      await dialog(page)
        .getByRole('img', { name: `QR code of your address ${me}` })
        .count(),
      1
    )
    await dialog(page).getByTestId('receive-network').nth(1).waitFor()
    assert.deepEqual(await dialog(page).getByTestId('receive-network').allTextContents(), ['Devnet', 'Devnet 2'])
    await dialog(page)
      .getByRole('button', { name: /Copy address/ })
      .click()
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), me)
    await page.keyboard.press('Escape')

    await page.evaluate(() => (window as any).walletModal.open({ view: 'Connect' }))
    await dialog(page)
      .getByRole('button', { name: /Devnet Bitcoin/ })
      .click()
    await page.waitForFunction(() => (window as any).walletModal.getAccount().namespace === 'bip122' && (window as any).walletModal.getAccount().isConnected)
    await page.evaluate(() => (window as any).walletModal.open({ view: 'WalletSend' }))
    await dialog(page).getByRole('alert').filter({ hasText: 'Unsupported chain' }).waitFor()
  }))

test('the button counts a pending transaction until it is mined', () =>
  withPage(h, '/', async ({ page }) => {
    await connectDevnetWallet(page)
    await rpc(h.rpc[31337]!, 'evm_setAutomine', [false])
    try {
      await openSend(page)
      await fillSend(page, 'ETH', '0.01', RECEIVER)
      await previewSend(page)
      await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
      await heading(page, 'Account')
      await page.locator('connect-button').getByTestId('button-pending').filter({ hasText: '1 pending' }).waitFor()
      await new Promise(r => setTimeout(r, 1500))
      assert.equal(await page.locator('connect-button').getByTestId('button-pending').textContent(), '1 pending')
      await rpc(h.rpc[31337]!, 'evm_mine', [])
    } finally {
      await rpc(h.rpc[31337]!, 'evm_setAutomine', [true])
    }
    await page.locator('connect-button').getByTestId('button-pending').waitFor({ state: 'detached' })
  }))

test('Activity pages on scroll through more than one page, and shows the failure when the service answers 500', () =>
  withPage(
    h,
    '/',
    async ({ page, errors }) => {
      const me = await connectDevnetWallet(page)
      // 25 more transfers than a page holds (20): 13 out, 12 in, alternating.
      for (let i = 0; i < 25; i++) {
        const out = i % 2 === 0
        await rpc(h.rpc[31337]!, 'eth_sendTransaction', [
          { from: out ? me : RECEIVER, to: out ? RECEIVER : me, value: `0x${(1_000_000_000_000_000n * BigInt(i + 1)).toString(16)}` }
        ])
      }
      const last = (24 + 1) / 1000
      await connectButton(page).click()
      await dialog(page).getByRole('tab', { name: 'Activity' }).click()
      await dialog(page).getByTestId('activity').waitFor()
      // The indexer follows blocks; reopen until the newest transfer (+0.025 ETH, received) is listed.
      for (let tries = 0; ; tries++) {
        const first = await dialog(page)
          .getByTestId('transaction-description')
          .first()
          .textContent({ timeout: 5000 })
          .catch(() => '')
        if (first === `-${last.toFixed(3)} ETH` || first === `+${last.toFixed(3)} ETH`) break
        assert.ok(tries < 20, `newest transfer not listed (first: ${first})`)
        await dialog(page).getByRole('tab', { name: 'Tokens' }).click()
        await dialog(page).getByRole('tab', { name: 'Activity' }).click()
        await dialog(page).getByTestId('activity').waitFor()
      }
      const items = dialog(page).getByTestId('transaction')
      const firstPage = await items.count()
      assert.equal(firstPage, 20, 'one page of 20')
      assert.equal(await items.first().getAttribute('data-operation'), 'send')
      assert.equal(await items.nth(1).getAttribute('data-operation'), 'receive')
      assert.equal(await items.nth(1).getByTestId('transaction-description').textContent(), '+0.024 ETH')
      // Scrolling to the end loads the next page.
      await dialog(page).getByTestId('activity-end').scrollIntoViewIfNeeded()
      await page.waitForFunction(
        n => (document.querySelector('wallet-modal')!.shadowRoot!.querySelectorAll('[data-testid="transaction"]').length as number) > n,
        firstPage
      )
      assert.ok((await items.count()) >= 25)
      await page.keyboard.press('Escape')

      // The history service fails: the list says so and stops paging.
      await fetch(new URL('/__faults', h.serviceUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: '/v1/account/', mode: 'status', status: 500 })
      })
      try {
        await connectButton(page).click()
        await dialog(page).getByRole('tab', { name: 'Activity' }).click()
        await dialog(page).getByTestId('activity-empty').filter({ hasText: 'Failed to fetch transactions' }).waitFor()
        assert.equal(await dialog(page).getByTestId('transaction').count(), 0)
      } finally {
        await fetch(new URL('/__faults', h.serviceUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ path: '/', mode: 'clear' })
        })
      }
      // The failed fetch was reported; nothing else went wrong on the page.
      assert.deepEqual(
        errors.filter(e => !/500|Failed to fetch transactions|Token Balance/.test(e)),
        []
      )
    },
    { checkErrors: false }
  ))
