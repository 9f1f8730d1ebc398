import { expect } from 'chai'
import { sendKeys } from '@web/test-runner-commands'
import { ONRAMP_FALLBACK_PAYMENT_CURRENCIES, onrampFeature, type Core } from '@wallet-modal/core/internal'
import { cleanup, findButton, getDevnet, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { quietModal, waitForHeading } from '../__fixtures__/viewFixtures.js'

// OnRampBuy (spec §2, §4 on-ramp): what to buy on the active network, what to pay (currency,
// method, an amount within the method's limits), the quote, then Buy. The provider's options are
// set as the on-ramp flow sets them (a provider selling DUSD on Devnet, the spec's sample limits);
// the devnet's server runs no on-ramp provider, so its quote fails and the estimate from DUSD's
// price is shown, marked as such.
describe('OnRampBuy view', function () {
  this.timeout(30000)
  afterEach(cleanup)

  const SANDBOX = { id: 'sandbox', name: 'Devnet Sandbox', feeRange: '1-2%', networks: ['eip155:31337'] }
  /** The Buy form for DUSD on the devnet's services, connected (account only) on the network `chain` (0: Devnet). */
  const open = async (chain = 0): Promise<Core> => {
    const info = await getDevnet()
    const modal = await quietModal({ projectId: 'demo', serviceUrl: info.serviceUrl })
    const dusd = {
      id: 'DUSD',
      name: 'Devnet USD',
      symbol: 'DUSD',
      networks: [{ name: 'devnet', display_name: 'Devnet', chain_id: String(info.chains[0]!.chainId), contract_address: info.tokens.DUSD! }]
    }
    const onramp = onrampFeature(modal).controller
    onramp.setOptions([SANDBOX], [dusd], ONRAMP_FALLBACK_PAYMENT_CURRENCIES, false)
    onramp.selectProvider(SANDBOX)
    onramp.setPurchaseCurrency(dusd)
    onramp.setPaymentCurrency(ONRAMP_FALLBACK_PAYMENT_CURRENCIES[0])
    onramp.setPaymentMethod('card')
    const { chainId } = info.chains[chain]!
    modal.chain.setAccount('eip155', { status: 'connected', address: info.walletAccount, caipAddress: `eip155:${chainId}:${info.walletAccount}` as never })
    if (chain) modal.chain.setNetwork('eip155', modal.options.findNetwork(`eip155:${chainId}`)!)
    modal.open({ view: 'OnRampBuy' })
    await waitForHeading('Buy crypto')
    await waitFor(() => byId('onramp-amount'), 5000, 'the Buy form')
    return modal
  }
  const byId = <T extends HTMLElement = HTMLElement>(id: string) => modalRoot().querySelector<T>(`[data-testid="${id}"]`)
  const labelOf = (id: string) => modalRoot().querySelector(`label[for="${byId(id)!.id}"]`)?.textContent
  const buy = () => byId<HTMLButtonElement>('onramp-buy')!
  const type = async (amount: string) => {
    const field = byId<HTMLInputElement>('onramp-amount')!
    field.focus()
    field.select()
    await sendKeys({ type: amount })
  }
  const choose = (select: HTMLSelectElement, value: string) => {
    select.value = value
    select.dispatchEvent(new Event('change', { bubbles: true }))
  }

  it("the form: what you buy, what you pay in which currency and how, the method's limits; Buy waits for an amount", async () => {
    await open()
    expect(labelOf('onramp-asset')).to.equal('You buy')
    expect([...byId<HTMLSelectElement>('onramp-asset')!.options].map(o => o.textContent)).to.deep.equal(['Devnet USD (DUSD)'])
    expect(labelOf('onramp-amount')).to.equal('You pay')
    expect(labelOf('onramp-currency')).to.equal('Currency')
    expect(byId<HTMLSelectElement>('onramp-currency')!.value).to.equal('USD')
    expect(labelOf('onramp-method')).to.equal('Pay with')
    expect([...byId<HTMLSelectElement>('onramp-method')!.options].map(o => o.textContent)).to.deep.equal(['Card', 'Bank transfer'])
    expect(byId('onramp-limits')!.textContent).to.equal('10.00 to 7,500.00 USD')
    expect(buy().textContent).to.equal('Enter an amount')
    expect(buy().disabled).to.equal(true)
  })

  it("another payment method: that method's limits", async () => {
    await open()
    choose(byId<HTMLSelectElement>('onramp-method')!, 'bank')
    await waitFor(() => byId('onramp-limits')?.textContent === '10.00 to 25,000.00 USD', 3000, "the bank's limits")
  })

  it('an amount outside the limits says so; Buy stays off', async () => {
    await open()
    await type('5')
    await waitFor(() => byId('onramp-amount-error')?.textContent === 'Amount must be between 10.00 and 7,500.00 USD', 3000, 'the error')
    expect(buy().disabled).to.equal(true)
  })

  it("an amount: the quote (an estimate here, marked as one, with the provider's reason); Buy DUSD", async () => {
    await open()
    await type('50')
    await waitFor(() => byId('onramp-purchase-amount')?.textContent === '≈ 49 DUSD', 15000, 'the estimate')
    expect(byId('onramp-quote')!.querySelector('dt')!.textContent).to.equal('You receive (estimate)')
    expect(byId('onramp-estimate')!.textContent).to.match(
      /^This is an estimate: Devnet Sandbox's quote is unavailable \(.+\)\. The checkout shows the real amount\.$/
    )
    expect(buy().textContent).to.equal('Buy DUSD')
    expect(buy().disabled).to.equal(false)
  })

  it('waiting for the purchase: says where to complete it; Cancel returns to the form', async () => {
    const modal = await open()
    onrampFeature(modal).controller.setStatus('waiting')
    await waitFor(() => byId('onramp-waiting')?.textContent === 'Complete the purchase in the Devnet Sandbox window. Waiting for your DUSD…', 3000, 'the wait')
    findButton(modalRoot(), 'Cancel')!.click()
    await waitFor(() => byId('onramp-amount'), 3000, 'the form again')
    expect(onrampFeature(modal).controller.state.status).to.equal('idle')
  })

  it("on a network the provider does not sell on: '… sells nothing on Devnet 2.', Buy off", async () => {
    await open(1)
    const alert = await waitFor(() => byId('onramp-not-here'), 5000, 'the alert')
    expect(alert.textContent).to.equal('Devnet Sandbox sells nothing on Devnet 2.')
    await type('50')
    expect(buy().disabled).to.equal(true)
  })
})
