// Swap's flows against the real devnet: the Devnet Wallet (EIP-1193 over anvil) trading on the
// devnet's Uniswap V2 exchange through the wallet-modal server; the chain read back by the test.
// Account 4 trades here (funded with both tokens, and no other browser test uses it).
import { expect } from 'chai'
import { parseUnits } from 'viem'
import type { Core } from '../createCore.js'
import { connectedDevnetCore, getDevnet, rpc, setFault, waitFor, type DevnetInfo } from '../__fixtures__/devnet.js'
import { fetchTokenBalances } from './balances.js'
import {
  SWAP_GAS_RESERVE,
  fillMaxSwap,
  flipSwap,
  maxSwapAmount,
  minimumReceived,
  pickSwapToken,
  requestSwapQuote,
  setSwapSlippage,
  startSwap,
  swapAmountError,
  swapFeature,
  swapTokenSections,
  swapClient
} from './swapDraft.js'
import { approveSwap, executeSwap } from './swapExecute.js'
import type { ModalEvent } from '../controllers/EventsController.js'

const TRADER = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
const word = (a: string) => a.slice(2).toLowerCase().padStart(64, '0')

describe('swap flows (devnet Uniswap V2 through the server)', () => {
  let info: DevnetInfo
  let core: Core | undefined
  let stop: (() => void) | undefined
  let wallet: Awaited<ReturnType<typeof connectedDevnetCore>>['wallet']
  const url = () => info.chains[0]!.rpcUrl
  const balanceOf = async (token: string) => BigInt(await rpc<string>(url(), 'eth_call', [{ to: token, data: `0x70a08231${word(TRADER)}` }, 'latest']))
  const allowanceOf = async (token: string, spender: string) =>
    BigInt(await rpc<string>(url(), 'eth_call', [{ to: token, data: `0xdd62ed3e${word(TRADER)}${word(spender)}` }, 'latest']))
  const ethBalance = async () => BigInt(await rpc<string>(url(), 'eth_getBalance', [TRADER, 'latest']))

  /** A connected core on Devnet with Swap open: tokens listed, balances read. */
  const opened = async () => {
    const made = await connectedDevnetCore(info, { account: TRADER })
    core = made.core
    wallet = made.wallet
    stop = made.stop
    await startSwap(core)
    await fetchTokenBalances(core, { force: true })
    await waitFor(() => core!.blockchainApi.state.tokenBalances.some(t => t.symbol === 'USDT'), 5000, 'token balances')
    return core
  }
  const token = (c: Core, symbol: string) => {
    const t = swapFeature(c).controller.state.tokens.find(x => x.symbol === symbol)
    if (!t) throw new Error(`no ${symbol}`)
    return t
  }
  /** Sets a trade and quotes it (as the view does once typing pauses). */
  const draft = async (c: Core, from: string, to: string, amount: string) => {
    pickSwapToken(c, 'from', token(c, from))
    pickSwapToken(c, 'to', token(c, to))
    swapFeature(c).controller.setAmount(amount)
    await requestSwapQuote(c)
    return swapFeature(c).controller.state
  }

  before(async () => {
    info = await getDevnet()
    await setFault(info.serviceUrl, { path: '/', mode: 'clear' })
  })
  afterEach(async () => {
    stop?.()
    core = undefined
    stop = undefined
    await setFault(info.serviceUrl, { path: '/', mode: 'clear' })
  })

  it("lists the network's tokens, the coin first to pay; the picker puts the account's tokens by value, then suggested symbols", async () => {
    const c = await opened()
    const s = swapFeature(c).controller.state
    expect(s.network).to.equal('eip155:31337')
    expect(s.tokens.map(t => t.symbol)).to.deep.equal(['ETH', 'DUSD', 'USDT'])
    expect(s.from?.symbol).to.equal('ETH')
    expect(s.to).to.equal(undefined)
    const sections = swapTokenSections(c)
    // 10,000 ETH at 3000 is worth more than a million of either token.
    expect(sections.yours.map(t => t.symbol)[0]).to.equal('ETH')
    expect(sections.yours).to.have.length(3)
    expect(sections.suggested.map(t => t.symbol)).to.deep.equal(['ETH', 'USDT'])
    expect(swapTokenSections(c, 'tether').yours.map(t => t.symbol)).to.deep.equal(['USDT'])
    // Picking the other side's token swaps the sides.
    pickSwapToken(c, 'to', token(c, 'DUSD'))
    pickSwapToken(c, 'to', token(c, 'ETH'))
    expect([s.from?.symbol, s.to?.symbol]).to.deep.equal(['DUSD', 'ETH'])
  })

  it('DUSD -> USDT: needs an approval, approves exactly, swaps, and the chain moves by the quote', async () => {
    const c = await opened()
    const events: ModalEvent[] = []
    c.events.subscribe(e => events.push(e))
    const s = await draft(c, 'DUSD', 'USDT', '12.5')
    expect(s.quote?.fromAmount).to.equal('12500000')
    expect(s.needsApproval).to.equal(true)
    const spender = s.quote!.spender!
    const [dusd0, usdt0] = await Promise.all([balanceOf(info.tokens.DUSD!), balanceOf(info.tokens.USDT!)])
    expect(await approveSwap(c)).to.equal(true)
    expect(await allowanceOf(info.tokens.DUSD!, spender)).to.equal(12_500_000n)
    expect(s.needsApproval).to.equal(false)
    expect(s.step).to.equal('idle')
    const quoted = BigInt(s.quote!.toAmount)
    c.router.push('Swap')
    const hash = await executeSwap(c)
    expect(hash).to.match(/^0x[0-9a-f]{64}$/)
    expect(await balanceOf(info.tokens.DUSD!)).to.equal(dusd0 - 12_500_000n)
    expect(await balanceOf(info.tokens.USDT!)).to.equal(usdt0 + quoted)
    expect(s.amount).to.equal(undefined, 'the amount is cleared, the tokens kept')
    expect([s.from?.symbol, s.to?.symbol]).to.deep.equal(['DUSD', 'USDT'])
    expect(c.router.state.view).to.equal('Account')
    expect(c.chain.state.namespaces.eip155.account.pendingTransactions).to.equal(0)
    const success = events.find(e => e.type === 'SWAP_SUCCESS')
    expect(success?.data).to.deep.include({ caipNetworkId: 'eip155:31337', hash, from: 'DUSD', to: 'USDT', fromAmount: '12.5' })
  })

  it('counts a swap as pending on the button until it is mined, and waits for it', async () => {
    const c = await opened()
    await draft(c, 'ETH', 'DUSD', '0.001')
    await rpc(url(), 'evm_setAutomine', [false])
    try {
      const swapped = executeSwap(c)
      await waitFor(() => c.chain.state.namespaces.eip155.account.pendingTransactions === 1, 5000, 'one pending transaction')
      expect(swapFeature(c).controller.state).to.deep.include({ step: 'swapping', confirming: true })
      await rpc(url(), 'evm_mine', [])
      expect(await swapped).to.match(/^0x[0-9a-f]{64}$/)
      expect(c.chain.state.namespaces.eip155.account.pendingTransactions).to.equal(0)
    } finally {
      await rpc(url(), 'evm_setAutomine', [true])
    }
  })

  it('checks the amount and the slippage, and flips with the quoted amount', async () => {
    const c = await opened()
    const s = await draft(c, 'ETH', 'DUSD', '0.01')
    expect(swapAmountError(c)).to.equal(undefined)
    expect(setSwapSlippage(c, '0')).to.equal('Slippage must be more than 0% and at most 50%')
    expect(setSwapSlippage(c, '50.5')).to.equal('Slippage must be more than 0% and at most 50%')
    expect(setSwapSlippage(c, 'abc')).to.equal('Slippage must be more than 0% and at most 50%')
    expect(s.slippage).to.equal(1)
    expect(setSwapSlippage(c, '0.5')).to.equal(undefined)
    expect(s.slippage).to.equal(0.5)
    expect(minimumReceived(s.quote!, 0.5)).to.equal((BigInt(s.quote!.toAmount) * 9950n) / 10_000n)
    const quoted = s.quote!.toAmount
    flipSwap(c)
    expect([s.from?.symbol, s.to?.symbol, s.amount]).to.deep.equal(['DUSD', 'ETH', (Number(quoted) / 1e6).toString()])
    s.amount = '0.0000001'
    expect(swapAmountError(c)).to.equal('INVALID_AMOUNT')
    swapFeature(c).controller.setAmount('99999999999')
    expect(swapAmountError(c)).to.equal('INSUFFICIENT_FUNDS')
  })

  it("Max keeps a swap's gas back for the coin, and takes all of a token", async () => {
    const c = await opened()
    const [balance, prices] = await Promise.all([ethBalance(), (await swapClient(c)).gasPrice('eip155:31337')])
    const max = await maxSwapAmount(c)
    // The balance may have dropped since by other fees of this account: none run meanwhile here.
    expect(parseUnits(max, 18)).to.equal(balance - SWAP_GAS_RESERVE * prices.fast)
    pickSwapToken(c, 'from', token(c, 'USDT'))
    await fillMaxSwap(c)
    expect(swapFeature(c).controller.state.amount).to.equal(String(Number(await balanceOf(info.tokens.USDT!)) / 1e6))
  })

  it('prices a trade bigger than the pool at its impact, and shows a failing or malformed quote service as such', async () => {
    const c = await opened()
    const s = await draft(c, 'DUSD', 'ETH', '900000')
    // 900,000 DUSD against a pool of 600,000 DUSD and 200 ETH is priced, at a huge impact.
    expect(s.quote?.priceImpact).to.be.greaterThan(50)
    await setFault(info.serviceUrl, { path: '/v1/convert/quotes', mode: 'status', status: 503, times: 5 })
    await draft(c, 'DUSD', 'ETH', '1')
    expect(s.quote).to.equal(undefined)
    expect(s.quoteError).to.equal('HTTP status code: 503')
    await setFault(info.serviceUrl, { path: '/v1/convert/quotes', mode: 'malformed', times: 1 })
    await draft(c, 'DUSD', 'ETH', '2')
    expect(s.quoteError).to.equal('Invalid response')
  })

  it("a declined swap says 'Signature declined' and keeps the draft", async () => {
    const c = await opened()
    const s = await draft(c, 'ETH', 'USDT', '0.02')
    expect(s.needsApproval).to.equal(false)
    wallet.setMode('reject')
    const usdt0 = await balanceOf(info.tokens.USDT!)
    expect(await executeSwap(c)).to.equal(undefined)
    expect(s.error).to.equal('Signature declined')
    expect([s.from?.symbol, s.to?.symbol, s.amount]).to.deep.equal(['ETH', 'USDT', '0.02'])
    expect(s.step).to.equal('idle')
    expect(await balanceOf(info.tokens.USDT!)).to.equal(usdt0)
  })
})

describe('swap flows: an expired quote', () => {
  it('is quoted again before anything is sent, and the view is told why', async () => {
    const info = await getDevnet()
    const { core, stop } = await connectedDevnetCore(info, { account: TRADER })
    try {
      await startSwap(core)
      const swap = swapFeature(core).controller
      const eth = swap.state.tokens.find(t => t.symbol === 'ETH')!
      pickSwapToken(core, 'to', swap.state.tokens.find(t => t.symbol === 'DUSD')!)
      expect(swap.state.from?.address).to.equal(eth.address)
      swap.setAmount('0.001')
      await requestSwapQuote(core)
      const old = swap.state.quote!
      swap.setQuote({ ...old, expiresAt: Date.now() - 1 }, false)
      const sent = await rpc<string>(info.chains[0]!.rpcUrl, 'eth_getTransactionCount', [TRADER, 'latest'])
      expect(await executeSwap(core)).to.equal(undefined)
      expect(swap.state.error).to.equal('The quote expired. Check the new quote and swap again.')
      expect(swap.state.quote!.expiresAt).to.be.greaterThan(Date.now())
      expect(await rpc<string>(info.chains[0]!.rpcUrl, 'eth_getTransactionCount', [TRADER, 'latest'])).to.equal(sent, 'nothing was sent')
    } finally {
      stop()
    }
  })
})
