// The Next.js example (examples/nextjs), built with `next build` against wagmi 3 and against
// wagmi 2, served by `next start`: the server's HTML holds the button, the Devnet Wallet connects
// through the modal, wagmi's useSendTransaction sends through that connection and the transaction
// is mined on the devnet, and a reload shows the account from the first HTML on, never
// 'Connect Wallet'.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { connectButton, dialog, harnessPerFile, pageWithDevnetWallet, rpc } from './harness.js'

const h = harnessPerFile()
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const EXAMPLE = `${ROOT}examples/nextjs`
const NEXT_BIN = `${ROOT}node_modules/next/dist/bin/next`
const CHAIN_ID = 31337

/** Runs a command to its end; rejects with its output when it fails. */
function run(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: EXAMPLE, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', d => (out += d))
    child.stderr.on('data', d => (out += d))
    child.on('error', reject)
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} ended with ${code ?? signal}:\n${out}`))))
  })
}

/** Whether any JavaScript file under `dir` contains `text`. */
function chunksInclude(dir: string, text: string): boolean {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).some(e => e.isFile() && e.name.endsWith('.js') && readFileSync(`${e.parentPath}/${e.name}`, 'utf8').includes(text))
}

/** A port nothing listens on now (the OS's pick). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

/** Starts `next start` on a free port and waits until it answers. */
async function start(env: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, [NEXT_BIN, 'start', '-p', String(port), '-H', '127.0.0.1'], { cwd: EXAMPLE, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout!.on('data', d => (out += d))
  child.stderr!.on('data', d => (out += d))
  const url = `http://127.0.0.1:${port}`
  await new Promise<void>((resolve, reject) => {
    child.once('exit', code => reject(new Error(`next start ended with ${code}:\n${out}`)))
    const poll = () =>
      fetch(url, { signal: AbortSignal.timeout(5000) }).then(
        () => resolve(),
        () => (child.exitCode === null ? setImmediate(poll) : undefined)
      )
    poll()
  })
  return {
    url,
    stop: () =>
      new Promise<void>(resolve => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      })
  }
}

for (const major of ['3', '2'] as const) {
  test(`Next.js + wagmi ${major}: next build, server-rendered button, connect, useSendTransaction mined, reload without a flash of Connect Wallet`, async () => {
    const env = {
      WAGMI_MAJOR: major,
      NEXT_DIST_DIR: `.next-wagmi${major}`,
      NEXT_TELEMETRY_DISABLED: '1',
      NEXT_PUBLIC_RPC_URL: h.rpc[CHAIN_ID]!,
      NEXT_PUBLIC_CHAIN_ID: String(CHAIN_ID)
    }
    await run([NEXT_BIN, 'build'], env)
    // The build holds the wagmi major asked for (wagmi writes its version into its errors).
    const wanted = JSON.parse(readFileSync(`${ROOT}node_modules/${major === '2' ? 'wagmi2' : 'wagmi'}/package.json`, 'utf8')).version as string
    assert.ok(chunksInclude(`${EXAMPLE}/${env.NEXT_DIST_DIR}/static/chunks`, `wagmi@${wanted}`), `the client chunks hold wagmi ${wanted}`)
    const site = await start(env)
    const context = await h.browser.newContext()
    try {
      // The server's HTML, first visit: the button is there, saying Connect Wallet.
      const first = await (await fetch(site.url)).text()
      assert.match(first, /<connect-button[^>]*><button type="button" data-wm-fallback="">Connect Wallet<\/button><\/connect-button>/)

      const { page, errors } = await pageWithDevnetWallet(h, context)
      await page.goto(site.url)
      await connectButton(page, 'Connect Wallet').click()
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
      assert.ok(again.includes(`data-wm-fallback="">${short}</button>`), 'the server-rendered button shows the account')
      assert.ok(!again.includes('Connect Wallet'))

      // Reload: every text the button shows, from the first HTML on, is the account.
      // A string, not a function: tsx's compiled functions call a helper the page does not have.
      await page.addInitScript(`
        const seen = (window.__buttonTexts = [])
        const record = () => {
          const el = document.querySelector('connect-button')
          for (const b of [el?.querySelector('button'), el?.shadowRoot?.querySelector('button')]) if (b?.textContent && !seen.includes(b.textContent)) seen.push(b.textContent)
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
