// The schema compiler: routes are checked with the wire contract's valibot schemas, whose output
// replaces the request part.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import * as v from 'valibot'
import { commaList, queryInteger } from '@wallet-modal/wire'
import { createValidatorCompiler } from './validatorCompiler.js'

describe('createValidatorCompiler', () => {
  const compile = createValidatorCompiler()
  const route = { method: 'GET', url: '/x', httpPart: 'querystring' }

  it('hands the route what the schema reads: numbers from text, lists from comma lists', () => {
    const check = compile({ ...route, schema: v.object({ page: queryInteger(1, 5), ids: commaList(v.string(), 3) }) })
    assert.deepEqual(check({ page: '3', ids: 'a,b' }), { value: { page: 3, ids: ['a', 'b'] } })
  })

  it('answers the first failed check with the field and what was expected', () => {
    const check = compile({ ...route, schema: v.object({ page: queryInteger(1, 5), q: v.optional(v.string()) }) })
    assert.deepEqual(check({ page: '9', q: 5 }), {
      error: [{ keyword: 'max_value', instancePath: '/page', schemaPath: '', params: {}, message: 'must be <=5, got 9' }]
    })
    assert.deepEqual(check({}), { error: [{ keyword: 'object', instancePath: '/page', schemaPath: '', params: {}, message: 'is required' }] })
  })

  it('refuses a schema that is not valibot when the route is registered', () => {
    assert.throws(() => compile({ ...route, schema: { type: 'object', properties: {} } }), /GET \/x: the querystring schema is not a valibot schema/)
  })
})
