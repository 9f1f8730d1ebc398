import { expect } from 'chai'
import {
  onrampFeature,
  ONRAMP_FALLBACK_PAYMENT_CURRENCIES,
  ONRAMP_FALLBACK_PURCHASE_CURRENCIES,
  safeImageUrl,
  SDK_TYPE,
  SDK_VERSION,
  type Core
} from '@wallet-modal/core/internal'
import { cleanup, getDevnet, makeModal, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'
import { currencyImageUrl } from './CurrencyImage.js'

// The on-ramp's currency images (spec §7 /public/getCurrencyImage/{id}) in the real element: the
// chosen currency's image beside its code, from the wallet-modal server; nothing when it fails.
describe('currency images in Buy', function () {
  this.timeout(30000)
  afterEach(cleanup)

  /** A currency the server has no image for. */
  const UNKNOWN = { id: 'XXX', payment_method_limits: [{ id: 'card', min: '10.00', max: '100.00' }] }

  /** Opens Buy with the sample options (USD, EUR) plus {@link UNKNOWN}, `currency` chosen. */
  const openBuy = async (modal: Core, currency: string) => {
    const onramp = onrampFeature(modal).controller
    onramp.setOptions([], ONRAMP_FALLBACK_PURCHASE_CURRENCIES, [...ONRAMP_FALLBACK_PAYMENT_CURRENCIES, UNKNOWN], true)
    onramp.setPaymentCurrency(onramp.state.paymentCurrencies.find(c => c.id === currency))
    modal.open({ view: 'OnRampBuy' })
    return waitFor(() => modalRoot().querySelector<HTMLSelectElement>('[data-testid="onramp-currency"]'), 5000, 'the Buy form')
  }
  const image = () => modalRoot().querySelector<HTMLImageElement>('[data-testid="currency-image"]')
  const choose = (select: HTMLSelectElement, id: string) => {
    select.value = id
    select.dispatchEvent(new Event('change', { bubbles: true }))
  }

  it("names the directory's image of a code with the parameters every call carries; odd ids get none", async () => {
    const info = await getDevnet()
    const modal = await makeModal({ projectId: 'demo', serviceUrl: info.serviceUrl, enableInjected: false, enableEIP6963: false, enableWalletConnect: false })
    const url = new URL(currencyImageUrl(modal, 'USD')!)
    expect(url.origin).to.equal(new URL(info.serviceUrl).origin)
    expect(url.pathname).to.equal('/public/getCurrencyImage/USD')
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({ projectId: 'demo', st: SDK_TYPE, sv: SDK_VERSION })
    // The server has it: a script-free SVG.
    const answer = await fetch(url)
    expect(answer.status).to.equal(200)
    expect(answer.headers.get('content-type')).to.equal('image/svg+xml')
    expect(currencyImageUrl(modal, undefined)).to.equal(undefined)
    expect(currencyImageUrl(modal, 'a b<')).to.equal(undefined)
    expect(currencyImageUrl(modal, '../x')).to.equal(undefined)
  })

  it("without a server of the site's own, the public registry's image is named", async () => {
    const modal = await makeModal({ enableInjected: false, enableEIP6963: false, enableWalletConnect: false })
    expect(currencyImageUrl(modal, 'EUR')).to.match(/^https:\/\/api\.web3modal\.org\/public\/getCurrencyImage\/EUR\?projectId=test&/)
  })

  it("shows the chosen currency's image beside its code (decorative), follows the choice, and shows nothing for a code without one", async () => {
    const info = await getDevnet()
    const modal = await makeModal({ projectId: 'demo', serviceUrl: info.serviceUrl, enableInjected: false, enableEIP6963: false, enableWalletConnect: false })
    const select = await openBuy(modal, 'USD')
    const usd = await waitFor(
      () => {
        const img = image()
        return img?.complete && img.naturalWidth > 0 ? img : undefined
      },
      5000,
      "USD's image loaded"
    )
    expect(usd.getAttribute('src')).to.equal(currencyImageUrl(modal, 'USD'))
    expect(usd.getAttribute('alt'), 'the code is next to it').to.equal('')
    // In the same pill as the select that names the code.
    expect(usd.parentElement).to.equal(select.parentElement)
    choose(select, 'EUR')
    await waitFor(() => image()?.getAttribute('src') === currencyImageUrl(modal, 'EUR') || undefined, 3000, "EUR's image")
    // The server has no image for XXX (404): the image goes, the code stays.
    choose(select, 'XXX')
    await waitFor(() => !image() || undefined, 5000, 'no image for XXX')
    expect(select.value).to.equal('XXX')
    // Back to a code with an image: shown again.
    choose(select, 'USD')
    await waitFor(() => image()?.getAttribute('src') === currencyImageUrl(modal, 'USD') || undefined, 3000, "USD's image again")
  })

  it('the directory unreachable: no image, no broken-image icon; the currency is still chosen by its code', async () => {
    // A closed port on loopback as the site's directory (its origin is allowed like any configured service's).
    const modal = await makeModal({ directoryUrl: 'http://127.0.0.1:9/', enableInjected: false, enableEIP6963: false, enableWalletConnect: false })
    // Its URL passes the allow-list, so the image is tried (and fails) rather than never asked for.
    expect(safeImageUrl(currencyImageUrl(modal, 'EUR'), serviceOrigins(modal))).to.be.a('string')
    const select = await openBuy(modal, 'EUR')
    await waitFor(() => !image() || undefined, 5000, 'the failed image removed')
    expect(select.value).to.equal('EUR')
    expect([...select.options].map(o => o.textContent)).to.deep.equal(['USD', 'EUR', 'XXX'])
  })
})
