// The browser tests' files share one Chromium context (test/wtr/sharedBrowserContext.mjs): what one
// file stored must be gone for the next, and what the HTTP cache holds must stay.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.mjs'
import { sharedBrowserContext } from '../wtr/sharedBrowserContext.mjs'

/** What a page of the origin finds stored: local storage keys, IndexedDB databases, cookies. */
const STORED = `(async () => ({
  local: Object.keys(localStorage),
  databases: (await indexedDB.databases()).map(d => d.name),
  cookies: document.cookie,
  loaded: window.loaded
}))()`

test("a file's page starts with none of the previous file's storage, and reuses its cached modules", async () => {
  let moduleRequests = 0
  const server = createServer((req, res) => {
    if (req.url === '/module.js') {
      moduleRequests++
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'max-age=3600' })
      res.end('window.loaded = true')
      return
    }
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end('<!doctype html><script type="module" src="/module.js"></script>')
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS })
  try {
    const createContext = sharedBrowserContext()
    const first = await createContext({ browser })
    const page = await first.newPage()
    await page.goto(`${origin}/`)
    await page.waitForFunction('window.loaded === true')
    await page.evaluate(`(async () => {
      localStorage.setItem('wallet-modal', 'left behind')
      document.cookie = 'session=1; max-age=3600'
      await new Promise((resolve, reject) => {
        const open = indexedDB.open('left-behind')
        open.onsuccess = () => { open.result.close(); resolve() }
        open.onerror = () => reject(open.error)
      })
    })()`)
    assert.deepEqual(await page.evaluate(STORED), { local: ['wallet-modal'], databases: ['left-behind'], cookies: 'session=1', loaded: true })
    await first.close()
    assert.equal(page.isClosed(), true)

    const second = await createContext({ browser })
    const next = await second.newPage()
    await next.goto(`${origin}/`)
    await next.waitForFunction('window.loaded === true')
    assert.deepEqual(await next.evaluate(STORED), { local: [], databases: [], cookies: '', loaded: true })
    assert.equal(moduleRequests, 1, 'the second page took the module from the shared HTTP cache')
    // The context is the same one: a third file's page lives in it too.
    assert.equal(next.context(), page.context())
    await second.close()
  } finally {
    await browser.close()
    server.close()
  }
})
