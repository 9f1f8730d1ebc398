import { expect } from 'chai'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { previewSend, walletFeatures } from '@wallet-modal/core/internal'
import { findButton, getDevnet, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { rpc } from '@wallet-modal/devnet/testing'
import { connectedModal, pretendConnected, quietModal, snackText, waitForHeading, cleanupAfterEach } from '../__fixtures__/viewFixtures.js'

// Review Send (spec §2, §4 send): the amount, the receiver, the network and its fee; Send asks the
// wallet; a decline shows here and keeps the draft. Connected through the Devnet Wallet as anvil
// account 7 (only the Send view tests spend from it; the Swap view tests read it), sending to a fresh
// address each time; no assertion depends on its exact balance.
describe('WalletSendPreview view', function () {
  this.timeout(30000)
  const stopAfterTest = cleanupAfterEach()

  const ACCOUNT = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'
  const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`
  /** Send filled in (0.01 ETH to a fresh address) and previewed, as the Send form does. */
  const reviewing = async () => {
    const made = await connectedModal({ account: ACCOUNT })
    stopAfterTest(made.stop)
    const { modal } = made
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    modal.open({ view: 'WalletSend' })
    // The native token picked, with its balance read (the amount is checked against it).
    await waitFor(() => Number(byId('send-token-balance')?.textContent?.replace(/[^\d.]/g, '')) > 0, 10000, 'the native token and its balance')
    const { send } = walletFeatures(modal)
    send.setAmount('0.01')
    send.setReceiverInput(receiver)
    expect(await previewSend(modal)).to.equal(undefined)
    await waitForHeading('Review Send')
    await waitFor(() => byId('preview-amount'), 5000, 'the review')
    return { ...made, receiver }
  }
  const byId = (id: string) => modalRoot().querySelector<HTMLElement>(`[data-testid="${id}"]`)

  it("'Review Send': what is sent, to whom, on which network, the fee; Cancel and Send", async () => {
    const { receiver } = await reviewing()
    expect(byId('preview-amount')!.querySelector('strong')!.textContent).to.equal('0.01 ETH')
    expect(byId('preview-receiver')!.querySelector('strong')!.textContent).to.equal(short(receiver))
    expect(byId('preview-receiver')!.querySelector('[title]')!.getAttribute('title')).to.equal(receiver)
    expect(byId('preview-network')!.textContent).to.equal('Devnet')
    await waitFor(() => /^≈ /.test(byId('preview-fee')!.textContent ?? ''), 10000, 'the fee estimate')
    expect(modalRoot().querySelector('.wm-body .wm-hint')!.textContent).to.equal('Review the above before confirming in your wallet.')
    expect(findButton(modalRoot(), 'Cancel')).to.not.equal(undefined)
    expect(byId('send-confirm')!.textContent).to.equal('Send')
  })

  it("Send: the wallet sends, Account shows and says 'Transaction sent'; the receiver has it", async () => {
    const { modal, info, receiver } = await reviewing()
    ;(byId('send-confirm') as HTMLButtonElement).click()
    await waitFor(() => snackText() === 'Transaction sent', 15000, "'Transaction sent'")
    expect(modal.router.state.view).to.equal('Account')
    // 'Transaction sent' comes with the hash: anvil may not have sealed its block yet (a run under
    // load read 0 here), so the receiver's balance is waited for.
    const received = () => rpc<string>(info.chains[0]!.rpcUrl, 'eth_getBalance', [receiver, 'latest']).then(BigInt)
    await waitFor(async () => (await received()) === 10n ** 16n, 10000, "the receiver's 0.01 ETH")
  })

  it("the wallet declining: 'Signature declined' here, the draft kept", async () => {
    const { modal, wallet } = await reviewing()
    wallet.setMode('reject')
    ;(byId('send-confirm') as HTMLButtonElement).click()
    await waitFor(() => modalRoot().querySelector('[data-testid="send-error"]')?.textContent === 'Signature declined', 10000, 'the error')
    expect(modal.router.state.view).to.equal('WalletSendPreview')
    expect(walletFeatures(modal).send.state.sendTokenAmount).to.equal('0.01')
  })

  it('Cancel returns to Send with the draft', async () => {
    const { modal } = await reviewing()
    findButton(modalRoot(), 'Cancel')!.click()
    await waitForHeading('Send')
    await waitFor(() => modalRoot().querySelector<HTMLInputElement>('[data-testid="send-amount"]')?.value === '0.01', 5000, 'the amount kept')
    expect(modal.router.state.view).to.equal('WalletSend')
  })

  it("nothing to review: 'Nothing to send.' and Back", async () => {
    const modal = await quietModal()
    pretendConnected(modal, await getDevnet())
    modal.open({ view: 'Account' })
    modal.router.push('WalletSendPreview')
    await waitForHeading('Review Send')
    const status = await waitFor(() => modalRoot().querySelector('.wm-body p[role="status"]'), 5000, 'the notice')
    expect(status.textContent).to.equal('Nothing to send. Back')
    findButton(status, 'Back')!.click()
    await waitForHeading('Account')
  })
})
