import { expect } from 'chai'
import { originAllowed } from './services.js'

describe('originAllowed', () => {
  it('matches exact origins and * for a host label or the port', () => {
    expect(originAllowed('https://app.example.com', ['https://app.example.com'])).to.equal(true)
    expect(originAllowed('https://app.example.com', ['https://*.example.com'])).to.equal(true)
    expect(originAllowed('http://127.0.0.1:5173', ['http://127.0.0.1:*'])).to.equal(true)
    expect(originAllowed('https://evil.com', ['https://*.example.com', 'http://127.0.0.1:*'])).to.equal(false)
    expect(originAllowed('https://a.b.example.com', ['https://*.example.com'])).to.equal(false)
    expect(originAllowed('https://example.com.evil.io', ['https://*.example.com'])).to.equal(false)
    expect(originAllowed('anything', ['*'])).to.equal(true)
  })
})
