import { expect } from 'chai'
import { embeddedState, type Core } from '@wallet-modal/core/internal'
import { cleanup, findButton, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { quietModal, waitForHeading } from '../__fixtures__/viewFixtures.js'

// ConnectingFarcaster (spec §2): the Sign In With Farcaster link as a QR code and as a link; once
// the app signed, the wallet connects; on failure, why and "Try again". The steps and the link are
// set as the social flow sets them; nothing listens on the stand-in secure site's port.
describe('ConnectingFarcaster view', function () {
  this.timeout(20000)
  afterEach(cleanup)

  const URL_ = 'https://farcaster.xyz/~/siwf?channelToken=4f1c'
  const open = async (step: 'started' | 'requested' | 'error', url?: string, error?: string): Promise<Core> => {
    const modal = await quietModal({ secureSiteUrl: 'http://127.0.0.1:9' })
    embeddedState(modal).setSocial({ provider: 'farcaster', step, error })
    embeddedState(modal).setFarcasterUrl(url)
    modal.open({ view: 'ConnectingFarcaster' })
    await waitForHeading('Sign in with Farcaster')
    return modal
  }
  const status = () => modalRoot().querySelector('[data-testid="farcaster-status"]')?.textContent
  const link = () => modalRoot().querySelector<HTMLAnchorElement>('[data-testid="farcaster-link"]')
  const qr = () => modalRoot().querySelector('svg[role="img"][aria-label="Sign in with Farcaster QR code"]')

  it('the link as a QR code to scan and as a link to open here', async () => {
    await open('started', URL_)
    await waitFor(qr, 5000, 'the QR code')
    expect(status()).to.equal('Scan with the Farcaster app on your phone, or open the link on this device.')
    expect(link()!.textContent).to.equal('Open in Farcaster')
    expect(link()!.href).to.equal(URL_)
    expect(link()!.target).to.equal('_blank')
  })

  it('a link that is not a web address is neither drawn nor linked; the code waits', async () => {
    await open('started', 'javascript:alert(1)')
    await waitFor(() => modalRoot().querySelector('.wm-qr-placeholder[aria-busy="true"]'), 5000, 'the placeholder')
    expect(qr()).to.equal(null)
    expect(link()).to.equal(null)
  })

  it("once the app signed: 'Connecting your wallet…', the code and link gone", async () => {
    const modal = await open('started', URL_)
    await waitFor(qr, 5000, 'the QR code')
    embeddedState(modal).setSocial({ provider: 'farcaster', step: 'requested' })
    await waitFor(() => status() === 'Connecting your wallet…', 3000, 'connecting')
    expect(qr()).to.equal(null)
    expect(link()).to.equal(null)
  })

  it('a failure says why; Try again starts a new sign-in (a fresh code is awaited)', async () => {
    const modal = await open('error', undefined, 'Failed to connect to farcaster: the relay is down')
    const alert = await waitFor(() => modalRoot().querySelector('[data-testid="farcaster-error"]'), 5000, 'the error')
    expect(alert.textContent).to.equal('Failed to connect to farcaster: the relay is down')
    const events: string[] = []
    modal.subscribeEvents(e => events.push(e.type))
    findButton(modalRoot(), 'Try again')!.click()
    await waitFor(() => status() === 'Scan with the Farcaster app on your phone, or open the link on this device.', 5000, 'a new attempt')
    expect(modalRoot().querySelector('[data-testid="farcaster-error"]')).to.equal(null)
    expect(modalRoot().querySelector('.wm-qr-placeholder')).to.not.equal(null)
    expect(events).to.include('SOCIAL_LOGIN_STARTED')
  })
})
