// Swap on the demo page, as a person does it: the Devnet Wallet swaps on the devnet's real
// Uniswap V2 exchange through the wallet-modal server's /v1/convert/* calls. The chain (read here
// through JSON-RPC) must move by exactly the quote the view showed; then a price that moved past
// the slippage (the swap reverts on chain), a declined approval, and a network the swap service
// does not serve (Devnet 2 here: this file's server offers swaps on Devnet only).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { Locator, Page, Response } from 'playwright-core'
import {
  harnessPerFile,
  withPage,
  dialog,
  heading,
  connectButton,
  connectDevnetWallet,
  openActivityUntil,
  openConnect,
  rpc,
  loginByEmail,
  newEmail,
  approveFrame,
  pairWithDevWallet,
  approveRequest
} from './harness.js'

const DUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const USDT = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const ROUTER = '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9'
const WETH = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
/** Anvil account 9: moves the pool's price from outside the page. */
const WHALE = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

const h = harnessPerFile({ swapsOnlyOn: [31337] })

const word = (address: string) => address.slice(2).toLowerCase().padStart(64, '0')
const balanceOf = async (token: string, holder: string) =>
  BigInt(await rpc<string>(h.rpc[31337]!, 'eth_call', [{ to: token, data: `0x70a08231${word(holder)}` }, 'latest']))
const allowanceOf = async (token: string, holder: string, spender: string) =>
  BigInt(await rpc<string>(h.rpc[31337]!, 'eth_call', [{ to: token, data: `0xdd62ed3e${word(holder)}${word(spender)}` }, 'latest']))
const ethBalance = async (holder: string) => BigInt(await rpc<string>(h.rpc[31337]!, 'eth_getBalance', [holder, 'latest']))
/** What a mined transaction cost its sender in gas (wei). */
const feeOf = async (hash: string) => {
  const r = await rpc<{ gasUsed: string; effectiveGasPrice: string; status: string }>(h.rpc[31337]!, 'eth_getTransactionReceipt', [hash])
  return { fee: BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice), status: r.status }
}

/** The quotes the page was given, newest last (the view shows the newest). */
function recordQuotes(page: Page): { toAmount: string; fromAmount: string }[] {
  const quotes: { toAmount: string; fromAmount: string }[] = []
  page.on('response', (r: Response) => {
    if (r.url().includes('/v1/convert/quotes') && r.ok())
      void r.json().then(
        (b: { quotes: { toAmount: string; fromAmount: string }[] }) => quotes.push(b.quotes[0]!),
        () => {}
      )
  })
  return quotes
}

/** The hashes of the transactions the modal reported as swapped (SWAP_SUCCESS). */
async function recordSwaps(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as any
    w.__swaps = []
    w.walletModal.subscribeEvents((e: any) => e.type === 'SWAP_SUCCESS' && w.__swaps.push(e.data.hash))
  })
  return () => page.evaluate(() => (window as any).__swaps as string[])
}

/** Connects the Devnet Wallet in prompt mode (approving the connection); resolves with its prompt. */
async function connectPrompting(page: Page): Promise<Locator> {
  await connectButton(page).click()
  await dialog(page)
    .getByRole('button', { name: /Devnet Wallet/ })
    .click()
  const prompt = page.getByTestId('devnet-wallet-prompt')
  await prompt.getByRole('button', { name: 'Approve' }).click()
  await page.locator('connect-button').getByTestId('button-address').waitFor()
  return prompt
}

/** Opens Swap from Account (opening the modal on Account first unless it shows it). */
async function openSwap(page: Page): Promise<void> {
  if (!(await dialog(page).getByRole('heading', { name: 'Account', exact: true }).isVisible())) await connectButton(page).click()
  await heading(page, 'Account')
  await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
  await heading(page, 'Swap')
}

/** Picks `symbol` for one side in the token list. */
async function pickToken(page: Page, side: 'from' | 'to', symbol: string): Promise<void> {
  await dialog(page).getByTestId(`swap-${side}-token`).click()
  await heading(page, side === 'from' ? 'Select token to swap' : 'Select token to receive')
  await dialog(page).locator(`[data-testid="swap-token-option"][data-symbol="${symbol}"]`).first().click()
  await heading(page, 'Swap')
}

/** Fills a trade and waits until the action button reads `action` (the quote has come). */
async function draft(page: Page, from: string, to: string, amount: string, action: string): Promise<void> {
  await pickToken(page, 'from', from)
  await pickToken(page, 'to', to)
  await dialog(page).getByLabel('You pay').fill(amount)
  await dialog(page).getByRole('button', { name: action, exact: true }).waitFor()
}

test('swaps 100 DUSD for ETH (approve exactly, then swap) and 0.1 ETH for USDT (no approval): the chain moves by the quotes', () =>
  withPage(h, '/', async ({ page }) => {
    const quotes = recordQuotes(page)
    const me = await connectDevnetWallet(page)
    const swapped = await recordSwaps(page)
    const dusd0 = await balanceOf(DUSD, me)

    await openSwap(page)
    await draft(page, 'DUSD', 'ETH', '100', 'Approve DUSD')
    await dialog(page).getByTestId('swap-price-impact').waitFor()
    assert.match((await dialog(page).getByTestId('swap-network-fee').textContent()) ?? '', /^≈ (\$\d+\.\d\d|<\$0\.01)$/)
    assert.equal(await dialog(page).getByLabel('Slippage tolerance').inputValue(), '1')
    await dialog(page).getByRole('button', { name: 'Approve DUSD' }).click()
    // Approved, and mined: the button moves on to Swap; the allowance is exactly the amount.
    await dialog(page).getByRole('button', { name: 'Swap', exact: true }).waitFor()
    assert.equal(await allowanceOf(DUSD, me, ROUTER), 100_000_000n)
    const shown = quotes.at(-1)!
    assert.equal(shown.fromAmount, '100000000')
    // 100 DUSD at 3000 DUSD per ETH, less the 0.3% fee: a little under 0.0333 ETH.
    assert.ok(BigInt(shown.toAmount) > 33_000_000_000_000_000n && BigInt(shown.toAmount) < 33_333_333_333_333_333n, shown.toAmount)
    const eth1 = await ethBalance(me)
    await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
    await heading(page, 'Account')
    await dialog(page)
      .getByText(/^Swapped 100 DUSD for 0\.033\d* ETH$/)
      .waitFor()
    const [hash] = await swapped()
    const { fee, status } = await feeOf(hash!)
    assert.equal(status, '0x1')
    assert.equal(await balanceOf(DUSD, me), dusd0 - 100_000_000n)
    assert.equal((await ethBalance(me)) - eth1 + fee, BigInt(shown.toAmount), 'ETH received is the quote (nobody traded in between)')

    // Activity lists the swap with both legs: the DUSD that left and the ETH that came back (an
    // internal transfer from the router, which the server reads from the node's call trace).
    const received = BigInt(shown.toAmount)
    const ethText = `+${received / 10n ** 18n}.${((received % 10n ** 18n) / 10n ** 15n).toString().padStart(3, '0')} ETH`
    const swapItem = await openActivityUntil(page, dialog(page).locator('[data-testid="transaction"][data-operation="trade"]').first(), 'the swap')
    assert.match((await swapItem.textContent()) ?? '', /^Swapped/)
    assert.deepEqual(await swapItem.getByTestId('transaction-description').allTextContents(), ['-100.000 DUSD', ethText])
    await dialog(page).getByRole('tab', { name: 'Tokens' }).click()

    // ETH -> USDT: the coin needs no approval, so the first button is Swap.
    const usdt0 = await balanceOf(USDT, me)
    await openSwap(page)
    await draft(page, 'ETH', 'USDT', '0.1', 'Swap')
    const second = quotes.at(-1)!
    assert.equal(second.fromAmount, '100000000000000000')
    await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
    await heading(page, 'Account')
    assert.equal(await balanceOf(USDT, me), usdt0 + BigInt(second.toAmount))
    // The Account view's token list shows the new balance (refreshed once mined).
    const usdtRow = dialog(page).getByTestId('token-row').filter({ hasText: ' USDT' })
    const whole = (usdt0 + BigInt(second.toAmount)) / 1_000_000n
    await usdtRow
      .getByTestId('token-quantity')
      .filter({ hasText: new RegExp(`^${whole.toLocaleString('en-US').replace(/,/g, ',?')}\\.\\d{3} USDT$`) })
      .waitFor()
    assert.equal((await swapped()).length, 2)
  }))

test("an e-mail account's smart account approves and swaps in one batch: Swap at once, one approval, one transaction", () =>
  withPage(h, '/', async ({ page }) => {
    await loginByEmail(h, page, newEmail('swapper'))
    const me = await page.evaluate(() => (window as any).walletModal.getAccount('eip155').address as string)
    await page.locator('#faucet').click()
    await page
      .locator('#sent')
      .filter({ hasText: /^Added 1 test ETH and 100 DUSD/ })
      .waitFor()
    const swapped = await recordSwaps(page)
    await openSwap(page)
    // The account batches (EIP-5792): no separate Approve step, though nothing is approved yet.
    await draft(page, 'DUSD', 'ETH', '50', 'Swap')
    assert.equal(await allowanceOf(DUSD, me, ROUTER), 0n)
    await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
    await heading(page, 'Approve')
    await approveFrame(page).getByRole('heading', { name: 'Approve 2 calls at once' }).waitFor()
    assert.equal(await approveFrame(page).locator('dt:text-is("1. Allow spending") + dd').textContent(), '50 DUSD')
    await approveRequest(page)
    await heading(page, 'Account')
    await dialog(page)
      .getByText(/^Swapped 50 DUSD for 0\.01\d* ETH$/)
      .waitFor()
    const [hash] = await swapped()
    const receipt = await rpc<{ status: string; logs: { address: string; topics: string[] }[] }>(h.rpc[31337]!, 'eth_getTransactionReceipt', [hash])
    assert.equal(receipt.status, '0x1')
    // One transaction holds both: the DUSD Approval and the exchange's Swap.
    const APPROVAL = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'
    const SWAP = '0xd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822'
    assert.ok(
      receipt.logs.some(l => l.address.toLowerCase() === DUSD.toLowerCase() && l.topics[0] === APPROVAL),
      'the approval'
    )
    assert.ok(
      receipt.logs.some(l => l.topics[0] === SWAP),
      'the swap'
    )
    assert.equal(await balanceOf(DUSD, me), 50_000_000n)
  }))

test('a price that moved past the slippage: the swap reverts on chain, the view says so and quotes again', () =>
  withPage(h, '/?wallet=prompt', async ({ page }) => {
    const prompt = await connectPrompting(page)
    const me = await page.evaluate(() => (window as any).walletModal.getAccount().address as string)
    const usdt0 = await balanceOf(USDT, me)
    await openSwap(page)
    await draft(page, 'ETH', 'USDT', '0.05', 'Swap')
    await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
    // While the wallet asks, someone buys a lot of USDT with ETH: the price moves about 10%.
    await prompt.getByRole('button', { name: 'Approve' }).waitFor()
    await rpc(h.rpc[31337]!, 'eth_sendTransaction', [
      {
        from: WHALE,
        to: ROUTER,
        value: `0x${(10n * 10n ** 18n).toString(16)}`,
        gas: '0x493e0',
        // swapExactETHForTokens(0, [WETH, USDT], WHALE, far future)
        data: `0x7ff36ab5${word('0x0')}${(128).toString(16).padStart(64, '0')}${word(WHALE)}${(2n ** 40n).toString(16).padStart(64, '0')}${(2).toString(16).padStart(64, '0')}${word(WETH)}${word(USDT)}`
      }
    ])
    await prompt.getByRole('button', { name: 'Approve' }).click()
    await dialog(page)
      .getByTestId('swap-error')
      .filter({ hasText: 'The swap failed on chain: the price moved beyond your slippage tolerance. Nothing was swapped.' })
      .waitFor()
    assert.equal(await balanceOf(USDT, me), usdt0, 'nothing was swapped')
    // The draft is kept, and a new quote at the new price is shown.
    assert.equal(await dialog(page).getByLabel('You pay').inputValue(), '0.05')
    await dialog(page).getByRole('button', { name: 'Swap', exact: true }).waitFor()
    await heading(page, 'Swap')
  }))

test('a declined approval keeps the draft and says so', () =>
  withPage(h, '/?wallet=prompt', async ({ page }) => {
    const prompt = await connectPrompting(page)
    await openSwap(page)
    await draft(page, 'USDT', 'DUSD', '25', 'Approve USDT')
    await dialog(page).getByRole('button', { name: 'Approve USDT' }).click()
    await prompt.getByRole('button', { name: 'Reject' }).click()
    await dialog(page).getByTestId('swap-error').filter({ hasText: 'Signature declined' }).waitFor()
    assert.equal(await dialog(page).getByLabel('You pay').inputValue(), '25')
    await dialog(page).getByRole('button', { name: 'Approve USDT' }).waitFor()
    await heading(page, 'Swap')
  }))

test('a network the swap service does not serve shows the spec message', () =>
  withPage(
    h,
    '/',
    async ({ page, errors }) => {
      await connectDevnetWallet(page)
      await page.evaluate(() => (window as any).walletModal.switchNetwork('eip155:31338'))
      await openSwap(page)
      await dialog(page)
        .getByTestId('swap-unavailable')
        .filter({ hasText: /^Network not supported for Swaps$/ })
        .waitFor()
      await dialog(page).getByRole('button', { name: 'Switch network' }).click()
      await heading(page, 'Choose Network')
      // The browser logs the refused call; nothing else went wrong.
      assert.deepEqual(errors, ['console: Failed to load resource: the server responded with a status of 400 (Bad Request)'])
    },
    { checkErrors: false }
  ))

test('the same swap through WalletConnect: the dev wallet approves and swaps over the relay', () =>
  withPage(h, '/', async ({ page }) => {
    const quotes = recordQuotes(page)
    await openConnect(page)
    await dialog(page)
      .getByRole('button', { name: /^WalletConnect/ })
      .click()
    await pairWithDevWallet(h, page)
    const me = h.wcWallet!.address
    const swapped = await recordSwaps(page)
    const dusd0 = await balanceOf(DUSD, me)
    await openSwap(page)
    await draft(page, 'DUSD', 'ETH', '100', 'Approve DUSD')
    await dialog(page).getByRole('button', { name: 'Approve DUSD' }).click()
    await dialog(page).getByRole('button', { name: 'Swap', exact: true }).waitFor()
    const shown = quotes.at(-1)!
    const eth1 = await ethBalance(me)
    await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
    await heading(page, 'Account')
    const [hash] = await swapped()
    const { fee, status } = await feeOf(hash!)
    assert.equal(status, '0x1')
    assert.equal(await balanceOf(DUSD, me), dusd0 - 100_000_000n)
    assert.equal((await ethBalance(me)) - eth1 + fee, BigInt(shown.toAmount))
    const sent = h.wcWallet!.log().filter(e => e.kind === 'request' && e.method === 'eth_sendTransaction' && e.outcome === 'answered')
    assert.equal(sent.length, 2, 'the approval and the swap went through the session')
  }))
