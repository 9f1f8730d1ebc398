import { expect } from 'chai'
import { createCore, type Core } from '../createCore.js'
import { ALERTS } from '../controllers/alertTexts.js'
import { TEST_NETWORKS } from '../__fixtures__/networks.js'
import { memoryStorage } from '../__fixtures__/devnet.js'
import { isUnverifiedDomain, showIfUnverifiedDomain } from './unverifiedDomain.js'
import { startWalletConnect } from './walletConnect.js'

describe("the 'Unverified Domain' alert (spec §8): metadata.url against the page's origin", () => {
  let core: Core | undefined
  // No relay: the pairing fails at once, without a socket, and the alert is decided before it.
  const make = (url?: string) =>
    (core = createCore({
      projectId: 'test',
      networks: TEST_NETWORKS,
      metadata: { name: 'Shop', url },
      enableInjected: false,
      enableEIP6963: false,
      enableReconnect: false,
      enableWalletConnect: false,
      storage: memoryStorage()
    }))
  afterEach(() => {
    core?.destroy()
    core = undefined
  })

  it('compares origins, as a wallet compares the page it was asked from with metadata.url', () => {
    expect(isUnverifiedDomain('https://shop.example', 'https://shop.example')).to.equal(false)
    expect(isUnverifiedDomain('https://shop.example/app?x=1', 'https://shop.example')).to.equal(false)
    expect(isUnverifiedDomain('https://shop.example', 'https://staging.shop.example')).to.equal(true)
    expect(isUnverifiedDomain('https://shop.example', 'http://shop.example')).to.equal(true)
    expect(isUnverifiedDomain('https://shop.example:8443', 'https://shop.example')).to.equal(true)
    // Not a URL: nothing can match it.
    expect(isUnverifiedDomain('shop', 'https://shop.example')).to.equal(true)
    // No metadata.url: the modal sends the page's own origin. No page origin: nothing to compare.
    expect(isUnverifiedDomain(undefined, 'https://shop.example')).to.equal(false)
    expect(isUnverifiedDomain('https://shop.example', 'null')).to.equal(false)
    expect(isUnverifiedDomain('https://shop.example', undefined)).to.equal(false)
  })

  it('starting a WalletConnect pairing with a metadata.url of another origin shows the alert at once', () => {
    const c = make('https://shop.example')
    const stop = startWalletConnect(c)
    try {
      expect(c.alert.state.code).to.equal('UNVERIFIED_DOMAIN')
      expect(ALERTS.UNVERIFIED_DOMAIN).to.include({ title: 'Unverified Domain', variant: 'warning' })
    } finally {
      stop()
    }
  })

  it("no alert when metadata.url is this page's origin, or not given", () => {
    for (const url of [location.origin + '/shop', undefined]) {
      const c = make(url)
      const stop = startWalletConnect(c)
      try {
        expect(c.alert.state.code, String(url)).to.equal(undefined)
      } finally {
        stop()
        c.destroy()
        core = undefined
      }
    }
  })

  it('an alert already shown (it says more) is not replaced', () => {
    const c = make('https://shop.example')
    c.alert.show('INVALID_APP_CONFIGURATION')
    expect(showIfUnverifiedDomain(c)).to.equal(false)
    expect(c.alert.state.code).to.equal('INVALID_APP_CONFIGURATION')
  })
})
