import { expect } from 'chai'
import { sendKeys } from '@web/test-runner-commands'
import { swapFeature, type Core } from '@wallet-modal/core/internal'
import { cleanup, getDevnet, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { setFault } from '@wallet-modal/devnet/testing'
import { quietModal, waitForHeading } from '../__fixtures__/viewFixtures.js'

// Swap (spec §2, §4 swap): the token sold with its amount and balance, the token bought with the
// live quote (the devnet's Uniswap V2 through the wallet-modal server), the details, and one button
// saying what comes next. Nothing is sent here (swapDraft.test.ts and the e2e swap test do that),
// so the account needs no wallet: anvil account 7, which holds ETH only (the Send view tests spend a
// little of it; nothing here depends on the exact amount).
describe('Swap view', function () {
  this.timeout(30000)
  afterEach(async () => {
    cleanup()
    await setFault((await getDevnet()).serviceUrl, { path: '/', mode: 'clear' })
  })

  const ACCOUNT = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'
  /** Swap on the devnet's services for {@link ACCOUNT} on Devnet (account only, no wallet). */
  const open = async (): Promise<Core> => {
    const info = await getDevnet()
    const modal = await quietModal({ projectId: 'demo', serviceUrl: info.serviceUrl })
    modal.chain.setAccount('eip155', { status: 'connected', address: ACCOUNT, caipAddress: `eip155:${info.chains[0]!.chainId}:${ACCOUNT}` as never })
    modal.open({ view: 'Swap' })
    await waitForHeading('Swap')
    return modal
  }
  const byId = <T extends HTMLElement = HTMLElement>(id: string) => modalRoot().querySelector<T>(`[data-testid="${id}"]`)
  const ready = () => waitFor(() => byId('swap-from-balance'), 10000, 'the form with the balance')
  const action = () => byId<HTMLButtonElement>('swap-action')!
  /** The receive side's token, picked in the token list as a person does. */
  const receive = async (symbol: string) => {
    byId<HTMLButtonElement>('swap-to-token')!.click()
    await waitForHeading('Select token to receive')
    const option = await waitFor(
      () => [...modalRoot().querySelectorAll<HTMLButtonElement>('[data-testid="swap-token-option"]')].find(b => b.dataset.symbol === symbol),
      5000,
      symbol
    )
    option.click()
    await waitForHeading('Swap')
    await waitFor(() => byId('swap-to-token')?.getAttribute('aria-label') === `Token to receive: ${symbol}. Change token`, 5000, `${symbol} to receive`)
  }
  const type = async (amount: string) => {
    const field = byId<HTMLInputElement>('swap-amount')!
    field.focus()
    field.select()
    await sendKeys({ type: amount })
  }

  it("'Swap': the network's coin to pay with its balance, nothing to receive yet; the button asks for a token", async () => {
    await open()
    await ready()
    expect(modalRoot().querySelector(`label[for="${byId('swap-amount')!.id}"]`)!.textContent).to.equal('You pay')
    expect(byId('swap-from-token')!.getAttribute('aria-label')).to.equal('Token to swap: ETH. Change token')
    expect(byId('swap-from-balance')!.textContent).to.match(/^Balance [\d,.]+ ETH$/)
    expect(byId('swap-to-token')!.getAttribute('aria-label')).to.equal('Select the token to receive')
    expect(byId('swap-to-token')!.textContent).to.equal('Select token')
    expect(byId('swap-to-amount')!.textContent).to.equal('0')
    expect(action().textContent).to.equal('Select token')
    expect(action().disabled).to.equal(true)
  })

  it('a token to receive and an amount: the quote with its details; the button says Swap', async () => {
    await open()
    await ready()
    await receive('DUSD')
    expect(action().textContent).to.equal('Enter amount')
    await type('0.01')
    const details = await waitFor(() => byId('swap-details'), 15000, 'the quote')
    expect([...details.querySelectorAll('dt')].map(d => d.textContent)).to.deep.equal([
      'Rate',
      'Price impact',
      'Network fee',
      'Slippage tolerance',
      'Minimum received',
      'Provider'
    ])
    expect(byId('swap-rate')!.textContent).to.match(/^1 ETH = [\d,.]+ DUSD$/)
    expect(byId<HTMLInputElement>('swap-slippage')!.value).to.equal('1')
    expect(byId('swap-to-amount')!.textContent).to.match(/^[\d.]+$/)
    expect(Number(byId('swap-to-amount')!.textContent)).to.be.greaterThan(0)
    await waitFor(() => action().textContent === 'Swap', 5000, 'Swap')
    expect(action().disabled).to.equal(false)
  })

  it('a slippage outside (0, 50] says so and holds the button', async () => {
    await open()
    await ready()
    await receive('DUSD')
    await type('0.01')
    const slippage = await waitFor(() => byId<HTMLInputElement>('swap-slippage'), 15000, 'the quote')
    slippage.focus()
    slippage.select()
    await sendKeys({ type: '0' })
    await waitFor(() => byId('swap-slippage-error')?.textContent === 'Slippage must be more than 0% and at most 50%', 3000, 'the error')
    expect(slippage.getAttribute('aria-invalid')).to.equal('true')
    expect(action().disabled).to.equal(true)
  })

  it("more than the balance: 'Insufficient funds' under the amount, the button says which balance", async () => {
    await open()
    await ready()
    await receive('USDT')
    await type('99999999')
    await waitFor(() => byId('swap-amount-error')?.textContent === 'Insufficient funds', 3000, 'the error')
    expect(action().textContent).to.equal('Insufficient ETH balance')
    expect(action().disabled).to.equal(true)
  })

  it('the swap service failing: its reason, and a way to another network', async () => {
    const info = await getDevnet()
    await setFault(info.serviceUrl, { path: '/v1/convert/tokens', mode: 'status', status: 500 })
    const modal = await open()
    const alert = await waitFor(() => byId('swap-unavailable'), 15000, 'the alert')
    expect(alert.textContent).to.equal('HTTP status code: 500')
    expect(swapFeature(modal).controller.state.tokens).to.deep.equal([])
    expect([...modalRoot().querySelectorAll('.wm-body button')].map(b => b.textContent)).to.deep.equal(['Switch network'])
  })
})
