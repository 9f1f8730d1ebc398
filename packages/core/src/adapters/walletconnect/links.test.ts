import { expect } from 'chai'
import { safeWalletLink, walletBrowseUrl, walletConnectLink } from './links.js'

const URI = 'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1'
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
  })

  it('the URI is fully encoded (its ?, &, = and @ never leak into the link)', () => {
    const link = walletConnectLink('https://w.example', URI)!
    expect(new URL(link).searchParams.get('uri')).to.equal(URI)
    expect(link.split('?').length).to.equal(2)
  })

  it('never offers links that could run in the page, or plain http', () => {
    for (const bad of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', 'vbscript:x', 'file:///etc/passwd', 'http://w.example', 'blob:https://x/y', '', null, undefined, '::::']) {
      expect(safeWalletLink(bad), String(bad)).to.equal(undefined)
      expect(walletConnectLink(bad, URI), String(bad)).to.equal(undefined)
    }
  })

  it('wallets with an in-app browser open the current page there, encoded; the Solana variant carries a callback', () => {
    const page = 'https://shop.example/checkout?step=2'
    expect(walletBrowseUrl('Phantom', page)).to.equal(`https://phantom.app/ul/browse/${encodeURIComponent(page)}?ref=${encodeURIComponent('https://shop.example')}`)
    expect(walletBrowseUrl('Solflare', page)).to.equal(`https://solflare.com/ul/v1/browse/${encodeURIComponent(page)}?ref=${encodeURIComponent('https://shop.example')}`)
    expect(walletBrowseUrl('Coinbase Wallet', page)).to.equal(`https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(page)}`)
    expect(walletBrowseUrl('Coinbase Wallet', page, 'solana')).to.equal(`https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(page)}&callback=${encodeURIComponent(page)}`)
    expect(walletBrowseUrl('Harbor Wallet', page)).to.equal(undefined)
  })
})
