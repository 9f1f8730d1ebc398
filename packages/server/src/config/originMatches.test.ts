import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { allowListPermits, isOriginAllowed, originMatches } from './originMatches.js'

describe('originMatches', () => {
  it('matches exact origins, case-insensitively', () => {
    assert.ok(originMatches('https://shop.example', 'https://shop.example'))
    assert.ok(originMatches('https://Shop.Example', 'https://shop.example'))
    assert.ok(!originMatches('https://shop.example:8443', 'https://shop.example'))
    assert.ok(!originMatches('http://shop.example', 'https://shop.example'))
  })

  it('port wildcards match digits only', () => {
    const pattern = 'http://127.0.0.1:*'
    assert.ok(originMatches('http://127.0.0.1:5173', pattern))
    assert.ok(originMatches('http://127.0.0.1:80', pattern))
    assert.ok(!originMatches('http://127.0.0.1', pattern))
    assert.ok(!originMatches('http://127.0.0.1:80.evil.example', pattern))
    assert.ok(!originMatches('http://127.0.0.10:80', pattern))
    assert.ok(!originMatches('http://127x0x0x1:80', pattern), 'dots are literal')
  })

  it('host wildcards match subdomains, never another site', () => {
    const pattern = 'https://*.shop.example'
    assert.ok(originMatches('https://a.shop.example', pattern))
    assert.ok(originMatches('https://a.b.shop.example', pattern))
    assert.ok(!originMatches('https://shop.example', pattern))
    assert.ok(!originMatches('https://evil.example/.shop.example', pattern))
    assert.ok(!originMatches('https://evil.example?.shop.example', pattern))
    assert.ok(!originMatches('https://a.shop.example.evil.example', pattern))
  })

  it('a pattern without scheme allows http and https, nothing else', () => {
    assert.ok(originMatches('https://shop.example', 'shop.example'))
    assert.ok(originMatches('http://shop.example', 'shop.example'))
    assert.ok(!originMatches('https://www.shop.example', 'shop.example'))
    assert.ok(!originMatches('https://shop.example:8443', 'shop.example'))
    assert.ok(originMatches('https://a.shop.example', '*.shop.example'))
  })

  it('a lone * allows everything; lists allow any match', () => {
    assert.ok(originMatches('https://anything.example', '*'))
    assert.ok(isOriginAllowed('http://localhost:3000', ['https://shop.example', 'http://localhost:*']))
    assert.ok(!isOriginAllowed('http://localhost:3000', []))
  })
})

// The WalletConnect network's allow-list rules (docs.reown.com, "Relay" › "Allowlist"), one
// documented example per assertion.
describe('allowListPermits', () => {
  it('an empty list allows all; localhost and 127.0.0.1 always pass', () => {
    assert.ok(allowListPermits('https://anything.example', []))
    assert.ok(allowListPermits('http://localhost:3000', ['https://example.com']))
    assert.ok(allowListPermits('https://127.0.0.1:8443', ['https://example.com']))
    assert.ok(!allowListPermits('https://localhost.evil.example', ['https://example.com']))
  })

  it('example.com allows https://example.com and http://example.com but not https://www.example.com', () => {
    assert.ok(allowListPermits('https://example.com', ['example.com']))
    assert.ok(allowListPermits('http://example.com', ['example.com']))
    assert.ok(!allowListPermits('https://www.example.com', ['example.com']))
  })

  it('a scheme, when given, must match exactly', () => {
    assert.ok(allowListPermits('https://example.com', ['https://example.com']))
    assert.ok(!allowListPermits('http://example.com', ['https://example.com']))
    assert.ok(allowListPermits('https://www.example.com', ['https://www.example.com']))
    assert.ok(!allowListPermits('https://example.com', ['https://www.example.com']))
  })

  it('a port, when given, must match exactly (a default port counts as given by the origin)', () => {
    assert.ok(allowListPermits('https://example.com:8080', ['https://example.com:8080']))
    assert.ok(!allowListPermits('https://example.com', ['https://example.com:8080']))
    assert.ok(allowListPermits('https://example.com', ['https://example.com:443']))
    assert.ok(allowListPermits('https://example.com:8080', ['https://example.com']), 'no port given: any port')
    assert.ok(allowListPermits('http://192.168.1.2:5173', ['http://192.168.1.2:*']))
  })

  it('a * label stands for exactly one whole label', () => {
    assert.ok(allowListPermits('https://www.example.com', ['https://*.example.com']))
    assert.ok(!allowListPermits('https://example.com', ['https://*.example.com']))
    assert.ok(!allowListPermits('https://a.b.example.com', ['https://*.example.com']))
    assert.ok(allowListPermits('https://www.subdomain.example.com', ['https://*.*.example.com']))
    assert.ok(!allowListPermits('https://www.example.com', ['https://*.*.example.com']))
    assert.ok(!allowListPermits('https://example.com', ['https://*.*.example.com']))
    assert.ok(allowListPermits('https://www.subdomain.example.com', ['https://www.*.example.com']))
    assert.ok(!allowListPermits('https://www.example.com', ['https://www.*.example.com']))
  })

  it('an entry with * inside a label is invalid and allows nothing; other entries still count', () => {
    assert.ok(!allowListPermits('https://www-a.example.com', ['https://www-*.example.com']))
    assert.ok(!allowListPermits('https://www-.example.com', ['https://www-*.example.com']))
    assert.ok(allowListPermits('https://shop.example', ['https://www-*.example.com', 'shop.example']))
  })

  it('never lets a look-alike through, and compares case-insensitively', () => {
    assert.ok(!allowListPermits('https://example.com.evil.example', ['example.com']))
    assert.ok(!allowListPermits('https://evilexample.com', ['example.com']))
    assert.ok(allowListPermits('https://EXAMPLE.com', ['Example.COM']))
    assert.ok(!allowListPermits('null', ['example.com']), 'an opaque origin matches no entry')
    assert.ok(allowListPermits('null', ['*']), 'a lone * allows everything')
  })
})
