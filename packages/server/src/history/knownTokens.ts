import type { ChainConfig, TokenConfig } from '../config/ServerConfig.js'
import type { TokenLists } from '../tokenLists/TokenLists.js'

/** Tokens by lower-case contract address. */
export type KnownTokens = ReadonlyMap<string, TokenConfig>

// tokensFor() answers the same array until the lists change, so the map is built once per answer.
const maps = new WeakMap<readonly TokenConfig[], KnownTokens>()

/**
 * The tokens the activity feed counts as known on a chain, the ones the balance answer reads:
 * the chain's configured `tokens` and every token the server's token lists name for it, less the
 * operator's `tokenLists.hide` (`TokenLists.tokensFor`). A transfer of any other token is marked
 * `verified: false` (the modal drops a transaction made only of such transfers as spam). Without
 * token lists, the configured tokens.
 *
 * @param chain - A configured chain.
 * @param tokenLists - The server's token lists, if loaded.
 * @example
 * knownTokens(base, ctx.tokenLists).get('0x833589fcd6edb6e08f4c7c32d4f71b54bda02913')?.symbol // 'USDC'
 */
export function knownTokens(chain: ChainConfig, tokenLists?: TokenLists): KnownTokens {
  const tokens = tokenLists?.tokensFor(chain) ?? chain.tokens ?? []
  let map = maps.get(tokens)
  if (!map) {
    map = new Map(tokens.map(token => [token.address.toLowerCase(), token]))
    maps.set(tokens, map)
  }
  return map
}
