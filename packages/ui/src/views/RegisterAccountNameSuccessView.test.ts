import { expect } from 'chai'
import { namesState } from '@wallet-modal/core/internal'
import { cleanup, getDevnet, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { pretendConnected, quietModal, waitForHeading } from '../__fixtures__/viewFixtures.js'

// RegisterAccountNameSuccess (spec §2): the name is the account's; Done goes back to Account. The
// registration's outcome is set as the names flow sets it (it replaces the form with this view).
describe('RegisterAccountNameSuccess view', function () {
  this.timeout(20000)
  afterEach(cleanup)

  const open = async (extra: Parameters<typeof quietModal>[0] = {}) => {
    const info = await getDevnet()
    const modal = await quietModal(extra)
    pretendConnected(modal, info, 'ID_AUTH')
    namesState(modal).setRegistered('ada.walletmodal.id')
    modal.open()
    await waitForHeading('Account')
    modal.router.push('RegisterAccountNameSuccess')
    await waitForHeading('Name registered')
    return modal
  }

  it("'Name registered': the name on a line of its own, then what it is for", async () => {
    await open()
    const name = await waitFor(() => modalRoot().querySelector('[data-testid="name-registered"]'), 5000, 'the name')
    expect(name.textContent).to.equal('ada.walletmodal.id')
    // The sentence '{name} is your account name now. …' is cut at the name: nothing before it.
    const texts = [...modalRoot().querySelectorAll('.wm-body .wm-center > p')].map(p => p.textContent)
    expect(texts).to.deep.equal(['ada.walletmodal.id', 'is your account name now. Others can send to it instead of your address.'])
  })

  it('Done returns to Account', async () => {
    const modal = await open()
    ;(await waitFor(() => modalRoot().querySelector<HTMLButtonElement>('[data-testid="name-done"]'), 5000, 'Done')).click()
    await waitForHeading('Account')
    expect(modal.router.state.view).to.equal('Account')
  })

  it("a sentence with the name inside it (the site's own words): the words before and after it around the name", async () => {
    await open({ messages: { 'names.registered': 'From now on {name} is yours: send it to friends.' } })
    await waitFor(() => modalRoot().querySelector('[data-testid="name-registered"]'), 5000, 'the name')
    const texts = [...modalRoot().querySelectorAll('.wm-body .wm-center > p')].map(p => p.textContent)
    expect(texts).to.deep.equal(['From now on', 'ada.walletmodal.id', 'is yours: send it to friends.'])
  })
})
