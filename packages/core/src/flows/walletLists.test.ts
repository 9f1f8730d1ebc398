import { expect } from 'chai'
import { createCore, type Core } from '../createCore.js'
import { fetchFeaturedAndRecommended, filterWallets } from './walletLists.js'
import { FEATURED_DEFAULT } from '../controllers/ApiController.js'
import type { Wallet } from '../api/schemas.js'
import { devnetNetworks, getDevnet, memoryStorage, solanaNetwork, type DevnetInfo } from '../__fixtures__/devnet.js'

const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

const wallet = (name: string, mobile_link: string | null = null): Wallet => ({
  id: name.toLowerCase().replace(/\W+/g, '-'),
  name,
  chains: [],
  mobile_link,
  rdns: null,
  desktop_link: null,
  webapp_link: null
})

/** Runs `fn` as on a phone (the user agent is what the mobile rule reads). */
async function onPhone<T>(fn: () => T | Promise<T>): Promise<T> {
  Object.defineProperty(navigator, 'userAgent', { value: IPHONE_UA, configurable: true })
  try {
    return await fn()
  } finally {
    // Back to the prototype's getter.
    delete (navigator as { userAgent?: string }).userAgent
  }
}

describe('wallet lists', () => {
  let info: DevnetInfo
  let core: Core | undefined
  before(async () => {
    info = await getDevnet()
  })
  afterEach(() => {
    core?.destroy()
    core = undefined
  })

  it('on a phone keeps wallets with a mobile link, Coinbase, and Solflare and Phantom only on Solana (spec §5)', async () => {
    core = createCore({ projectId: 'test', networks: [...devnetNetworks(info), solanaNetwork(info)], storage: memoryStorage(), enableInjected: false })
    const list = [wallet('Harbor Wallet', 'harborwallet://'), wallet('Desktop Only'), wallet('Coinbase Wallet'), wallet('Solflare'), wallet('Phantom')]
    const names = () => filterWallets(core!, list).map(w => w.name)
    expect(names(), 'on a desktop nothing is dropped').to.deep.equal(['Harbor Wallet', 'Desktop Only', 'Coinbase Wallet', 'Solflare', 'Phantom'])
    await onPhone(() => {
      expect(core!.chain.state.activeNamespace).to.equal('eip155')
      expect(names(), 'on EVM').to.deep.equal(['Harbor Wallet', 'Coinbase Wallet'])
      core!.chain.setActiveNamespace('solana')
      expect(names(), 'on Solana').to.deep.equal(['Harbor Wallet', 'Coinbase Wallet', 'Solflare', 'Phantom'])
    })
  })

  it(`shows ${FEATURED_DEFAULT} featured wallets by default, in the site's order, and keeps them out of recommended`, async () => {
    expect(FEATURED_DEFAULT).to.equal(4)
    const u = new URL('/getWallets', info.serviceUrl)
    for (const [k, v] of Object.entries({ projectId: 'demo', st: 't', sv: 't', page: '2', entries: '6', chains: 'eip155' })) u.searchParams.set(k, v)
    const ids = ((await (await fetch(u)).json()) as { data: Wallet[] }).data.map(w => w.id).reverse()
    expect(ids).to.have.length(6)
    core = createCore({
      projectId: 'demo',
      networks: devnetNetworks(info),
      storage: memoryStorage(),
      serviceUrl: info.serviceUrl,
      enableInjected: false,
      featuredWalletIds: ids
    })
    await fetchFeaturedAndRecommended(core)
    expect(core.api.state.featured.map(w => w.id)).to.deep.equal(ids.slice(0, 4))
    expect(core.api.state.recommended).to.have.length(4)
    for (const w of core.api.state.recommended) expect(ids.slice(0, 4)).to.not.include(w.id)
  })
})
