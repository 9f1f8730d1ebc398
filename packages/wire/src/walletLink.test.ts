import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { FORBIDDEN_LINK_SCHEMES, appSchemeOf, isAllowedWalletLink, walletLinkProblem } from './walletLink.js'

// A fixed seed: every run tries the same inputs, so a failure reproduces and CI is never flaky.
fc.configureGlobal({ seed: 20261123 })

const FORBIDDEN = ['javascript', 'data', 'blob', 'file', 'intent', 'vbscript', 'about', 'chrome']

/** The same text with each letter's case picked by `mask`. */
const withCase = (s: string, mask: boolean[]) => [...s].map((c, i) => (mask[i % mask.length] ? c.toUpperCase() : c)).join('')

describe('wallet link allow-list', () => {
  it('allows https universal links and plain app schemes', () => {
    for (const ok of ['https://wallet.example', 'https://wallet.example/wc?x=1', 'metamask://', 'trust://open', 'HarborWallet://', 'app+x.y-z://a/b']) {
      assert.equal(walletLinkProblem(ok), undefined, ok)
    }
  })

  it('refuses what could run in the page, read local data, or leak the pairing URI, with a reason', () => {
    const cases: [string, RegExp][] = [
      ['javascript://%0aalert(1)', /^javascript: links are not allowed/],
      ['JaVaScRiPt://x', /^javascript: links are not allowed/],
      ['data://text/html,x', /^data: links are not allowed/],
      ['intent://scan#Intent;scheme=zxing;end', /^intent: links are not allowed/],
      ['chrome://settings', /^chrome: links are not allowed/],
      ['http://wallet.example', /^http: links are not allowed/],
      ['javascript:alert(1)', /must start with https:\/\/ or an app scheme/],
      [' https://wallet.example', /whitespace or control characters/],
      ['\u0001javascript://x', /whitespace or control characters/],
      ['java\tscript://x', /whitespace or control characters/],
      ['\ufeffhttps://x.example', /whitespace or control characters/],
      ['wallet.example/path', /must start with https:\/\//],
      ['//wallet.example', /must start with https:\/\//],
      ['', /must start with https:\/\//]
    ]
    for (const [bad, reason] of cases) assert.match(walletLinkProblem(bad) ?? 'allowed', reason, JSON.stringify(bad))
    assert.equal(isAllowedWalletLink(42), false)
    assert.equal(isAllowedWalletLink('x://'.padEnd(3000, 'a')), false)
  })

  it('attack: a catalogue entry with an itms-services:// or search-ms:// link', () => {
    // Each passed the old deny-list: one tap installs an iOS enterprise app, or shows a remote
    // share's files as a local search on Windows, or runs a Windows or Office handler.
    const handlers = [
      'itms-services://?action=download-manifest&url=https://evil.example/app.plist',
      'ITMS-Apps://apps.apple.com/app/id1',
      'search-ms://query=invoice&crumb=location:%5C%5Cevil.example@SSL%5Cshare',
      'ms-msdt://id%20PCWDiagnostic',
      'ms-officecmd://x',
      'ms-settings://privacy',
      'shell://startup',
      'tel://+15550100',
      'sms://+15550100',
      'mailto://a@evil.example',
      'x-apple-health://x',
      'smb://evil.example/share',
      'market://details?id=evil'
    ]
    for (const link of handlers) assert.match(walletLinkProblem(link) ?? 'allowed', /^[a-z-]+: links are not allowed/, link)
    // Not a plain name: refused too, whatever the deny-list says.
    for (const link of ['a..b://x', 'a-://x', '-a://x', `${'a'.repeat(65)}://x`])
      assert.match(walletLinkProblem(link) ?? 'allowed', /is not a plain app scheme|must start with/, link)
  })

  it("attack: a wallet's link using another wallet's scheme", () => {
    const metamask = ['metamask://', null]
    assert.equal(walletLinkProblem('metamask://wc?uri=x', metamask), undefined)
    assert.equal(walletLinkProblem('MetaMask://wc', metamask), undefined, 'schemes compare in lower case')
    assert.equal(walletLinkProblem('https://metamask.app.link/wc', metamask), undefined, 'https is anyone’s')
    assert.equal(walletLinkProblem('trust://wc?uri=x', metamask), "this wallet's links may only use its own app scheme (metamask://)")
    assert.equal(walletLinkProblem('trust://wc', ['https://wallet.example/wc', null]), 'this wallet has no registered app scheme: only https:// links open it')
    // A registered scheme that is itself a handler registers nothing.
    assert.equal(
      walletLinkProblem('itms-services://x', ['itms-services://']),
      "itms-services: links are not allowed (use https:// or the wallet's own app scheme)"
    )
    assert.deepEqual(['Trust://x', 'https://a.example', 'search-ms://x', null].map(appSchemeOf), ['trust', undefined, undefined, undefined])
  })

  it('property: every accepted string starts with https:// or a safe scheme://', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9+.-]{0,12}:\/\/[\x00-\x7f]{0,20}$/)), s => {
        if (!isAllowedWalletLink(s)) return
        const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\//.exec(s)?.[1]?.toLowerCase()
        assert.ok(scheme, s)
        assert.ok(scheme === 'https' || !FORBIDDEN_LINK_SCHEMES.has(scheme), s)
        assert.equal(new URL(s).protocol, `${scheme}:`)
      }),
      { numRuns: 2000 }
    )
  })

  it('property: no forbidden scheme is ever accepted, in any case, with any prefix of whitespace or control characters', () => {
    const invisible = fc.constantFrom(' ', '\t', '\n', '\r', '\f', '\v', '\u0000', '\u0001', '\u001f', '\u007f', '\u00a0', '\u2028', '\ufeff', '\u200b')
    fc.assert(
      fc.property(
        fc.constantFrom(...FORBIDDEN),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }),
        fc.array(invisible, { maxLength: 3 }),
        fc.constantFrom(':', '://', ':/'),
        fc.string({ maxLength: 30 }),
        (scheme, mask, prefix, sep, rest) => {
          const link = prefix.join('') + withCase(scheme, mask) + sep + rest
          assert.equal(isAllowedWalletLink(link), false, JSON.stringify(link))
        }
      ),
      { numRuns: 2000 }
    )
  })

  it('property: never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), x => {
        walletLinkProblem(x)
      }),
      { numRuns: 500 }
    )
  })
})
