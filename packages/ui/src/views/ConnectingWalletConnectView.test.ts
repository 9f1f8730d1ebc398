import { expect } from 'chai'
import { cleanup, getDevnet, makeModal, modalRoot, waitFor } from '../__fixtures__/setup.js'

// The 'Unverified Domain' alert (spec §8) on ConnectingWalletConnect, against the devnet's relay:
// a site telling wallets another address (metadata.url) than the page's own origin is warned;
// the pairing goes on.
describe('ConnectingWalletConnect: unverified domain', function () {
  this.timeout(30000)
  afterEach(cleanup)

  const qrSvg = () => modalRoot().querySelector<SVGSVGElement>('svg[role="img"][aria-label="WalletConnect QR code"]')
  const alert = () => modalRoot().querySelector<HTMLElement>('.wm-alert[role="alert"]')

  it("metadata.url on another origin: 'Unverified Domain' above the QR code, which still comes", async () => {
    const info = await getDevnet()
    await makeModal({
      projectId: 'demo',
      relayUrl: info.relayUrl,
      enableInjected: false,
      enableEIP6963: false,
      metadata: { name: 'Shop', url: 'https://shop.example' }
    }).then(m => m.open({ view: 'ConnectingWalletConnect' }))
    const shown = await waitFor(alert, 5000, 'the alert')
    expect(shown.querySelector('strong')?.textContent).to.equal('Unverified Domain')
    expect(shown.textContent).to.contain('metadata.url')
    expect(shown.dataset.variant).to.equal('warning')
    await waitFor(qrSvg, 10000, 'the QR code')
  })

  it("metadata.url on this page's origin: no alert", async () => {
    const info = await getDevnet()
    await makeModal({
      projectId: 'demo',
      relayUrl: info.relayUrl,
      enableInjected: false,
      enableEIP6963: false,
      metadata: { name: 'Shop', url: `${location.origin}/shop` }
    }).then(m => m.open({ view: 'ConnectingWalletConnect' }))
    await waitFor(qrSvg, 10000, 'the QR code')
    expect(alert()).to.equal(null)
  })
})
