// The example sites of examples/ (Vue, Svelte, Angular with their own toolchains; plain HTML on
// the CDN build), built by `npm run build` and served by the demo server at /examples/<name>/ as
// `npm start` serves them, under the demo's strict CSP. In each, a visitor connects the Devnet
// Wallet with the page's <connect-button>; the framework's own state shows the account, its own
// event binding logs wm-connect and wm-disconnect, and the object it bound to the element's
// `core` property is the modal that connected. The plain HTML page's subresource integrity is
// checked by the browser: a changed entry or a changed chunk is refused.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { closeContext, connectButton, dialog, harnessPerFile, openPage } from './harness.js'

const h = harnessPerFile()

const EXAMPLES = [
  { name: 'vue', title: 'wallet-modal + Vue' },
  { name: 'svelte', title: 'wallet-modal + Svelte' },
  { name: 'angular', title: 'wallet-modal + Angular' },
  { name: 'html', title: 'wallet-modal + plain HTML' }
] as const

const byTestId = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`)

for (const { name, title } of EXAMPLES) {
  test(`the ${name} example connects the Devnet Wallet and follows it in its own state and events`, async () => {
    const { context, page, errors } = await openPage(h, `/examples/${name}/`)
    try {
      await page.getByRole('heading', { name: title }).waitFor()
      await byTestId(page, 'status')
        .filter({ hasText: /^disconnected$/ })
        .waitFor()
      await connectButton(page, 'Connect Wallet').click()
      await dialog(page)
        .getByRole('button', { name: /Devnet Wallet/ })
        .first()
        .click()
      await byTestId(page, 'status')
        .filter({ hasText: /^connected$/ })
        .waitFor()
      const address = (await byTestId(page, 'address').innerText()).trim()
      assert.match(address, /^0x[0-9a-fA-F]{40}$/)
      await connectButton(page)
        .getByText(`${address.slice(0, 6)}…${address.slice(-4)}`)
        .waitFor()
      await byTestId(page, 'events').getByText(`wm-connect ${address}`, { exact: true }).waitFor()
      // The object the page bound as a property is the modal that connected.
      const bound = await page
        .locator('connect-button')
        .evaluate(el => (el as unknown as { core?: { getAccount(): { address?: string } } }).core?.getAccount().address)
      assert.equal(bound, address)

      await connectButton(page).click()
      await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
      await byTestId(page, 'status')
        .filter({ hasText: /^disconnected$/ })
        .waitFor()
      await byTestId(page, 'events').getByText('wm-disconnect eip155', { exact: true }).waitFor()
      assert.equal(await byTestId(page, 'events').locator('li').count(), 2)
      assert.equal(await byTestId(page, 'address').innerText(), '')
      assert.deepEqual(errors, [])
    } finally {
      await closeContext(context)
    }
  })
}

test('the plain HTML page refuses a changed CDN entry and a changed chunk (subresource integrity)', async () => {
  // A changed entry: the module never runs, so the tags are never defined.
  {
    const context = await h.browser.newContext()
    try {
      await context.route('**/dist/wallet-modal.js', async route => {
        // A fetch still under way when the context closes ends in an error of its own: not the test's.
        try {
          const response = await route.fetch()
          await route.fulfill({ response, body: `${await response.text()}\n// changed on the way` })
        } catch {
          // the context closed
        }
      })
      const page = await context.newPage()
      const errors: string[] = []
      page.on('console', m => void (m.type() === 'error' && errors.push(m.text())))
      await page.goto(`${h.url}/examples/html/`)
      await page.getByRole('heading', { name: 'wallet-modal + plain HTML' }).waitFor()
      await page.waitForFunction(() => document.readyState === 'complete')
      assert.equal(await page.evaluate(() => customElements.get('connect-button') === undefined), true)
      assert.ok(
        errors.some(e => /integrity/i.test(e)),
        `an integrity error: ${errors.join(' | ')}`
      )
    } finally {
      await closeContext(context)
    }
  }
  // A changed chunk (the dialog's, loaded at the first open): the button paints, the dialog is refused.
  {
    const context = await h.browser.newContext()
    try {
      let changed = 0
      await context.route('**/dist/chunks/WalletModal-*.js', async route => {
        // A second fetch of the chunk (ahead, then on the click) may still run when the context
        // closes: its error is not the test's.
        try {
          const response = await route.fetch()
          changed += 1
          await route.fulfill({ response, body: `${await response.text()}\n// changed on the way` })
        } catch {
          // the context closed
        }
      })
      const page = await context.newPage()
      const errors: string[] = []
      page.on('console', m => void (m.type() === 'error' && errors.push(m.text())))
      await page.goto(`${h.url}/examples/html/`)
      await connectButton(page, 'Connect Wallet').click()
      await page.waitForFunction(() => document.querySelector('wallet-modal') !== null)
      // The page fetched the changed chunk (ahead or on the click) and the browser refused it.
      for (const started = Date.now(); !errors.some(e => /integrity/i.test(e)); ) {
        assert.ok(Date.now() - started < 10_000, `an integrity error: ${errors.join(' | ')}`)
        await new Promise(r => setTimeout(r, 50))
      }
      assert.ok(changed >= 1)
      assert.equal(await dialog(page).count(), 0)
    } finally {
      await closeContext(context)
    }
  }
})
