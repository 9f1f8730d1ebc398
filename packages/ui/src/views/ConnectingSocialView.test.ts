import { expect } from 'chai'
import { embeddedState, type Core } from '@wallet-modal/core/internal'
import { cleanup, findButton, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { quietModal, waitForHeading } from '../__fixtures__/viewFixtures.js'

// ConnectingSocial (spec §2, §4): where a social login stands while the person is in the
// provider's popup; on an error, why, and "Try again" (a new popup from its own click). The steps
// are set as the social flow sets them.
describe('ConnectingSocial view', function () {
  this.timeout(20000)
  const realOpen = window.open
  afterEach(() => {
    window.open = realOpen
    cleanup()
  })

  const open = async (social: { provider?: string; step: 'started' | 'requested' | 'error'; error?: string }): Promise<Core> => {
    const modal = await quietModal({ secureSiteUrl: 'http://127.0.0.1:9' })
    embeddedState(modal).setSocial(social)
    modal.open({ view: 'ConnectingSocial', data: social.provider ? { social: social.provider as never } : undefined })
    return modal
  }
  const status = () => modalRoot().querySelector('[data-testid="social-status"]')?.textContent
  const error = () => modalRoot().querySelector('[data-testid="social-error"]')?.textContent

  it("while in the popup: 'Log in with Google', asking to log in in the window that opened", async () => {
    const modal = await open({ provider: 'google', step: 'started' })
    await waitForHeading('Log in with Google')
    await waitFor(() => status() === 'Log in with Google in the window that opened.', 5000, 'the status')
    expect(modalRoot().querySelector('.wm-spinner')).to.not.equal(null)
    embeddedState(modal).setSocial({ provider: 'google', step: 'requested' })
    await waitFor(() => status() === 'Connecting your wallet…', 3000, 'connecting the wallet')
  })

  it('an error says why; Try again opens a new popup (blocked here: the login says so)', async () => {
    const opened: string[] = []
    window.open = ((_url?: string | URL, name?: string) => (opened.push(String(name)), null)) as typeof window.open
    await open({ provider: 'github', step: 'error', error: 'Popup closed' })
    await waitForHeading('Log in with GitHub')
    await waitFor(() => error() === 'Popup closed', 5000, 'the error')
    expect(status()).to.equal(undefined)
    findButton(modalRoot(), 'Try again')!.click()
    expect(opened, 'the popup is opened inside the click').to.deep.equal(['wm-social'])
    await waitFor(() => error() === 'Failed to initiate social connection', 5000, 'the blocked popup reported')
  })

  it("a provider it does not know: 'Log in with a social account', in your account's window", async () => {
    await open({ step: 'started' })
    await waitForHeading('Log in with a social account')
    await waitFor(() => status() === 'Log in with your account in the window that opened.', 5000, 'the status')
    expect(modalRoot().querySelector('[data-testid="connecting-social"] img')).to.equal(null)
  })
})
