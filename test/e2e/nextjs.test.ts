// The Next.js example (examples/nextjs), built with `next build` against wagmi 3 and against
// wagmi 2, served by `next start` with the devnet's wallet-modal server, as `npm start` serves it:
// the server's HTML holds the button, the Devnet Wallet connects through the modal, wagmi's
// useSendTransaction sends through that connection and the transaction is mined on the devnet,
// and a reload shows the account from the first HTML on, never 'Connect Wallet'. The same wagmi
// hooks then send and sign through a WalletConnect session (the dev wallet on the local relay) and
// through the e-mail wallet (approved in the secure site's frame).
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, http, type Address, type Hex } from 'viem'
import { startNextExample, type NextExample } from '../../packages/devnet/src/index.js'
import { codeFromMailbox, dialog, harnessPerFile, rpc, approveRequest } from './harness.js'

const h = harnessPerFile({ setUp: started => assert.ok(started.wcWallet && started.secureSiteUrl, 'the devnet runs its WalletConnect wallet and secure site') })
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const CHAIN_ID = 31337

/** One build per wagmi major, shared by that major's journeys (a build takes 15-25 s). */
const sites = new Map<string, Promise<NextExample>>()
function site(major: '2' | '3'): Promise<NextExample> {
  let started = sites.get(major)
  if (!started) {
    started = startNextExample({
      port: 0,
      chain: { chainId: CHAIN_ID, rpcUrl: h.rpc[CHAIN_ID]! },
      demoUrl: h.url,
      serviceUrl: h.serviceUrl,
      wagmiMajor: major,
      distDir: `.next-wagmi${major}`
    })
    sites.set(major, started)
  }
  return started
}
after(async () => {
  for (const started of sites.values()) await (await started.catch(() => undefined))?.stop()
})

/** A page of the example in a fresh context (clipboard allowed: WalletConnect's Copy link), recording errors. */
async function open(context: BrowserContext, url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', m => void (m.type() === 'error' && errors.push(`${m.text()} ${m.location().url}`)))
  page.on('pageerror', e => errors.push(e.message))
  await page.goto(url)
  return { page, errors }
}

const randomAddress = (): Address => `0x${[...crypto.getRandomValues(new Uint8Array(20))].map(b => b.toString(16).padStart(2, '0')).join('')}`
const balance = async (address: string): Promise<bigint> => BigInt(await rpc<string>(h.rpc[CHAIN_ID]!, 'eth_getBalance', [address, 'latest']))

/** The example's "Send 0.01 ETH" form: wagmi's useSendTransaction; `approve` does the wallet's part. */
async function sendWithWagmi(page: Page, approve: () => Promise<void> = async () => {}): Promise<void> {
  const to = randomAddress()
  await page.getByLabel('Send 0.01 ETH to').fill(to)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await approve()
  await page.locator('#mined').waitFor()
  assert.equal(await balance(to), 10_000_000_000_000_000n)
}

/** The example's "Sign a message": wagmi's useSignMessage; the signature verifies for `address`. */
async function signWithWagmi(page: Page, address: string, approve: () => Promise<void> = async () => {}): Promise<void> {
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await approve()
  await page
    .locator('#signature')
    .filter({ hasText: /^0x[0-9a-f]{130}$/ })
    .waitFor()
  const signature = (await page.locator('#signature').innerText()) as Hex
  // On chain (ERC-1271 for a contract account: the e-mail wallet's smart account; ecrecover for a key).
  const chain = createPublicClient({ transport: http(h.rpc[CHAIN_ID]!) })
  assert.equal(await chain.verifyMessage({ address: address as Address, message: 'Hello from the Next.js example', signature }), true)
}

/** Both sides agree: wagmi and the modal are connected to `address`. */
async function bothConnected(page: Page, address: string): Promise<void> {
  await page
    .locator('#wagmi-status')
    .filter({ hasText: /^connected$/ })
    .waitFor()
  await page
    .locator('#modal-status')
    .filter({ hasText: /^connected$/ })
    .waitFor()
  assert.equal((await page.locator('#wagmi-address').innerText()).trim().toLowerCase(), address.toLowerCase())
  assert.equal((await page.locator('#modal-address').innerText()).trim().toLowerCase(), address.toLowerCase())
}

/** Whether any JavaScript file under `dir` contains `text`. */
function chunksInclude(dir: string, text: string): boolean {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).some(
    e => e.isFile() && e.name.endsWith('.js') && readFileSync(`${e.parentPath}/${e.name}`, 'utf8').includes(text)
  )
}

for (const major of ['3', '2'] as const) {
  test(`Next.js + wagmi ${major}: next build, server-rendered button, connect, useSendTransaction mined, reload without a flash of Connect Wallet`, async () => {
    // As `npm start` runs it: built for the devnet's chain, the Devnet Wallet taken from the demo server.
    const example = await site(major)
    // The build holds the wagmi major asked for (wagmi writes its version into its errors).
    const wanted = JSON.parse(readFileSync(`${ROOT}node_modules/${major === '2' ? 'wagmi2' : 'wagmi'}/package.json`, 'utf8')).version as string
    assert.ok(chunksInclude(`${example.distDir}/static/chunks`, `wagmi@${wanted}`), `the client chunks hold wagmi ${wanted}`)
    const context = await h.browser.newContext()
    try {
      // The server's HTML, first visit: the button is there, saying Connect Wallet.
      const first = await (await fetch(example.url)).text()
      assert.match(first, /<connect-button[^>]*><span data-wm-fallback="">Connect Wallet<\/span><\/connect-button>/)

      const page = await context.newPage()
      const errors: string[] = []
      page.on('console', m => void (m.type() === 'error' && errors.push(`${m.text()} ${m.location().url}`)))
      page.on('pageerror', e => errors.push(e.message))
      await page.goto(example.url)
      // What site authors write (FACTS): the only button inside <connect-button> is the element's.
      await page.locator('connect-button button').click()
      await dialog(page)
        .getByRole('button', { name: /Devnet Wallet/ })
        .first()
        .click()
      await page.locator('#wagmi-status').filter({ hasText: 'connected' }).waitFor()
      await page
        .locator('#modal-status')
        .filter({ hasText: /^connected$/ })
        .waitFor()
      const address = (await page.locator('#modal-address').innerText()).trim()
      assert.equal((await page.locator('#wagmi-address').innerText()).trim().toLowerCase(), address.toLowerCase())

      // wagmi's useSendTransaction, through the modal's connection, mined on the devnet.
      const to = `0x${[...crypto.getRandomValues(new Uint8Array(20))].map(b => b.toString(16).padStart(2, '0')).join('')}`
      await page.getByLabel('Send 0.01 ETH to').fill(to)
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      await page.locator('#mined').waitFor()
      assert.equal(BigInt(await rpc<string>(h.rpc[CHAIN_ID]!, 'eth_getBalance', [to, 'latest'])), 10_000_000_000_000_000n)

      // The server's HTML for this visitor (their cookies): the account, not Connect Wallet.
      const cookie = (await context.cookies(example.url)).map(c => `${c.name}=${c.value}`).join('; ')
      const again = await (await fetch(example.url, { headers: { cookie } })).text()
      const short = `${address.slice(0, 6)}…${address.slice(-4)}`
      assert.ok(again.includes(`data-wm-fallback="">${short}</span>`), 'the server-rendered button shows the account')
      assert.ok(!again.includes('Connect Wallet'))
      // The next visitor without cookies gets none of it (the server keeps no visitor's state).
      const stranger = await (await fetch(example.url)).text()
      assert.ok(!stranger.toLowerCase().includes(address.toLowerCase().slice(2)), "another visitor's HTML holds no address")
      assert.match(stranger, /id="wagmi-status">disconnected</)
      assert.match(stranger, /id="modal-status">disconnected</)

      // Reload: every text the button shows, from the first HTML on, is the account.
      // A string, not a function: tsx's compiled functions call a helper the page does not have.
      await page.addInitScript(`
        const seen = (window.__buttonTexts = [])
        const record = () => {
          const el = document.querySelector('connect-button')
          for (const b of [el?.querySelector('[data-wm-fallback]'), el?.shadowRoot?.querySelector('button')]) if (b?.textContent && !seen.includes(b.textContent)) seen.push(b.textContent)
        }
        new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true })
        const frame = () => (record(), requestAnimationFrame(frame))
        frame()
      `)
      await page.reload()
      await page
        .locator('#modal-status')
        .filter({ hasText: /^connected$/ })
        .waitFor()
      await page
        .locator('#wagmi-status')
        .filter({ hasText: /^connected$/ })
        .waitFor()
      await page
        .locator('connect-button')
        .getByRole('button', { name: `Account ${address}` })
        .waitFor()
      const texts = await page.evaluate(() => (window as unknown as { __buttonTexts: string[] }).__buttonTexts)
      // The account as its short address, or, once looked up, as its name (the service's reverse
      // lookup: the demo's configured identity for this address); never 'Connect Wallet'.
      const names = (await (await fetch(`${h.serviceUrl}/v1/profile/reverse/${address}?projectId=demo&st=test&sv=test`)).json()) as { name: string }[]
      assert.ok(names.length > 0, 'the demo names this account')
      assert.ok(texts.length > 0 && texts.every(t => t.includes(short) || t.includes(names[0]!.name)), `the button showed: ${texts.join(' | ')}`)
      assert.ok(texts[0]!.includes(short), 'the first text, from the server-rendered HTML, is the address')
      assert.deepEqual(errors, [])
    } finally {
      await context.close()
    }
  })
}

test("Next.js + wagmi 2: WalletConnect (the dev wallet on the local relay) is wagmi's connection: useSendTransaction mined, useSignMessage verifies", async () => {
  const example = await site('2')
  const context = await h.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
  try {
    const { page, errors } = await open(context, example.url)
    await page.locator('connect-button button').click()
    await dialog(page)
      .getByRole('button', { name: /^WalletConnect/ })
      .click()
    await dialog(page).getByRole('img', { name: 'WalletConnect QR code' }).waitFor()
    await dialog(page).getByRole('button', { name: 'Copy link' }).click()
    const uri = await page.evaluate(() => navigator.clipboard.readText())
    assert.match(uri, /^wc:[0-9a-f]{64}@2\?/)
    assert.equal((await h.wcWallet!.pair(uri)).outcome, 'approved')
    await bothConnected(page, h.wcWallet!.address)
    const before = h.wcWallet!.log().at(-1)?.seq ?? 0
    await sendWithWagmi(page)
    await signWithWagmi(page, h.wcWallet!.address)
    // Both went to the phone wallet over the relay, and it approved them.
    const handled = h
      .wcWallet!.log()
      .filter(e => e.seq > before && e.kind === 'request' && e.outcome === 'answered')
      .map(e => e.method)
    assert.ok(handled.includes('eth_sendTransaction') && handled.includes('personal_sign'), `the wallet approved: ${handled.join(', ')}`)
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test("Next.js + wagmi 3: the e-mail wallet is wagmi's connection: useSendTransaction and useSignMessage approved in the secure frame", async () => {
  const example = await site('3')
  const context = await h.browser.newContext()
  try {
    const { page, errors } = await open(context, example.url)
    const email = `next-${Date.now().toString(36)}@example.com`
    await page.locator('connect-button button').click()
    await dialog(page).getByTestId('email-input').fill(email)
    await dialog(page).getByTestId('email-submit').click()
    const otp = dialog(page).locator('iframe[data-testid="otp-frame"]').contentFrame()
    await otp.locator('input#otp').fill(await codeFromMailbox(h, page, email))
    await dialog(page).waitFor({ state: 'detached' })
    await page
      .locator('#modal-status')
      .filter({ hasText: /^connected$/ })
      .waitFor()
    const address = (await page.locator('#modal-address').innerText()).trim()
    await bothConnected(page, address)
    // A new account: the devnet funds it (as the demo's faucet does).
    await rpc(h.rpc[CHAIN_ID]!, 'anvil_setBalance', [address, '0xde0b6b3a7640000'])
    const approveInFrame = async () => {
      await dialog(page).getByRole('heading', { name: 'Approve', exact: true }).waitFor()
      await approveRequest(page)
    }
    await sendWithWagmi(page, approveInFrame)
    await signWithWagmi(page, address, approveInFrame)
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})
