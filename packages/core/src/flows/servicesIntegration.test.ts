// The core against the real wallet-modal server on the devnet: wallet lists, token balances
// (checked against the chain itself), identity (asked with the right sender), remote
// configuration, analytics, and the failure paths with the server told to misbehave.
import { expect } from 'chai'
import { createCore, type Core } from '../createCore.js'
import { connectExternal } from './connect.js'
import { fetchTokenBalances } from './balances.js'
import { fetchFeaturedAndRecommended, fetchNextWalletsPage, searchWallets } from './walletLists.js'
import { initServices } from './services.js'
import { reportError } from './telemetry.js'
import {
  announceDevnetWallet,
  createDevnetWallet,
  devnetNetworks,
  faultHits,
  getDevnet,
  memoryStorage,
  rpc,
  serverRequests,
  setFault,
  storedEvents,
  waitFor,
  type DevnetInfo
} from '../__fixtures__/devnet.js'
import type { WalletModalOptions } from '../types/options.js'
import { afterIdle, nextTask } from '../__fixtures__/nextTask.js'
import { spyOnFetch, type FetchCall } from '../__fixtures__/spyOnFetch.js'

const WALLET_ID = 'dev.wallet-modal.devnet'
/** The analytics sink's path (spec §7 `POST /e`). */
const isAnalytics = (c: FetchCall) => c.method === 'POST' && c.url.pathname === '/e'
const BALANCE_PATH = '/v1/account/'

describe('core with the wallet-modal server (devnet)', () => {
  let info: DevnetInfo
  let core: Core | undefined
  let stop: (() => void) | undefined

  const make = async (extra: Partial<WalletModalOptions> = {}) => {
    core = createCore({
      projectId: 'demo',
      networks: devnetNetworks(info),
      storage: memoryStorage(),
      serviceUrl: info.serviceUrl,
      enableInjected: false,
      ...extra
    })
    return core
  }
  const connected = async (extra: Partial<WalletModalOptions> = {}) => {
    const wallet = createDevnetWallet({ chains: info.chains, mode: 'approve', storage: null })
    stop = announceDevnetWallet(wallet, { setWindowEthereum: false })
    const c = await make(extra)
    await c.servicesReady
    await waitFor(() => c.connector.get(WALLET_ID))
    await connectExternal(c, WALLET_ID)
    return c
  }

  before(async () => {
    info = await getDevnet()
  })
  afterEach(async () => {
    core?.destroy()
    stop?.()
    core = undefined
    stop = undefined
    await setFault(info.serviceUrl, { path: '/', mode: 'clear' })
  })

  it('lists featured, recommended, pages of 40 and search results from the directory', async () => {
    const c = await make({ featuredWalletIds: [] })
    await fetchFeaturedAndRecommended(c)
    expect(c.api.state.recommended).to.have.length(4)
    expect(c.api.state.count).to.be.greaterThan(4)
    await fetchNextWalletsPage(c)
    await fetchNextWalletsPage(c)
    const ids = c.api.state.wallets.map(w => w.id)
    expect(ids).to.have.length(80)
    expect(new Set(ids).size).to.equal(80)
    expect(c.api.state.page).to.equal(2)
    await searchWallets(c, 'devnet')
    expect(c.api.state.search.map(w => w.name)).to.include('Devnet Wallet')
    for (const w of c.api.state.search) expect(w.name.toLowerCase()).to.contain('devnet')
  })

  it('excludes wallets by id, rdns or name, and keeps the featured order of the site', async () => {
    await fetchFeaturedAndRecommended(await make())
    const first = core!.api.state.recommended
    core!.destroy()
    const c = await make({ featuredWalletIds: [first[1]!.id, first[0]!.id], excludeWalletIds: [first[2]!.id], excludedWallets: [{ name: first[3]!.name }] })
    await fetchFeaturedAndRecommended(c)
    expect(c.api.state.featured.map(w => w.id)).to.deep.equal([first[1]!.id, first[0]!.id])
    const rec = c.api.state.recommended.map(w => w.id)
    for (const gone of [first[0]!.id, first[1]!.id, first[2]!.id]) expect(rec).not.to.include(gone)
    expect(c.api.state.recommended.map(w => w.name)).not.to.include(first[3]!.name)
  })

  it("token balances equal the chain's balances times the configured price", async () => {
    const c = await connected()
    await waitFor(() => c.blockchainApi.state.tokenBalances.length > 0, 5000, 'token balances')
    const dusd = c.blockchainApi.state.tokenBalances.find(t => t.symbol === 'DUSD')!
    const data = `0x70a08231${info.walletAccount.slice(2).toLowerCase().padStart(64, '0')}`
    const raw = BigInt(await rpc<string>(info.chains[0]!.rpcUrl, 'eth_call', [{ to: info.tokens.DUSD, data }, 'latest']))
    const whole = Number(raw) / 1e6
    const priceAnswer = await (
      await fetch(new URL(`/v1/fungible/price?projectId=demo&st=t&sv=t`, info.serviceUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ currency: 'usd', projectId: 'demo', addresses: [`eip155:31337:${info.tokens.DUSD}`] })
      })
    ).json()
    const price = priceAnswer.fungibles[0].price as number
    expect(Number(dusd.quantity.numeric)).to.equal(whole)
    expect(dusd.value).to.be.closeTo(whole * price, 1e-6)
    expect(c.blockchainApi.totalUsd()).to.be.greaterThan(dusd.value!)
  })

  it("asks the connected account's identity with that account as the sender (spec §7)", async () => {
    // Forgets the requests of earlier tests.
    await setFault(info.serviceUrl, { path: '/', mode: 'clear' })
    const c = await connected()
    await waitFor(() => c.blockchainApi.state.identity?.name, 5000, 'the identity')
    expect(c.blockchainApi.state.identity?.name).to.equal('devnet-wallet.reown.id')
    const [request, ...more] = await serverRequests(info.serviceUrl, '/v1/identity/')
    expect(more, 'one lookup').to.deep.equal([])
    expect(request!.pathname.toLowerCase()).to.equal(`/v1/identity/${info.walletAccount.toLowerCase()}`)
    expect(request!.searchParams.get('sender')?.toLowerCase()).to.equal(info.walletAccount.toLowerCase())
  })

  it("a failing balance service shows 'Token Balance Unavailable' and blocks retries for 30 s", async () => {
    const c = await connected()
    // The balances fetched after connecting have arrived: nothing else is in flight.
    await waitFor(() => c.blockchainApi.state.tokenBalances.length > 0 && !c.blockchainApi.state.balancesLoading, 10000, 'the first balances')
    await setFault(info.serviceUrl, { path: BALANCE_PATH, mode: 'status', status: 500 })
    const before = await faultHits(info.serviceUrl, BALANCE_PATH)
    let t = Date.now()
    await fetchTokenBalances(c, { force: true, now: () => t })
    expect(await faultHits(info.serviceUrl, BALANCE_PATH)).to.equal(before + 4)
    expect(c.blockchainApi.state.balancesError).to.equal('Token Balance Unavailable')
    expect(c.snack.state).to.include({ open: true, message: 'Token Balance Unavailable', variant: 'error' })
    t += 29_000
    await fetchTokenBalances(c, { force: true, now: () => t })
    expect(await faultHits(info.serviceUrl, BALANCE_PATH)).to.equal(before + 4)
    await setFault(info.serviceUrl, { path: '/', mode: 'clear' }) // (also resets the hit counts)
    t += 1_001
    await fetchTokenBalances(c, { force: true, now: () => t })
    expect(await faultHits(info.serviceUrl, BALANCE_PATH)).to.equal(1)
    expect(c.blockchainApi.state.balancesError).to.equal(undefined)
    expect(c.blockchainApi.state.tokenBalances.length).to.be.greaterThan(0)
  })

  it('waits out a 429 with Retry-After, then gets the balances', async () => {
    const c = await connected()
    // The balances fetched after connecting have arrived: nothing else is in flight.
    await waitFor(() => c.blockchainApi.state.tokenBalances.length > 0 && !c.blockchainApi.state.balancesLoading, 10000, 'the first balances')
    await setFault(info.serviceUrl, { path: BALANCE_PATH, mode: 'status', status: 429, retryAfter: 1, times: 1 })
    const before = await faultHits(info.serviceUrl, BALANCE_PATH)
    const started = performance.now()
    await fetchTokenBalances(c, { force: true })
    expect(performance.now() - started).to.be.greaterThan(950)
    expect(await faultHits(info.serviceUrl, BALANCE_PATH)).to.equal(before + 2)
    expect(c.blockchainApi.state.balancesError).to.equal(undefined)
  })

  it('treats a malformed body and a hanging server as unavailable', async () => {
    const c = await connected({ http: { timeoutMs: 300, retries: 1, retryBaseMs: 10 } })
    // The balances fetched after connecting have arrived: nothing else is in flight.
    await waitFor(() => c.blockchainApi.state.tokenBalances.length > 0 && !c.blockchainApi.state.balancesLoading, 10000, 'the first balances')
    await setFault(info.serviceUrl, { path: BALANCE_PATH, mode: 'malformed' })
    await fetchTokenBalances(c, { force: true, now: () => 0 })
    expect(c.blockchainApi.state.balancesError).to.equal('Token Balance Unavailable')
    await setFault(info.serviceUrl, { path: BALANCE_PATH, mode: 'hang' })
    const started = performance.now()
    await fetchTokenBalances(c, { force: true, now: () => 60_000 })
    expect(performance.now() - started).to.be.within(550, 3000)
    expect(c.blockchainApi.state.balancesError).to.equal('Token Balance Unavailable')
  })

  it('shows the rate-limited and server-error alerts when the origins check fails', async () => {
    await setFault(info.serviceUrl, { path: '/projects/v1/origins', mode: 'status', status: 429 })
    const a = await make({ http: { retryBaseMs: 1 } })
    await a.servicesReady
    expect(a.alert.state.code).to.equal('RATE_LIMITED')
    a.destroy()
    await setFault(info.serviceUrl, { path: '/projects/v1/origins', mode: 'status', status: 503 })
    const b = await make({ http: { retryBaseMs: 1 } })
    await b.servicesReady
    expect(b.alert.state.code).to.equal('SERVER_ERROR')
    b.destroy()
    await setFault(info.serviceUrl, { path: '/projects/v1/origins', mode: 'malformed' })
    const d = await make({ http: { retryBaseMs: 1 } })
    await d.servicesReady
    expect(d.alert.state.code).to.equal(undefined)
  })

  it('an origins check failing with any other status gives an empty list: no alert, nothing forbidden', async () => {
    for (const status of [400, 403, 404, 418]) {
      await setFault(info.serviceUrl, { path: '/projects/v1/origins', mode: 'status', status })
      const c = await make({ http: { retryBaseMs: 1 } })
      await c.servicesReady
      expect(c.alert.state.code, `HTTP ${status}`).to.equal(undefined)
      // An empty list forbids nothing: the wallet lists load as usual.
      await waitFor(() => c.api.state.recommended.length > 0, 5000, `the wallet lists after HTTP ${status}`)
      c.destroy()
      core = undefined
    }
  })

  it('analytics stay off when the analytics configuration cannot be read (spec §9: disabled on failure), and are on when it says so', async () => {
    const on = await make({ http: { retryBaseMs: 1 } })
    await on.servicesReady
    expect(on.telemetry.isEnabled(), 'the test server enables analytics').to.equal(true)
    on.destroy()
    core = undefined
    for (const fault of [{ mode: 'status' as const, status: 503 }, { mode: 'malformed' as const }]) {
      await setFault(info.serviceUrl, { path: '/getAnalyticsConfig', ...fault })
      const c = await make({ http: { retryBaseMs: 1, retries: 0 } })
      await c.servicesReady
      expect(c.telemetry.isEnabled(), fault.mode).to.equal(false)
      c.destroy()
      core = undefined
    }
  })

  it("a project id the services do not know gets 'Project ID Not Configured' (from the remote configuration)", async () => {
    const c = await make({ projectId: 'no-such-project', http: { retryBaseMs: 1 } })
    await c.servicesReady
    expect(c.alert.state.code).to.equal('PROJECT_ID_NOT_CONFIGURED')
  })

  it("an origin the project does not allow gets 'Invalid App Configuration', reported once", async () => {
    // The test server has a project 'locked' whose only allowed origin is https://only.example.
    const before = (await storedEvents(info.serviceUrl, 'locked', 'ERROR')).length
    const sent = spyOnFetch()
    try {
      const c = await make({ projectId: 'locked' })
      await c.servicesReady
      expect(c.alert.state.code).to.equal('INVALID_APP_CONFIGURATION')
      await initServices(c)
      // Both start-ups have finished, and what they set off without waiting has run: every
      // report the core would send has been asked of the network by now.
      await nextTask()
      const reports = sent.calls.filter(r => isAnalytics(r) && r.body?.includes('INVALID_APP_CONFIGURATION'))
      expect(reports, 'reports sent').to.have.length(1)
    } finally {
      sent.restore()
    }
    await waitFor(async () => (await storedEvents(info.serviceUrl, 'locked', 'ERROR')).length > before, 3000, 'the error report')
    const all = await storedEvents(info.serviceUrl, 'locked', 'ERROR')
    // Newest first: the events this test caused are the first (all - before).
    const errors = all.slice(0, all.length - before).filter(e => e.props.errorType === 'INVALID_APP_CONFIGURATION')
    expect(errors.length).to.equal(1)
  })

  it('sends analytics events when enabled by site and project, never when the site disables them', async () => {
    const c = await connected()
    const opened = (await storedEvents(info.serviceUrl, 'demo', 'MODAL_OPEN')).length
    // The event is asked of the network once the browser is idle (the services are loaded): what
    // the disabled site below must not send is proven unsent at the same point.
    const events = (calls: FetchCall[]) => calls.filter(r => isAnalytics(r) && r.body?.includes('MODAL_OPEN')).length
    const sent = spyOnFetch()
    try {
      c.open()
      await afterIdle()
      expect(events(sent.calls), 'enabled: the event was sent').to.equal(1)
      await waitFor(async () => (await storedEvents(info.serviceUrl, 'demo', 'MODAL_OPEN')).length === opened + 1, 3000, 'the MODAL_OPEN event')
      c.destroy()
      stop?.()
      const off = await connected({ features: { analytics: false } })
      sent.calls.length = 0
      off.open()
      off.close()
      await afterIdle()
      expect(events(sent.calls), 'disabled: no event sent').to.equal(0)
    } finally {
      sent.restore()
    }
    expect((await storedEvents(info.serviceUrl, 'demo', 'MODAL_OPEN')).length).to.equal(opened + 1)
  })

  it('clips an error report longer than the sink takes, so it is stored instead of refused whole', async () => {
    const c = await make()
    await c.servicesReady
    await reportError(c, 'HUGE_ERROR', 'm'.repeat(20_000), 's'.repeat(80_000))
    const report = await waitFor(
      async () => (await storedEvents(info.serviceUrl, 'demo', 'ERROR')).find(e => e.props.errorType === 'HUGE_ERROR'),
      3000,
      'the report'
    )
    expect((report.props.errorMessage as string).length).to.equal(5000)
    expect(report.props.errorMessage as string).to.match(/^m+…$/)
    expect((report.props.stackTrace as string).length).to.equal(50_000)
  })
})
