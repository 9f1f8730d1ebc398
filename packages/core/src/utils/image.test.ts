import { expect } from 'chai'
import { safeImageUrl } from './image.js'

describe('safeImageUrl', () => {
  it('accepts https and data:image URLs only', () => {
    expect(safeImageUrl('https://example.com/a.png')).to.equal('https://example.com/a.png')
    expect(safeImageUrl('data:image/svg+xml;base64,PHN2Zy8+')).to.equal('data:image/svg+xml;base64,PHN2Zy8+')
    for (const bad of ['javascript:alert(1)', 'http://example.com/a.png', '/relative.png', 'data:text/html,<b>x</b>', 'ftp://x/y', 42]) {
      expect(safeImageUrl(bad), String(bad)).to.equal(undefined)
    }
  })
  it('accepts http only from configured origins', () => {
    expect(safeImageUrl('http://127.0.0.1:8080/i.png', ['http://127.0.0.1:8080'])).to.equal('http://127.0.0.1:8080/i.png')
    expect(safeImageUrl('http://127.0.0.1:9999/i.png', ['http://127.0.0.1:8080'])).to.equal(undefined)
  })
})
