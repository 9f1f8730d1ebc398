// Spec §7: "Balances use capability-checked asset discovery for the embedded wallet, else a
// balance service." The service and the wallet are recording stand-ins; the account state is set
// as a connection of the auth connector (ID_AUTH) would leave it.
import { expect } from 'chai'
import type { Core } from '../createCore.js'
import type { ServiceClient } from '../api/ServiceClient.js'
import type { TokenBalance } from '../api/schemas.js'
import type { Eip1193Provider } from '../types/connector.js'
import { AUTH_CONNECTOR_ID } from '../adapters/embedded/constants.js'
import { fetchTokenBalances } from './balances.js'
import { quietCore } from '../__fixtures__/quietCore.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const FROM_SERVICE: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  price: 3000,
  value: 3000,
  quantity: { decimals: '18', numeric: '1' }
}
const ASSET = {
  address: 'native',
  balance: '0x1bc16d674ec80000',
  type: 'NATIVE',
  metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000, value: 6000 }
}

describe('token balances of the embedded wallet (asset discovery, spec §7)', () => {
  let core: Core | undefined
  let asked: string[]
  const make = (opts: { discovery: boolean; connectorId?: string; assets?: unknown }) => {
    const c = (core = quietCore())
    asked = []
    c.loadServices = async () => ({ getBalances: async () => (asked.push('service'), [FROM_SERVICE]) }) as unknown as ServiceClient
    const provider: Eip1193Provider = {
      async request({ method }) {
        asked.push(method)
        if (method === 'wallet_getCapabilities')
          return { '0x7a69': { atomic: { status: 'supported' }, ...(opts.discovery ? { assetDiscovery: { supported: true } } : {}) } }
        if (method === 'wallet_getAssets')
          return opts.assets instanceof Error ? Promise.reject(opts.assets) : (opts.assets ?? { '0x7a69': [ASSET, { ...ASSET, type: 'NFT' }] })
        throw new Error(`unexpected ${method}`)
      }
    }
    const connectorId = opts.connectorId ?? AUTH_CONNECTOR_ID
    c.runtime.addConnector({ id: connectorId, name: 'Email', type: connectorId === AUTH_CONNECTOR_ID ? 'AUTH' : 'INJECTED', chain: 'eip155', provider })
    c.chain.setAccount('eip155', { status: 'connected', address: ADDRESS, caipAddress: `eip155:31337:${ADDRESS}`, connectorId })
    return c
  }
  afterEach(() => {
    core?.destroy()
    core = undefined
  })

  it("reads the embedded wallet's own assets where it offers asset discovery, keeping the valid ones; the service is not asked", async () => {
    const c = make({ discovery: true })
    await fetchTokenBalances(c, { force: true })
    expect(asked).to.include.members(['wallet_getCapabilities', 'wallet_getAssets'])
    expect(asked).not.to.include('service')
    expect(c.blockchainApi.state.tokenBalances).to.deep.equal([
      { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 6000, price: 3000, quantity: { decimals: '18', numeric: '2' } }
    ])
    expect(c.blockchainApi.state.balancesError).to.equal(undefined)
  })

  it('asks the balance service when the embedded wallet does not offer asset discovery there', async () => {
    const c = make({ discovery: false })
    await fetchTokenBalances(c, { force: true })
    expect(asked).to.include('service')
    expect(asked).not.to.include('wallet_getAssets')
    expect(c.blockchainApi.state.tokenBalances).to.deep.equal([FROM_SERVICE])
  })

  it("does not ask another wallet for its assets: the service answers (spec: asset discovery is the embedded wallet's)", async () => {
    const c = make({ discovery: true, connectorId: 'injected' })
    await fetchTokenBalances(c, { force: true })
    expect(asked).to.include('service')
    expect(asked).not.to.include('wallet_getCapabilities')
    expect(asked).not.to.include('wallet_getAssets')
  })

  it("shows 'Token Balance Unavailable' when the wallet offers asset discovery and then fails", async () => {
    const c = make({ discovery: true, assets: new Error('the secure site did not answer') })
    await fetchTokenBalances(c, { force: true, now: () => 0 })
    expect(c.blockchainApi.state.balancesError).to.equal('Token Balance Unavailable')
    expect(asked).not.to.include('service')
  })
})
