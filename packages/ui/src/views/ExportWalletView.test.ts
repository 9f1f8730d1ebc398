import { expect } from 'chai'
import { cleanup, getDevnet, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { backButton, bodyText, pretendConnected, quietModal, waitForHeading } from '../__fixtures__/viewFixtures.js'

// ExportWallet (spec §2): the e-mail wallet's keys are shown by the secure site in its own frame
// only (another origin, out of the page's reach). Nothing listens on the stand-in secure site's port.
describe('ExportWallet view', function () {
  this.timeout(20000)
  afterEach(cleanup)

  const SECURE = 'http://127.0.0.1:9'
  const frame = () => modalRoot().querySelector<HTMLIFrameElement>('iframe[data-testid="export-frame"]')

  it("Account's 'Export private keys' opens it: the secure site's export page in a frame; Back returns to Account", async () => {
    const info = await getDevnet()
    const modal = await quietModal({ secureSiteUrl: SECURE })
    // Logged in with the embedded wallet (its connector id), as an e-mail login leaves the account.
    pretendConnected(modal, info, 'ID_AUTH')
    modal.open()
    await waitForHeading('Account')
    ;(await waitFor(() => modalRoot().querySelector<HTMLButtonElement>('[data-testid="open-export"]'), 5000, 'the export row')).click()
    await waitForHeading('Export private keys')
    const shown = await waitFor(frame, 5000, 'the export frame')
    expect(shown.title).to.equal('Export private keys')
    backButton()!.click()
    await waitForHeading('Account')
    expect(modal.router.state.view).to.equal('Account')
  })

  it("the frame's page is the secure site's /export, told the project, this page's origin and the theme", async () => {
    const modal = await quietModal({ secureSiteUrl: SECURE })
    modal.open({ view: 'ExportWallet' })
    const src = new URL((await waitFor(frame, 5000, 'the export frame')).src)
    expect(src.origin + src.pathname).to.equal(`${SECURE}/export`)
    expect(Object.fromEntries(src.searchParams)).to.deep.equal({ projectId: 'test', origin: location.origin, theme: modal.theme.state.themeMode })
    // The keys never pass through this page: it draws nothing of its own.
    expect(bodyText()).to.equal('')
  })

  it("no secure site known: 'E-mail login is not available.'", async () => {
    const modal = await quietModal()
    modal.open({ view: 'ExportWallet' })
    await waitForHeading('Export private keys')
    await waitFor(() => bodyText() === 'E-mail login is not available.', 5000, 'the notice')
    expect(frame()).to.equal(null)
  })
})
