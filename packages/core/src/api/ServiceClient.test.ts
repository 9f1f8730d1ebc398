// The service client against the real wallet-modal server (devnet): each call as the server
// receives it (path and query, read back through the server's fault API) and its answer as the
// client hands it on. Both sides build on the wire contract, so these tests are where a drift
// between them would show.
import { expect } from 'chai'
import { createHttpClient } from './HttpClient.js'
import { createDirectoryClient, createServiceClient, SDK_TYPE, SDK_VERSION, type ServiceClient } from './ServiceClient.js'
import { getDevnet, serverRequests, setFault, type DevnetInfo } from '../__fixtures__/devnet.js'

const FRIEND = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

describe('service client with the wallet-modal server (devnet)', () => {
  let info: DevnetInfo
  let api: ServiceClient

  /** The one request the server received under `path` since the test began. */
  const received = async (path: string): Promise<URL> => {
    const requests = await serverRequests(info.serviceUrl, path)
    expect(requests, `requests to ${path}`).to.have.length(1)
    return requests[0]!
  }

  before(async () => {
    info = await getDevnet()
  })
  beforeEach(async () => {
    // Also forgets the requests earlier tests made.
    await setFault(info.serviceUrl, { path: '/', mode: 'clear' })
    api = createServiceClient(createHttpClient(), { directoryUrl: info.serviceUrl, blockchainApiUrl: info.serviceUrl, analyticsUrl: info.serviceUrl }, 'demo')
  })

  it('looks an identity up with the asking account as sender, and the project parameters', async () => {
    const identity = await api.getIdentity(FRIEND, { sender: info.walletAccount })
    expect(identity.name).to.equal('devnet-friend.reown.id')
    const url = await received('/v1/identity/')
    expect(url.pathname).to.equal(`/v1/identity/${FRIEND}`)
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({ projectId: 'demo', st: SDK_TYPE, sv: SDK_VERSION, sender: info.walletAccount })
  })

  it('sends the history query with chainId, cursor and onramp; an on-ramp list is empty here', async () => {
    const page = await api.getHistory(info.walletAccount, { chainId: 'eip155:31337', onramp: 'coinbase' })
    expect(page).to.deep.equal({ data: [], next: undefined })
    const url = await received('/v1/account/')
    expect(url.pathname).to.equal(`/v1/account/${info.walletAccount}/history`)
    expect(url.searchParams.get('onramp')).to.equal('coinbase')
    expect(url.searchParams.get('chainId')).to.equal('eip155:31337')
    expect(url.searchParams.has('cursor'), 'no cursor on a first page').to.equal(false)
  })

  it('writes lists as comma lists and numbers as text, the way the server reads them', async () => {
    const directory = createDirectoryClient(createHttpClient(), { url: info.serviceUrl, public: false }, 'demo')
    const first = await directory.getWallets({ page: 1, entries: 3 })
    const ids = first.data.slice(1, 3).map(w => w.id)
    await setFault(info.serviceUrl, { path: '/', mode: 'clear' })
    const page = await directory.getWallets({ page: 1, entries: 40, include: ids, exclude: [], search: '' })
    expect(page.data.map(w => w.id)).to.deep.equal(ids)
    expect(page.count).to.equal(2)
    const url = await received('/getWallets')
    expect(url.searchParams.get('include')).to.equal(ids.join(','))
    expect(url.searchParams.get('entries')).to.equal('40')
    // An empty list or search is no filter: not sent at all.
    expect(['exclude', 'search'].filter(name => url.searchParams.has(name))).to.deep.equal([])
  })

  it('reads the project configuration, origins, analytics switch and supported chains', async () => {
    expect((await api.getProjectConfig()).map(f => f.id)).to.include('activity')
    expect(await api.getAllowedOrigins()).to.include('http://127.0.0.1:*')
    expect(await api.getAnalyticsConfig()).to.equal(true)
    expect(await api.getSupportedChains()).to.include('eip155:31337')
    expect(api.rpcProxyUrl('eip155:31337')).to.equal(new URL('/v1/?chainId=eip155%3A31337&projectId=demo', info.serviceUrl).href)
  })
})
