import { expect } from 'chai'
import { sendKeys } from '@web/test-runner-commands'
import type { Core } from '@wallet-modal/core/internal'
import { modalRoot, waitFor } from '../__fixtures__/setup.js'
import { connectedModal, waitForHeading, cleanupAfterEach } from '../__fixtures__/viewFixtures.js'

// Send (spec §2, §4 send): the token with its balance, the amount with Max, the receiver (an
// address or a name), then Preview. Connected through the Devnet Wallet as anvil account 7 (ETH
// only; nothing is sent here) on the devnet's services.
describe('WalletSend view', function () {
  this.timeout(30000)
  const stopAfterTest = cleanupAfterEach()

  const ACCOUNT = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'
  const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
  const open = async (): Promise<Core> => {
    const made = await connectedModal({ account: ACCOUNT })
    stopAfterTest(made.stop)
    made.modal.open({ view: 'WalletSend' })
    await waitForHeading('Send')
    await waitFor(() => Number(byId('send-token-balance')?.textContent?.replace(/[^\d.]/g, '')) > 0, 10000, 'the token and its balance')
    return made.modal
  }
  const byId = <T extends HTMLElement = HTMLElement>(id: string) => modalRoot().querySelector<T>(`[data-testid="${id}"]`)
  const labelOf = (id: string) => modalRoot().querySelector(`label[for="${byId(id)!.id}"]`)?.textContent
  const type = async (id: string, text: string) => {
    const field = byId<HTMLInputElement>(id)!
    field.focus()
    field.select()
    await sendKeys({ type: text })
  }

  it("'Send': the network's coin with its balance, the amount, the receiver (address or name), Preview Send", async () => {
    await open()
    expect(byId('send-token')!.getAttribute('aria-label')).to.equal('Token: ETH. Change token')
    expect(byId('send-token-balance')!.textContent).to.match(/^[\d,.]+ ETH$/)
    expect(labelOf('send-amount')).to.equal('Amount')
    expect(labelOf('send-receiver')).to.equal('To')
    expect(byId<HTMLInputElement>('send-receiver')!.placeholder).to.equal('Address or name')
    expect(byId('send-max')!.textContent).to.equal('Max')
    expect(byId('send-preview')!.textContent).to.equal('Preview Send')
  })

  it("more than the balance: 'Insufficient funds' under the amount", async () => {
    await open()
    await type('send-amount', '99999999')
    await waitFor(() => byId('send-amount-error')?.textContent === 'Insufficient funds', 3000, 'the error')
    expect(byId('send-amount')!.getAttribute('aria-invalid')).to.equal('true')
  })

  it("a receiver that is neither an address nor a name: 'Invalid address', no preview", async () => {
    const modal = await open()
    await type('send-amount', '0.01')
    await type('send-receiver', 'not-an-address')
    byId<HTMLButtonElement>('send-preview')!.click()
    await waitFor(() => byId('send-receiver-error')?.textContent === 'Invalid address', 10000, 'the receiver refused')
    expect(byId('send-receiver')!.getAttribute('aria-invalid')).to.equal('true')
    expect(modal.router.state.view).to.equal('WalletSend')
  })

  it('an amount and an address: Preview Send opens Review Send', async () => {
    const modal = await open()
    await type('send-amount', '0.01')
    await type('send-receiver', RECEIVER)
    byId<HTMLButtonElement>('send-preview')!.click()
    await waitForHeading('Review Send')
    expect(modal.router.state.view).to.equal('WalletSendPreview')
  })

  it('the token opens the token list', async () => {
    const modal = await open()
    byId<HTMLButtonElement>('send-token')!.click()
    await waitForHeading('Select Token')
    expect(modal.router.state.history).to.deep.equal(['WalletSend', 'WalletSendSelectToken'])
  })
})
