import type { ServerConfig } from '../config/ServerConfig.js'
import { initialsOf } from './renderTileSvg.js'

/** What a served image shows. */
export interface ImageSpec {
  label: string
  shape: 'square' | 'circle'
}

/** The image kinds of spec §7 besides wallet images (which come from the wallets table). */
export type ImageKind = 'asset' | 'currency' | 'token'

const NAMESPACES: Record<string, string> = { eip155: 'Ethereum', solana: 'Solana', bip122: 'Bitcoin', polkadot: 'Polkadot', cosmos: 'Cosmos' }
const FIAT: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥', CHF: 'CHF', CAD: 'CAD', AUD: 'AUD' }
const COMMON_TOKENS = ['ETH', 'WETH', 'USDC', 'USDT', 'DAI', 'SOL', 'BTC', 'POL', 'BNB']

/**
 * The known ids of `/public/getAssetImage/{id}` (networks and avatars),
 * `/public/getCurrencyImage/{id}` (fiat currencies) and `/public/getTokenImage/{id}` (token
 * symbols), with what each image shows. Built from the configuration, so an unknown id is a 404
 * rather than a made-up picture.
 *
 * Asset ids: each configured chain's CAIP-2 id and `imageId`, the namespaces (`eip155`,
 * `solana`, ...), and every `/public/getAssetImage/{id}` an identity's avatar points at.
 */
export class ImageCatalogue {
  private readonly images: Record<ImageKind, Map<string, ImageSpec>> = {
    asset: new Map(),
    currency: new Map(),
    token: new Map()
  }

  /** @param config - The server configuration the ids come from. */
  constructor(config: ServerConfig) {
    for (const [id, name] of Object.entries(NAMESPACES)) this.images.asset.set(id, { label: initialsOf(name), shape: 'circle' })
    for (const chain of config.chains) {
      const spec: ImageSpec = { label: initialsOf(chain.name), shape: 'circle' }
      this.images.asset.set(chain.caipNetworkId, spec)
      if (chain.imageId) this.images.asset.set(chain.imageId, spec)
      this.addToken(chain.nativeCurrency.symbol)
      for (const token of chain.tokens ?? []) this.addToken(token.symbol)
    }
    for (const identity of Object.values(config.identities ?? {})) {
      const match = identity.avatar?.match(/^\/public\/getAssetImage\/([A-Za-z0-9_-]{1,100})$/)
      if (match) this.images.asset.set(match[1]!, { label: initialsOf(identity.name ?? match[1]!), shape: 'circle' })
    }
    for (const [code, sign] of Object.entries(FIAT)) this.images.currency.set(code, { label: sign, shape: 'circle' })
    for (const symbol of COMMON_TOKENS) this.addToken(symbol)
  }

  /**
   * What the image of an id shows, or undefined for an unknown id. Token and currency ids are
   * matched case-insensitively (symbols are written either way).
   *
   * @param kind - Which image family.
   * @param id - The id from the URL.
   */
  get(kind: ImageKind, id: string): ImageSpec | undefined {
    return this.images[kind].get(kind === 'asset' ? id : id.toUpperCase())
  }

  private addToken(symbol: string): void {
    this.images.token.set(symbol.toUpperCase(), { label: symbol.slice(0, 3).toUpperCase(), shape: 'circle' })
  }
}
