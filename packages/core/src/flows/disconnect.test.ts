// Spec §4: disconnect clears the per-namespace network state, not only the account. No wallet is
// needed: the state is set as a connection would leave it (the wallet-side part of disconnecting
// is covered by flows.test.ts on the devnet).
import { expect } from 'chai'
import type { Core } from '../createCore.js'
import { TEST_NETWORKS } from '../__fixtures__/networks.js'
import { memoryStorage } from '../__fixtures__/devnet.js'
import { STORAGE_KEYS } from '../utils/storage.js'
import type { WiredNamespace } from '../types/network.js'
import { disconnect } from './disconnect.js'
import { quietCore } from '../__fixtures__/quietCore.js'

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOL = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
/** A network the site does not list, where a wallet may move. */
const OTHER = { ...TEST_NETWORKS[0]!, id: 1, caipNetworkId: 'eip155:1' as const, name: 'Other' }

describe('disconnect resets the namespace network state (spec §4)', () => {
  let core: Core | undefined
  let storage: ReturnType<typeof memoryStorage>
  const make = () => (core = quietCore({ storage: (storage = memoryStorage()) }))
  /** What a wallet's connection leaves in a namespace's state. */
  const connect = (c: Core, ns: WiredNamespace, address: string) => {
    c.chain.setAccount(ns, {
      status: 'connected',
      address,
      caipAddress: `${c.chain.state.namespaces[ns].network.caipNetwork!.caipNetworkId}:${address}` as never
    })
    c.chain.setApprovedNetworkIds(ns, ns === 'eip155' ? ['eip155:1', 'eip155:31337'] : ['solana:devnet'])
    c.chain.state.namespaces[ns].network.supportsAllNetworks = true
    c.chain.setSmartAccountNetworks(ns, [31337])
  }
  const networkState = (c: Core, ns: WiredNamespace) => {
    const n = c.chain.state.namespaces[ns].network
    return {
      caipNetworkId: n.caipNetwork?.caipNetworkId,
      approved: [...n.approvedCaipNetworkIds],
      supportsAllNetworks: n.supportsAllNetworks,
      smart: n.smartAccountEnabledNetworks
    }
  }
  afterEach(() => {
    core?.destroy()
    core = undefined
  })

  it("forgets what the wallet said; a network the site does not list gives way to the site's default", async () => {
    const c = make()
    connect(c, 'eip155', EVM)
    c.chain.setNetwork('eip155', OTHER)
    await c.disconnect()
    expect(networkState(c, 'eip155')).to.deep.equal({ caipNetworkId: 'eip155:31337', approved: [], supportsAllNetworks: false, smart: undefined })
    expect(c.chain.isNetworkSupported('eip155')).to.equal(true)
  })

  it('back to the last network in use when the site lists it; a site network the visitor chose stays', async () => {
    const c = make()
    storage.map.clear()
    c.storage.set(STORAGE_KEYS.activeNetwork, 'eip155:31338')
    connect(c, 'eip155', EVM)
    c.chain.setNetwork('eip155', OTHER)
    await disconnect(c)
    expect(networkState(c, 'eip155').caipNetworkId).to.equal('eip155:31338')

    connect(c, 'eip155', EVM)
    c.chain.setNetwork('eip155', TEST_NETWORKS[1]!)
    await disconnect(c)
    expect(networkState(c, 'eip155')).to.deep.equal({ caipNetworkId: 'eip155:31338', approved: [], supportsAllNetworks: false, smart: undefined })
  })

  it("disconnecting one namespace resets that namespace's network state only", async () => {
    const c = make()
    connect(c, 'eip155', EVM)
    connect(c, 'solana', SOL)
    await disconnect(c, { namespace: 'solana' })
    expect(networkState(c, 'solana')).to.deep.equal({ caipNetworkId: 'solana:devnet', approved: [], supportsAllNetworks: false, smart: undefined })
    expect(networkState(c, 'eip155')).to.deep.equal({
      caipNetworkId: 'eip155:31337',
      approved: ['eip155:1', 'eip155:31337'],
      supportsAllNetworks: true,
      smart: [31337]
    })
  })
})
