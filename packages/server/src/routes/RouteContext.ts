import type { PriceTable } from '../chain/PriceTable.js'
import type { ChainConfig, ServerConfig } from '../config/ServerConfig.js'
import type { Store } from '../db/Store.js'
import type { ImageCatalogue } from '../images/ImageCatalogue.js'

/** What the route modules share: configuration, storage and lookups built once at start. */
export interface RouteContext {
  config: ServerConfig
  store: Store
  chains: ReadonlyMap<string, ChainConfig>
  prices: PriceTable
  images: ImageCatalogue
  /** External base URL for links, when behind a proxy. */
  publicUrl?: string
  /** Upstream RPC timeout. */
  upstreamTimeoutMs: number
  /** The secure site's origin (embedded wallet), when it runs: told to the modal in the `email` feature. */
  secureSiteUrl?: string
  /** The social providers the secure site is configured for: the `socials` feature offers only these. */
  socials?: readonly string[]
}
