import { expect } from 'chai'
import { embeddedState } from '@wallet-modal/core/internal'
import { cleanup, findButton, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { bodyText, quietModal, waitForHeading } from '../__fixtures__/viewFixtures.js'

// EmailLogin (spec §2): where an e-mail login stands. The code is typed in the secure site's frame
// (another origin), never in this page. The login's steps are set as the embedded flow sets them;
// nothing listens on the stand-in secure site's port.
describe('EmailLogin view', function () {
  this.timeout(20000)
  afterEach(cleanup)

  const SECURE = 'http://127.0.0.1:9'
  const EMAIL = 'ada@example.com'
  /** A modal on EmailLogin (pushed over Connect, as the e-mail field does) at `step`. */
  const at = async (step: 'sending' | 'device' | 'otp' | 'connecting' | 'idle', error?: string) => {
    const modal = await quietModal({ secureSiteUrl: SECURE })
    const st = embeddedState(modal)
    st.setEmail(EMAIL)
    st.setStep(step, error)
    modal.open()
    modal.router.push('EmailLogin')
    await waitForHeading('Continue with e-mail')
    return modal
  }
  const status = () => modalRoot().querySelector('[data-testid="email-login-status"]')?.textContent

  it("says where the login stands: the code being sent, a new device's approval, connecting", async () => {
    const modal = await at('sending')
    await waitFor(() => status() === `Sending a code to ${EMAIL}…`, 5000, 'sending')
    embeddedState(modal).setStep('device')
    await waitFor(
      () => status() === `This device is new: we sent a link to ${EMAIL}. Open it to approve this device; the login continues here.`,
      3000,
      'the new device'
    )
    embeddedState(modal).setStep('connecting')
    await waitFor(() => status() === 'Connecting…', 3000, 'connecting')
  })

  it("the code: the secure site's code page in a frame, told the address; a wrong code's error below it", async () => {
    const modal = await at('otp')
    const frame = await waitFor(() => modalRoot().querySelector<HTMLIFrameElement>('iframe[data-testid="otp-frame"]'), 5000, 'the code frame')
    expect(frame.title).to.equal('Enter your code')
    const src = new URL(frame.src)
    expect(src.origin + src.pathname).to.equal(`${SECURE}/otp`)
    expect(src.searchParams.get('email')).to.equal(EMAIL)
    expect(src.searchParams.get('purpose')).to.equal('login')
    expect(modalRoot().querySelector('[role="alert"]')).to.equal(null)
    embeddedState(modal).setStep('otp', 'Invalid email')
    await waitFor(() => modalRoot().querySelector('[role="alert"]')?.textContent === 'Invalid email', 3000, 'the error')
  })

  it("a login that stopped: 'The login stopped.' and Try again, which returns to Connect", async () => {
    const modal = await at('idle')
    await waitFor(() => modalRoot().querySelector('[data-testid="email-login-error"]')?.textContent === 'The login stopped.', 5000, 'the notice')
    findButton(modalRoot(), 'Try again')!.click()
    await waitForHeading('Connect Wallet')
    expect(modal.router.state.history).to.deep.equal(['Connect'])
    expect(embeddedState(modal).state.step).to.equal('idle')
  })

  it('a login that failed shows why instead', async () => {
    await at('idle', 'Failed to connect')
    await waitFor(() => modalRoot().querySelector('[data-testid="email-login-error"]')?.textContent === 'Failed to connect', 5000, 'the error')
    expect(bodyText()).to.not.contain('The login stopped.')
  })
})
