import { expect } from 'chai'
import { formatUnits } from 'viem'
import { createCore, type Core } from '../createCore.js'
import { connectExternal } from './connect.js'
import { fetchTokenBalances } from './balances.js'
import { announceDevnetWallet, createDevnetWallet, devnetNetworks, getDevnet, memoryStorage, rpc, waitFor, type DevnetInfo } from '../__fixtures__/devnet.js'

// The no-server mode's token list (spec §4 balances without a blockchain data API): a site without
// `serviceUrl` that lists `tokens` gets them read from the network's RPC, here the devnet's anvil
// (Multicall3 installed by the devnet at its canonical address). Node tests cover the reads
// themselves (test/node/rpcBalances.test.ts: fallback, hostile tokens, timeouts).

const WALLET_ID = 'dev.wallet-modal.devnet'
const ICON = 'https://example.com/dusd.png'

const balanceOf = async (url: string, token: string, holder: string) =>
  BigInt(await rpc<string>(url, 'eth_call', [{ to: token, data: `0x70a08231${holder.slice(2).toLowerCase().padStart(64, '0')}` }, 'latest']))

describe("token balances from the network's RPC (no blockchain data API)", () => {
  let info: DevnetInfo
  let core: Core | undefined
  let stopAnnounce: (() => void) | undefined

  const setup = async (extra: Record<string, unknown>) => {
    const wallet = createDevnetWallet({ chains: info.chains, mode: 'approve' })
    stopAnnounce = announceDevnetWallet(wallet, { setWindowEthereum: false })
    core = createCore({ projectId: 'test', networks: devnetNetworks(info), storage: memoryStorage(), enableInjected: false, ...extra })
    await core.ready
    await waitFor(() => core!.connector.get(WALLET_ID), 3000, 'the wallet announcement')
    return core
  }

  before(async () => {
    info = await getDevnet()
  })
  afterEach(() => {
    core?.destroy()
    stopAnnounce?.()
    core = undefined
  })

  it("lists the native coin and the site's tokens, without USD values, once connected", async () => {
    const c = await setup({ tokens: { 'eip155:31337': [{ address: info.tokens.DUSD!, image: ICON }, { address: info.tokens.USDT! }] } })
    const address = await connectExternal(c, WALLET_ID)
    const balances = await waitFor(
      () => (c.blockchainApi.state.tokenBalances.length === 3 ? c.blockchainApi.state.tokenBalances : undefined),
      10_000,
      'the token balances'
    )
    const url = info.chains[0]!.rpcUrl
    const [wei, dusd, usdt] = await Promise.all([
      rpc<string>(url, 'eth_getBalance', [address, 'latest']),
      balanceOf(url, info.tokens.DUSD!, address),
      balanceOf(url, info.tokens.USDT!, address)
    ])
    expect(balances.map(b => [b.symbol, b.quantity.numeric, b.value, b.price])).to.deep.equal([
      ['ETH', formatUnits(BigInt(wei), 18), undefined, undefined],
      ['DUSD', formatUnits(dusd, 6), undefined, undefined],
      ['USDT', formatUnits(usdt, 6), undefined, undefined]
    ])
    expect(balances[1]).to.include({ address: `eip155:31337:${info.tokens.DUSD}`, iconUrl: ICON, name: 'Devnet USD' })
    expect(c.blockchainApi.state.balancesError).to.equal(undefined)
  })

  it('reads nothing without `tokens` (the native balance alone, as before)', async () => {
    const c = await setup({})
    await connectExternal(c, WALLET_ID)
    await fetchTokenBalances(c, { force: true })
    expect(c.blockchainApi.state.tokenBalances).to.deep.equal([])
    expect(c.blockchainApi.state.balancesError).to.equal(undefined)
  })

  it("shows 'Token Balance Unavailable' when the network's RPC cannot be read", async () => {
    // The site's network points at a port nobody listens on (the wallet keeps its own RPC).
    const networks = devnetNetworks(info).map(n => ({ ...n, rpcUrls: { default: { http: ['http://127.0.0.1:1/'] } } }))
    const c = await setup({ networks, tokens: { 'eip155:31337': { address: info.tokens.DUSD! } }, http: { retries: 0, timeoutMs: 2000 } })
    await connectExternal(c, WALLET_ID)
    await waitFor(() => c.blockchainApi.state.balancesError, 10_000, 'the failed read')
    expect(c.blockchainApi.state.balancesError).to.equal('Token Balance Unavailable')
    expect(c.blockchainApi.state.tokenBalances).to.deep.equal([])
  })
})
