import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Folders the demo server serves from, as absolute paths. */
export interface DevnetPaths {
  /** packages/devnet */
  readonly packageDir: string
  /** The monorepo root. */
  readonly repoDir: string
  /** `demo/` at the repo root: the demo page and its files. */
  readonly demoDir: string
  /** `packages/ui/dist/browser`: the modal's script-tag bundle (wallet-modal.js, chunks/). */
  readonly uiDistDir: string
  /** `packages/devnet/dist/browser`: devnet-wallet.js. */
  readonly walletDistDir: string
  /** `packages/devnet/wc-wallet`: the WalletConnect dev wallet's control page (plain files, no build). */
  readonly wcWalletDir: string
  /** `packages/devnet/coinbase-keys`: the Coinbase keys popup stand-in's page and style (its script is built into dist/coinbase-keys). */
  readonly coinbaseKeysDir: string
  /** `packages/devnet/dist/coinbase-keys`: the stand-in's built script. */
  readonly coinbaseKeysDistDir: string
  /** `packages/devnet/safe-host`: the Safe{Wallet} stand-in's page script and style (plain files). */
  readonly safeHostDir: string
  /** `examples/`: the example sites, served from their builds at `/examples/<name>/`. */
  readonly examplesDir: string
  /** `examples/nextjs`: the Next.js example the demo also serves. */
  readonly nextExampleDir: string
  /** `docs/.vitepress/dist`: the documentation site (`npm run docs`), served at `/docs/`. */
  readonly docsDistDir: string
}

/**
 * Locates the repo's folders from this module's own URL, never from the working directory, so
 * the CLI works wherever it is started. This file sits one level below the package root both as
 * source (src/) and when bundled (dist/), so `../` is the package either way.
 */
export function devnetPaths(): DevnetPaths {
  const packageDir = fileURLToPath(new URL('../', import.meta.url))
  const repoDir = resolve(packageDir, '../..')
  return {
    packageDir: resolve(packageDir),
    repoDir,
    demoDir: resolve(repoDir, 'demo'),
    uiDistDir: resolve(repoDir, 'packages/ui/dist/browser'),
    walletDistDir: resolve(packageDir, 'dist/browser'),
    wcWalletDir: resolve(packageDir, 'wc-wallet'),
    coinbaseKeysDir: resolve(packageDir, 'coinbase-keys'),
    coinbaseKeysDistDir: resolve(packageDir, 'dist/coinbase-keys'),
    safeHostDir: resolve(packageDir, 'safe-host'),
    examplesDir: resolve(repoDir, 'examples'),
    nextExampleDir: resolve(repoDir, 'examples/nextjs'),
    docsDistDir: resolve(repoDir, 'docs/.vitepress/dist')
  }
}
