// The bootstrap (the demo loads `/dist/boot/boot.js`): the button paints before React and core
// load, a click before the hand-over is kept and opens Connect, a returning visitor sees the stored
// account and balance from the first paint, and the hand-over to React changes nothing on screen.
// The rest of the modal is held back by routing its loader chunk until the test lets it through.
// The dialog's font comes with the dialog, from the page's own origin.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { Page, Request, Route } from 'playwright-core'
import { evaluateNamed } from './a11yChecks.js'
import { connectButton, connectDevnetWallet, dialog, harnessPerFile, heading, openPage } from './harness.js'

const h = harnessPerFile()

/** Holds the bootstrap's loader (the chunk that brings React and core) until `release()`. */
async function holdHandOver(page: Page): Promise<{ requested: Promise<void>; release(): Promise<void> }> {
  let route: Route | undefined
  let requested!: () => void
  const asked = new Promise<void>(resolve => (requested = resolve))
  await page.route(/\/dist\/boot\/chunks\/handOver-[\w-]+\.js$/, r => {
    route = r
    requested()
  })
  return {
    requested: asked,
    async release() {
      await asked
      await route!.continue()
    }
  }
}

/** A fresh page with the loader held, recording console errors, then the demo. */
async function openHeld(): Promise<{
  context: import('playwright-core').BrowserContext
  page: Page
  errors: string[]
  held: Awaited<ReturnType<typeof holdHandOver>>
}> {
  const context = await h.browser.newContext()
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', m => void (m.type() === 'error' && errors.push(`console: ${m.text()}`)))
  page.on('pageerror', e => errors.push(`pageerror: ${e.message}`))
  const held = await holdHandOver(page)
  await page.goto(`${h.url}/`)
  return { context, page, errors, held }
}

/** Polls `condition` until it holds, failing after 15 s with `what`. */
async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise(resolve => setTimeout(resolve, 20))
  }
}

/** The modal's own scripts the page has loaded so far (paths under /dist/). */
const scriptsLoaded = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map(e => new URL(e.name).pathname)
      .filter(p => p.startsWith('/dist/') && p.endsWith('.js'))
  )

/** What the button shows and how it sits, read in the page. */
const buttonLook = (page: Page) =>
  evaluateNamed(
    page,
    () => {
      const b = document.querySelector('connect-button')!.shadowRoot!.querySelector('button')!
      const r = b.getBoundingClientRect()
      return {
        text: b.textContent,
        busy: b.getAttribute('aria-busy'),
        label: b.getAttribute('aria-label'),
        box: [r.x, r.y, r.width, r.height].map(n => Math.round(n * 10) / 10),
        root: b.parentElement!.className
      }
    },
    undefined
  )

test('the button paints before React and core load; a click before the hand-over opens Connect once they have', async () => {
  const { context, page, errors, held } = await openHeld()
  try {
    await connectButton(page, 'Connect Wallet').waitFor()
    // Nothing but the bootstrap of the modal's code is loaded: no React, no core.
    assert.deepEqual(await scriptsLoaded(page), ['/dist/boot/boot.js'])
    const painted = await buttonLook(page)
    assert.equal(painted.root, 'wm-root wm-theme-light')
    await connectButton(page).click()
    // Kept: the button says it is busy, the loader is asked for.
    await connectButton(page, 'Connecting...').waitFor()
    assert.equal((await buttonLook(page)).busy, 'true')
    await held.requested
    assert.equal(await dialog(page).count(), 0)
    await held.release()
    await heading(page, 'Connect Wallet')
    await dialog(page)
      .getByRole('button', { name: /^Devnet Wallet/ })
      .waitFor()
    assert.ok(
      (await scriptsLoaded(page)).some(p => /\/dist\/boot\/chunks\/WalletModal-/.test(p)),
      'the dialog came from the bootstrap build'
    )
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('a returning visitor sees the stored account and balance from the first paint, and the hand-over moves nothing', async () => {
  const { context, page, errors } = await openPage(h, '/')
  try {
    const address = await connectDevnetWallet(page)
    const short = `${address.slice(0, 6)}…${address.slice(-4)}`
    await page.locator('connect-button').getByTestId('button-balance').waitFor()
    const connected = await buttonLook(page)
    // A reload with the loader held: the painted button is the returning visitor's.
    const held = await holdHandOver(page)
    await page.reload()
    await page
      .locator('connect-button')
      .getByRole('button', { name: `Account ${address}` })
      .waitFor()
    const painted = await buttonLook(page)
    assert.deepEqual(await scriptsLoaded(page), ['/dist/boot/boot.js'])
    assert.equal(painted.busy, 'true', 'busy until the wallet confirms')
    // The stored balance and the shortened address (the name service's name, when the connected
    // button showed one, comes later, from the name lookup after reconnecting).
    const balance = connected.text!.match(/^[\d.,]+ ETH/)?.[0]
    assert.ok(balance && painted.text === `${balance}${short}`, `painted "${painted.text}", connected "${connected.text}"`)
    // What React's button is at the hand-over, read in the same task as it (before anything the
    // reconnect brings), and the layout shifts the browser reports from here on.
    await evaluateNamed(
      page,
      () => {
        const root = document.querySelector('connect-button')!.shadowRoot!
        const first = root.querySelector('button')!
        const w = window as unknown as { shifts: number; handedOver?: { text: string | null; box: number[] } }
        w.shifts = 0
        new PerformanceObserver(list => {
          for (const e of list.getEntries()) w.shifts += (e as unknown as { value: number }).value
        }).observe({ type: 'layout-shift' })
        const mo = new MutationObserver(() => {
          if (first.isConnected) return
          const b = root.querySelector('button')!
          const r = b.getBoundingClientRect()
          w.handedOver = { text: b.textContent, box: [r.x, r.y, r.width, r.height].map(n => Math.round(n * 10) / 10) }
          mo.disconnect()
        })
        mo.observe(root, { childList: true, subtree: true })
      },
      undefined
    )
    await held.release()
    await page.waitForFunction(() => !!(window as unknown as { handedOver?: unknown }).handedOver)
    const after = await page.evaluate(() => (window as unknown as { handedOver: { text: string | null; box: number[] } }).handedOver)
    assert.deepEqual(after.box, painted.box, 'the button did not move or resize')
    assert.equal(after.text, painted.text)
    // Two frames on, every shift of the hand-over's frame has been reported: none.
    await page.evaluate(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))))
    assert.equal(await page.evaluate(() => (window as unknown as { shifts: number }).shifts), 0, 'no layout shift')
    await page.waitForFunction(() => (window as any).walletModal.getAccount().status === 'connected')
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('attributes and listeners set before the hand-over work after it', async () => {
  const { context, page, errors, held } = await openHeld()
  try {
    await connectButton(page, 'Connect Wallet').waitFor()
    await page.evaluate(() => {
      const b = document.querySelector('connect-button')!
      b.setAttribute('label', 'Sign in with a wallet')
      ;(window as unknown as { seen: string[] }).seen = []
      document.addEventListener('wm-connect', e => (window as unknown as { seen: string[] }).seen.push((e as CustomEvent).detail.address))
    })
    await connectButton(page, 'Sign in with a wallet').waitFor()
    await held.release()
    await page.waitForFunction(() => !!(window as any).walletModal.getNetwork())
    await connectButton(page, 'Sign in with a wallet').waitFor()
    const address = await connectDevnetWallet(page)
    await page.waitForFunction(a => (window as unknown as { seen: string[] }).seen.includes(a), address)
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test("the dialog's font (Inter) is the modal's own file, fetched from the page's origin when the dialog first opens, never for the button", async () => {
  const { context, page, errors } = await openPage(h, '/')
  try {
    const fonts: { url: string; status: number; type: string | undefined }[] = []
    page.on(
      'response',
      r => void (r.request().resourceType() === 'font' && fonts.push({ url: r.url(), status: r.status(), type: r.headers()['content-type'] }))
    )
    const interFaces = () =>
      page.evaluate(() => {
        const found: string[] = []
        document.fonts.forEach(f => void (f.family.replace(/["']/g, '') === 'Inter' && found.push(f.status)))
        return found
      })
    await connectButton(page, 'Connect Wallet').waitFor()
    // The button paints with the system fonts: no font file is asked for before the dialog opens.
    const fontFilesBefore = await page.evaluate(() => performance.getEntriesByType('resource').filter(e => /\.woff2(?:$|\?)/.test(e.name)).length)
    assert.equal(fontFilesBefore, 0)
    assert.deepEqual(await interFaces(), [])
    await connectButton(page, 'Connect Wallet').click()
    await heading(page, 'Connect Wallet')
    await page.waitForFunction(() => {
      let loaded = false
      document.fonts.forEach(f => void (f.family.replace(/["']/g, '') === 'Inter' && f.status === 'loaded' && (loaded = true)))
      return loaded
    })
    assert.deepEqual(await interFaces(), ['loaded'])
    // One request, to the page's own origin (the demo's CSP, default-src 'self', allowed it: no
    // violation in the console), for the bootstrap build's copy of the file.
    assert.equal(fonts.length, 1, JSON.stringify(fonts))
    const [font] = fonts
    assert.equal(new URL(font!.url).origin, new URL(h.url).origin)
    assert.match(new URL(font!.url).pathname, /^\/dist\/boot\/fonts\/inter-latin-wght-normal-[\w-]+\.woff2$/)
    assert.equal(font!.status, 200)
    assert.equal(font!.type, 'font/woff2')
    // The dialog's text is set in it.
    const dialogFont = await dialog(page).evaluate(el => ({ family: getComputedStyle(el).fontFamily, ready: document.fonts.check(`600 14px Inter`) }))
    assert.match(dialogFont.family, /^Inter,/)
    assert.equal(dialogFont.ready, true)
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('on a page left idle after the hand-over, a click opens Connect without a single request before it paints', async () => {
  const { context, page, errors } = await openPage(h, '/')
  try {
    // Requests in flight, from the browser's side (the page's own resource timing lists only the
    // finished ones; a request the page started before these listeners is listed when finished).
    const inFlight = new Set<Request>()
    page.on('request', r => void inFlight.add(r))
    page.on('requestfinished', r => void inFlight.delete(r))
    page.on('requestfailed', r => void inFlight.delete(r))
    await connectButton(page, 'Connect Wallet').waitFor()
    // The idle prefetch: the dialog's chunk and what a first open shows beside it (the footer
    // link, the font loader), the services' wallet list and its images
    // (requested together once the list has come: when one has been, all have).
    const loaded = () =>
      evaluateNamed(
        page,
        () => {
          const names = performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)
          const chunk = (name: string) => names.some(p => new RegExp(`^/dist/boot/chunks/${name}-[\\w-]+\\.js$`).test(p))
          return (
            ['WalletModal', 'BrandingFooter', 'loadModalFont'].every(chunk) &&
            names.some(p => p.endsWith('/getWallets')) &&
            names.some(p => p.includes('/getWalletImage/'))
          )
        },
        undefined
      )
    await until(async () => (await loaded()) && inFlight.size === 0, 'the idle prefetch')
    // Watches, from the click on, for the Connect view's first wallet row, and keeps when both
    // happened (the page's clock), to list what the page requested in between.
    await evaluateNamed(
      page,
      () => {
        const w = window as unknown as { __clickToConnect?: { from: number; to: number } }
        // Room for every entry: a full buffer would hide the requests this test looks for.
        performance.setResourceTimingBufferSize(10_000)
        document.addEventListener(
          'click',
          e => {
            const from = e.timeStamp
            const frame = () => {
              const row = document.querySelector('wallet-modal')?.shadowRoot?.querySelector('[role="dialog"] ul[aria-label="Wallets"] li button')
              if (!row || row.getBoundingClientRect().height === 0) return void requestAnimationFrame(frame)
              w.__clickToConnect = { from, to: performance.now() }
            }
            frame()
          },
          { capture: true, once: true }
        )
      },
      undefined
    )
    await connectButton(page, 'Connect Wallet').click()
    await heading(page, 'Connect Wallet')
    const span = (await (await page.waitForFunction(() => (window as unknown as { __clickToConnect?: unknown }).__clickToConnect)).jsonValue()) as {
      from: number
      to: number
    }
    // Resource timing lists a request once it has finished: every request the page has started
    // by now (the idle preloads after the paint too) is let finish first.
    await until(async () => inFlight.size === 0, 'the requests in flight')
    const requested = await page.evaluate(
      ({ from, to }) =>
        performance
          .getEntriesByType('resource')
          .filter(r => r.startTime >= from && r.startTime <= to)
          .map(r => r.name),
      span
    )
    assert.deepEqual(requested, [])
    // What the visitor does next still loads, once the browser is idle: the next views' code and
    // the connection announcer (it says "Connecting to …" once a wallet is picked).
    await page.waitForFunction(() =>
      ['ConnectingExternalView', 'ConnectionAnnouncer'].every(name =>
        performance.getEntriesByType('resource').some(e => new RegExp(`/${name}-[\\w-]+\\.js$`).test(e.name))
      )
    )
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})
