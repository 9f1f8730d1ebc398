import { expect } from 'chai'
import { connectExternal, multiWalletState, type Core } from '@wallet-modal/core/internal'
import { findButton, getDevnet, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { announceDevnetWallet, createDevnetWallet } from '@wallet-modal/devnet/testing'
import { DEVNET_WALLET_ID, quietModal, waitForHeading, cleanupAfterEach } from '../__fixtures__/viewFixtures.js'

// ProfileWallets (spec §2, multi-wallet): every kept connection by chain family, the active one
// marked; another is used without a prompt, each can be disconnected, "Add wallet" connects one
// more. Two EVM wallets at once, as core's multiWallet test: the Devnet Wallet (announced) and a
// second Devnet Wallet on another anvil account handed over as the site's connector.
describe('ProfileWallets view', function () {
  this.timeout(30000)
  const stopAfterTest = cleanupAfterEach()

  const SECOND = 'second-wallet'
  const SECOND_ACCOUNT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
  const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`

  /** Multi-wallet on; the Devnet Wallet connected, then the second one (now active); ProfileWallets open. */
  const twoWallets = async (): Promise<{ modal: Core; walletAccount: string }> => {
    const info = await getDevnet()
    stopAfterTest(announceDevnetWallet(createDevnetWallet({ chains: info.chains, mode: 'approve', storage: null }), { setWindowEthereum: false }))
    const modal = await quietModal({
      enableEIP6963: true,
      features: { multiWallet: true },
      connectors: [
        { id: SECOND, name: 'Second Wallet', provider: createDevnetWallet({ chains: info.chains, mode: 'approve', storage: null, account: SECOND_ACCOUNT }) }
      ]
    })
    await waitFor(() => modal.connector.get(DEVNET_WALLET_ID) && modal.connector.get(SECOND), 5000, 'both wallets')
    await connectExternal(modal, DEVNET_WALLET_ID)
    await connectExternal(modal, SECOND)
    await waitFor(() => multiWalletState(modal).connections.eip155.length === 2, 3000, 'two kept connections')
    modal.open({ view: 'ProfileWallets' })
    await waitForHeading('Wallets')
    await waitFor(() => rows().length === 2, 5000, 'two rows')
    return { modal, walletAccount: info.walletAccount }
  }
  const rows = () => [...modalRoot().querySelectorAll<HTMLElement>('section[aria-label="EVM wallets"] [data-testid="profile-wallet"]')]
  const row = (connector: string) => rows().find(r => r.dataset.connector === connector)

  it("'Wallets': the EVM wallets, each with its account; the active one marked, the other to use", async () => {
    const { walletAccount } = await twoWallets()
    expect(modalRoot().querySelector('section[aria-label="EVM wallets"] h3')!.textContent).to.equal('EVM')
    const second = row(SECOND)!
    expect(second.getAttribute('aria-current')).to.equal('true')
    expect(second.querySelector('.wm-tag')!.textContent).to.equal('Active')
    expect(second.querySelector('.wm-name')!.textContent).to.match(new RegExp(`^Second Wallet ${short(SECOND_ACCOUNT)}`))
    expect(findButton(second, 'Use Second Wallet'), 'the active one is not offered').to.equal(undefined)
    const devnet = row(DEVNET_WALLET_ID)!
    expect(devnet.hasAttribute('aria-current')).to.equal(false)
    expect(devnet.querySelector('.wm-name')!.textContent).to.match(new RegExp(`^Devnet Wallet ${short(walletAccount)}`))
    expect(findButton(devnet, 'Use Devnet Wallet')!.textContent).to.equal('Use')
    expect(findButton(devnet, 'Disconnect Devnet Wallet')!.textContent).to.equal('Disconnect')
    expect(findButton(modalRoot(), 'Add wallet')).to.not.equal(undefined)
  })

  it('Use: the other wallet becomes the active one without a prompt', async () => {
    const { modal, walletAccount } = await twoWallets()
    findButton(row(DEVNET_WALLET_ID)!, 'Use Devnet Wallet')!.click()
    await waitFor(() => modal.getAccount().address?.toLowerCase() === walletAccount.toLowerCase(), 5000, 'the Devnet Wallet active')
    await waitFor(() => row(DEVNET_WALLET_ID)!.getAttribute('aria-current') === 'true', 3000, 'the mark moved')
    expect(row(SECOND)!.dataset.status).to.equal('connected')
    expect(findButton(row(SECOND)!, 'Use Second Wallet')).to.not.equal(undefined)
  })

  it('Disconnect on the active wallet: its row goes, the other takes over', async () => {
    const { modal, walletAccount } = await twoWallets()
    findButton(row(SECOND)!, 'Disconnect Second Wallet')!.click()
    await waitFor(() => rows().length === 1, 5000, 'one row left')
    await waitFor(() => row(DEVNET_WALLET_ID)?.querySelector('.wm-tag')?.textContent === 'Active', 3000, 'the Devnet Wallet active')
    expect(modal.getAccount().address?.toLowerCase()).to.equal(walletAccount.toLowerCase())
  })

  it("a wallet to log in again is tagged 'Disconnected' and offers Connect", async () => {
    const { modal } = await twoWallets()
    const state = multiWalletState(modal)
    state.connections.eip155 = state.connections.eip155.map(c => (c.connectorId === DEVNET_WALLET_ID ? { ...c, status: 'disconnected' as const } : c))
    await waitFor(() => row(DEVNET_WALLET_ID)!.querySelector('.wm-tag')?.textContent === 'Disconnected', 3000, 'the tag')
    expect(findButton(row(DEVNET_WALLET_ID)!, 'Use Devnet Wallet')!.textContent).to.equal('Connect')
  })

  it('Add wallet opens Connect; with no wallet kept, it is all there is', async () => {
    const modal = await quietModal({ features: { multiWallet: true } })
    modal.open({ view: 'ProfileWallets' })
    await waitForHeading('Wallets')
    const add = await waitFor(() => findButton(modalRoot(), 'Add wallet'), 5000, 'Add wallet')
    expect(modalRoot().querySelectorAll('section').length).to.equal(0)
    add.click()
    await waitForHeading('Connect Wallet')
    expect(modal.router.state.history).to.deep.equal(['ProfileWallets', 'Connect'])
  })
})
