// EIP-7811 wallet_getAssets of the embedded wallet, on a stand-in balance read: the spec's asset
// shape (hex balance in base units, NATIVE/ERC20), the filters, chains not served, bounds and
// failures. SecureSite.test.ts reads real balances from the devnet through the secure site.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { ChainConfig } from '../config/ServerConfig.js'
import { ApiError } from '../http/ApiError.js'
import type { PricedBalance } from '../prices/priceBalances.js'
import { walletAssets, type ReadChainBalances } from './walletAssets.js'

const chain = (id: number): ChainConfig =>
  ({
    caipNetworkId: `eip155:${id}`,
    name: `Chain ${id}`,
    rpcUrl: 'http://127.0.0.1:1',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }
  }) as ChainConfig
const chains = [chain(31337), chain(31338), { ...chain(0), caipNetworkId: 'solana:test' } as ChainConfig]
const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const DUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

const balances = (c: ChainConfig): PricedBalance[] => [
  { name: 'Ether', symbol: 'ETH', chainId: c.caipNetworkId, quantity: { decimals: '18', numeric: '1.5' }, price: 3000, value: 4500, iconUrl: '' },
  {
    name: 'Devnet USD',
    symbol: 'DUSD',
    chainId: c.caipNetworkId,
    address: `${c.caipNetworkId}:${DUSD}`,
    quantity: { decimals: '6', numeric: '12.25' },
    iconUrl: 'https://x/dusd.png'
  }
]
const read: ReadChainBalances = async c => balances(c)

describe('wallet_getAssets (EIP-7811)', () => {
  it("answers every served eip155 chain by hex id, in the spec's asset shape: base units in hex, NATIVE/ERC20, metadata with price where known", async () => {
    const answer = await walletAssets([{ account }], chains, read)
    assert.deepEqual(Object.keys(answer), ['0x7a69', '0x7a6a'])
    assert.deepEqual(answer['0x7a69'], [
      { address: 'native', balance: '0x14d1120d7b160000', type: 'NATIVE', metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000, value: 4500 } },
      { address: DUSD, balance: '0xbaeb90', type: 'ERC20', metadata: { name: 'Devnet USD', symbol: 'DUSD', decimals: 6, iconUrl: 'https://x/dusd.png' } }
    ])
    assert.equal(BigInt(answer['0x7a69']![1]!.balance), 12_250_000n)
  })

  it('filters by chain, by type (in either case) and by asset; leaves out chains not served here', async () => {
    assert.deepEqual(Object.keys(await walletAssets([{ account, chainFilter: ['0x7a6a', '0x1'] }], chains, read)), ['0x7a6a'])
    const erc20 = await walletAssets([{ account, chainFilter: ['0x7a69'], assetTypeFilter: ['erc20'] }], chains, read)
    assert.deepEqual(
      erc20['0x7a69']!.map(a => a.metadata.symbol),
      ['DUSD']
    )
    const named = await walletAssets(
      [{ account, assetFilter: { '0x7a69': [{ address: DUSD.toLowerCase(), type: 'ERC20' }], '0x7a6a': ['native'], '0x01': [] } }],
      chains,
      read
    )
    assert.deepEqual(Object.fromEntries(Object.entries(named).map(([k, v]) => [k, v.map(a => a.metadata.symbol)])), { '0x7a69': ['DUSD'], '0x7a6a': ['ETH'] })
    const whole = await walletAssets([{ account, assetFilter: { '0x7a69': [] } }], chains, read)
    assert.equal(whole['0x7a69']!.length, 2)
  })

  it("refuses params outside the EIP's shape, and over-long filters", async () => {
    for (const params of [
      [],
      [{}],
      [{ account: 'me' }],
      [{ account, chainFilter: ['7a69'] }],
      [{ account, chainFilter: Array.from({ length: 101 }, () => '0x1') }],
      [{ account, assetTypeFilter: 'erc20' }]
    ]) {
      await assert.rejects(
        walletAssets(params, chains, read),
        (e: unknown) => e instanceof ApiError && e.status === 400 && e.reason.startsWith('wallet_getAssets: '),
        JSON.stringify(params)
      )
    }
  })

  it('leaves out a chain whose node fails, and fails (as the balance route) when every chain asked failed', async () => {
    const down = new ApiError(502, 'Chain 31338 did not answer')
    const flaky: ReadChainBalances = async c => (c.caipNetworkId === 'eip155:31338' ? Promise.reject(down) : balances(c))
    assert.deepEqual(Object.keys(await walletAssets([{ account }], chains, flaky)), ['0x7a69'])
    await assert.rejects(walletAssets([{ account, chainFilter: ['0x7a6a'] }], chains, flaky), down)
    // Nothing served asked: an empty answer, not an error.
    assert.deepEqual(await walletAssets([{ account, chainFilter: ['0x1'] }], chains, flaky), {})
  })
})
