import type { WiredNamespace } from '../types/network.js'
import type { AdapterContext, ChainAdapter } from './ChainAdapter.js'
import { createEip155Adapter } from './eip155/Eip155Adapter.js'

/** How an adapter is made and when its discovery starts. */
export interface AdapterEntry {
  /**
   * Makes the adapter: at once for adapters in the first chunk, through `import()` for the
   * others (each a chunk of its own).
   */
  load(ctx: AdapterContext): ChainAdapter | Promise<ChainAdapter>
  /**
   * `start`: discovery runs as the core starts, whenever the adapter is enabled (EIP-6963 wallets
   * announce at page load and Connect lists them at once). `idle`: once the page is idle, and only
   * when the site lists networks of the namespace (a site without them never loads the chunk).
   */
  discovery: 'start' | 'idle'
}

/**
 * The namespace registry: one line per namespace. Adding a namespace is one adapter folder
 * implementing {@link ChainAdapter}, one line here and one in `namespaces.ts`, and its tests.
 */
export const ADAPTERS: Readonly<Record<WiredNamespace, AdapterEntry>> = {
  eip155: { load: ctx => createEip155Adapter(ctx), discovery: 'start' },
  solana: { load: ctx => import('./solana/SolanaAdapter.js').then(m => m.createSolanaAdapter(ctx)), discovery: 'idle' },
  bip122: { load: ctx => import('./bip122/BitcoinAdapter.js').then(m => m.createBitcoinAdapter(ctx)), discovery: 'idle' }
}
