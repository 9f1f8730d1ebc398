// Buying crypto on the demo page, as a person does it: Account -> Buy -> the devnet's sandbox
// provider -> an amount -> the quote -> Buy opens the provider's checkout in a window, where the
// test card pays; the sandbox sends DUSD on the devnet and the modal, which waits for it, says so.
// Then the amount limits, the provider's options and quote failing (sample limits, a marked
// estimate), and a visitor in a region the on-ramp is not offered in.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { harnessPerFile, withPage, dialog, heading, connectButton, connectDevnetWallet, openActivityUntil, openConnect, pickWallet, rpc } from './harness.js'
import { SOLANA_WALLET_ADDRESS } from '../../packages/devnet/src/solana/solanaConstants.js'

const DUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

const h = harnessPerFile({ enableFaults: true })

const word = (a: string) => a.slice(2).toLowerCase().padStart(64, '0')
const dusdOf = async (who: string) => BigInt(await rpc<string>(h.rpc[31337]!, 'eth_call', [{ to: DUSD, data: `0x70a08231${word(who)}` }, 'latest']))
const fault = (path: string, mode: 'status' | 'clear', status?: number) =>
  fetch(new URL('/__faults', h.serviceUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path, mode, status }) })

/** Account -> Buy -> the provider named `name` -> the Buy form. */
async function openBuy(page: Page, name = 'Devnet Sandbox'): Promise<void> {
  if (!(await dialog(page).getByRole('heading', { name: 'Account', exact: true }).isVisible())) await connectButton(page).click()
  await heading(page, 'Account')
  await dialog(page).getByRole('button', { name: 'Buy', exact: true }).click()
  await heading(page, 'Buy crypto')
  await dialog(page).getByTestId('onramp-provider').filter({ hasText: name }).click()
  await dialog(page).getByLabel('You pay').waitFor()
}

test('buys 50 USD of DUSD through the sandbox: the checkout pays, the chain and Activity show it as bought', () =>
  withPage(h, '/', async ({ page }) => {
    const me = await connectDevnetWallet(page)
    const before = await dusdOf(me)
    await connectButton(page).click()
    await heading(page, 'Account')
    await dialog(page).getByRole('button', { name: 'Buy', exact: true }).click()
    await heading(page, 'Buy crypto')
    const provider = dialog(page).getByTestId('onramp-provider')
    await provider.filter({ hasText: 'Devnet Sandbox' }).waitFor()
    assert.match((await provider.textContent()) ?? '', /Fees 1-2% · Devnet, Devnet 2/)
    await provider.click()
    await dialog(page).getByLabel('You pay').fill('50')
    assert.equal(await dialog(page).getByTestId('onramp-asset').inputValue(), 'DUSD')
    await dialog(page).getByTestId('onramp-purchase-amount').filter({ hasText: '49.15 DUSD' }).waitFor()
    assert.equal(await dialog(page).getByTestId('onramp-provider-fee').textContent(), '0.75 USD')
    assert.equal(await dialog(page).getByTestId('onramp-network-fee').textContent(), '0.10 USD')
    assert.equal(await dialog(page).getByTestId('onramp-total').textContent(), '50.00 USD')

    // Buy: the provider's checkout opens in its own window; the modal waits.
    const [checkout] = await Promise.all([page.waitForEvent('popup'), dialog(page).getByRole('button', { name: 'Buy DUSD' }).click()])
    await dialog(page).getByTestId('onramp-waiting').filter({ hasText: 'Complete the purchase in the Devnet Sandbox window' }).waitFor()
    await checkout.waitForURL(/\/checkout\/[0-9a-f]{32}$/)
    assert.equal(await checkout.evaluate(() => window.opener), null, 'the checkout cannot reach the site')
    assert.equal(await checkout.getByTestId('checkout-purchase').textContent(), '49.15 DUSD')
    await checkout.getByRole('button', { name: 'Pay 50.00 USD' }).click()
    await checkout.getByTestId('paid-amount').waitFor()
    await checkout.close()

    await dialog(page).getByTestId('onramp-received').filter({ hasText: 'Received 49.15 DUSD' }).waitFor()
    assert.equal(await dusdOf(me), before + 49_150_000n)
    await dialog(page).getByRole('button', { name: 'Done' }).click()
    await heading(page, 'Account')
    // Account's token list shows the new balance (3 decimals, truncated).
    const after = before + 49_150_000n
    const shown = `${(after / 1_000_000n).toLocaleString('en-US')}.${String((after % 1_000_000n) / 1000n).padStart(3, '0')} DUSD`.replace(/,/g, ',?')
    await dialog(page)
      .getByTestId('token-row')
      .filter({ hasText: ' DUSD' })
      .getByTestId('token-quantity')
      .filter({ hasText: new RegExp(`^${shown}$`) })
      .waitFor()

    // Activity marks it as a purchase.
    const bought = await openActivityUntil(page, dialog(page).locator('[data-testid="transaction"][data-operation="buy"]').first(), 'the purchase')
    assert.match((await bought.textContent()) ?? '', /^Bought/)
    assert.deepEqual(await bought.getByTestId('transaction-description').allTextContents(), ['+49.150 DUSD'])
  }))

test('buys SOL on the local Solana network the same way: the faucet pays the quoted lamports', () =>
  withPage(h, '/', async ({ page }) => {
    const solanaRpc = ((await (await fetch(new URL('/devnet.json', h.url))).json()) as { solana: { rpcUrl: string } }).solana.rpcUrl
    const lamports = async () =>
      BigInt(
        (
          (await (
            await fetch(solanaRpc, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [SOLANA_WALLET_ADDRESS] })
            })
          ).json()) as { result: { value: number } }
        ).result.value
      )
    await openConnect(page)
    await pickWallet(page, /^Devnet Solana/)
    const before = await lamports()
    await openBuy(page)
    assert.equal(await dialog(page).getByTestId('onramp-asset').inputValue(), 'SOL')
    await dialog(page).getByLabel('You pay').fill('50')
    // 49.15 USD of SOL at 150 USD: 0.327666666 SOL (9 decimals, rounded down).
    await dialog(page).getByTestId('onramp-purchase-amount').filter({ hasText: '0.327666666 SOL' }).waitFor()
    const [checkout] = await Promise.all([page.waitForEvent('popup'), dialog(page).getByRole('button', { name: 'Buy SOL' }).click()])
    await checkout.waitForURL(/\/checkout\//)
    await checkout.getByRole('button', { name: 'Pay 50.00 USD' }).click()
    await checkout.getByTestId('paid-amount').filter({ hasText: '0.327666666 SOL' }).waitFor()
    await checkout.close()
    await dialog(page)
      .getByTestId('onramp-received')
      .filter({ hasText: /^Received 0\.3276\d* SOL/ })
      .waitFor()
    assert.equal((await lamports()) - before, 327_666_666n)
  }))

test("an amount outside the payment method's limits says so and cannot be bought", () =>
  withPage(h, '/', async ({ page }) => {
    await connectDevnetWallet(page)
    await openBuy(page)
    assert.equal(await dialog(page).getByTestId('onramp-limits').textContent(), '20.00 to 5,000.00 USD')
    for (const amount of ['10', '5000.01']) {
      await dialog(page).getByLabel('You pay').fill(amount)
      await dialog(page).getByTestId('onramp-amount-error').filter({ hasText: 'Amount must be between 20.00 and 5,000.00 USD' }).waitFor()
      assert.equal(await dialog(page).getByTestId('onramp-buy').isDisabled(), true)
    }
    await dialog(page).getByLabel('Pay with').selectOption('bank')
    await dialog(page).getByLabel('You pay').fill('6000')
    await dialog(page).getByTestId('onramp-purchase-amount').waitFor()
    assert.equal(await dialog(page).getByTestId('onramp-buy').isDisabled(), false)
  }))

test('the options down: sample providers and limits, with a notice; the quote down: a marked estimate', () =>
  withPage(
    h,
    '/',
    async ({ page }) => {
      await connectDevnetWallet(page)
      await fault('/v1/onramp/options', 'status', 503)
      try {
        await connectButton(page).click()
        await dialog(page).getByRole('button', { name: 'Buy', exact: true }).click()
        await dialog(page).getByTestId('onramp-fallback').waitFor()
        assert.deepEqual(await dialog(page).getByTestId('onramp-provider').locator('.wm-name').allTextContents(), [
          'MeldFees 1-2% · Devnet, Devnet 2, Solana Devnet (local)',
          'CoinbaseFees 1-2% · Devnet, Devnet 2'
        ])
        await dialog(page).getByTestId('onramp-provider').filter({ hasText: 'Coinbase' }).click()
        await dialog(page).getByTestId('onramp-limits').filter({ hasText: '10.00 to 7,500.00 USD' }).waitFor()
        await dialog(page).getByTestId('onramp-fallback').waitFor()
      } finally {
        await fault('/', 'clear')
      }
      // The quote down: the purchase shown is the modal's estimate, marked as such.
      await page.keyboard.press('Escape')
      await openBuy(page)
      await fault('/v1/onramp/quote', 'status', 503)
      try {
        await dialog(page).getByLabel('You pay').fill('50')
        await dialog(page)
          .getByTestId('onramp-estimate')
          .filter({ hasText: "This is an estimate: Devnet Sandbox's quote is unavailable (HTTP status code: 503)" })
          .waitFor()
        assert.equal(await dialog(page).getByTestId('onramp-purchase-amount').textContent(), '≈ 49 DUSD')
      } finally {
        await fault('/', 'clear')
      }
    },
    { checkErrors: false }
  ))

test('a visitor in Hong Kong is not offered the on-ramp, and opening it anyway explains why', async () => {
  const context = await h.browser.newContext({ timezoneId: 'Asia/Hong_Kong' })
  try {
    const page = await context.newPage()
    await page.goto(h.url)
    await connectDevnetWallet(page)
    await connectButton(page).click()
    await heading(page, 'Account')
    await dialog(page).getByRole('button', { name: 'Swap', exact: true }).waitFor()
    assert.equal(await dialog(page).getByRole('button', { name: 'Buy', exact: true }).count(), 0)
    await page.evaluate(() => (window as any).walletModal.open({ view: 'OnRampProviders' }))
    await dialog(page).getByTestId('onramp-restricted').filter({ hasText: 'Buying crypto is not available in your region' }).waitFor()
  } finally {
    await context.close()
  }
})
