import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { initialsOf, renderTileSvg } from './renderTileSvg.js'

describe('renderTileSvg', () => {
  it('is deterministic and differs by seed', () => {
    assert.equal(renderTileSvg('AB', 'one'), renderTileSvg('AB', 'one'))
    assert.notEqual(renderTileSvg('AB', 'one'), renderTileSvg('AB', 'two'))
    assert.match(renderTileSvg('AB', 'one', 'circle'), /<circle /)
  })

  it('never writes markup from its label', () => {
    const svg = renderTileSvg('<script>alert(1)</script>', 'x')
    assert.doesNotMatch(svg, /<script|alert\(|&lt;/)
    assert.match(svg, />scr<\/text>/)
    assert.match(renderTileSvg('"/><g onload=x', 'x'), />gon<\/text>/)
    assert.match(renderTileSvg('', 'x'), />\?<\/text>/)
    assert.match(renderTileSvg('$', 'x'), />\$<\/text>/)
  })

  it('labels names by initials or number', () => {
    assert.equal(initialsOf('Devnet Wallet'), 'DW')
    assert.equal(initialsOf('Sample Wallet 017'), '17')
    assert.equal(initialsOf('Sample Wallet 200'), '200')
    assert.equal(initialsOf('devnet-wallet.reown.id'), 'DW')
    assert.equal(initialsOf('Saltmarsh'), 'S')
  })
})
