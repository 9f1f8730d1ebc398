import { expect } from 'chai'
import { sendKeys } from '@web/test-runner-commands'
import { embeddedState, type Core } from '@wallet-modal/core/internal'
import { cleanup, findButton, getDevnet, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { bodyText, pretendConnected, quietModal, waitForHeading } from '../__fixtures__/viewFixtures.js'

// UpdateEmailWallet (spec §2): a new address, then a code from the current address and one from
// the new one, both typed in the secure site's frame; then done. Reached from Account's 'Change
// e-mail' (an e-mail login); the later steps are set as the embedded flow sets them. Nothing
// listens on the stand-in secure site's port.
describe('UpdateEmailWallet view', function () {
  this.timeout(20000)
  afterEach(cleanup)

  const SECURE = 'http://127.0.0.1:9'
  /** Account of an e-mail login → 'Change e-mail'. */
  const fromAccount = async (): Promise<Core> => {
    const info = await getDevnet()
    const modal = await quietModal({ secureSiteUrl: SECURE })
    pretendConnected(modal, info, 'ID_AUTH')
    embeddedState(modal).setUser({ email: 'old@example.com' })
    modal.open()
    await waitForHeading('Account')
    ;(await waitFor(() => modalRoot().querySelector<HTMLButtonElement>('[data-testid="open-update-email"]'), 5000, 'the row')).click()
    await waitForHeading('Change e-mail')
    return modal
  }
  const input = () => modalRoot().querySelector<HTMLInputElement>('#wm-new-email')
  const frame = () => modalRoot().querySelector<HTMLIFrameElement>('iframe[data-testid="update-otp-frame"]')

  it("'Change e-mail': a field for the new address; Continue waits for one", async () => {
    await fromAccount()
    const field = await waitFor(input, 5000, 'the field')
    expect(modalRoot().querySelector('label[for="wm-new-email"]')!.textContent).to.equal('New e-mail address')
    expect(field.type).to.equal('email')
    expect(findButton(modalRoot(), 'Continue')!.disabled).to.equal(true)
    field.focus()
    await sendKeys({ type: 'new@example.com' })
    await waitFor(() => !findButton(modalRoot(), 'Continue')!.disabled, 3000, 'Continue enabled')
  })

  it("an address that is not one: 'Invalid email', nothing sent", async () => {
    const modal = await fromAccount()
    ;(await waitFor(input, 5000, 'the field')).focus()
    await sendKeys({ type: 'not-an-address' })
    await sendKeys({ press: 'Enter' })
    await waitFor(() => modalRoot().querySelector('[role="alert"]')?.textContent === 'Invalid email', 3000, "'Invalid email'")
    expect(embeddedState(modal).state.update.step).to.equal('email')
  })

  it('the codes: first from the current address, then from the new one, each in the secure frame', async () => {
    const modal = await fromAccount()
    const st = embeddedState(modal)
    st.setUpdate({ step: 'primary', newEmail: 'new@example.com' })
    await waitFor(() => bodyText().startsWith('Enter the code we sent to old@example.com.'), 3000, 'the first code')
    const first = new URL((await waitFor(frame, 3000, 'the frame')).src)
    expect([first.pathname, first.searchParams.get('email'), first.searchParams.get('purpose')]).to.deep.equal(['/otp', 'old@example.com', 'update-primary'])
    expect(frame()!.title).to.equal('Enter your code')
    st.setUpdate({ step: 'secondary', newEmail: 'new@example.com' })
    await waitFor(() => bodyText().startsWith('Now enter the code we sent to new@example.com.'), 3000, 'the second code')
    const second = new URL(frame()!.src)
    expect([second.searchParams.get('email'), second.searchParams.get('purpose')]).to.deep.equal(['new@example.com', 'update-secondary'])
  })

  it('done: says which address the wallet uses now; Done returns to Account', async () => {
    const modal = await fromAccount()
    embeddedState(modal).setUpdate({ step: 'done', newEmail: 'new@example.com' })
    await waitFor(() => modalRoot().querySelector('[data-testid="update-email-done"]')?.textContent === 'Your wallet now uses new@example.com.', 3000, 'done')
    findButton(modalRoot(), 'Done')!.click()
    await waitForHeading('Account')
  })
})
