// On a phone (mobile user agent), the directory lists only wallets a phone can open: those with a
// mobile link, plus the spec's exceptions (spec §5: Coinbase; Solflare and Phantom on Solana).
// The installed Devnet Wallet stays on Connect.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { harnessPerFile } from './harness.js'

const SHOTS = join(process.cwd(), 'test-results', 'mobile')

const h = harnessPerFile()

const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

test('on a phone, All Wallets keeps only wallets with a mobile link; a chosen wallet opens by its mobile link with the URI', async () => {
  const context = await h.browser.newContext({ userAgent: IPHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', e => errors.push(e.message))
  try {
    await page.goto(h.url)
    const dialog = page.locator('wallet-modal').getByRole('dialog')
    await page.locator('connect-button').getByRole('button').click()
    // The installed wallet is still offered on Connect.
    await dialog
      .getByRole('button', { name: /Devnet Wallet/ })
      .first()
      .waitFor()
    await dialog.getByRole('button', { name: /^All Wallets/ }).click()
    await dialog.locator('.wm-grid-item').first().waitFor()
    const shown = await dialog.locator('.wm-grid-item').evaluateAll(items => items.map(i => i.getAttribute('aria-label')!.replace(/, Installed$/, '')))
    // What the directory says about those wallets, read from the service itself.
    const directory: { name: string; mobile_link: string | null }[] = []
    for (let pageNo = 1; ; pageNo++) {
      const u = new URL('/getWallets', h.serviceUrl)
      for (const [k, v] of Object.entries({ projectId: 'demo', st: 't', sv: 't', page: String(pageNo), entries: '100', chains: 'eip155,solana,bip122' }))
        u.searchParams.set(k, v)
      const r = (await (await fetch(u)).json()) as { data: { name: string; mobile_link: string | null }[]; count: number }
      directory.push(...r.data)
      if (r.data.length === 0 || directory.length >= r.count) break
    }
    const byName = new Map(directory.map(w => [w.name, w]))
    assert.ok(shown.length > 0)
    for (const name of shown) {
      const w = byName.get(name)
      // The demo's active namespace is EVM: Solflare and Phantom are exceptions on Solana only.
      const exception = /coinbase/i.test(name)
      assert.ok(exception || w?.mobile_link, `${name} has no mobile link`)
    }
    assert.ok(!shown.includes('Devnet Wallet'), 'the extension-only Devnet Wallet is not in the phone directory list')
    assert.ok(
      directory.some(w => !w.mobile_link && w.name !== 'Devnet Wallet'),
      'the sample directory has desktop-only wallets to filter'
    )

    // A wallet with an app scheme: its Open link carries the pairing URI, encoded, and opens the app.
    await dialog.getByRole('searchbox').fill('Harbor')
    await dialog.getByRole('button', { name: /^Harbor Wallet/ }).click()
    await dialog.getByRole('img', { name: 'WalletConnect QR code' }).waitFor()
    const uri = await page.evaluate(() => (window as any).walletModal.connection.state.wcUri as string)
    const open = dialog.getByRole('link', { name: 'Open Harbor Wallet' })
    assert.equal(await open.getAttribute('href'), `harborwallet://wc?uri=${encodeURIComponent(uri)}`)
    assert.equal(await open.getAttribute('target'), '_self')
    // The demo page fits the phone: nothing wider than the screen.
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390)
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36'
const MAC_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'
const PHONES = [
  { name: 'iPhone', userAgent: IPHONE_UA, viewport: { width: 390, height: 844 } },
  { name: 'Android', userAgent: ANDROID_UA, viewport: { width: 390, height: 844 } }
] as const

/** Opens Connect in a fresh context with this device's user agent; resolves with the page and its dialog. */
async function openOn(device: { userAgent: string; viewport: { width: number; height: number }; telegram?: boolean }, mobile = true) {
  const context = await h.browser.newContext({ userAgent: device.userAgent, viewport: device.viewport, isMobile: mobile, hasTouch: mobile })
  // Telegram's in-app browser exposes its bridge on the page.
  if (device.telegram) await context.addInitScript(() => ((window as any).TelegramWebviewProxy = { postEvent() {} }))
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', e => errors.push(e.message))
  await page.goto(h.url)
  const dialog = page.locator('wallet-modal').getByRole('dialog')
  await page.locator('connect-button').getByRole('button').click()
  await dialog.getByRole('heading', { name: 'Connect Wallet' }).waitFor()
  // The finger leaves the screen: no pointer left over the sheet the tap opened.
  await page.mouse.move(0, 0)
  return { context, page, dialog, errors }
}

test('on a phone the modal is a bottom sheet that fits the screen, with 44 px targets; iPhone and Android render it alike', async () => {
  const shots: Buffer[] = []
  const layouts: string[][] = []
  for (const device of PHONES) {
    const { context, page, dialog, errors } = await openOn(device)
    try {
      await dialog.getByTestId('social-logins').waitFor({ timeout: 15_000 })
      // Everything Connect loads (directory wallets and their images) is in, and the sheet has slid in.
      await page.waitForFunction(() => {
        const root = document.querySelector('wallet-modal')!.shadowRoot!
        const imgs = [...root.querySelectorAll('img')]
        // (The footer link comes with a chunk of its own, just after the dialog.)
        return (
          root.querySelectorAll('.wm-list-item').length > 3 &&
          !!root.querySelector('[data-testid="wm-branding"]') &&
          imgs.every(i => i.complete) &&
          root.querySelector('.wm-dialog')!.getAnimations().length === 0
        )
      })
      const box = (await dialog.boundingBox())!
      const { width, height } = device.viewport
      assert.ok(Math.abs(box.x) <= 0.5 && Math.abs(box.width - width) <= 0.5, `${device.name}: full width (${box.x}, ${box.width})`)
      assert.ok(Math.abs(box.y + box.height - height) <= 0.5, `${device.name}: anchored to the bottom (${box.y} + ${box.height})`)
      assert.ok(box.y >= 0 && box.height <= height, `${device.name}: fits the screen`)
      const layout = await dialog.evaluate(d => ({
        scroll: d.scrollWidth - d.clientWidth,
        page: document.documentElement.scrollWidth,
        small: [...d.querySelectorAll('button, a')]
          .map(t => ({ t: t.getAttribute('aria-label') ?? t.textContent?.trim(), r: t.getBoundingClientRect() }))
          .filter(({ r }) => r.width > 0 && (r.width < 44 || r.height < 44))
          .map(({ t, r }) => `${t} ${Math.round(r.width)}x${Math.round(r.height)}`)
      }))
      assert.equal(layout.scroll, 0, `${device.name}: no horizontal scroll in the sheet`)
      assert.ok(layout.page <= width, `${device.name}: no horizontal scroll on the page`)
      assert.deepEqual(layout.small, [], `${device.name}: every target at least 44 px`)
      // The installed wallets announce themselves in whatever order they load: masked.
      shots.push(await dialog.screenshot({ animations: 'disabled', caret: 'hide', mask: [dialog.locator('.wm-list-item').filter({ hasText: 'Installed' })] }))
      // What is drawn where, relative to the sheet: every heading, button, link, field and image with
      // its text and its box, rounded to whole pixels (the rasteriser's subpixel choices are not
      // compared: another machine's fonts and anti-aliasing differ).
      layouts.push(
        await dialog.evaluate(d => {
          const origin = d.getBoundingClientRect()
          return [...d.querySelectorAll('h1, h2, button, a, input, img, p')]
            .filter(e => !e.closest('.wm-list-item')?.textContent?.includes('Installed'))
            .map(e => {
              const r = e.getBoundingClientRect()
              return `${e.tagName} ${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 40)} @${Math.round(r.left - origin.left)},${Math.round(r.top - origin.top)} ${Math.round(r.width)}x${Math.round(r.height)}`
            })
        })
      )
      assert.deepEqual(errors, [])
    } finally {
      await context.close()
    }
  }
  // Kept for a person to look at (test-results is ignored by git).
  mkdirSync(SHOTS, { recursive: true })
  PHONES.forEach((d, i) => writeFileSync(join(SHOTS, `connect-sheet-${d.name}.png`), shots[i]!))
  // Alike: the same things at the same places with the same sizes (within a pixel, for rounding).
  const [a, b] = layouts as [string[], string[]]
  const near = (x: string, y: string) => {
    const [nx, ny] = [x, y].map(v => v.replace(/[-\d]+/g, '#'))
    const [dx, dy] = [x, y].map(v => (v.match(/-?\d+/g) ?? []).map(Number))
    return nx === ny && dx!.length === dy!.length && dx!.every((n, i) => Math.abs(n - dy![i]!) <= 1)
  }
  assert.equal(a.length, b.length, `the same elements on iPhone and Android (see ${SHOTS}):\n${a.join('\n')}\n---\n${b.join('\n')}`)
  a.forEach((line, i) => assert.ok(near(line, b[i]!), `the same sheet on iPhone and Android: "${line}" vs "${b[i]}" (see ${SHOTS})`))
})

test('WalletConnect on a phone offers the wc: pairing link first, the wallets by their mobile links, the QR code one tap away', async () => {
  const { context, page, dialog, errors } = await openOn(PHONES[0])
  try {
    await dialog.getByRole('button', { name: /^WalletConnect/ }).click()
    const open = dialog.getByTestId('wc-open-app')
    await open.waitFor()
    const uri = await page.evaluate(() => (window as any).walletModal.connection.state.wcUri as string)
    assert.match(uri, /^wc:[0-9a-f]{64}@2\?/)
    assert.equal(await open.getAttribute('href'), uri)
    assert.equal(await open.getAttribute('target'), '_self')
    // It is the first thing offered; the wallets with mobile links follow, each carrying the URI.
    // (The dialog's footer link to the operator's about page is not a wallet's.)
    const links = await dialog.locator('a:not([data-testid="wm-branding"] a)').evaluateAll(as => as.map(a => a.getAttribute('href') ?? ''))
    assert.equal(links[0], uri)
    assert.ok(links.length > 1 && links.slice(1).every(l => l.includes(`wc?uri=${encodeURIComponent(uri)}`)), links.join('\n'))
    assert.equal(await dialog.getByRole('img', { name: 'WalletConnect QR code' }).count(), 0)
    await dialog.getByRole('button', { name: 'Show QR code for another device' }).click()
    await dialog.getByRole('img', { name: 'WalletConnect QR code' }).waitFor()
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test("inside Telegram's in-app browser: iOS drops google, Mac drops x, Android drops facebook and x", async () => {
  // The demo project offers google, x, discord, farcaster, github, apple, facebook.
  const expected = {
    iPhone: ['X', 'Discord', 'Farcaster', 'GitHub', 'Apple', 'Facebook'],
    Android: ['Google', 'Discord', 'Farcaster', 'GitHub', 'Apple'],
    Mac: ['Google', 'Discord', 'Farcaster', 'GitHub', 'Apple', 'Facebook']
  }
  const devices = [...PHONES, { name: 'Mac', userAgent: MAC_UA, viewport: { width: 1280, height: 800 } }] as const
  for (const device of devices) {
    const { context, dialog } = await openOn({ ...device, telegram: true }, device.name !== 'Mac')
    try {
      await dialog.getByTestId('social-logins').waitFor({ timeout: 15_000 })
      const names = await dialog
        .getByTestId('social-logins')
        .getByRole('button')
        .evaluateAll(bs => bs.map(b => (b.getAttribute('aria-label') ?? b.textContent ?? '').replace(/^Continue with /, '').trim()))
      assert.deepEqual(names, expected[device.name], device.name)
    } finally {
      await context.close()
    }
  }
  // Outside Telegram, the iPhone keeps google.
  const { context, dialog } = await openOn(PHONES[0])
  try {
    await dialog.getByRole('button', { name: 'Continue with Google' }).waitFor({ timeout: 15_000 })
  } finally {
    await context.close()
  }
})
