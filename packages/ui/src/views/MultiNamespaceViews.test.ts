import { expect } from 'chai'
import { cleanup, findButton, getDevnet, makeModal, modalRoot, waitFor } from '../__fixtures__/setup.js'
import { createDevnetWallet, announceDevnetWallet, solanaNetwork, installDevnetSolanaWallet } from '@wallet-modal/devnet/testing'

// Connect with wallets on several chain families, in the real element: a wallet present on EVM
// and Solana is one row; choosing it asks which family; Networks lists every family's networks.
describe('multi-namespace views', function () {
  this.timeout(30000)
  afterEach(cleanup)

  it('one row for a wallet on two families (tagged with both); choosing it asks which; Solana connects', async () => {
    const info = await getDevnet()
    const solana = installDevnetSolanaWallet({ rpcUrl: info.solana.rpcUrl, caipNetworkId: info.solana.caipNetworkId, mode: 'approve' })
    const evm = createDevnetWallet({ chains: info.chains, mode: 'approve', account: info.walletAccount as `0x${string}` })
    const stop = announceDevnetWallet(evm)
    try {
      const modal = await makeModal({
        projectId: 'demo',
        networks: [...(await import('../__fixtures__/setup.js')).devnetNetworks(info), solanaNetwork(info)],
        enableInjected: false
      })
      await (await import('@wallet-modal/core/internal')).startDiscovery(modal, 'idle')
      // The same wallet on Solana, under the EVM wallet's name (as one app with both would show).
      const sol = await waitFor(() => modal.connector.state.connectors.find(c => c.chain === 'solana'), 3000, 'Solana wallet')
      modal.connector.add({ ...sol, id: 'solana:devnet wallet', name: 'Devnet Wallet' })
      modal.connector.remove(sol.id)
      modal.open()
      const row = await waitFor(() => findButton(modalRoot(), /^Devnet Wallet/), 5000, 'the merged row')
      expect(row.textContent).to.contain('EVM · Solana')
      expect([...modalRoot().querySelectorAll('ul[aria-label="Wallets"] .wm-name')].filter(n => n.textContent === 'Devnet Wallet').length).to.equal(1)
      row.click()
      await waitFor(() => modalRoot().querySelector('ul[aria-label="Chain families"]'), 5000, 'the family picker')
      findButton(modalRoot(), /^Solana/)!.click()
      await waitFor(() => modal.chain.state.namespaces.solana.account.status === 'connected', 5000, 'Solana connected')
      expect(modal.chain.state.namespaces.solana.account.address).to.equal(solana.address)
      expect(modal.chain.state.namespaces.eip155.account.status).to.equal('disconnected')

      // Networks lists both families, each row naming its family; the active one is marked.
      modal.open({ view: 'Networks' })
      const list = await waitFor(() => modalRoot().querySelector('ul[aria-label="Networks"]'), 5000, 'networks')
      await waitFor(() => list.querySelectorAll('button').length === 3, 3000, 'three networks')
      const rows = [...list.querySelectorAll('button')].map(b => [
        b.querySelector('.wm-name')?.textContent,
        b.querySelector('.wm-tag')?.textContent,
        b.getAttribute('aria-current')
      ])
      expect(rows).to.deep.equal([
        ['Devnet', 'EVM', null],
        ['Devnet 2', 'EVM', null],
        [info.solana.name, 'Solana', 'true']
      ])
    } finally {
      stop?.()
      await solana.wallet.features['standard:disconnect'].disconnect()
    }
  })
})
