// The site's own wallets on the devnet: `connectors` (a Devnet Wallet provider handed over as a
// vendor SDK would) list in Connect's external group and connect and reconnect like an
// extension; `customWallets` fill the custom group with their image and links; each wallet is
// listed once (against installed wallets and the directory, by rdns and name); malformed entries
// are left out with a warning.
import { expect } from 'chai'
import { createCore, type Core } from '../createCore.js'
import type { Wallet } from '../api/schemas.js'
import { connectExternal } from './connect.js'
import { connectRows, type ConnectRow } from './connectRows.js'
import { customWalletsOf } from './siteWallets.js'
import { createDevnetWallet, devnetNetworks, getDevnet, memoryStorage, waitFor, type DevnetInfo } from '../__fixtures__/devnet.js'

const ICON = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E'
const label = (row: ConnectRow) => (row.kind === 'connector' ? `connector:${row.connector.id}` : `wallet:${row.wallet.id}`)

describe("the site's own wallets (connectors, customWallets)", () => {
  let info: DevnetInfo
  let core: Core | undefined
  const warnings: unknown[][] = []
  const warn = console.warn
  before(async () => {
    info = await getDevnet()
  })
  beforeEach(() => {
    warnings.length = 0
    console.warn = (...args: unknown[]) => void warnings.push(args)
  })
  afterEach(() => {
    console.warn = warn
    core?.destroy()
    core = undefined
  })

  it("a site's connector lists in the external group, connects, and is restored after a reload", async () => {
    const storage = memoryStorage()
    const wallet = createDevnetWallet({ chains: info.chains, mode: 'approve', storage: null })
    const options = {
      projectId: 'test',
      networks: devnetNetworks(info),
      storage,
      enableInjected: false,
      enableEIP6963: false,
      // This test is about the site's own connectors only.
      enableWalletConnect: false,
      connectors: [
        { id: 'vendor-sdk', name: 'Vendor Wallet', imageUrl: ICON, provider: wallet },
        { id: 'broken', name: 'No provider' } as never,
        { id: 'evil-icon', name: 'Evil', imageUrl: 'javascript:alert(1)', provider: wallet }
      ]
    }
    core = createCore(options)
    await waitFor(() => core!.connector.get('evil-icon'), 3000, "the site's connectors")
    expect(core.connector.get('broken')).to.equal(undefined)
    expect(warnings.some(w => String(w[0]).includes('connectors: each needs an id, a name and an EIP-1193 provider'))).to.equal(true)
    expect(core.connector.get('evil-icon')!.imageUrl, 'only https: or data:image/ icons').to.equal(undefined)
    expect(core.connector.get('vendor-sdk')).to.include({ type: 'EXTERNAL', name: 'Vendor Wallet', imageUrl: ICON })
    expect(connectRows(core).map(label)).to.deep.equal(['connector:vendor-sdk', 'connector:evil-icon'])

    const address = await connectExternal(core, 'vendor-sdk')
    expect(address.toLowerCase()).to.equal(info.walletAccount.toLowerCase())
    expect(core.getAccount()).to.include({ status: 'connected' })
    core.destroy()

    // A reload: the site hands the same connector over again; the stored connection comes back without a prompt.
    core = createCore(options)
    expect(await core.ready).to.equal(true)
    expect(core.chain.state.namespaces.eip155.account).to.include({ status: 'connected', connectorId: 'vendor-sdk' })
  })

  it('custom wallets fill the custom group between featured and external, once each, with safe images', async () => {
    core = createCore({
      projectId: 'test',
      networks: devnetNetworks(info),
      storage: memoryStorage(),
      enableInjected: false,
      enableEIP6963: false,
      relayUrl: 'ws://127.0.0.1:9/relay',
      customWallets: [
        { id: 'shop-wallet', name: 'Shop Wallet', image_url: ICON, mobile_link: 'shopwallet://', homepage: 'https://shop.example' },
        { id: 'http-image', name: 'Plain', image_url: 'http://tracker.example/pixel.png' },
        { id: 'vendor-dup', name: 'Vendor Wallet' },
        { name: 'No id' } as never
      ],
      connectors: [{ id: 'vendor-sdk', name: 'Vendor Wallet', provider: createDevnetWallet({ chains: info.chains, storage: null }) }]
    })
    await waitFor(() => core!.connector.get('vendor-sdk'), 3000, "the site's connector")
    // Directory wallets: one the site lists itself too (by name), one also the site's connector (by name), one other.
    const dir = (id: string, name: string): Wallet => ({ id, name, chains: [], image_id: null, image_url: null })
    core.api.state.featured = [dir('d-shop', 'shop wallet'), dir('d-other', 'Other Wallet')]
    core.api.state.recommended = [dir('d-vendor', 'Vendor Wallet')]
    expect(customWalletsOf(core).map(w => w.id)).to.deep.equal(['shop-wallet', 'http-image', 'vendor-dup'])
    expect(customWalletsOf(core)[1]!.image_url, 'an http image is dropped').to.equal(null)
    expect(warnings.some(w => String(w[0]).includes('customWallets: an entry needs an id and a name'))).to.equal(true)
    // Spec §2 order: walletConnect, recent, injected, featured, custom, external, recommended.
    expect(connectRows(core).map(label)).to.deep.equal([
      'connector:walletConnect',
      'wallet:d-other',
      'wallet:shop-wallet',
      'wallet:http-image',
      'connector:vendor-sdk'
    ])
  })
})
