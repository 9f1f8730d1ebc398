// Sign-in with the wallet on the demo page (?siwx=required / ?siwx=optional), sessions verified
// and kept by the self-hosted server: sign, reload without a prompt, sign out and be asked again;
// decline; Cancel when required disconnects, when optional closes; a Bitcoin account (BIP-322).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { harnessPerFile, withPage, dialog, connectButton } from './harness.js'
import { verifyBitcoinMessage, DEVNET_BITCOIN_REGTEST_ADDRESSES } from '../../packages/devnet/src/bitcoin/index.js'

const h = harnessPerFile()

interface StoredSession {
  id: string
  token: string
  message: string
  signature: string
}

/** The sessions the page keeps (id, token, message, signature). */
const storedSessions = async (page: Page): Promise<StoredSession[]> =>
  JSON.parse((await page.evaluate(() => localStorage.getItem('@wallet-modal/siwx/service-sessions'))) ?? '[]') as StoredSession[]

/** What the server says a token stands for, as a site's backend asks it: 200 and the account, or 401. */
async function verifyToken(token: string): Promise<{ status: number; body: { address?: string; chainId?: string; sessionId?: string } }> {
  const response = await fetch(new URL('/v1/sessions/verify?projectId=demo&st=test&sv=test', h.serviceUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token })
  })
  return { status: response.status, body: await response.json() }
}

/** Connects the Devnet Wallet; the modal stays open (on Sign In), so connected is read from the page. */
async function connect(page: Page): Promise<string> {
  await connectButton(page).click()
  await dialog(page)
    .getByRole('button', { name: /Devnet Wallet/ })
    .click()
  await page.waitForFunction(() => (window as any).walletModal?.getAccount().isConnected)
  return page.evaluate(() => (window as any).walletModal.getAccount().address as string)
}

test('required sign-in: connect -> Sign In -> sign -> the server has a session; reload asks nothing; sign out -> asked again', () =>
  withPage(h, '/?siwx=required', async ({ page }) => {
    const address = await connect(page)
    await dialog(page).getByRole('heading', { name: 'Sign In' }).waitFor()
    await dialog(page).getByText('wallet-modal demo needs to connect to your wallet').waitFor()
    await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await dialog(page).waitFor({ state: 'detached' })
    await page
      .locator('#signed-in')
      .filter({ hasText: `yes, ${address} on eip155:31337` })
      .waitFor()
    // The page keeps the session's token; the server, asked as a site's backend would, vouches for it.
    const [mine] = await storedSessions(page)
    assert.match(mine!.token, /^wms_/)
    const verified = await verifyToken(mine!.token)
    assert.equal(verified.status, 200)
    assert.deepEqual([verified.body.address, verified.body.chainId, verified.body.sessionId], [address, 'eip155:31337', mine!.id])
    // The demo site's backend (/api/me) believes the server about the token the page sends.
    await page
      .locator('#backend-sees')
      .filter({ hasText: `${address} on eip155:31337, until` })
      .waitFor()
    // The signature the wallet made over the message the server kept is checked here too.
    assert.ok(await verifyMessage({ address: address as `0x${string}`, message: mine!.message, signature: mine!.signature as `0x${string}` }))

    await page.reload()
    await page.waitForFunction(() => (window as any).walletModal?.getAccount().isConnected)
    await new Promise(r => setTimeout(r, 1000))
    assert.equal(await dialog(page).count(), 0, 'no sign-in prompt after a reload')

    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.locator('#signed-in').filter({ hasText: 'signed out' }).waitFor()
    assert.equal((await verifyToken(mine!.token)).status, 401, 'signing out ended the session on the server')
    assert.deepEqual(await storedSessions(page), [])
    await page.locator('#backend-sees').filter({ hasText: 'not signed in' }).waitFor()
    await page.evaluate(() => (window as any).walletModal.disconnect())
    await connect(page)
    await dialog(page).getByRole('heading', { name: 'Sign In' }).waitFor()
  }))

test("decline says 'Signature declined' and shows the view again; required + Cancel disconnects", () =>
  withPage(h, '/?siwx=required', async ({ page }) => {
    await connect(page)
    await dialog(page).getByRole('heading', { name: 'Sign In' }).waitFor()
    await page.evaluate(() => (window as any).devnetWallet.setMode('reject'))
    await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await dialog(page).getByRole('alert').filter({ hasText: 'Signature declined' }).waitFor()
    await dialog(page).getByRole('heading', { name: 'Sign In' }).waitFor()
    await dialog(page).getByRole('button', { name: 'Cancel' }).click()
    await page.locator('connect-button').getByRole('button', { name: 'Connect Wallet' }).waitFor()
    assert.equal(await page.evaluate(() => (window as any).walletModal?.getAccount().isConnected), false)
  }))

test('optional sign-in: Cancel closes and stays connected', () =>
  withPage(h, '/?siwx=optional', async ({ page }) => {
    await connect(page)
    await dialog(page).getByRole('heading', { name: 'Sign In' }).waitFor()
    await dialog(page).getByRole('button', { name: 'Cancel' }).click()
    await dialog(page).waitFor({ state: 'detached' })
    assert.equal(await page.evaluate(() => (window as any).walletModal?.getAccount().isConnected), true)
  }))

test('a Bitcoin account signs in through the same service: BIP-322, verified and kept by the server', () =>
  withPage(h, '/?siwx=required', async ({ page }) => {
    const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
    const address = DEVNET_BITCOIN_REGTEST_ADDRESSES.payment
    await connectButton(page).click()
    await dialog(page)
      .getByRole('button', { name: /^Devnet Bitcoin/ })
      .click()
    await dialog(page).getByRole('heading', { name: 'Sign In' }).waitFor()
    await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await dialog(page).waitFor({ state: 'detached' })
    await page
      .locator('#signed-in')
      .filter({ hasText: `yes, ${address} on ${REGTEST}` })
      .waitFor()
    const [mine] = await storedSessions(page)
    const verified = await verifyToken(mine!.token)
    assert.equal(verified.status, 200)
    assert.equal(verified.body.address, address)
    assert.equal(verified.body.chainId, REGTEST)
    assert.match(mine!.message, /wants you to sign in with your Bitcoin account:/)
    assert.equal(verifyBitcoinMessage({ address, message: mine!.message, signature: mine!.signature, network: 'Regtest' }), true)
  }))
