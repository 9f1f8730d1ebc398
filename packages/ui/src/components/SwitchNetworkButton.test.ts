import { expect } from 'chai'
import { cleanup, devnetNetworks, findButton, getDevnet, makeModal, modalRoot, waitFor } from '../__fixtures__/setup.js'

// Send on a network it cannot serve (Bitcoin: spec §9, addresses only) offers the way out: a
// "Switch network" button to the network list, unless the site turned switching off.
describe('SwitchNetworkButton (Send on a network without Send)', function () {
  this.timeout(30000)
  afterEach(cleanup)

  const BITCOIN_REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
  const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'

  /** A modal connected on Bitcoin only, opened on Send. */
  const openSendOnBitcoin = async (enableNetworkSwitch?: boolean) => {
    const info = await getDevnet()
    const modal = await makeModal({
      enableInjected: false,
      enableEIP6963: false,
      enableWalletConnect: false,
      networks: [
        ...devnetNetworks(info),
        {
          id: '0f9188f13cb7b2c71f2a335e3a4fc328',
          caipNetworkId: BITCOIN_REGTEST,
          name: 'Bitcoin Regtest',
          nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
          rpcUrls: { default: { http: [] } }
        }
      ],
      ...(enableNetworkSwitch === undefined ? {} : { enableNetworkSwitch })
    })
    modal.chain.setAccount('bip122', { status: 'connected', address: ADDRESS, caipAddress: `${BITCOIN_REGTEST}:${ADDRESS}` as never })
    modal.chain.setActiveNamespace('bip122')
    modal.open({ view: 'WalletSend' })
    await waitFor(() => modalRoot().querySelector('[data-testid="send-error"]'), 5000, "Send's error")
    return modal
  }

  it('says the chain is unsupported and opens the network list', async () => {
    const modal = await openSendOnBitcoin()
    expect(modalRoot().querySelector('[data-testid="send-error"]')!.textContent).to.equal('Unsupported chain')
    const button = findButton(modalRoot(), 'Switch network')
    expect(button, 'the way out').to.not.equal(undefined)
    button!.click()
    await waitFor(() => modal.router.state.view === 'Networks' || undefined, 3000, 'the network list')
  })

  it('enableNetworkSwitch: false: the error alone, no button', async () => {
    await openSendOnBitcoin(false)
    expect(modalRoot().querySelector('[data-testid="send-error"]')!.textContent).to.equal('Unsupported chain')
    expect(findButton(modalRoot(), /Switch network/)).to.equal(undefined)
  })
})
