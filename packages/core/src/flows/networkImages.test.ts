import { expect } from 'chai'
import { createCore, type Core } from '../createCore.js'
import { devnetNetworks, getDevnet, memoryStorage, type DevnetInfo } from '../__fixtures__/devnet.js'
import { networkImageUrl, prefetchImagesOnce } from './networkImages.js'

describe('network images (spec §7: the directory image routes; prefetched once)', () => {
  let info: DevnetInfo
  let core: Core | undefined
  before(async () => {
    info = await getDevnet()
  })
  afterEach(() => {
    core?.destroy()
    core = undefined
  })

  it("uses the site's own image, else the directory's image of the network (which the server has), else none", async () => {
    const networks = devnetNetworks(info)
    networks[1] = { ...networks[1]!, assets: { imageUrl: 'https://cdn.example/devnet-2.png' } }
    core = createCore({
      projectId: 'demo',
      networks,
      storage: memoryStorage(),
      serviceUrl: info.serviceUrl,
      enableInjected: false,
      enableEIP6963: false,
      enableReconnect: false
    })
    const first = networkImageUrl(core, core.options.state.networks[0])!
    expect(new URL(first).pathname).to.equal(`/public/getAssetImage/${encodeURIComponent('eip155:31337')}`)
    const answer = await fetch(first)
    expect(answer.status).to.equal(200)
    expect(answer.headers.get('content-type')).to.match(/^image\//)
    expect(networkImageUrl(core, core.options.state.networks[1])).to.equal('https://cdn.example/devnet-2.png')
    core.destroy()
    core = createCore({
      projectId: 'demo',
      networks: devnetNetworks(info),
      storage: memoryStorage(),
      enableInjected: false,
      enableEIP6963: false,
      enableReconnect: false
    })
    expect(networkImageUrl(core, core.options.state.networks[0]), 'no services, no image of its own').to.equal(undefined)
  })

  it('prefetches the network images once per modal', () => {
    core = createCore({
      projectId: 'demo',
      networks: devnetNetworks(info),
      storage: memoryStorage(),
      serviceUrl: info.serviceUrl,
      enableInjected: false,
      enableEIP6963: false,
      enableReconnect: false
    })
    const started = prefetchImagesOnce(core)
    expect(started.map(u => new URL(u).pathname)).to.include(`/public/getAssetImage/${encodeURIComponent('eip155:31337')}`)
    expect(prefetchImagesOnce(core)).to.deep.equal([])
  })
})
