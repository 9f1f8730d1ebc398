import type { FastifyServerOptions } from 'fastify'
import type { Bundler } from '../bundler/Bundler.js'
import type { ProjectConfig, ServerConfig } from '../config/ServerConfig.js'
import type { Store } from '../db/Store.js'
import type { PriceService } from '../prices/PriceService.js'
import type { TokenLists } from '../tokenLists/TokenLists.js'

/** What the secure site needs from the server that runs it. */
export interface SecureSiteContext {
  store: Store
  config: ServerConfig
  projects: ReadonlyMap<string, ProjectConfig>
  host: string
  upstreamTimeoutMs: number
  /** The chains' bundlers (`chains[].smartAccounts`): the embedded wallet's smart accounts send through them. */
  bundlers: ReadonlyMap<string, Bundler>
  /** Which tokens a chain's balances are read for (`wallet_getAssets`, as the balance route); default: the chain's configured `tokens`. */
  tokenLists?: Pick<TokenLists, 'tokensFor'>
  /** USD prices of the assets `wallet_getAssets` answers; without it they carry none (unknown, never 0). */
  priceService?: PriceService
  /**
   * The server's `trustProxy`, in Fastify's form: which proxies to believe about the client's
   * address, so per-client limits count visitors, not the proxy. Off when absent.
   */
  trustProxy?: FastifyServerOptions['trustProxy']
}
