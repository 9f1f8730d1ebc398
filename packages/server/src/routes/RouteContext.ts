import type { Bundler } from '../bundler/Bundler.js'
import type { PriceTable } from '../chain/PriceTable.js'
import type { ChainConfig, ServerConfig } from '../config/ServerConfig.js'
import type { Store } from '../db/Store.js'
import type { ImageCatalogue } from '../images/ImageCatalogue.js'
import type { NameService } from '../names/NameService.js'
import type { EnsResolver } from '../names/EnsResolver.js'
import type { TokenLists } from '../tokenLists/TokenLists.js'
import type { PriceService } from '../prices/PriceService.js'

/** What the route modules share: configuration, storage and lookups built once at start. */
export interface RouteContext {
  config: ServerConfig
  store: Store
  chains: ReadonlyMap<string, ChainConfig>
  /** The configured static prices (the activity feed's; the balance and price routes use {@link priceService}). */
  prices: PriceTable
  /** USD prices: the static ones as overrides, then the configured providers (`priceProviders`). */
  priceService: PriceService
  images: ImageCatalogue
  /** The name service behind `/v1/profile/*` (its suffix is told to the modal in `/appkit/v1/config`). */
  names: NameService
  /** ENS (forward, reverse, avatar) on the configured ENS chain, when on (`ens`). */
  ens?: EnsResolver
  /** The ERC-4337 bundlers of the chains with `smartAccounts`, by CAIP-2 id (`POST /v1/bundler`). */
  bundlers: ReadonlyMap<string, Bundler>
  /** External base URL for links, when behind a proxy. */
  publicUrl?: string
  /** The token lists: which tokens a chain's balances are read for (default: the chain's configured `tokens`). */
  tokenLists?: TokenLists
  /** Upstream RPC timeout. */
  upstreamTimeoutMs: number
  /** The secure site's origin (embedded wallet), when it runs: told to the modal in the `email` feature. */
  secureSiteUrl?: string
  /** The social providers the secure site is configured for: the `socials` feature offers only these. */
  socials?: readonly string[]
}
