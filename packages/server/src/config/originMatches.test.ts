import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { isOriginAllowed, originMatches } from './originMatches.js'

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

  it('a lone * allows everything; lists allow any match', () => {
    assert.ok(originMatches('https://anything.example', '*'))
    assert.ok(isOriginAllowed('http://localhost:3000', ['https://shop.example', 'http://localhost:*']))
    assert.ok(!isOriginAllowed('http://localhost:3000', []))
  })
})
