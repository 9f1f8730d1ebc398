// Solana and Bitcoin on the demo page, as a person does it: the devnet's 'Devnet Solana' wallet
// (Wallet Standard) on the local Solana network and 'Devnet Bitcoin' (sats-connect) on Regtest,
// next to the EVM Devnet Wallet; switching chain families; reload; disconnect; the namespace filter.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { harnessPerFile, withPage, dialog, connectButton, openConnect, pickWallet, openSend, fillSend, previewSend, confirmSend } from './harness.js'
import { verifyBitcoinMessage, DEVNET_BITCOIN_REGTEST_ADDRESSES } from '../../packages/devnet/src/bitcoin/index.js'
import { SOLANA_WALLET_ADDRESS, SOLANA_RECEIVER_ADDRESS, SOLANA_SPL_MINT } from '../../packages/devnet/src/solana/solanaConstants.js'

let solanaRpc: string
const h = harnessPerFile({
  setUp: async started => {
    solanaRpc = (await (await fetch(new URL('/devnet.json', started.url))).json()).solana.rpcUrl
  }
})

const lamports = async (address: string) => {
  const r = await fetch(solanaRpc, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] })
  })
  return ((await r.json()) as { result: { value: number } }).result.value
}
const sol3 = (l: number) => `${Math.floor(l / 1e9)}.${String(Math.floor((l % 1e9) / 1e6)).padStart(3, '0')}`

test('Devnet Solana: connect -> SOL balance equals the RPC -> signed message verifies (ed25519) -> 0.01 SOL sent', () =>
  withPage(h, '/', async ({ page }) => {
    await openConnect(page)
    await pickWallet(page, /^Devnet Solana/)
    assert.equal(await page.locator('#address').textContent(), SOLANA_WALLET_ADDRESS)
    assert.equal(await page.locator('#namespace').textContent(), 'solana')
    await page
      .locator('connect-button')
      .getByText(`${sol3(await lamports(SOLANA_WALLET_ADDRESS))} SOL`)
      .waitFor()

    await page.locator('#sign').click()
    await page
      .locator('#signature')
      .filter({ hasText: /^[1-9A-HJ-NP-Za-km-z]{80,90}$/ })
      .waitFor()
    const signature = (await page.locator('#signature').textContent())!
    assert.ok(ed25519.verify(base58.decode(signature), new TextEncoder().encode('Hello from the wallet-modal demo'), base58.decode(SOLANA_WALLET_ADDRESS)))

    const before = await lamports(SOLANA_RECEIVER_ADDRESS)
    await page.locator('#send').click()
    await page
      .locator('#sent')
      .filter({ hasText: /^[1-9A-HJ-NP-Za-km-z]{80,90} \(0\.01 to / })
      .waitFor()
    for (let i = 0; i < 50 && (await lamports(SOLANA_RECEIVER_ADDRESS)) === before; i++) await new Promise(r => setTimeout(r, 100))
    assert.equal((await lamports(SOLANA_RECEIVER_ADDRESS)) - before, 10_000_000)
  }))

test('Devnet Solana: Send moves 25 DSPL (an SPL token) through the modal to a new account; the chain and the Account view agree', () =>
  withPage(h, '/', async ({ page }) => {
    // Base units the owner holds of the demo's SPL mint, read from the chain.
    const dspl = async (owner: string) => {
      const r = await fetch(solanaRpc, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'getTokenAccountsByOwner',
          params: [owner, { mint: SOLANA_SPL_MINT }, { encoding: 'jsonParsed' }]
        })
      })
      const { result } = (await r.json()) as { result: { value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[] } }
      return result.value.reduce((sum, a) => sum + BigInt(a.account.data.parsed.info.tokenAmount.amount), 0n)
    }
    const receiver = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()))
    await openConnect(page)
    await pickWallet(page, /^Devnet Solana/)
    const before = await dspl(SOLANA_WALLET_ADDRESS)
    await openSend(page)
    await fillSend(page, 'DSPL', '25', receiver)
    await previewSend(page)
    assert.match((await dialog(page).getByTestId('preview-amount').textContent()) ?? '', /25 DSPL/)
    await confirmSend(page)
    assert.equal(await dspl(receiver), 25_000_000n)
    assert.equal(before - (await dspl(SOLANA_WALLET_ADDRESS)), 25_000_000n)
    // The Account view lists the new DSPL quantity once the balances are read again.
    const left = before - 25_000_000n
    const shown = new RegExp(`^${left / 1_000_000n}(\\.${(left % 1_000_000n).toString().padStart(6, '0').slice(0, 3)})? DSPL$`)
    await dialog(page).getByTestId('token-quantity').filter({ hasText: shown }).waitFor()
  }))

test('Devnet Bitcoin: payment address shown, ordinals reachable, signed message verifies; a Mainnet-only wallet gets the spec’s error', async () => {
  await withPage(h, '/', async ({ page }) => {
    await openConnect(page)
    await pickWallet(page, /^Devnet Bitcoin/)
    assert.equal(await page.locator('#address').textContent(), DEVNET_BITCOIN_REGTEST_ADDRESSES.payment)
    await connectButton(page).click()
    await dialog(page).getByRole('heading', { name: 'Account' }).waitFor()
    assert.equal(await dialog(page).getByTestId('account-address').getAttribute('title'), DEVNET_BITCOIN_REGTEST_ADDRESSES.payment)
    assert.equal(
      await dialog(page).getByTestId('account-ordinal-address').locator('span[title]').getAttribute('title'),
      DEVNET_BITCOIN_REGTEST_ADDRESSES.ordinals
    )
    // Bitcoin has no balances (spec §9): no portfolio, no 'Token Balance Unavailable'.
    assert.equal(await dialog(page).getByText('Token Balance Unavailable').count(), 0)
    assert.equal(await dialog(page).getByTestId('token-row').count(), 0)
    // One Bitcoin wallet, listed once (its fallback global is not a second 'Xverse').
    assert.equal(await page.evaluate(() => (window as any).walletModal.connector.state.connectors.filter((c: any) => c.chain === 'bip122').length), 1)
    await page.keyboard.press('Escape')
    await page.locator('#sign').click()
    await page
      .locator('#signature')
      .filter({ hasText: /^[A-Za-z0-9+/=]{60,}$/ })
      .waitFor()
    const signature = (await page.locator('#signature').textContent())!
    assert.equal(
      await verifyBitcoinMessage({
        address: DEVNET_BITCOIN_REGTEST_ADDRESSES.payment,
        message: 'Hello from the wallet-modal demo',
        signature,
        network: 'Regtest'
      }),
      true
    )
  })
  // A page whose connection is meant to fail: judged by what it shows, its errors unchecked (as before).
  await withPage(
    h,
    '/?bitcoin=mainnet',
    async ({ page }) => {
      await openConnect(page)
      await dialog(page)
        .getByRole('button', { name: /^Devnet Bitcoin/ })
        .click()
      await dialog(page).getByText('The connector does not support any of the requested chains').waitFor()
      assert.equal(await page.locator('#status').textContent(), 'disconnected')
    },
    { checkErrors: false }
  )
})

test('connected on EVM, picking the Solana network -> SwitchActiveChain -> a Solana wallet connects too; reload restores both; disconnect clears both', () =>
  withPage(h, '/', async ({ page }) => {
    await openConnect(page)
    await pickWallet(page, /^Devnet Wallet/)
    await connectButton(page).click()
    await dialog(page)
      .getByRole('button', { name: /^Network: Devnet\./ })
      .click()
    await dialog(page)
      .getByRole('button', { name: /^Solana Devnet \(local\)/ })
      .click()
    await dialog(page).getByText('Connect a Solana wallet to use it.').waitFor()
    await dialog(page).getByRole('button', { name: 'Connect a Solana wallet' }).click()
    await dialog(page).getByRole('heading', { name: 'Connect Wallet' }).waitFor()
    // Only Solana wallets are offered for this step.
    const rows = dialog(page).locator('ul[aria-label="Wallets"] .wm-name')
    await rows.first().waitFor()
    assert.deepEqual(await rows.allTextContents(), ['Devnet Solana'])
    await pickWallet(page, /^Devnet Solana/)
    const both = () => page.evaluate(() => ['eip155', 'solana'].map(ns => (window as any).walletModal.getAccount(ns).status))
    assert.deepEqual(await both(), ['connected', 'connected'])
    assert.equal(await page.locator('#namespace').textContent(), 'solana')

    await page.reload()
    await page.waitForFunction(
      () => (window as any).walletModal?.getAccount('solana').isConnected && (window as any).walletModal?.getAccount('eip155').isConnected
    )
    assert.equal(await page.locator('#namespace').textContent(), 'solana')

    await page.locator('#disconnect').click()
    await page.locator('#status').filter({ hasText: 'disconnected' }).waitFor()
    assert.deepEqual(await both(), ['disconnected', 'disconnected'])
    const log = await page.locator('#events li').allTextContents()
    assert.ok(log[0]?.includes('wm-disconnect'), log.join('\n'))
  }))

test('namespace filter: with Solana unticked, no Solana wallet or network appears anywhere', () =>
  withPage(h, '/', async ({ page }) => {
    await page.getByLabel('Solana').uncheck()
    await openConnect(page)
    await dialog(page)
      .getByRole('button', { name: /^Devnet Wallet/ })
      .waitFor()
    assert.equal(
      await dialog(page)
        .getByRole('button', { name: /Devnet Solana/ })
        .count(),
      0
    )
    await dialog(page)
      .getByRole('button', { name: /^All Wallets/ })
      .click()
    await dialog(page).locator('.wm-grid-item').first().waitFor()
    assert.equal(
      await dialog(page)
        .getByRole('button', { name: /Devnet Solana/ })
        .count(),
      0
    )
    await page.keyboard.press('Escape')
    await page.locator('#networks').click()
    await dialog(page).getByRole('heading', { name: 'Choose Network' }).waitFor()
    // The heading can paint before the list: wait for its rows, then read them all.
    const names = dialog(page).locator('ul[aria-label="Networks"] .wm-name')
    await names.nth(2).waitFor()
    assert.equal(
      await dialog(page)
        .getByRole('button', { name: /Solana Devnet/ })
        .count(),
      0
    )
    assert.deepEqual(await names.allTextContents(), ['Devnet', 'Devnet 2', 'Bitcoin Regtest'])
  }))
