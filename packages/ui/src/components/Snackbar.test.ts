import { expect } from 'chai'
import { WalletModalError } from '@wallet-modal/core/internal'
import { cleanup, findButton, makeModal, modalRoot, waitFor } from '../__fixtures__/setup.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e44d4bFf2E3'
const snackText = () => modalRoot().querySelector('.wm-snackbar')?.textContent

/** A connected account whose Disconnect fails the way a namespace's disconnect does. */
async function failingDisconnect(debug: boolean) {
  const modal = await makeModal({ debug })
  modal.chain.setAccount('eip155', { status: 'connected', address: ADDRESS })
  modal.disconnect = () =>
    Promise.reject(new WalletModalError('DISCONNECT_CHAINS_FAILED', { shortMessage: 'Failed to disconnect chains: eip155: provider gone' }))
  modal.open()
  const button = await waitFor(() => findButton(modalRoot(), 'Disconnect'), 5000, 'the Disconnect button')
  button.click()
  return modal
}

describe('Snackbar', () => {
  afterEach(cleanup)

  it("without debug, a failed disconnect reads 'Failed to disconnect' (the technical reason is not shown)", async () => {
    await failingDisconnect(false)
    await waitFor(() => snackText(), 5000, 'the snackbar')
    expect(snackText()).to.equal('Failed to disconnect')
  })

  it('in debug mode it shows the short message with the reason (spec §8)', async () => {
    await failingDisconnect(true)
    await waitFor(() => snackText(), 5000, 'the snackbar')
    expect(snackText()).to.equal('Failed to disconnect chains: eip155: provider gone')
  })

  it('user-facing errors show without debug', async () => {
    const modal = await makeModal()
    modal.open()
    await waitFor(() => modalRoot().querySelector('[role="dialog"]'), 5000, 'the dialog')
    modal.snack.showError(new WalletModalError('SIGNATURE_DECLINED'))
    await waitFor(() => snackText() === 'Signature declined', 5000, "'Signature declined'")
    expect(modalRoot().querySelector('.wm-snackbar')!.closest('[role="status"]')).to.not.equal(null)
  })
})
