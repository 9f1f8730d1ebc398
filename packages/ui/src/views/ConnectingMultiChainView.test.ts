import { expect } from 'chai'
import type { Connector, Core } from '@wallet-modal/core/internal'
import { findButton, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { announceDevnetWallet, createDevnetWallet, getDevnet } from '@wallet-modal/devnet/testing'
import { bodyText, DEVNET_WALLET_ID, quietModal, waitForHeading, cleanupAfterEach } from '../__fixtures__/viewFixtures.js'

// ConnectingMultiChain (spec §2, §4): one wallet found on several chain families; the visitor
// picks the family to connect. The EVM member is the real Devnet Wallet; the Solana member a
// stand-in entry (never chosen here).
describe('ConnectingMultiChain view', function () {
  this.timeout(20000)
  const stopAfterTest = cleanupAfterEach()

  /** A modal that found the Devnet Wallet (EIP-6963), and the merged entry for it on EVM and Solana. */
  const merged = async (): Promise<{ modal: Core; connector: Connector }> => {
    const info = await getDevnet()
    stopAfterTest(announceDevnetWallet(createDevnetWallet({ chains: info.chains, mode: 'approve', storage: null }), { setWindowEthereum: false }))
    const modal = await quietModal({ enableEIP6963: true })
    const evm = await waitFor(() => modal.connector.get(DEVNET_WALLET_ID), 5000, 'the Devnet Wallet')
    const solana: Connector = { id: 'solana:devnet-wallet', name: 'Devnet Wallet', type: 'ANNOUNCED', chain: 'solana' }
    return { modal, connector: { id: 'multi:devnet-wallet', name: 'Devnet Wallet', type: 'MULTI_CHAIN', chain: 'eip155', connectors: [evm, solana] } }
  }
  const families = () => [...modalRoot().querySelectorAll('ul[aria-label="Chain families"] .wm-name')].map(n => n.textContent)

  it("is titled with the wallet's name and lists one row per chain family", async () => {
    const { modal, connector } = await merged()
    modal.open({ view: 'ConnectingMultiChain', data: { connector } })
    await waitForHeading('Devnet Wallet')
    await waitFor(() => families().length === 2, 5000, 'the families')
    expect(families()).to.deep.equal(['EVM', 'Solana'])
    expect(bodyText()).to.contain('Devnet Wallet supports several chain families. Choose one to connect.')
  })

  it('choosing a family connects the wallet on it only', async () => {
    const { modal, connector } = await merged()
    const info = await getDevnet()
    modal.open({ view: 'ConnectingMultiChain', data: { connector } })
    const evm = await waitFor(() => findButton(modalRoot(), 'EVM'), 5000, 'the EVM row')
    evm.click()
    await waitFor(() => modal.chain.state.namespaces.eip155.account.status === 'connected', 5000, 'connected on EVM')
    expect(modal.chain.state.namespaces.eip155.account.address?.toLowerCase()).to.equal(info.walletAccount.toLowerCase())
    expect(modal.chain.state.namespaces.eip155.account.connectorId).to.equal(DEVNET_WALLET_ID)
    expect(modal.chain.state.namespaces.solana.account.status).to.equal('disconnected')
  })

  it("without a wallet: 'Choose a chain', 'No wallet selected.'", async () => {
    const modal = await quietModal()
    modal.open({ view: 'ConnectingMultiChain' })
    await waitForHeading('Choose a chain')
    await waitFor(() => bodyText().includes('No wallet selected.'), 5000, 'the empty state')
    expect(modalRoot().querySelector('ul[aria-label="Chain families"]')).to.equal(null)
  })
})
