// Browser tests: every `*.test.ts(x)` beside its source, in Debian's Chromium through Playwright.
// React is served as pre-bundled ESM (see test/wtr/reactEsmPlugin.mjs); workspace packages
// resolve to their TypeScript sources; a real devnet (anvil) runs for the tests that need a chain.
import { esbuildPlugin } from '@web/dev-server-esbuild'
import { playwrightLauncher } from '@web/test-runner-playwright'
import { defaultReporter } from '@web/test-runner'
import { summaryReporter } from './test/wtr/summaryReporter.mjs'
import { fileURLToPath } from 'node:url'
import { reactEsmPlugin } from './test/wtr/reactEsmPlugin.mjs'
import { devnetPlugin } from './test/wtr/devnetPlugin.mjs'
import { esmPrebundlePlugin } from './test/wtr/esmPrebundlePlugin.mjs'
import { faultMiddleware } from './test/wtr/faultMiddleware.mjs'
import { pageListenersPlugin } from './test/wtr/pageListenersPlugin.mjs'
import { sharedBrowserContext } from './test/wtr/sharedBrowserContext.mjs'
import { chromiumPath, CHROMIUM_ARGS } from './scripts/chromium.mjs'

const root = fileURLToPath(new URL('.', import.meta.url))
const WORKSPACE = {
  '@wallet-modal/wire': '/packages/wire/src/index.ts',
  '@wallet-modal/core': '/packages/core/src/exports/index.ts',
  '@wallet-modal/core/internal': '/packages/core/src/exports/internal.ts',
  '@wallet-modal/ui': '/packages/ui/src/exports/index.ts',
  '@wallet-modal/react': '/packages/react/src/exports/index.ts',
  '@wallet-modal/wagmi': '/packages/wagmi/src/exports/index.ts',
  // The devnet's browser entry for the tests: its wallets and the runner's devnet helpers.
  '@wallet-modal/devnet/testing': '/packages/devnet/src/testing/index.ts',
  // The devnet's Bitcoin wallet (installed by the Bitcoin tests) signs with the server's BIP-322 code.
  '@wallet-modal/server/bitcoin': '/packages/server/src/bitcoin/index.ts'
}

export default {
  rootDir: root,
  files: ['packages/core/src/**/*.test.ts', 'packages/ui/src/**/*.test.{ts,tsx}', 'packages/react/src/**/*.test.{ts,tsx}', 'packages/wagmi/src/**/*.test.ts'],
  nodeResolve: { browser: true },
  concurrency: 1,
  reporters: [defaultReporter(), summaryReporter()],
  testFramework: { config: { timeout: 20000 } },
  // Every page also loads the unhandled-rejection check (test/wtr/unhandledRejections.js): a
  // rejection nobody handled fails the file, naming the test it happened in.
  testRunnerHtml: testFramework =>
    `<!DOCTYPE html><html><head></head><body><script type="module" src="${testFramework}"></script><script type="module" src="/test/wtr/unhandledRejections.js"></script></body></html>`,
  browserStartTimeout: 60000,
  testsFinishTimeout: 300000,
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS },
      createBrowserContext: sharedBrowserContext()
    })
  ],
  middleware: [faultMiddleware()],
  plugins: [
    {
      name: 'workspace-sources',
      resolveImport({ source }) {
        return WORKSPACE[source]
      }
    },
    reactEsmPlugin(),
    esmPrebundlePlugin(
      ['@walletconnect/sign-client', 'sats-connect', '@solana/web3.js', 'buffer', 'eventemitter3', '@coinbase/wallet-sdk', '@sinonjs/fake-timers'],
      {
        buffer: "export { Buffer } from 'buffer'",
        '@sinonjs/fake-timers': "export { install, withGlobal, createClock, timers } from '@sinonjs/fake-timers'"
      }
    ),
    devnetPlugin(),
    pageListenersPlugin(),
    esbuildPlugin({ ts: true, tsx: true, jsx: true, target: 'es2022', tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) })
  ]
}
