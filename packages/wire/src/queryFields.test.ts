// The two query field kinds whose wire form differs from what the code on either side holds.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import * as v from 'valibot'
import { commaList } from './commaList.js'
import { queryInteger } from './queryInteger.js'

describe('queryInteger', () => {
  const page = queryInteger(1, 100)

  it('reads decimal text and takes numbers', () => {
    assert.equal(v.parse(page, '42'), 42)
    assert.equal(v.parse(page, 7), 7)
  })

  it('refuses text that is not an integer, and values out of range', () => {
    for (const bad of ['two', '1.5', '', ' 3', '0', '101', 0, 2.5, ['1', '2']]) assert.equal(v.safeParse(page, bad).success, false, JSON.stringify(bad))
  })
})

describe('commaList', () => {
  const ids = commaList(v.pipe(v.string(), v.regex(/^[a-z]+$/)), 3)

  it('splits the text, takes a list, and reads the empty text as no list', () => {
    assert.deepEqual(v.parse(ids, 'a,b'), ['a', 'b'])
    assert.deepEqual(v.parse(ids, ['c']), ['c'])
    assert.deepEqual(v.parse(ids, ''), [])
  })

  it('checks every item and the count', () => {
    for (const bad of ['a,,b', 'a,B', 'a,b,c,d', ['a', '1'], 5]) assert.equal(v.safeParse(ids, bad).success, false, JSON.stringify(bad))
  })
})
