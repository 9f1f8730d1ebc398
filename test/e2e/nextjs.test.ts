// The Next.js example (examples/nextjs), built with `next build` against wagmi 3 and against
// wagmi 2, served by `next start`: the server's HTML holds the button, the Devnet Wallet connects
// through the modal, wagmi's useSendTransaction sends through that connection and the transaction
// is mined on the devnet, and a reload shows the account from the first HTML on, never
// 'Connect Wallet'.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { startNextExample } from '../../packages/devnet/src/index.js'
import { dialog, harnessPerFile, rpc } from './harness.js'

const h = harnessPerFile()
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const CHAIN_ID = 31337

/** Whether any JavaScript file under `dir` contains `text`. */
function chunksInclude(dir: string, text: string): boolean {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).some(e => e.isFile() && e.name.endsWith('.js') && readFileSync(`${e.parentPath}/${e.name}`, 'utf8').includes(text))
}

for (const major of ['3', '2'] as const) {
  test(`Next.js + wagmi ${major}: next build, server-rendered button, connect, useSendTransaction mined, reload without a flash of Connect Wallet`, async () => {
    // As `npm start` runs it: built for the devnet's chain, the Devnet Wallet taken from the demo server.
    const site = await startNextExample({ port: 0, chain: { chainId: CHAIN_ID, rpcUrl: h.rpc[CHAIN_ID]! }, demoUrl: h.url, wagmiMajor: major, distDir: `.next-wagmi${major}` })
    // The build holds the wagmi major asked for (wagmi writes its version into its errors).
    const wanted = JSON.parse(readFileSync(`${ROOT}node_modules/${major === '2' ? 'wagmi2' : 'wagmi'}/package.json`, 'utf8')).version as string
    assert.ok(chunksInclude(`${site.distDir}/static/chunks`, `wagmi@${wanted}`), `the client chunks hold wagmi ${wanted}`)
    const context = await h.browser.newContext()
    try {
      // The server's HTML, first visit: the button is there, saying Connect Wallet.
      const first = await (await fetch(site.url)).text()
      assert.match(first, /<connect-button[^>]*><span data-wm-fallback="">Connect Wallet<\/span><\/connect-button>/)

      const page = await context.newPage()
      const errors: string[] = []
      page.on('console', m => void (m.type() === 'error' && errors.push(`${m.text()} ${m.location().url}`)))
      page.on('pageerror', e => errors.push(e.message))
      await page.goto(site.url)
      // What site authors write (FACTS): the only button inside <connect-button> is the element's.
      await page.locator('connect-button button').click()
      await dialog(page).getByRole('button', { name: /Devnet Wallet/ }).first().click()
      await page.locator('#wagmi-status').filter({ hasText: 'connected' }).waitFor()
      await page.locator('#modal-status').filter({ hasText: /^connected$/ }).waitFor()
      const address = (await page.locator('#modal-address').innerText()).trim()
      assert.equal((await page.locator('#wagmi-address').innerText()).trim().toLowerCase(), address.toLowerCase())

      // wagmi's useSendTransaction, through the modal's connection, mined on the devnet.
      const to = `0x${[...crypto.getRandomValues(new Uint8Array(20))].map(b => b.toString(16).padStart(2, '0')).join('')}`
      await page.getByLabel('Send 0.01 ETH to').fill(to)
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      await page.locator('#mined').waitFor()
      assert.equal(BigInt(await rpc<string>(h.rpc[CHAIN_ID]!, 'eth_getBalance', [to, 'latest'])), 10_000_000_000_000_000n)

      // The server's HTML for this visitor (their cookies): the account, not Connect Wallet.
      const cookie = (await context.cookies(site.url)).map(c => `${c.name}=${c.value}`).join('; ')
      const again = await (await fetch(site.url, { headers: { cookie } })).text()
      const short = `${address.slice(0, 6)}…${address.slice(-4)}`
      assert.ok(again.includes(`data-wm-fallback="">${short}</span>`), 'the server-rendered button shows the account')
      assert.ok(!again.includes('Connect Wallet'))

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
      await page.locator('#modal-status').filter({ hasText: /^connected$/ }).waitFor()
      await page.locator('#wagmi-status').filter({ hasText: /^connected$/ }).waitFor()
      await page.locator('connect-button').getByRole('button', { name: `Account ${address}` }).waitFor()
      const texts = await page.evaluate(() => (window as unknown as { __buttonTexts: string[] }).__buttonTexts)
      assert.ok(texts.length > 0 && texts.every(t => t.includes(short)), `the button showed: ${texts.join(' | ')}`)
      assert.deepEqual(errors, [])
    } finally {
      await context.close()
      await site.stop()
    }
  })
}
