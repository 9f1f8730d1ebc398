// Spec §7: the blockchain data API is not asked anything on a network it does not serve — history
// and identity are skipped there as balances are. The service is a recording stand-in (what is
// asked is what counts), the account state is set as a connection would leave it.
import { expect } from 'chai'
import type { Core } from '../createCore.js'
import type { ServiceClient } from '../api/ServiceClient.js'
import { TEST_NETWORKS } from '../__fixtures__/networks.js'
import { STORAGE_KEYS } from '../utils/storage.js'
import { walletFeatures } from './walletFeatures.js'
import { fetchIdentity } from './balances.js'
import { fetchTransactions } from './transactions.js'
import { isServedNetwork } from './isServedNetwork.js'
import { quietCore } from '../__fixtures__/quietCore.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** A network the site does not list, where a wallet may move. */
const OTHER = { ...TEST_NETWORKS[0]!, id: 1, caipNetworkId: 'eip155:1' as const, name: 'Other' }

describe('history and identity on networks the service does not serve (spec §7)', () => {
  let core: Core | undefined
  let asked: string[]
  const make = () => {
    const c = (core = quietCore())
    asked = []
    const api = {
      getIdentity: async (address: string) => (asked.push(`identity ${address}`), { name: 'devnet-wallet.reown.id', avatar: null }),
      getHistory: async (_address: string, q: { chainId?: string }) => (asked.push(`history ${q.chainId}`), { data: [], next: undefined })
    }
    c.loadServices = async () => api as unknown as ServiceClient
    // The name-service lookup is answered from its cache: this file is about the service's calls.
    c.storage.set(STORAGE_KEYS.profileName(ADDRESS), { name: null })
    c.chain.setAccount('eip155', { status: 'connected', address: ADDRESS, caipAddress: `eip155:31337:${ADDRESS}` })
    return c
  }
  afterEach(() => {
    core?.destroy()
    core = undefined
  })

  it('a wallet on a network the site does not list: no identity and no history asked; both show none', async () => {
    const c = make()
    c.chain.setNetwork('eip155', OTHER)
    c.chain.setAccount('eip155', { caipAddress: `eip155:1:${ADDRESS}` })
    c.blockchainApi.setIdentity(ADDRESS, { name: 'stale', avatar: null })
    expect(isServedNetwork(c, 'eip155')).to.equal(false)
    await fetchIdentity(c)
    await fetchTransactions(c)
    expect(asked).to.deep.equal([])
    expect(c.blockchainApi.state.identity).to.equal(undefined)
    const { transactions } = walletFeatures(c)
    expect(transactions.state).to.include({ fetched: true, empty: true, loading: false })
    expect(transactions.state.transactions).to.deep.equal([])
  })

  it("a site network the service's supported-chains list leaves out: skipped too; listed, both are asked", async () => {
    const c = make()
    c.blockchainApi.setSupportedChains(['eip155:31338'])
    await fetchIdentity(c)
    await fetchTransactions(c)
    expect(asked).to.deep.equal([])
    c.blockchainApi.setSupportedChains(['eip155:31337', 'eip155:31338'])
    await fetchIdentity(c)
    await fetchTransactions(c, { reset: true })
    expect(asked).to.deep.equal([`identity ${ADDRESS}`, 'history eip155:31337'])
    expect(c.blockchainApi.state.identity?.name).to.equal('devnet-wallet.reown.id')
  })

  it('before the service has said which chains it supports, a site network is served', async () => {
    const c = make()
    expect(c.blockchainApi.state.supportedChains).to.equal(undefined)
    expect(isServedNetwork(c, 'eip155')).to.equal(true)
    await fetchTransactions(c)
    expect(asked).to.deep.equal(['history eip155:31337'])
  })
})
