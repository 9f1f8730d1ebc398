import { expect } from 'chai'
import { createLocalSIWX } from '@wallet-modal/core'
import type { Core } from '@wallet-modal/core/internal'
import { findButton, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { memoryStorage } from '@wallet-modal/devnet/testing'
import { connectedModal, waitForHeading, cleanupAfterEach } from '../__fixtures__/viewFixtures.js'

// SIWXSignMessage (spec §4 sign-in): opens once a wallet connects on a site with `siwx`: the
// site's name, what signing does, Cancel and Sign. The Devnet Wallet signs (or declines).
describe('SIWXSignMessage view', function () {
  this.timeout(30000)
  const stopAfterTest = cleanupAfterEach()

  /** Connected through the Devnet Wallet on a site signing in with a local SIWX: the view opens by itself. */
  const signingIn = async (required = false) => {
    const made = await connectedModal({
      services: false,
      extra: { siwx: createLocalSIWX({ storage: memoryStorage(), required }), metadata: { name: 'Shop', url: location.origin } }
    })
    stopAfterTest(made.stop)
    await waitFor(() => made.modal.modal.state.open && made.modal.router.state.view === 'SIWXSignMessage', 5000, 'SIWXSignMessage')
    await waitForHeading('Sign In')
    await waitFor(() => modalRoot().querySelector('[data-testid="siwx-sign"]'), 5000, 'the view')
    return made
  }
  const sign = () => modalRoot().querySelector<HTMLButtonElement>('[data-testid="siwx-sign"]')!
  const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`
  const events = (modal: Core) => {
    const seen: string[] = []
    modal.subscribeEvents(e => seen.push(e.type))
    return seen
  }

  it("'Sign In': the site asks, the address to prove, what signing costs; Cancel and Sign", async () => {
    const { info } = await signingIn()
    expect(modalRoot().querySelector('[data-testid="siwx-title"]')!.textContent).to.equal('Shop needs to connect to your wallet')
    const text = modalRoot().querySelector('[data-testid="siwx-title"] + p')!
    expect(text.textContent).to.equal(
      `Sign this message to prove you own ${short(info.walletAccount)} and proceed. Signing costs nothing and sends no transaction.`
    )
    expect(text.querySelector('span')!.title).to.equal(info.walletAccount)
    expect(findButton(modalRoot(), 'Cancel')).to.not.equal(undefined)
    expect(sign().textContent).to.equal('Sign')
  })

  it('Sign: the wallet signs, the sign-in succeeds and the modal closes', async () => {
    const { modal } = await signingIn()
    const seen = events(modal)
    sign().click()
    await waitFor(() => !modal.modal.state.open, 5000, 'the modal closed')
    expect(seen).to.include('SIWX_AUTH_SUCCESS')
    expect(modal.getAccount().isConnected).to.equal(true)
  })

  it("the wallet declining: 'Signature declined' here, for another try", async () => {
    const { modal, wallet } = await signingIn()
    wallet.setMode('reject')
    sign().click()
    const alert = await waitFor(() => modalRoot().querySelector('[data-testid="siwx-error"]'), 5000, 'the error')
    expect(alert.textContent).to.equal('Signature declined')
    expect(modal.router.state.view).to.equal('SIWXSignMessage')
    await waitFor(() => !sign().disabled, 3000, 'Sign again')
  })

  it('required: the text warns that canceling disconnects, and Cancel does', async () => {
    const { modal } = await signingIn(true)
    expect(modalRoot().querySelector('[data-testid="siwx-title"] + p')!.textContent).to.match(/sends no transaction\. Canceling will disconnect you\.$/)
    findButton(modalRoot(), 'Cancel')!.click()
    await waitFor(() => !modal.getAccount().isConnected, 5000, 'disconnected')
  })
})
