import { expect } from 'chai'
import { cleanup, getDevnet, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { pretendConnected, quietModal, waitForHeading } from '../__fixtures__/viewFixtures.js'

// Networks (spec §2): the site's networks, the active one marked; choosing one switches. No wallet
// is behind these accounts, so a choice applies at once (switchNetwork's "no wallet to ask" path).
describe('Networks view', function () {
  this.timeout(20000)
  afterEach(cleanup)

  const list = () => waitFor(() => modalRoot().querySelector('ul[aria-label="Networks"]'), 5000, 'the network list')
  const rows = async () => [...(await list()).querySelectorAll('button')]
  const names = async () => (await rows()).map(b => b.querySelector('.wm-name')?.textContent)

  it("is titled 'Choose Network' and lists the site's networks in order, the active one marked with a check", async () => {
    const modal = await quietModal()
    modal.open({ view: 'Networks' })
    await waitForHeading('Choose Network')
    await waitFor(async () => (await rows()).length === 2, 3000, 'two networks')
    expect(await names()).to.deep.equal(['Devnet', 'Devnet 2'])
    const [first, second] = await rows()
    expect(first!.getAttribute('aria-current')).to.equal('true')
    expect(first!.querySelector('svg'), 'the check mark').to.not.equal(null)
    expect(second!.hasAttribute('aria-current')).to.equal(false)
    // One family only: no row names its family.
    expect(modalRoot().querySelector('ul[aria-label="Networks"] .wm-tag')).to.equal(null)
  })

  it('choosing another network makes it the active one and moves the mark', async () => {
    const info = await getDevnet()
    const modal = await quietModal()
    pretendConnected(modal, info)
    modal.open({ view: 'Networks' })
    await waitFor(async () => (await rows()).length === 2, 5000, 'two networks')
    ;(await rows())[1]!.click()
    await waitFor(() => modal.chain.state.namespaces.eip155.network.caipNetwork?.caipNetworkId === `eip155:${info.chains[1]!.chainId}`, 3000, 'Devnet 2')
    await waitFor(async () => (await rows())[1]!.getAttribute('aria-current') === 'true', 3000, 'the mark on Devnet 2')
    expect((await rows())[0]!.hasAttribute('aria-current')).to.equal(false)
    // The account follows the network.
    expect(modal.chain.state.namespaces.eip155.account.caipAddress).to.equal(`eip155:${info.chains[1]!.chainId}:${info.walletAccount}`)
  })

  it('choosing the network already in use changes nothing', async () => {
    const info = await getDevnet()
    const modal = await quietModal()
    pretendConnected(modal, info)
    const events: string[] = []
    modal.subscribeEvents(e => events.push(e.type))
    modal.open({ view: 'Networks' })
    await waitFor(async () => (await rows()).length === 2, 5000, 'two networks')
    ;(await rows())[0]!.click()
    // The click is handled while it is dispatched: nothing to wait for.
    expect(modal.router.state.view).to.equal('Networks')
    expect(events).to.not.include('SWITCH_NETWORK')
    expect(modal.chain.state.namespaces.eip155.network.caipNetwork?.caipNetworkId).to.equal(`eip155:${info.chains[0]!.chainId}`)
  })
})
