// WalletConnect on the demo page, as a person does it: open the modal, pick WalletConnect, copy
// the pairing link, hand it to a wallet (the devnet's WalletConnect wallet: an unmodified
// sign-client in wallet mode, in Node) over the self-hosted relay; sign; reload; disconnect;
// a declined proposal; an expired pairing under Playwright's fake clock.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { verifyMessage } from 'viem'
import { harnessPerFile, withPage, dialog, connectButton, openConnect, rpc, ethTruncated3 } from './harness.js'

const h = harnessPerFile({
  setUp: started => assert.ok(started.wcWallet, 'the devnet started its WalletConnect wallet')
})

type Page = import('playwright-core').Page
const wallet = () => h.wcWallet!

/** Opens Connect, picks WalletConnect, and returns the URI copied with 'Copy link'. */
async function openWalletConnect(page: Page): Promise<string> {
  await openConnect(page)
  await dialog(page)
    .getByRole('button', { name: /^WalletConnect/ })
    .click()
  await dialog(page).getByRole('heading', { name: 'WalletConnect' }).waitFor()
  return copyLink(page)
}

async function copyLink(page: Page, notEqual?: string): Promise<string> {
  const qr = dialog(page).getByRole('img', { name: 'WalletConnect QR code' })
  await qr.waitFor()
  if (notEqual)
    await page.waitForFunction(
      prev => (window as any).walletModal.connection.state.wcUri !== prev && !!(window as any).walletModal.connection.state.wcUri,
      notEqual
    )
  await dialog(page).getByRole('button', { name: 'Copy link' }).click()
  const uri = await page.evaluate(() => navigator.clipboard.readText())
  assert.match(uri, /^wc:[0-9a-f]{64}@2\?/)
  // The QR code's accessible description is the same URI.
  const describedBy = await qr.evaluate(el => {
    const id = el.getAttribute('aria-describedby')
    return id ? (el.getRootNode() as ShadowRoot).getElementById(id)?.textContent : null
  })
  assert.equal(describedBy, uri)
  return uri
}

test('QR -> Copy link -> the wallet pairs and approves -> Account with its address and balance within 2 s; personal_sign verifies; reload stays connected; wallet-side disconnect', t =>
  withPage(h, '/', async ({ page }) => {
    // Nothing may leave this machine: no Verify, no telemetry, no vendor relay.
    const foreign: string[] = []
    const local = (url: string) => ['127.0.0.1', 'localhost'].includes(new URL(url).hostname) || url.startsWith('data:')
    page.on('request', r => void (!local(r.url()) && foreign.push(r.url())))
    const sockets: string[] = []
    page.on('websocket', ws => void sockets.push(ws.url()))
    const uri = await openWalletConnect(page)
    const result = await wallet().pair(uri)
    assert.equal(result.outcome, 'approved')
    const approvedAt = Date.now()
    // Connected: the modal closes and the button shows the chain's balance of the wallet's account.
    await dialog(page).waitFor({ state: 'detached', timeout: 2000 })
    const wei = await rpc<string>(h.rpc[31337]!, 'eth_getBalance', [wallet().address, 'latest'])
    await page
      .locator('connect-button')
      .getByText(`${ethTruncated3(wei)} ETH`)
      .waitFor({ timeout: Math.max(1, 2000 - (Date.now() - approvedAt)) })
    const took = Date.now() - approvedAt
    assert.ok(took < 2000, `connected ${took} ms after approval`)
    t.diagnostic(`approval -> balance on the button: ${took} ms`)
    const address = await page.evaluate(() => (window as any).walletModal.getAccount().address as string)
    assert.equal(address.toLowerCase(), wallet().address.toLowerCase())
    // The account names the phone wallet from its session, not 'WalletConnect'.
    assert.equal(await page.evaluate(() => (window as any).walletModal.getAccount().walletInfo?.name), 'Devnet WalletConnect wallet')
    await connectButton(page).click()
    await dialog(page).getByRole('heading', { name: 'Account' }).waitFor()
    assert.equal(await dialog(page).getByTestId('account-address').getAttribute('title'), address)
    await page.keyboard.press('Escape')

    // personal_sign through the session, from the demo's own button; verified against the address.
    await page.locator('#sign').click()
    await page
      .locator('#signature')
      .filter({ hasText: /^0x[0-9a-f]{130}$/ })
      .waitFor()
    const signature = (await page.locator('#signature').textContent()) as `0x${string}`
    assert.equal(await verifyMessage({ address: address as `0x${string}`, message: 'Hello from the wallet-modal demo', signature }), true)

    // Reload: still connected, from the stored session, without a new pairing.
    const proposalsBefore = wallet()
      .log()
      .filter(e => e.kind === 'proposal').length
    await page.reload()
    await page.waitForFunction(() => (window as any).walletModal?.getAccount().isConnected === true)
    assert.equal(await page.locator('#address').textContent(), address)
    assert.equal(
      wallet()
        .log()
        .filter(e => e.kind === 'proposal').length,
      proposalsBefore
    )
    assert.equal(wallet().sessions().length, 1)

    assert.deepEqual(foreign, [])
    assert.ok(sockets.length > 0 && sockets.every(local), sockets.join(', '))
    // The wallet ends the session: the page shows disconnected.
    await wallet().disconnectAll()
    await page.locator('#status').filter({ hasText: 'disconnected' }).waitFor()
    await connectButton(page, 'Connect Wallet').waitFor()
  }))

test('the wallet declines -> Connection rejected and a fresh QR code, which then connects', async t => {
  // The wallet is shared by this file's tests: however this one ends, the next finds it approving.
  t.after(() => wallet().setMode('approve'))
  await withPage(h, '/', async ({ page }) => {
    const first = await openWalletConnect(page)
    wallet().setMode('reject')
    assert.equal((await wallet().pair(first)).outcome, 'rejected')
    await dialog(page).getByText('Connection rejected').waitFor()
    const second = await copyLink(page, first)
    assert.notEqual(second, first)
    wallet().setMode('approve')
    assert.equal((await wallet().pair(second)).outcome, 'approved')
    await dialog(page).waitFor({ state: 'detached' })
    assert.equal(await page.evaluate(() => (window as any).walletModal.getAccount().isConnected), true)
    // The modal's own Disconnect ends the session in the wallet too.
    await page.locator('#disconnect').click()
    await page.locator('#status').filter({ hasText: 'disconnected' }).waitFor()
    for (let i = 0; i < 50 && wallet().sessions().length; i++) await new Promise(r => setTimeout(r, 100))
    assert.equal(wallet().sessions().length, 0)
  })
})

test('with fake time, a pairing older than 4 minutes is replaced by a new URI', async () => {
  const context = await h.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
  const page = await context.newPage()
  try {
    await page.clock.install()
    await page.goto(h.url)
    const first = await openWalletConnect(page)
    // 3 min 45 s: not yet (it counts as expired 10 s before the 4 minutes).
    await page.clock.fastForward('03:45')
    await page.clock.runFor(2000)
    assert.equal(await page.evaluate(() => (window as any).walletModal.connection.state.wcUri), first)
    await page.clock.fastForward('00:10')
    await page.clock.runFor(2000)
    const second = await copyLink(page, first)
    assert.notEqual(second, first)
  } finally {
    await context.close()
  }
})

test('a directory wallet opens ConnectingWalletConnect with its image, QR code and an Open link carrying the URI', () =>
  withPage(h, '/', async ({ page }) => {
    await connectButton(page, 'Connect Wallet').click()
    await dialog(page).getByRole('button', { name: 'All Wallets' }).click()
    await dialog(page).getByRole('heading', { name: 'All Wallets' }).waitFor()
    await dialog(page).getByRole('searchbox').fill('Harbor')
    await dialog(page)
      .getByRole('button', { name: /^Harbor Wallet/ })
      .click()
    await dialog(page).getByRole('heading', { name: 'Harbor Wallet' }).waitFor()
    const uri = await copyLink(page)
    // Harbor has a web app (https) and no desktop app: the link opens the web app with the URI.
    const open = dialog(page).getByRole('link', { name: 'Open Harbor Wallet' })
    assert.equal(await open.getAttribute('href'), `https://app.harborwallet.example/wc?uri=${encodeURIComponent(uri)}`)
    assert.equal(await open.getAttribute('target'), '_blank')
  }))
