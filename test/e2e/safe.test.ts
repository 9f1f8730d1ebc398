// The demo as a Safe app: framed by the devnet's Safe{Wallet} stand-in (its own origin, speaking
// the Safe Apps protocol), the modal offers the Safe connector first; connecting, signing and
// sending go to the Safe, and wait for the person in Safe{Wallet}.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { verifyMessage } from 'viem'
import { DEVNET_ACCOUNTS, DEVNET_SAFE_ADDRESS, DUSD_ADDRESS } from '../../packages/devnet/src/index.js'
import { harnessPerFile, rpc } from './harness.js'

const h = harnessPerFile()

test('framed by Safe{Wallet}, Safe is offered first, connects, signs and sends after Execute; a reload reconnects; rejecting is reported', async () => {
  const context = await h.browser.newContext()
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', e => errors.push(e.message))
  try {
    // Not framed: no Safe to offer.
    await page.goto(h.url)
    await page.locator('connect-button').getByRole('button').click()
    const topDialog = page.locator('wallet-modal').getByRole('dialog')
    await topDialog
      .getByRole('button', { name: /Devnet Wallet/ })
      .first()
      .waitFor()
    assert.equal(await topDialog.getByRole('button', { name: /^Safe\b/ }).count(), 0)

    // Framed by the stand-in, on its origin.
    await page.goto(`${h.safeUrl}/`)
    assert.ok(page.url().startsWith(`${h.safeUrl}/apps/open?appUrl=`))
    const app = page.frameLocator('#app')
    const dialog = app.locator('wallet-modal').getByRole('dialog')
    await app.locator('connect-button').getByRole('button').click()
    const wallets = dialog.getByRole('list', { name: 'Wallets' }).getByRole('button')
    await dialog.getByRole('button', { name: /^Safe\b/ }).waitFor()
    assert.match((await wallets.first().getAttribute('aria-label')) ?? (await wallets.first().innerText()), /^Safe\b/)
    await dialog.getByRole('button', { name: /^Safe\b/ }).click()
    await dialog.waitFor({ state: 'detached' })
    await app.locator('#address').filter({ hasText: DEVNET_SAFE_ADDRESS }).waitFor()

    // Signing waits for the person in Safe{Wallet}, then the app has the Safe's signature.
    await app.locator('#sign').click()
    const request = page.getByRole('list', { name: 'Pending requests' }).getByRole('listitem')
    await request.getByRole('heading', { name: 'Sign message' }).waitFor()
    assert.match(await request.innerText(), /Hello from the wallet-modal demo/)
    await request.getByRole('button', { name: 'Sign' }).click()
    await app
      .locator('#signature')
      .filter({ hasText: /^0x[0-9a-f]{130}$/ })
      .waitFor()
    const signature = (await app.locator('#signature').innerText()) as `0x${string}`
    assert.ok(await verifyMessage({ address: DEVNET_SAFE_ADDRESS, message: 'Hello from the wallet-modal demo', signature }))

    // Rejected in Safe{Wallet}: the app is told, nothing is sent.
    const to = DEVNET_ACCOUNTS[2]
    const before = BigInt(await rpc<string>(h.rpc[31337]!, 'eth_getBalance', [to, 'latest']))
    await app.locator('#send').click()
    await request.getByRole('heading', { name: 'Transaction' }).waitFor()
    await request.getByRole('button', { name: 'Reject' }).click()
    await app
      .locator('#sent')
      .filter({ hasText: /^Not sent:/ })
      .waitFor()
    assert.equal(BigInt(await rpc<string>(h.rpc[31337]!, 'eth_getBalance', [to, 'latest'])), before)

    // Send in the modal: the Safe transaction is executed in Safe{Wallet}, the modal sees it mined.
    const balanceOf = async (who: string) =>
      BigInt(await rpc<string>(h.rpc[31337]!, 'eth_call', [{ to: DUSD_ADDRESS, data: `0x70a08231${who.slice(2).toLowerCase().padStart(64, '0')}` }, 'latest']))
    const dusdBefore = await balanceOf(to)
    await app.locator('connect-button').getByRole('button').click()
    await dialog.getByRole('button', { name: 'Send', exact: true }).click()
    await dialog.getByTestId('send-token').click()
    await dialog.getByTestId('send-token-option').filter({ hasText: ' DUSD' }).first().click()
    await dialog.getByLabel('Amount', { exact: true }).fill('12.5')
    await dialog.getByLabel('To', { exact: true }).fill(to)
    await dialog.getByRole('button', { name: 'Preview Send' }).click()
    await dialog.getByRole('button', { name: 'Send', exact: true }).click()
    await request.getByRole('heading', { name: 'Transaction' }).waitFor()
    assert.match(await request.innerText(), new RegExp(`to ${DUSD_ADDRESS}`, 'i'))
    await request.getByRole('button', { name: 'Execute' }).click()
    await dialog.getByRole('heading', { name: 'Account', exact: true }).waitFor()
    await app.locator('connect-button').getByTestId('button-pending').waitFor({ state: 'detached' })
    assert.equal((await balanceOf(to)) - dusdBefore, 12_500_000n)

    // A reload of Safe{Wallet} reconnects the app to the Safe without asking.
    await page.reload()
    await app.locator('#address').filter({ hasText: DEVNET_SAFE_ADDRESS }).waitFor()
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})
