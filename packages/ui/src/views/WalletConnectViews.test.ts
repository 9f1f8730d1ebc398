import { expect } from 'chai'
import { setViewport } from '@web/test-runner-commands'
import { cleanup, getDevnet, makeModal, modalRoot, waitFor } from '../__fixtures__/setup.js'

// The WalletConnect views in the real element, on the real relay of the devnet's server.
describe('WalletConnect views', function () {
  this.timeout(30000)
  afterEach(cleanup)

  const qrSvg = () => modalRoot().querySelector<SVGSVGElement>('svg[role="img"][aria-label="WalletConnect QR code"]')

  it('Connect lists WalletConnect first (default connector type order); choosing it shows a QR code described by the URI', async () => {
    const info = await getDevnet()
    const modal = await makeModal({ projectId: 'demo', relayUrl: info.relayUrl, enableInjected: false, enableEIP6963: false })
    modal.open()
    const first = await waitFor(() => modalRoot().querySelector<HTMLButtonElement>('ul[aria-label="Wallets"] button'), 5000, 'wallet list')
    expect(first.textContent).to.contain('WalletConnect')
    first.click()
    await waitFor(() => modalRoot().querySelector('h2')?.textContent === 'WalletConnect', 5000, 'the view')
    const svg = await waitFor(qrSvg, 10000, 'the QR code')
    const uri = modal.connection.state.wcUri!
    expect(uri).to.match(/^wc:/)
    const desc = modalRoot().getElementById(svg.getAttribute('aria-describedby')!)
    expect(desc?.textContent).to.equal(uri)
    // Back to Connect stops the pairing (nothing left on screen to scan).
    modalRoot().querySelector<HTMLButtonElement>('button[aria-label="Back"]')?.click()
    await waitFor(() => modal.connection.state.wcUri === undefined, 3000, 'pairing stopped')
  })

  it('the QR colour follows --wm-qr-color from the page', async () => {
    const info = await getDevnet()
    document.documentElement.style.setProperty('--wm-qr-color', 'rgb(10, 20, 30)')
    try {
      const modal = await makeModal({ projectId: 'demo', relayUrl: info.relayUrl, enableInjected: false, enableEIP6963: false })
      modal.open({ view: 'ConnectingWalletConnect' })
      await waitFor(qrSvg, 10000, 'the QR code')
      const path = modalRoot().querySelector('.wm-qr-fg')!
      expect(getComputedStyle(path).fill).to.equal('rgb(10, 20, 30)')
      expect(path.getAttribute('d')).to.match(/^M\d+ \d+h\d+v1h-\d+z/)
    } finally {
      document.documentElement.style.removeProperty('--wm-qr-color')
    }
  })

  it('without adapters (universal-provider mode) opening shows ConnectingWalletConnectBasic: QR code and the wallet list; on a phone, All Wallets', async () => {
    const info = await getDevnet()
    const modal = await makeModal({ projectId: 'demo', serviceUrl: info.serviceUrl, adapters: [] })
    modal.open()
    expect(modal.router.state.view).to.equal('ConnectingWalletConnectBasic')
    await waitFor(qrSvg, 10000, 'the QR code')
    expect(modal.connector.state.connectors.map(c => c.id)).to.deep.equal(['walletConnect'])
    await waitFor(() => modalRoot().querySelectorAll('ul[aria-label="Wallets"] button').length > 0, 10000, 'directory wallets')
    // Extension-only wallets (rdns, no link) cannot pair: not listed in this mode.
    const names = [...modalRoot().querySelectorAll('ul[aria-label="Wallets"] .wm-name')].map(n => n.textContent)
    expect(names).to.not.include('Devnet Wallet')
    modal.close()
    await setViewport({ width: 390, height: 800 })
    const ua = Object.getOwnPropertyDescriptor(Navigator.prototype, 'userAgent')!
    Object.defineProperty(navigator, 'userAgent', { value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile', configurable: true })
    try {
      modal.open()
      expect(modal.router.state.view).to.equal('AllWallets')
    } finally {
      Object.defineProperty(navigator, 'userAgent', ua)
      delete (navigator as unknown as Record<string, unknown>).userAgent
      await setViewport({ width: 1280, height: 800 })
    }
  })
})
