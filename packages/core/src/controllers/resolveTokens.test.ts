import { expect } from 'chai'
import { MAX_TOKENS_PER_NETWORK, resolveTokens } from './resolveTokens.js'
import { isBase58Of32Bytes } from '../adapters/solana/isBase58Of32Bytes.js'
import { resolveOptions } from './resolveOptions.js'
import { TEST_NETWORKS } from '../__fixtures__/networks.js'
import { isWalletModalError } from '../errors/WalletModalError.js'

const DUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const BITCOIN = {
  id: 'regtest',
  caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  chainNamespace: 'bip122',
  name: 'Regtest',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: [] } }
} as const
const networks = [...TEST_NETWORKS, BITCOIN]

/** The INVALID_OPTIONS details of a rejected `tokens` value. */
function detailsOf(value: unknown): string {
  try {
    resolveTokens(value, networks)
  } catch (err) {
    expect(isWalletModalError(err, 'INVALID_OPTIONS'), String(err)).to.equal(true)
    return (err as { details: string }).details
  }
  throw new Error('accepted')
}

describe('resolveTokens', () => {
  it('accepts one token or a list per network and keeps images', () => {
    const out = resolveTokens(
      {
        'eip155:31337': { address: DUSD, image: 'https://example.com/dusd.png' },
        'eip155:31338': [{ address: DUSD }, { address: DUSD.toLowerCase(), image: 'data:image/png;base64,AAAA' }],
        'solana:devnet': [{ address: USDC_MINT }]
      },
      networks
    )
    expect(out).to.deep.equal({
      'eip155:31337': [{ address: DUSD, image: 'https://example.com/dusd.png' }],
      'eip155:31338': [{ address: DUSD }, { address: DUSD.toLowerCase(), image: 'data:image/png;base64,AAAA' }],
      'solana:devnet': [{ address: USDC_MINT }]
    })
    expect(resolveTokens(undefined, networks)).to.equal(undefined)
    expect(resolveTokens({}, networks)).to.deep.equal({})
  })

  it("rejects keys that are not the site's networks, and networks without tokens", () => {
    expect(detailsOf({ 'eip155:1': { address: DUSD } })).to.equal(`tokens: "eip155:1" is no EVM or Solana network of the site`)
    expect(detailsOf({ [BITCOIN.caipNetworkId]: { address: DUSD } })).to.equal(`tokens: "${BITCOIN.caipNetworkId}" is no EVM or Solana network of the site`)
    expect(detailsOf([{ address: DUSD }])).to.equal('tokens must be an object keyed by CAIP-2 network id')
    expect(detailsOf('x')).to.equal('tokens must be an object keyed by CAIP-2 network id')
  })

  it("checks addresses by the network's namespace", () => {
    expect(detailsOf({ 'eip155:31337': { address: '0x1234' } })).to.equal(`tokens['eip155:31337'][0].address is not a eip155 address`)
    expect(detailsOf({ 'eip155:31337': [{ address: DUSD }, { address: DUSD.slice(2) }] })).to.match(/^tokens\['eip155:31337'\]\[1\]\.address/)
    expect(detailsOf({ 'eip155:31337': { address: USDC_MINT } })).to.match(/is not a eip155 address/)
    expect(detailsOf({ 'solana:devnet': { address: DUSD } })).to.match(/is not a solana address$/)
    expect(detailsOf({ 'solana:devnet': { address: 12 } })).to.equal(`tokens['solana:devnet'][0].address is not a solana address`)
    expect(detailsOf({ 'eip155:31337': null })).to.equal(`tokens['eip155:31337'][0].address is not a eip155 address`)
  })

  it('accepts only https: and data:image/ images', () => {
    for (const image of ['http://example.com/a.png', 'javascript:alert(1)', '/a.png', 'data:text/html,<b>', 7]) {
      expect(detailsOf({ 'eip155:31337': { address: DUSD, image } })).to.equal(`tokens['eip155:31337'][0].image must be an https: or data:image/ URL`)
    }
  })

  it(`accepts at most ${MAX_TOKENS_PER_NETWORK} tokens per network`, () => {
    const many = Array.from({ length: MAX_TOKENS_PER_NETWORK + 1 }, (_, i) => ({ address: `0x${i.toString(16).padStart(40, '0')}` }))
    expect(detailsOf({ 'eip155:31337': many })).to.equal(`tokens['eip155:31337']: at most ${MAX_TOKENS_PER_NETWORK} tokens per network`)
    expect(resolveTokens({ 'eip155:31337': many.slice(1) }, networks)!['eip155:31337']).to.have.length(MAX_TOKENS_PER_NETWORK)
  })

  it('tells base58 keys of 32 bytes from other base58 text', () => {
    expect(isBase58Of32Bytes(USDC_MINT)).to.equal(true)
    expect(isBase58Of32Bytes('11111111111111111111111111111111')).to.equal(true) // the system program: 32 zero bytes
    expect(isBase58Of32Bytes('1111111111111111111111111111111')).to.equal(false) // 31
    expect(isBase58Of32Bytes('zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz')).to.equal(false) // 44 digits, more than 32 bytes
    expect(isBase58Of32Bytes('0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl')).to.equal(false) // not base58
  })

  it('is part of resolveOptions: the resolved value is kept, bad input is INVALID_OPTIONS', () => {
    const input = TEST_NETWORKS.map(({ caipNetworkId, ...n }) => (n.chainNamespace === 'solana' ? { ...n, caipNetworkId } : n))
    const o = resolveOptions({ projectId: 'p', networks: input, tokens: { 'eip155:31337': { address: DUSD } } })
    expect(o.tokens).to.deep.equal({ 'eip155:31337': [{ address: DUSD }] })
    expect(resolveOptions({ projectId: 'p', networks: input }).tokens).to.equal(undefined)
    expect(() => resolveOptions({ projectId: 'p', networks: input, tokens: { 'eip155:9': { address: DUSD } } })).to.throw(
      'Invalid options: tokens: "eip155:9" is no EVM or Solana network'
    )
  })
})
