import type { Browser, BrowserContext, Page } from 'playwright-core'
/** Types of sharedBrowserContext.mjs, for the Node test that checks it. */
export declare function sharedBrowserContext(): (args: { browser: Browser }) => Promise<Pick<BrowserContext, 'close'> & { newPage(): Promise<Page> }>
