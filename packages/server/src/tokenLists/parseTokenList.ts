import * as v from 'valibot'

// The Token Lists standard (https://tokenlists.org; the JSON schema is published in the npm
// package `@uniswap/token-lists`), checked with valibot rather than the schema itself: the server
// validates every input with valibot, and the schema would need a JSON-schema validator (ajv) at
// run time. The limits below are the schema's (parseTokenList.test.ts compares them with the
// published schema); `tags`, `keywords` and `extensions` are not used here and pass unchecked.

/** Most tokens one list may name (the schema's `maxItems`). */
export const TOKEN_LIST_MAX_TOKENS = 10_000

const integer = (min: number, max = Number.MAX_SAFE_INTEGER) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max))

/** One token of a list, as the schema has it (`TokenInfo`). */
const TokenInfoSchema = v.object({
  chainId: integer(1),
  // The schema also takes base58 (Solana) addresses; such tokens are checked, then not used.
  address: v.pipe(v.string(), v.regex(/^(0x[a-fA-F0-9]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/, 'address: 0x and 40 hex digits (or a base58 address)')),
  decimals: integer(0, 255),
  // The schema allows an empty name or symbol; such tokens are checked, then not used.
  name: v.pipe(v.string(), v.maxLength(60, 'name: at most 60 characters'), v.regex(/^[ \S]*$/, 'name: no tab or line break')),
  symbol: v.pipe(v.string(), v.maxLength(20, 'symbol: at most 20 characters'), v.regex(/^\S*$/, 'symbol: no white space')),
  logoURI: v.optional(v.pipe(v.string(), v.maxLength(2000, 'logoURI: at most 2000 characters')))
})

/** The list itself: the schema's required fields. */
const TokenListSchema = v.object({
  name: v.pipe(v.string(), v.minLength(1, 'name: at least 1 character'), v.maxLength(30, 'name: at most 30 characters')),
  timestamp: v.pipe(v.string(), v.isoTimestamp('timestamp: an ISO 8601 date-time')),
  version: v.object({ major: integer(0), minor: integer(0), patch: integer(0) }),
  tokens: v.pipe(
    v.array(TokenInfoSchema),
    v.minLength(1, 'tokens: at least one'),
    v.maxLength(TOKEN_LIST_MAX_TOKENS, `tokens: at most ${TOKEN_LIST_MAX_TOKENS}`)
  )
})

/** A token a list names, as this server keeps it. */
export interface ListedToken {
  /** eip155 chain id. */
  chainId: number
  /** Contract address as the list writes it. */
  address: string
  name: string
  symbol: string
  decimals: number
  /** The list's `logoURI`, only when it is an https URL (ipfs: and others are dropped). */
  iconUrl?: string
}

/** A token list that passed {@link parseTokenList}. */
export interface TokenList {
  name: string
  timestamp: string
  version: { major: number; minor: number; patch: number }
  /** Its eip155 tokens with a name and symbol, each (chainId, address) once, in the list's order. */
  tokens: ListedToken[]
}

/** A list that could not be read or does not follow the standard; nothing of it is used. */
export class TokenListError extends Error {
  override readonly name = 'TokenListError'
}

/**
 * Checks a parsed JSON value against the Token Lists standard; a list with any invalid token is
 * refused whole, as the standard's validators do. Tokens the schema allows but this server cannot
 * read or show (a base58 address, an empty name or symbol) are left out of the result. A `logoURI` is kept only when it is an https
 * URL: visitors' browsers load icons, and must not be sent to ipfs gateways or plain-http hosts.
 *
 * @example
 * ```ts
 * const list = parseTokenList(JSON.parse(text), 'https://example.org/list.json')
 * list.tokens.filter(token => token.chainId === 1)
 * ```
 * @param value - The list as parsed from JSON.
 * @param source - Where it came from, for the error message.
 * @throws TokenListError naming the first problem and where it is (`tokens.12.symbol`).
 */
export function parseTokenList(value: unknown, source: string): TokenList {
  const result = v.safeParse(TokenListSchema, value)
  if (!result.success) {
    const issue = result.issues[0]
    const path = issue?.path?.map(p => String(p.key)).join('.') ?? ''
    throw new TokenListError(`Token list ${source} refused${path ? ` at ${path}` : ''}: ${issue?.message ?? 'not a token list'}`)
  }
  const seen = new Set<string>()
  const tokens: ListedToken[] = []
  for (const token of result.output.tokens) {
    const key = `${token.chainId}:${token.address.toLowerCase()}`
    // Only eip155 tokens with something to show are read.
    if (seen.has(key) || !token.address.startsWith('0x') || token.name === '' || token.symbol === '') continue
    seen.add(key)
    const iconUrl = httpsUrl(token.logoURI)
    tokens.push({
      chainId: token.chainId,
      address: token.address,
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
      ...(iconUrl ? { iconUrl } : {})
    })
  }
  const { name, timestamp, version } = result.output
  return { name, timestamp, version: { major: version.major, minor: version.minor, patch: version.patch }, tokens }
}

/** The URL when it is a well-formed https URL, else undefined. */
function httpsUrl(value: string | undefined): string | undefined {
  if (!value) return undefined
  try {
    return new URL(value).protocol === 'https:' ? value : undefined
  } catch {
    return undefined
  }
}
