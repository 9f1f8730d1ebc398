import { expect } from 'chai'
import { onrampFeature, type Core } from '@wallet-modal/core/internal'
import { cleanup, getDevnet, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { pretendConnected, quietModal, waitForHeading } from '../__fixtures__/viewFixtures.js'

// OnRampProviders (spec §2 on-ramp, §9): the providers with their fees and the site's networks they
// sell on; choosing one opens the Buy form. The devnet's server runs no on-ramp provider, so the
// spec's sample providers and limits apply, and the view says so. Not offered in the regions of
// spec §9 (read from the time zone).
describe('OnRampProviders view', function () {
  this.timeout(20000)
  const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions
  afterEach(() => {
    Intl.DateTimeFormat.prototype.resolvedOptions = resolvedOptions
    cleanup()
  })

  const open = async (): Promise<Core> => {
    const info = await getDevnet()
    const modal = await quietModal({ projectId: 'demo', serviceUrl: info.serviceUrl })
    pretendConnected(modal, info)
    modal.open({ view: 'OnRampProviders' })
    await waitForHeading('Buy crypto')
    return modal
  }
  const providers = () => [...modalRoot().querySelectorAll<HTMLButtonElement>('ul[aria-label="Providers"] [data-testid="onramp-provider"]')]

  it("'Buy crypto': each provider with its fees and networks; the sample limits are said to be samples", async () => {
    await open()
    await waitFor(() => providers().length > 0, 10000, 'the providers')
    expect(providers().map(p => p.querySelector('.wm-name')!.textContent)).to.deep.equal([
      'MeldFees 1-2% · Devnet, Devnet 2',
      'CoinbaseFees 1-2% · Devnet, Devnet 2'
    ])
    const notice = await waitFor(() => modalRoot().querySelector('[data-testid="onramp-fallback"]'), 5000, 'the notice')
    expect(notice.textContent).to.equal('The providers could not be reached: sample limits are shown.')
  })

  it('choosing a provider opens the Buy form for it', async () => {
    const modal = await open()
    await waitFor(() => providers().length > 0, 10000, 'the providers')
    providers()[0]!.click()
    await waitFor(() => modal.router.state.view === 'OnRampBuy', 3000, 'OnRampBuy')
    await waitFor(() => modalRoot().querySelector('[data-testid="onramp-amount"]'), 5000, 'the Buy form')
    expect(onrampFeature(modal).controller.state.selectedProvider?.name).to.equal('Meld')
  })

  it("no provider: 'No provider sells crypto here.'", async () => {
    const modal = await open()
    await waitFor(() => providers().length > 0, 10000, 'the providers')
    onrampFeature(modal).controller.setOptions([], [], [], false)
    await waitFor(() => modalRoot().querySelector('.wm-body p[role="status"]')?.textContent === 'No provider sells crypto here.', 3000, 'the empty state')
    expect(providers()).to.deep.equal([])
  })

  it('in a region without the on-ramp: says so, lists nothing', async () => {
    Intl.DateTimeFormat.prototype.resolvedOptions = function () {
      return { ...resolvedOptions.call(this), timeZone: 'Asia/Shanghai' }
    }
    await open()
    const alert = await waitFor(() => modalRoot().querySelector('[data-testid="onramp-restricted"]'), 5000, 'the notice')
    expect(alert.textContent).to.equal('Buying crypto is not available in your region (mainland China, Hong Kong and Macau).')
    expect(providers()).to.deep.equal([])
  })
})
