// The `tokenLists` part of the server config, beside the config (tokenLists/TokenLists.ts is what reads it).
/**
 * The token lists whose tokens the balance answer reads (`tokenLists` in the server config), on
 * top of each chain's configured `tokens`. Lists follow the Token Lists standard
 * (https://tokenlists.org). `default` (on unless false) adds the Uniswap default list, bundled
 * with the server (`@uniswap/default-token-list`: no fetch). `urls` are fetched by the server
 * (`https:`, `http:`, or `file:` for a list kept beside it), checked, stored in the database and
 * fetched again every `refreshHours`; a failed fetch keeps the last good copy. `hide` takes
 * CAIP-10 ids (`eip155:1:0x…`) out of the answer, configured tokens included.
 *
 * Token names, symbols and decimals come from the list (never read on chain); an icon only from
 * an https `logoURI` (an ipfs: one is dropped), else this server's `/public/getTokenImage/{symbol}`.
 *
 * @example
 * ```json
 * { "tokenLists": { "urls": ["https://tokens.coingecko.com/uniswap/all.json"], "hide": ["eip155:1:0x6B175474E89094C44Da98b954EedeAC495271d0F"], "refreshHours": 24 } }
 * ```
 */
export interface TokenListsConfig {
  /** Lists to fetch: https (or http) URLs, or `file:` URLs (at most 20). */
  urls?: string[]
  /** Add the Uniswap default token list (default true). */
  default?: boolean
  /** CAIP-10 ids of tokens never listed, whoever names them (at most 10,000). */
  hide?: string[]
  /** Hours between two fetches of a URL list (default 24; fractions allowed). */
  refreshHours?: number
}
