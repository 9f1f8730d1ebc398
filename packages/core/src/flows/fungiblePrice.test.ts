// POST /v1/fungible/price (spec §7) where the modal shows a value the balances do not price:
// against the real wallet-modal server on the devnet (one price service behind both calls; DUSD
// is a dollar in demoServerConfig). The balance service is faulted where a test needs the
// balances to know no price, so only this call can give one.
import { expect } from 'chai'
import type { Core } from '../createCore.js'
import type { PurchaseCurrency } from '@wallet-modal/wire'
import { connectedDevnetCore, getDevnet, serverRequests, setFault, waitFor, type DevnetInfo } from '../__fixtures__/devnet.js'
import { fungiblePriceUsd } from './fungiblePrice.js'
import { estimateSendFee } from './sendFee.js'
import { startSendDraft } from './sendDraft.js'
import { walletFeatures } from './walletFeatures.js'
import { ONRAMP_FALLBACK_PAYMENT_CURRENCIES, onrampFeature, requestOnRampQuote } from './onramp.js'

/** Anvil account 2, the receiver of the send tests. */
const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

describe('prices from /v1/fungible/price (devnet server)', () => {
  let info: DevnetInfo
  let stop: (() => void) | undefined

  const connected = async (): Promise<Core> => {
    const made = await connectedDevnetCore(info)
    stop = made.stop
    await waitFor(() => made.core.chain.state.namespaces.eip155.account.balance, 5000, 'the native balance')
    return made.core
  }
  const chainOf = (c: Core) => c.chain.activeNetwork()!.caipNetworkId

  before(async () => {
    info = await getDevnet()
  })
  beforeEach(() => setFault(info.serviceUrl, { path: '/', mode: 'clear' }))
  afterEach(async () => {
    stop?.()
    stop = undefined
    await setFault(info.serviceUrl, { path: '/', mode: 'clear' })
  })

  it('asks one asset per call with the project parameters; an unknown token has no price; an answer is kept 30 s', async () => {
    const c = await connected()
    const chain = chainOf(c)
    // The balances' price of the coin: the same price service answers both calls.
    const eth = await waitFor(() => c.blockchainApi.state.tokenBalances.find(t => !t.address && t.chainId === chain)?.price, 5000, "the balances' ETH price")
    await setFault(info.serviceUrl, { path: '/', mode: 'clear' })
    expect(await fungiblePriceUsd(c, `${chain}:native`)).to.equal(eth)
    expect(await fungiblePriceUsd(c, `${chain}:${info.tokens.DUSD}`)).to.equal(1)
    expect(await fungiblePriceUsd(c, `${chain}:0x000000000000000000000000000000000000dEaD`)).to.equal(undefined)
    // Kept: not asked again within 30 s, asked again after.
    expect(await fungiblePriceUsd(c, `${chain}:native`)).to.equal(eth)
    expect(await serverRequests(info.serviceUrl, '/v1/fungible/price')).to.have.length(3)
    expect(await fungiblePriceUsd(c, `${chain}:native`, () => Date.now() + 30_001)).to.equal(eth)
    const asked = await serverRequests(info.serviceUrl, '/v1/fungible/price')
    expect(asked).to.have.length(4)
    expect(asked[0]!.searchParams.get('projectId')).to.equal('demo')
    expect(asked[0]!.searchParams.has('st') && asked[0]!.searchParams.has('sv')).to.equal(true)
  })

  it('a failing price service gives no price (never a throw, never $0)', async () => {
    const c = await connected()
    await setFault(info.serviceUrl, { path: '/v1/fungible/price', mode: 'status', status: 503 })
    expect(await fungiblePriceUsd(c, `${chainOf(c)}:native`)).to.equal(undefined)
  })

  it("Send: with the balance service down, the fee's USD value and networkBalanceInUSD come from the coin's price", async () => {
    await setFault(info.serviceUrl, { path: '/v1/account/', mode: 'status', status: 503 })
    const c = await connected()
    expect(c.blockchainApi.state.tokenBalances, 'no balances, so no price from them').to.deep.equal([])
    await startSendDraft(c)
    const { send } = walletFeatures(c)
    // The coin's price, as the server gives it (kept from the draft's own ask: no second request).
    const eth = await fungiblePriceUsd(c, `${chainOf(c)}:native`)
    expect(eth).to.be.a('number').and.greaterThan(0)
    expect(await serverRequests(info.serviceUrl, '/v1/fungible/price')).to.have.length(1)
    const balance = Number(c.chain.state.namespaces.eip155.account.balance)
    expect(balance).to.be.greaterThan(0)
    expect(send.state.networkBalanceInUSD).to.be.closeTo(balance * eth!, 1e-6)
    send.setAmount('0.01')
    send.setReceiver(RECEIVER)
    const fee = await estimateSendFee(c)
    expect(fee?.usd, 'the fee in USD').to.be.a('number')
    expect(fee!.usd!).to.be.closeTo((Number(fee!.raw) / 1e18) * eth!, 1e-9)
  })

  it("the on-ramp's failed-quote rule: the quote fails, the purchase is estimated from the asset's price, marked, with the reason", async () => {
    // The account's balances (which would price DUSD) are unavailable: only /v1/fungible/price can.
    await setFault(info.serviceUrl, { path: '/v1/account/', mode: 'status', status: 503 })
    const c = await connected()
    const onramp = onrampFeature(c).controller
    const ref = chainOf(c).split(':')[1]!
    const asset = (id: string, contract: string): PurchaseCurrency => ({
      id,
      name: id,
      symbol: id,
      networks: [{ name: 'devnet', display_name: 'Devnet', chain_id: ref, contract_address: contract }]
    })
    const dusd = asset('DUSD', info.tokens.DUSD!)
    onramp.setOptions([{ id: 'sandbox', name: 'Devnet Sandbox', feeRange: '1-2%', networks: [chainOf(c)] }], [dusd], ONRAMP_FALLBACK_PAYMENT_CURRENCIES, false)
    onramp.setPurchaseCurrency(dusd)
    onramp.setPaymentCurrency(ONRAMP_FALLBACK_PAYMENT_CURRENCIES[0])
    onramp.setPaymentMethod('card')
    onramp.setPaymentAmount('50')
    // The devnet's server runs no on-ramp provider: its quote fails.
    await requestOnRampQuote(c)
    expect(onramp.state.quoteEstimated, String(onramp.state.quoteError)).to.equal(true)
    // 50 USD less the top of the 1-2% fee, at 1 USD per DUSD.
    expect(onramp.state.purchaseAmount).to.equal('49')
    expect(onramp.state.quoteError).to.be.a('string').and.not.equal('')
    expect(onramp.state.quotesLoading).to.equal(false)

    // An asset nobody prices: no amount is invented, the reason alone is shown.
    const unknown = asset('UNKN', '0x000000000000000000000000000000000000dEaD')
    onramp.setOptions(onramp.state.providers, [unknown], ONRAMP_FALLBACK_PAYMENT_CURRENCIES, false)
    onramp.setPurchaseCurrency(unknown)
    onramp.setPaymentAmount('50')
    await requestOnRampQuote(c)
    expect([onramp.state.quoteEstimated, onramp.state.purchaseAmount]).to.deep.equal([false, undefined])
    expect(onramp.state.quoteError).to.be.a('string').and.not.equal('')
  })
})
