import { expect } from 'chai'
import { cleanup, devnetNetworks, getDevnet, makeModal, modalRoot, waitFor } from '../__fixtures__/setup.js'

// The network list in the real element, for a connected wallet that approved a fixed list of
// networks (spec §3 approvedCaipNetworkIds, supportsAllNetworks), as a phone wallet over
// WalletConnect without wallet_addEthereumChain leaves it.
describe('NetworkList and the wallet’s approved networks', function () {
  this.timeout(30000)
  afterEach(cleanup)

  async function rows(info: Awaited<ReturnType<typeof getDevnet>>, approved: string[], supportsAll: boolean) {
    const modal = await makeModal({ networks: devnetNetworks(info), enableInjected: false, enableEIP6963: false, enableWalletConnect: false })
    modal.chain.setAccount('eip155', {
      status: 'connected',
      address: info.walletAccount,
      caipAddress: `eip155:${info.chains[0]!.chainId}:${info.walletAccount}` as never
    })
    modal.chain.setApprovedNetworkIds('eip155', approved, supportsAll)
    modal.open({ view: 'Networks' })
    const list = await waitFor(() => modalRoot().querySelector('ul[aria-label="Networks"]'), 5000, 'the network list')
    await waitFor(() => list.querySelectorAll('button').length === 2, 3000, 'two networks')
    return { modal, buttons: [...list.querySelectorAll('button')] }
  }

  it('a network the wallet did not approve is off and says why; the approved one is not', async () => {
    const info = await getDevnet()
    const { modal, buttons } = await rows(info, [`eip155:${info.chains[0]!.chainId}`], false)
    const [first, second] = buttons
    expect(first!.disabled).to.equal(false)
    expect(second!.disabled).to.equal(true)
    expect(second!.querySelector('.wm-tag')?.textContent).to.equal('Not supported by your wallet')
    expect(second!.getAttribute('aria-label')).to.equal('Devnet 2, Not supported by your wallet')
    second!.click()
    expect(modal.router.state.view).to.equal('Networks')
  })

  it('a wallet that takes any network (or approved none) leaves every row on', async () => {
    const info = await getDevnet()
    for (const [approved, all] of [
      [[`eip155:${info.chains[0]!.chainId}`], true],
      [[], false]
    ] as const) {
      const { buttons } = await rows(info, [...approved], all)
      expect(buttons.map(b => b.disabled)).to.deep.equal([false, false])
      cleanup()
    }
  })
})
