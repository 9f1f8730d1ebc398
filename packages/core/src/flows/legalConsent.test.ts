// Spec §9 legalCheckbox: which of the site's terms and privacy addresses Connect may link (an
// allow-list: https:, or http: on the page's own origin), when there is a checkbox at all, and the
// visitor's choice kept in the modal's storage for the same pages.
import { expect } from 'chai'
import type { Core } from '../createCore.js'
import { brokenStorage, memoryStorage } from '../__fixtures__/devnet.js'
import { STORAGE_PREFIX, type StorageBackend } from '../utils/storage.js'
import { hasLegalConsent, LEGAL_CONSENT_KEY, legalLinks, safeLegalUrl, setLegalConsent } from './legalConsent.js'
import type { WalletModalOptions } from '../types/options.js'
import { quietCore } from '../__fixtures__/quietCore.js'

const PAGE = 'http://127.0.0.1:5173/shop/index.html'

describe('legal checkbox: the addresses it may link', () => {
  it('takes https: anywhere and http: on the page’s own origin, relative ones against the page', () => {
    expect(safeLegalUrl('https://site.example/terms', PAGE)).to.equal('https://site.example/terms')
    expect(safeLegalUrl('http://127.0.0.1:5173/legal.html#terms', PAGE)).to.equal('http://127.0.0.1:5173/legal.html#terms')
    expect(safeLegalUrl('/legal.html#privacy', PAGE)).to.equal('http://127.0.0.1:5173/legal.html#privacy')
    expect(safeLegalUrl('terms.html', 'https://site.example/app/')).to.equal('https://site.example/app/terms.html')
  })

  it('refuses every other scheme, plain http: elsewhere, credentials, blanks and overlong addresses', () => {
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'blob:https://site.example/0b1c',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://site.example/terms',
      'http://site.example/terms',
      'http://127.0.0.1:5174/terms',
      'https://user:secret@site.example/terms',
      '',
      '   ',
      `https://site.example/${'a'.repeat(2048)}`
    ]) {
      expect(safeLegalUrl(bad, PAGE), bad).to.equal(undefined)
    }
    for (const notText of [undefined, null, 42, { href: 'https://site.example' }]) expect(safeLegalUrl(notText, PAGE)).to.equal(undefined)
    // With no page to compare with (server rendering), only https: is linked.
    expect(safeLegalUrl('http://127.0.0.1:5173/terms', undefined)).to.equal(undefined)
    expect(safeLegalUrl('https://site.example/terms', undefined)).to.equal('https://site.example/terms')
  })
})

describe('legal checkbox: the site’s options', () => {
  let core: Core | undefined
  const make = (extra: Partial<WalletModalOptions>, storage: StorageBackend = memoryStorage()) => (core = quietCore({ storage, ...extra }))
  afterEach(() => {
    core?.destroy()
    core = undefined
  })

  it('is off by default, and off without a page to agree to', () => {
    expect(legalLinks(make({ termsConditionsUrl: 'https://site.example/terms' }))).to.equal(undefined)
    core!.destroy()
    expect(legalLinks(make({ features: { legalCheckbox: true } }))).to.equal(undefined)
  })

  it('links the pages the site gives when legalCheckbox is on', () => {
    expect(
      legalLinks(
        make({ features: { legalCheckbox: true }, termsConditionsUrl: 'https://site.example/terms', privacyPolicyUrl: 'https://site.example/privacy' })
      )
    ).to.deep.equal({
      terms: 'https://site.example/terms',
      privacy: 'https://site.example/privacy'
    })
    core!.destroy()
    expect(legalLinks(make({ features: { legalCheckbox: true }, privacyPolicyUrl: 'https://site.example/privacy' }))).to.deep.equal({
      terms: undefined,
      privacy: 'https://site.example/privacy'
    })
  })

  it('refuses a javascript: address with one warning, keeping the other link; with none left there is no checkbox', () => {
    const warnings: string[] = []
    const warn = console.warn
    console.warn = (...a: unknown[]) => void warnings.push(a.join(' '))
    try {
      const c = make({
        features: { legalCheckbox: true },
        termsConditionsUrl: 'javascript:alert(document.cookie)',
        privacyPolicyUrl: 'https://site.example/privacy'
      })
      expect(legalLinks(c)).to.deep.equal({ terms: undefined, privacy: 'https://site.example/privacy' })
      expect(legalLinks(c)).to.deep.equal({ terms: undefined, privacy: 'https://site.example/privacy' })
      expect(warnings).to.have.length(1)
      expect(warnings[0]).to.contain('termsConditionsUrl is not linked')
      c.destroy()
      expect(legalLinks(make({ features: { legalCheckbox: true }, termsConditionsUrl: 'javascript:alert(1)' }))).to.equal(undefined)
    } finally {
      console.warn = warn
    }
  })

  it('remembers the choice in the modal’s storage for the same pages; other pages are asked again; unchecking forgets', () => {
    const storage = memoryStorage()
    const links = { terms: 'https://site.example/terms', privacy: 'https://site.example/privacy' }
    const c = make({ features: { legalCheckbox: true } }, storage)
    expect(hasLegalConsent(c, links)).to.equal(false)
    setLegalConsent(c, links, true)
    expect(hasLegalConsent(c, links)).to.equal(true)
    expect(JSON.parse(storage.map.get(`${STORAGE_PREFIX}${LEGAL_CONSENT_KEY}`)!).value).to.deep.equal(links)
    // New terms at a new address: agreed to nothing yet.
    expect(hasLegalConsent(c, { ...links, terms: 'https://site.example/terms-v2' })).to.equal(false)
    expect(hasLegalConsent(c, { terms: links.terms })).to.equal(false)
    setLegalConsent(c, links, false)
    expect(hasLegalConsent(c, links)).to.equal(false)
    expect(storage.map.has(`${STORAGE_PREFIX}${LEGAL_CONSENT_KEY}`)).to.equal(false)
    // A stored value of another shape reads as no consent.
    storage.map.set(`${STORAGE_PREFIX}${LEGAL_CONSENT_KEY}`, JSON.stringify({ value: true, timestamp: Date.now() }))
    expect(hasLegalConsent(c, links)).to.equal(false)
  })

  it('a storage that refuses everything leaves the visitor unconsented, without throwing', () => {
    const c = make({ features: { legalCheckbox: true } }, brokenStorage())
    const links = { terms: 'https://site.example/terms' }
    expect(() => setLegalConsent(c, links, true)).not.to.throw()
    expect(hasLegalConsent(c, links)).to.equal(false)
  })
})
