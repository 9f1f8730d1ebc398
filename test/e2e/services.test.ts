// The demo page with its self-hosted services, as a person uses it: All Wallets from the
// directory, the token list with USD values after connecting, and nothing but the page's own
// origin and its configured service contacted.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { harnessPerFile, withPage, dialog, connectButton } from './harness.js'

const h = harnessPerFile()

test('All Wallets lists the directory with search; the account shows token balances in USD', () =>
  withPage(h, '/', async ({ page }) => {
    const hosts = new Set<string>()
    page.on('request', r => hosts.add(new URL(r.url()).origin))
    const button = connectButton(page)
    await button.click()
    await dialog(page)
      .getByRole('button', { name: /^All Wallets/ })
      .click()
    await dialog(page).getByRole('heading', { name: 'All Wallets' }).waitFor()
    await assert.doesNotReject(dialog(page).locator('.wm-grid-item').nth(39).waitFor())
    await dialog(page).getByRole('searchbox', { name: 'Search wallet' }).fill('devnet')
    await dialog(page).getByRole('button', { name: 'Devnet Wallet, Installed' }).click()
    // Installed: choosing it from the directory connects it.
    await dialog(page).waitFor({ state: 'detached' })
    await button.click()
    await dialog(page).getByRole('heading', { name: 'Account' }).waitFor()
    const rows = dialog(page).getByTestId('token-row')
    await rows.filter({ hasText: 'DUSD' }).waitFor()
    assert.match(await rows.filter({ hasText: 'DUSD' }).getByTestId('token-value').innerText(), /^\$[\d,]+\.\d\d$/)
    assert.match(await dialog(page).getByTestId('total-usd').innerText(), /^\$[\d,]+\.\d\d$/)
    // The analytics the clicks above sent are stored and readable by the site owner.
    const href = await page.locator('#analytics').getAttribute('href')
    const stored = (await (await fetch(href!)).json()) as { events: { props: { event: string } }[] }
    assert.ok(
      stored.events.some(e => e.props.event === 'CONNECT_SUCCESS'),
      JSON.stringify(stored.events.map(e => e.props.event))
    )
    const allowed = new Set([new URL(h.url).origin, new URL(h.serviceUrl!).origin])
    assert.deepEqual(
      [...hosts].filter(o => !allowed.has(o) && !o.startsWith('data:')),
      []
    )
  }))
