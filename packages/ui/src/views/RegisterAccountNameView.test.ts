import { expect } from 'chai'
import { sendKeys } from '@web/test-runner-commands'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { Core } from '@wallet-modal/core/internal'
import { cleanup, getDevnet, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { setFault } from '@wallet-modal/devnet/testing'
import { pretendConnected, quietModal, waitForHeading } from '../__fixtures__/viewFixtures.js'

// RegisterAccountName (spec §2, §5, §7): the name's own part with the service's suffix beside it,
// the rule checked at once, whether it is free asked once typing pauses (the devnet's real name
// service), free variants of a taken name as chips. For an embedded-wallet account (its connector
// id; no wallet behind it: nothing is registered here, the e2e names test does that).
describe('RegisterAccountName view', function () {
  this.timeout(30000)
  afterEach(async () => {
    cleanup()
    await setFault((await getDevnet()).serviceUrl, { path: '/', mode: 'clear' })
  })

  const SUFFIX = '.walletmodal.id'
  /** An e-mail account on the devnet's services, on RegisterAccountName. */
  const open = async (): Promise<Core> => {
    const info = await getDevnet()
    const modal = await quietModal({ projectId: 'demo', serviceUrl: info.serviceUrl })
    await modal.servicesReady
    pretendConnected(modal, info, 'ID_AUTH')
    modal.open({ view: 'RegisterAccountName' })
    await waitForHeading('Choose name')
    return modal
  }
  const input = () => waitFor(() => modalRoot().querySelector<HTMLInputElement>('[data-testid="name-input"]'), 5000, 'the name field')
  const byId = (id: string) => modalRoot().querySelector<HTMLElement>(`[data-testid="${id}"]`)
  const register = () => byId('name-register') as HTMLButtonElement
  const type = async (text: string) => {
    const field = await input()
    field.focus()
    field.select()
    await sendKeys({ type: text })
  }
  /** A name nobody has (this run's own). */
  const fresh = () => `view-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`

  it("'Choose name': the field labelled, the suffix beside it, the rule below; Register waits", async () => {
    await open()
    const field = await input()
    expect(modalRoot().querySelector(`label[for="${field.id}"]`)!.textContent).to.equal('Choose your account name')
    expect(byId('name-suffix')!.textContent).to.equal(SUFFIX)
    expect(byId('name-rule')!.textContent).to.equal('Letters, digits and hyphens, at least 4 characters')
    expect(register().textContent).to.equal('Register')
    expect(register().disabled).to.equal(true)
  })

  it('a name breaking the rule is refused at once: the rule turns red, the field invalid, Register off', async () => {
    await open()
    await type('ab')
    await waitFor(() => byId('name-rule')!.className === 'wm-error-text', 3000, 'the rule refused')
    expect((await input()).getAttribute('aria-invalid')).to.equal('true')
    expect(register().disabled).to.equal(true)
    expect(byId('name-status')!.textContent).to.equal('')
  })

  it("a free name: 'name.walletmodal.id is available', Register on", async () => {
    await open()
    const name = fresh()
    await type(name)
    await waitFor(() => byId('name-status')!.textContent === `${name}${SUFFIX} is available`, 10000, 'the answer')
    expect(register().disabled).to.equal(false)
    expect((await input()).getAttribute('aria-invalid')).to.equal('false')
  })

  it('a taken name: says so and offers free variants; choosing one takes it', async () => {
    const info = await getDevnet()
    const taken = fresh()
    // Someone else registers it first, over HTTP as the modal would.
    const other = privateKeyToAccount(generatePrivateKey())
    const message = JSON.stringify({ name: `${taken}${SUFFIX}`, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
    const answer = await fetch(`${info.serviceUrl}/v1/profile/account?projectId=demo&st=test&sv=test`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ coin_type: 60, address: other.address, message, signature: await other.signMessage({ message }) })
    })
    expect(answer.status, await answer.text()).to.equal(200)
    await open()
    await type(taken)
    await waitFor(() => byId('name-status')!.textContent === `${taken}${SUFFIX} is taken`, 10000, 'the answer')
    expect(register().disabled).to.equal(true)
    const chips = await waitFor(() => [...modalRoot().querySelectorAll<HTMLButtonElement>('ul[aria-label="Available names"] button')], 3000, 'the variants')
    expect(chips.length).to.be.greaterThan(0)
    // A variant is a whole name; choosing it types its own part (the suffix stays beside the field).
    const pick = chips[0]!.textContent!
    expect(pick.endsWith(SUFFIX), pick).to.equal(true)
    chips[0]!.click()
    await waitFor(async () => `${(await input()).value}${SUFFIX}` === pick, 3000, 'the variant typed in')
    await waitFor(() => byId('name-status')!.textContent === `${pick} is available`, 10000, 'the variant free')
    expect(register().disabled).to.equal(false)
  })

  it("the name service failing: 'Error fetching name suggestions'", async () => {
    const info = await getDevnet()
    await open()
    await setFault(info.serviceUrl, { path: '/v1/profile/suggestions', mode: 'status', status: 500 })
    await type(fresh())
    await waitFor(() => byId('name-error')?.textContent === 'Error fetching name suggestions', 15000, 'the error')
    expect(register().disabled).to.equal(true)
  })

  it("not an embedded-wallet account: 'Address or auth connector not found'", async () => {
    const info = await getDevnet()
    const modal = await quietModal({ projectId: 'demo', serviceUrl: info.serviceUrl })
    pretendConnected(modal, info)
    modal.open({ view: 'RegisterAccountName' })
    await waitForHeading('Choose name')
    await waitFor(() => byId('name-unavailable')?.textContent === 'Address or auth connector not found', 5000, 'the alert')
    expect(byId('name-input')).to.equal(null)
  })

  it('follows the account: the alert while no e-mail account is connected, the field once it is', async () => {
    const info = await getDevnet()
    const modal = await quietModal({ projectId: 'demo', serviceUrl: info.serviceUrl })
    await modal.servicesReady
    modal.open({ view: 'RegisterAccountName' })
    await waitForHeading('Choose name')
    await waitFor(() => byId('name-unavailable'), 5000, 'the alert')
    // The login completes while the view is open.
    pretendConnected(modal, info, 'ID_AUTH')
    await input()
    expect(byId('name-unavailable')).to.equal(null)
  })
})
