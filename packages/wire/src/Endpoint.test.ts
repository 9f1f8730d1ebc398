import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { endpointPath } from './Endpoint.js'
import { blockchainEndpoints } from './blockchainEndpoints.js'
import { sessionEndpoints } from './sessionEndpoints.js'

describe('endpointPath', () => {
  it('fills the path parameters, URI-encoded', () => {
    assert.equal(endpointPath(blockchainEndpoints.identity, { address: '0xAbC' }), '/v1/identity/0xAbC')
    assert.equal(endpointPath(sessionEndpoints.revoke, { address: 'a/b c' }), '/v1/sessions/a%2Fb%20c/revoke')
    assert.equal(endpointPath(blockchainEndpoints.supportedChains), '/v1/supported-chains')
  })

  it('refuses to build a path with a parameter missing', () => {
    assert.throws(() => endpointPath(blockchainEndpoints.balance, {}), /no value for :address/)
  })
})
