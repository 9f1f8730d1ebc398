// The browser tests' pages share one Playwright context (web-test-runner.config.mjs).

/** What a test file may leave behind in its origins (the HTTP cache, which is the point, stays). */
const STORAGE_TYPES = 'cookies,file_systems,indexeddb,local_storage,service_workers,cache_storage,websql,shared_storage,storage_buckets'

/**
 * A `createBrowserContext` for `@web/test-runner-playwright`: one browser context for all the test
 * files, each file in a page of its own. The modules the files share (the sources, viem, the
 * devnet's wallets: about 800 requests per file) are then fetched and compiled once instead of
 * once per file, as a context of its own per file did (docs/performance.md, "The repository's
 * loops"). Each file still starts from empty storage: when its page closes, the cookies, local
 * storage, IndexedDB, service workers and caches of every origin it visited are cleared, and the
 * permissions it was granted. What the launcher gets is the file's view of the context: a
 * `newPage()` and a `close()` that closes that page only.
 *
 * @returns The `createBrowserContext` option.
 * @example
 * ```js
 * playwrightLauncher({ product: 'chromium', createBrowserContext: sharedBrowserContext() })
 * ```
 */
export function sharedBrowserContext() {
  let shared
  return async ({ browser }) => {
    shared ??= browser.newContext()
    const context = await shared
    const origins = new Set()
    let page
    return {
      async newPage() {
        page = await context.newPage()
        page.on('framenavigated', frame => {
          const { origin } = new URL(frame.url())
          if (origin.startsWith('http')) origins.add(origin)
        })
        return page
      },
      async close() {
        try {
          if (page && origins.size > 0) {
            const cdp = await context.newCDPSession(page)
            try {
              for (const origin of origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: STORAGE_TYPES })
            } finally {
              await cdp.detach().catch(() => undefined)
            }
          }
        } finally {
          await page?.close()
          await context.clearCookies()
          await context.clearPermissions()
        }
      }
    }
  }
}
