// The Token Lists standard as this server checks it: what passes, what is refused and how the
// refusal reads, and that its limits are the published schema's.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { parseTokenList, TokenListError } from './parseTokenList.js'

const USDC = { chainId: 1, address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', name: 'USD Coin', symbol: 'USDC', decimals: 6 }

/** A valid list with `tokens` (default: USDC). */
const tokenList = (tokens: unknown[] = [USDC], extra: Record<string, unknown> = {}) => ({
  name: 'Test List',
  timestamp: '2026-01-02T03:04:05.678Z',
  version: { major: 1, minor: 2, patch: 3 },
  tokens,
  ...extra
})

const refusal = (value: unknown): string => {
  try {
    parseTokenList(value, 'https://lists.example/test.json')
  } catch (error) {
    assert.ok(error instanceof TokenListError)
    return error.message
  }
  assert.fail('accepted')
}

describe('parseTokenList', () => {
  it('keeps each token once, with name, symbol and decimals from the list and https logos only', () => {
    const list = parseTokenList(
      tokenList(
        [
          { ...USDC, logoURI: 'https://icons.example/usdc.png', tags: ['stablecoin'], extensions: { color: '#2775ca' } },
          { ...USDC, address: USDC.address.toLowerCase(), name: 'Duplicate' },
          {
            chainId: 10,
            address: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
            name: 'USD Coin',
            symbol: 'USDC',
            decimals: 6,
            logoURI: 'ipfs://QmXfzKRvjZz3u5JRgC4v5mGVbm9ahrUiB4DgzHBsnWbTMM'
          },
          {
            chainId: 1,
            address: '0x6B175474E89094C44Da98b954EedeAC495271d0F',
            name: 'Dai Stablecoin',
            symbol: 'DAI',
            decimals: 18,
            logoURI: 'http://icons.example/dai.png'
          },
          // Valid by the schema, not usable here: left out.
          { chainId: 101, address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', name: 'USD Coin', symbol: 'USDC', decimals: 6 },
          { chainId: 1, address: '0x0000000000000000000000000000000000000001', name: '', symbol: 'EMPTY', decimals: 0 }
        ],
        { keywords: ['test'], logoURI: 'ipfs://whatever' }
      ),
      'test'
    )
    assert.equal(list.name, 'Test List')
    assert.deepEqual(list.version, { major: 1, minor: 2, patch: 3 })
    assert.deepEqual(list.tokens, [
      { ...USDC, iconUrl: 'https://icons.example/usdc.png' },
      { chainId: 10, address: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', name: 'USD Coin', symbol: 'USDC', decimals: 6 },
      { chainId: 1, address: '0x6B175474E89094C44Da98b954EedeAC495271d0F', name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18 }
    ])
  })

  it('refuses a list that breaks the standard, saying where', () => {
    assert.equal(refusal('nope'), 'Token list https://lists.example/test.json refused: Invalid type: Expected Object but received "nope"')
    assert.match(refusal({ ...tokenList(), version: undefined }), /refused at version: /)
    assert.match(refusal({ ...tokenList(), timestamp: 'yesterday' }), /refused at timestamp: timestamp: an ISO 8601 date-time/)
    assert.match(refusal(tokenList([])), /refused at tokens: tokens: at least one/)
    assert.match(refusal(tokenList([USDC, { ...USDC, address: '0x123' }])), /refused at tokens\.1\.address: address: 0x and 40 hex digits/)
    assert.match(refusal(tokenList([{ ...USDC, symbol: 'A'.repeat(21) }])), /refused at tokens\.0\.symbol: symbol: at most 20 characters/)
    assert.match(refusal(tokenList([{ ...USDC, symbol: 'US DC' }])), /refused at tokens\.0\.symbol: symbol: no white space/)
    assert.match(refusal(tokenList([{ ...USDC, name: 'USD\nCoin' }])), /refused at tokens\.0\.name: name: no tab or line break/)
    assert.match(refusal(tokenList([{ ...USDC, name: 'N'.repeat(61) }])), /refused at tokens\.0\.name: name: at most 60 characters/)
    assert.match(refusal(tokenList([{ ...USDC, decimals: 256 }])), /refused at tokens\.0\.decimals: /)
    assert.match(refusal(tokenList([{ ...USDC, chainId: 0 }])), /refused at tokens\.0\.chainId: /)
    assert.match(refusal(tokenList([{ ...USDC, decimals: undefined }])), /refused at tokens\.0\.decimals: /)
    assert.match(refusal(tokenList(Array.from({ length: 10_001 }, () => USDC))), /refused at tokens: tokens: at most 10000/)
  })

  it('has the limits of the published schema (@uniswap/token-lists)', () => {
    // The package ships the schema as a file of its sources.
    const schema = createRequire(import.meta.url)('@uniswap/token-lists/src/tokenlist.schema.json') as JsonSchema
    const token = schema.definitions.TokenInfo.properties
    assert.deepEqual(schema.required, ['name', 'timestamp', 'version', 'tokens'])
    assert.deepEqual(schema.definitions.TokenInfo.required.slice().sort(), ['address', 'chainId', 'decimals', 'name', 'symbol'])
    assert.equal(token.chainId.minimum, 1)
    assert.equal(token.address.pattern, '^(0x[a-fA-F0-9]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$')
    assert.deepEqual([token.decimals.minimum, token.decimals.maximum], [0, 255])
    assert.deepEqual([token.name.minLength, token.name.maxLength, token.name.anyOf], [0, 60, [{ const: '' }, { pattern: '^[ \\S+]+$' }]])
    assert.deepEqual([token.symbol.minLength, token.symbol.maxLength, token.symbol.anyOf], [0, 20, [{ const: '' }, { pattern: '^\\S+$' }]])
    assert.deepEqual([schema.properties.name.minLength, schema.properties.name.maxLength], [1, 30])
    assert.equal(schema.properties.tokens.maxItems, 10_000)
  })

  it('accepts the Uniswap default list (@uniswap/default-token-list)', () => {
    const published = createRequire(import.meta.url)('@uniswap/default-token-list') as { tokens: unknown[] }
    const list = parseTokenList(published, 'default')
    assert.ok(list.tokens.length > 100)
    assert.ok(list.tokens.some(t => t.chainId === 1 && t.symbol === 'USDC'))
    assert.ok(list.tokens.every(t => t.iconUrl === undefined || t.iconUrl.startsWith('https://')))
  })
})

/** A property's rules in the published JSON schema (what this test reads of them). */
interface Rules {
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  maxItems?: number
  pattern?: string
  anyOf?: unknown[]
}

interface JsonSchema {
  required: string[]
  properties: { name: Rules; tokens: Rules }
  definitions: { TokenInfo: { required: string[]; properties: { chainId: Rules; address: Rules; decimals: Rules; name: Rules; symbol: Rules } } }
}
