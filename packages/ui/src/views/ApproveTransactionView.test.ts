import { expect } from 'chai'
import { embeddedState } from '@wallet-modal/core/internal'
import { cleanup, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { bodyText, quietModal, waitForHeading } from '../__fixtures__/viewFixtures.js'

// ApproveTransaction (spec §2, §6): the embedded wallet's signing request is drawn by the secure
// site in its own frame (another origin), so the site's script cannot approve it. The request is
// set as the embedded flow sets it; nothing listens on the stand-in secure site's port.
describe('ApproveTransaction view', function () {
  this.timeout(20000)
  afterEach(cleanup)

  const SECURE = 'http://127.0.0.1:9'
  const frame = () => modalRoot().querySelector<HTMLIFrameElement>('iframe[data-testid="approve-frame"]')

  it("a waiting request: 'Approve', the secure site's approval page for that request in a frame", async () => {
    const modal = await quietModal({ secureSiteUrl: SECURE })
    embeddedState(modal).setApproval({ id: 'req-1', method: 'eth_sendTransaction' })
    modal.open({ view: 'ApproveTransaction' })
    await waitForHeading('Approve')
    const shown = await waitFor(frame, 5000, 'the approval frame')
    expect(shown.title).to.equal('Approve the request')
    const src = new URL(shown.src)
    expect(src.origin + src.pathname).to.equal(`${SECURE}/approve`)
    expect(Object.fromEntries(src.searchParams)).to.deep.equal({ projectId: 'test', origin: location.origin, theme: modal.theme.state.themeMode, id: 'req-1' })
    // Nothing of the request is drawn by the page itself.
    expect(bodyText()).to.equal('')
  })

  it('the next request gets a frame of its own; once settled, nothing is waiting', async () => {
    const modal = await quietModal({ secureSiteUrl: SECURE })
    const st = embeddedState(modal)
    st.setApproval({ id: 'req-1', method: 'personal_sign' })
    modal.open({ view: 'ApproveTransaction' })
    const first = await waitFor(frame, 5000, 'the first frame')
    st.setApproval({ id: 'req-2', method: 'eth_sendTransaction' })
    const second = await waitFor(() => (frame()?.src.includes('id=req-2') ? frame() : undefined), 3000, 'the second frame')
    expect(second, 'a new frame, not the old one sent elsewhere').to.not.equal(first)
    st.setApproval(undefined)
    await waitFor(() => bodyText() === 'Nothing is waiting for your approval.', 3000, 'the empty state')
    expect(frame()).to.equal(null)
  })

  it("nothing waiting: 'Nothing is waiting for your approval.'", async () => {
    const modal = await quietModal({ secureSiteUrl: SECURE })
    modal.open({ view: 'ApproveTransaction' })
    await waitForHeading('Approve')
    await waitFor(() => bodyText() === 'Nothing is waiting for your approval.', 5000, 'the empty state')
    expect(frame()).to.equal(null)
  })
})
