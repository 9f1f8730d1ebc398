import { expect } from 'chai'
import fc from 'fast-check'
import { safeWalletLink, walletBrowseUrl, walletConnectLink } from './links.js'

// A fixed seed: every run tries the same inputs, so a failure reproduces and CI is never flaky.
fc.configureGlobal({ seed: 20261123 })

const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1'
const ENC = encodeURIComponent(URI)

describe('WalletConnect links (spec §2, §3)', () => {
  it('universal links get /wc?uri=<encoded>, with or without a trailing slash', () => {
    expect(walletConnectLink('https://app.example/wallet', URI)).to.equal(`https://app.example/wallet/wc?uri=${ENC}`)
    expect(walletConnectLink('https://app.example/', URI)).to.equal(`https://app.example/wc?uri=${ENC}`)
  })

  it('app schemes become scheme://wc?uri=<encoded>, whatever form the directory gave', () => {
    expect(walletConnectLink('harborwallet://', URI)).to.equal(`harborwallet://wc?uri=${ENC}`)
    expect(walletConnectLink('harborwallet:', URI)).to.equal(`harborwallet://wc?uri=${ENC}`)
    expect(walletConnectLink('harborwallet', URI)).to.equal(`harborwallet://wc?uri=${ENC}`)
    expect(walletConnectLink('trust://open', URI)).to.equal(`trust://open/wc?uri=${ENC}`)
    expect(walletConnectLink('trust://open/app/', URI)).to.equal(`trust://open/app/wc?uri=${ENC}`)
  })

  it("a link's own query or fragment never swallows the pairing URI", () => {
    expect(walletConnectLink('a://#', URI)).to.equal(`a://wc?uri=${ENC}`)
    expect(walletConnectLink('https://w.example/app?ref=x#top', URI)).to.equal(`https://w.example/app/wc?uri=${ENC}`)
  })

  it('the URI is fully encoded (its ?, &, = and @ never leak into the link)', () => {
    const link = walletConnectLink('https://w.example', URI)!
    expect(new URL(link).searchParams.get('uri')).to.equal(URI)
    expect(link.split('?').length).to.equal(2)
  })

  it("attack: a catalogue entry with an itms-services:// or search-ms:// link, or a wallet's link using another wallet's scheme", () => {
    expect(walletConnectLink('itms-services://?action=download-manifest&url=https://evil.example/a.plist', URI)).to.equal(undefined)
    expect(walletConnectLink('search-ms:', URI)).to.equal(undefined)
    expect(walletConnectLink('ms-msdt://id', URI)).to.equal(undefined)
    // Opened for a wallet whose registered links are harborwallet's: only that scheme, or https.
    const registered = ['harborwallet', 'https://harbor.example/desk']
    expect(walletConnectLink('harborwallet://', URI, registered)).to.equal(`harborwallet://wc?uri=${ENC}`)
    expect(walletConnectLink('trust://', URI, registered)).to.equal(undefined)
    expect(walletConnectLink('https://other.example/app', URI, registered)).to.equal(`https://other.example/app/wc?uri=${ENC}`)
  })

  it('never offers links that could run in the page, or plain http', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'javascript://%0aalert(1)',
      'javascript',
      'JAVASCRIPT:',
      ' javascript://x',
      'java\tscript://x',
      '\u0000javascript://x',
      'data:text/html,x',
      'data://text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
      'intent://scan#Intent;scheme=zxing;end',
      'chrome://settings',
      'about:blank',
      'http://w.example',
      'blob:https://x/y',
      ' https://w.example',
      '',
      null,
      undefined,
      '::::'
    ]) {
      expect(safeWalletLink(bad), String(bad)).to.equal(undefined)
      expect(walletConnectLink(bad, URI), String(bad)).to.equal(undefined)
    }
  })

  it('wallets with an in-app browser open the current page there, encoded; the Solana variant carries a callback', () => {
    const page = 'https://shop.example/checkout?step=2'
    expect(walletBrowseUrl('Phantom', page)).to.equal(
      `https://phantom.app/ul/browse/${encodeURIComponent(page)}?ref=${encodeURIComponent('https://shop.example')}`
    )
    expect(walletBrowseUrl('Solflare', page)).to.equal(
      `https://solflare.com/ul/v1/browse/${encodeURIComponent(page)}?ref=${encodeURIComponent('https://shop.example')}`
    )
    expect(walletBrowseUrl('Coinbase Wallet', page)).to.equal(`https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(page)}`)
    expect(walletBrowseUrl('Coinbase Wallet', page, 'solana')).to.equal(
      `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(page)}&callback=${encodeURIComponent(page)}`
    )
    expect(walletBrowseUrl('Harbor Wallet', page)).to.equal(undefined)
  })

  const FORBIDDEN = ['javascript', 'data', 'blob', 'file', 'intent', 'vbscript', 'about', 'chrome', 'http']
  /** A forbidden scheme in any case, after any whitespace or control character, with any separator and tail. */
  const disguised = fc
    .tuple(
      fc.constantFrom(...FORBIDDEN),
      fc.array(fc.boolean(), { minLength: 1, maxLength: 10 }),
      fc.constantFrom('', ' ', '\t', '\n', '\u0001', '\u00a0', '\ufeff'),
      fc.constantFrom('', ':', '://', ':/'),
      fc.string({ maxLength: 20 })
    )
    .map(
      ([scheme, mask, lead, sep, rest]) => lead + [...scheme].map((c, i) => (mask[i % mask.length] ? c.toUpperCase() : c)).join('') + sep + (sep ? rest : '')
    )

  it('property: a forbidden scheme is never offered, in any case or disguise', () => {
    fc.assert(
      fc.property(disguised, link => {
        expect(safeWalletLink(link), JSON.stringify(link)).to.equal(undefined)
        expect(walletConnectLink(link, URI), JSON.stringify(link)).to.equal(undefined)
      }),
      { numRuns: 1000 }
    )
  })

  it('property: every link offered starts with https:// or a safe app scheme://', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9+.-]{0,10}:?(\/\/)?[ -~]{0,15}$/)), link => {
        const out = walletConnectLink(link, URI)
        if (out === undefined) return
        const scheme = /^([a-z][a-z0-9+.-]*):\/\//.exec(out)?.[1]
        expect(scheme, out).to.be.a('string')
        expect(scheme === 'https' || !FORBIDDEN.includes(scheme!), out).to.equal(true)
        expect(new URL(out).searchParams.get('uri'), out).to.equal(URI)
      }),
      { numRuns: 1000 }
    )
  })
})
