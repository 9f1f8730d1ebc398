// Spec §7 "capability-checked asset discovery for the embedded wallet": the wallet's own assets
// (EIP-7811 wallet_getAssets) only where its wallet_getCapabilities offers assetDiscovery, each
// asset kept only when spec §5's rule (isValidWalletAsset) passes it. The wallet is a recording
// EIP-1193 stand-in.
import { expect } from 'chai'
import type { Eip1193Provider } from '../../types/connector.js'
import { TEST_NETWORKS } from '../../__fixtures__/networks.js'
import { walletAssetBalances } from './walletAssetBalances.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const DUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const network = TEST_NETWORKS[0]!

const native = {
  address: 'native',
  balance: '0x14d1120d7b160000',
  type: 'NATIVE',
  metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000, value: 4500 }
}
const dusd = {
  address: DUSD,
  balance: '0xbaeb90',
  type: 'ERC20',
  metadata: { name: 'Devnet USD', symbol: 'DUSD', decimals: 6, iconUrl: 'https://example.com/dusd.png' }
}

function wallet(capabilities: unknown, assets: unknown): Eip1193Provider & { asked: { method: string; params?: unknown }[] } {
  const asked: { method: string; params?: unknown }[] = []
  return {
    asked,
    async request(args) {
      asked.push(args)
      if (args.method === 'wallet_getCapabilities') return capabilities instanceof Error ? Promise.reject(capabilities) : capabilities
      if (args.method === 'wallet_getAssets') return assets instanceof Error ? Promise.reject(assets) : assets
      throw new Error(`unexpected ${args.method}`)
    }
  }
}

describe('walletAssetBalances (EIP-7811 asset discovery)', () => {
  it('reads the assets of the network from a wallet that offers asset discovery there, shaped as token balances', async () => {
    const w = wallet({ '0x7a69': { atomic: { status: 'supported' }, assetDiscovery: { supported: true } } }, { '0x7a69': [native, dusd] })
    const balances = await walletAssetBalances(w, network, ADDRESS)
    expect(w.asked).to.deep.equal([
      { method: 'wallet_getCapabilities', params: [ADDRESS, ['0x7a69']] },
      { method: 'wallet_getAssets', params: [{ account: ADDRESS, chainFilter: ['0x7a69'] }] }
    ])
    expect(balances).to.deep.equal([
      { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 4500, price: 3000, quantity: { decimals: '18', numeric: '1.5' } },
      {
        name: 'Devnet USD',
        symbol: 'DUSD',
        chainId: 'eip155:31337',
        address: `eip155:31337:${DUSD}`,
        quantity: { decimals: '6', numeric: '12.25' },
        iconUrl: 'https://example.com/dusd.png'
      }
    ])
  })

  it('keeps only the assets spec §5 calls valid (and none with zero decimals)', async () => {
    const bad = [
      { ...dusd, type: 'ERC721' },
      { ...dusd, balance: 10 },
      { ...dusd, metadata: { ...dusd.metadata, decimals: '6' } },
      { ...dusd, address: undefined },
      { ...dusd, balance: 'lots' },
      { ...dusd, metadata: { ...dusd.metadata, decimals: 0 } },
      null
    ]
    const w = wallet({ '0x7a69': { assetDiscovery: { supported: true } } }, { '0x7a69': [...bad, dusd] })
    expect((await walletAssetBalances(w, network, ADDRESS))!.map(b => b.symbol)).to.deep.equal(['DUSD'])
  })

  it('leaves the balances to the service when the wallet does not offer asset discovery on the network, or cannot say', async () => {
    for (const capabilities of [
      { '0x7a69': { atomic: { status: 'supported' } } },
      { '0x7a6a': { assetDiscovery: { supported: true } } },
      { '0x7a69': { assetDiscovery: { supported: 'true' } } },
      null,
      new Error('unsupported')
    ]) {
      const w = wallet(capabilities, { '0x7a69': [native] })
      expect(await walletAssetBalances(w, network, ADDRESS), JSON.stringify(capabilities)).to.equal(undefined)
      expect(w.asked.map(a => a.method)).to.deep.equal(['wallet_getCapabilities'])
    }
  })

  it('fails when the wallet offers asset discovery but its answer fails or is not a list', async () => {
    const offered = { '0x7a69': { assetDiscovery: { supported: true } } }
    for (const answer of [new Error('node down'), null, { '0x7a69': 'nothing' }]) {
      const failed = await walletAssetBalances(wallet(offered, answer), network, ADDRESS).then(
        () => false,
        () => true
      )
      expect(failed, JSON.stringify(answer)).to.equal(true)
    }
    // A chain the answer leaves out holds nothing.
    expect(await walletAssetBalances(wallet(offered, {}), network, ADDRESS)).to.deep.equal([])
  })
})
