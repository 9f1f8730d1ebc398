// What the frame answers to wallet_getCapabilities, and which batches it refuses before Approve.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { mustBeAtomic, walletCapabilities } from './walletCapabilities.js'

describe("the frame's capabilities (EIP-5792, EIP-7811)", () => {
  const chains = { smartAccountNetworks: [31337], evmNetworks: [31337, 31338] }

  it('offers asset discovery on every chain served, and atomic batches where the smart account acts', () => {
    assert.deepEqual(walletCapabilities(chains, 'smartAccount', ['0x7a69', '0x7a6a', '0x1']), {
      '0x7a69': { atomic: { status: 'supported' }, assetDiscovery: { supported: true } },
      '0x7a6a': { atomic: { status: 'unsupported' }, assetDiscovery: { supported: true } },
      '0x1': { atomic: { status: 'unsupported' } }
    })
    assert.deepEqual(walletCapabilities(chains, 'eoa', undefined), {
      '0x7a69': { atomic: { status: 'unsupported' }, assetDiscovery: { supported: true } },
      '0x7a6a': { atomic: { status: 'unsupported' }, assetDiscovery: { supported: true } }
    })
    assert.deepEqual(walletCapabilities(chains, 'eoa', ['nope', 7]), {})
  })

  it("refuses before Approve a batch of several calls that must be atomic (the key's own account cannot)", () => {
    const calls = [{ to: '0x1' }, { to: '0x2' }]
    assert.equal(mustBeAtomic([{ version: '2.0.0', atomicRequired: true, calls }]), true)
    assert.equal(mustBeAtomic([{ calls }]), true, 'no atomicRequired: a batch was one transaction before 2.0.0')
    assert.equal(mustBeAtomic([{ version: '2.0.0', atomicRequired: false, calls }]), false)
    assert.equal(mustBeAtomic([{ atomicRequired: true, calls: [calls[0]] }]), false, 'one call is one transaction')
    assert.equal(mustBeAtomic([null]), false, 'a malformed batch is left to its description')
  })
})
