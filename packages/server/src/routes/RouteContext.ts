import type { Bundler } from '../bundler/Bundler.js'
import type { PriceTable } from '../chain/PriceTable.js'
import type { ChainConfig, ServerConfig } from '../config/ServerConfig.js'
import type { Store } from '../db/Store.js'
import type { ImageCatalogue } from '../images/ImageCatalogue.js'
import type { NameService } from '../names/NameService.js'

/** What the route modules share: configuration, storage and lookups built once at start. */
export interface RouteContext {
  config: ServerConfig
  store: Store
  chains: ReadonlyMap<string, ChainConfig>
  prices: PriceTable
  images: ImageCatalogue
  /** The name service behind `/v1/profile/*` (its suffix is told to the modal in `/appkit/v1/config`). */
  names: NameService
  /** The ERC-4337 bundlers of the chains with `smartAccounts`, by CAIP-2 id (`POST /v1/bundler`). */
  bundlers: ReadonlyMap<string, Bundler>
  /** External base URL for links, when behind a proxy. */
  publicUrl?: string
  /** Upstream RPC timeout. */
  upstreamTimeoutMs: number
  /** The secure site's origin (embedded wallet), when it runs: told to the modal in the `email` feature. */
  secureSiteUrl?: string
  /** The social providers the secure site is configured for: the `socials` feature offers only these. */
  socials?: readonly string[]
}
