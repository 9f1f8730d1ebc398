import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import * as v from 'valibot'
import { encodeQuery } from './encodeQuery.js'
import { WalletsQuerySchema } from './directoryEndpoints.js'

describe('encodeQuery', () => {
  it('writes lists as comma lists and numbers as text, leaving out what is missing or empty', () => {
    assert.deepEqual(encodeQuery({ page: 2, include: ['a', 'b'], exclude: [], search: undefined, badge_type: null, on: true }), {
      page: '2',
      include: 'a,b',
      on: 'true'
    })
  })

  it('gives the server what the caller meant: encode, then parse, is the caller input', () => {
    const client = { projectId: 'p', st: 's', sv: 'v' }
    const sent = encodeQuery({ ...client, page: 3, entries: 40, include: ['w1', 'w.2'], chains: ['eip155', 'solana:5eykt'] })
    assert.deepEqual(v.parse(WalletsQuerySchema, sent), { ...client, page: 3, entries: 40, include: ['w1', 'w.2'], chains: ['eip155', 'solana:5eykt'] })
  })
})
