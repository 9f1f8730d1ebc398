import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { BUILT_IN_CHAINS } from './builtInChains.js'
import { loadEmbeddedWalletChains } from './loadEmbeddedWalletChains.js'
import type { ChainConfig } from '../config/ServerConfig.js'

describe('loadEmbeddedWalletChains', () => {
  it('gives the configured chains as they are, else the built-in set', async () => {
    const configured = [{ caipNetworkId: 'eip155:31337', name: 'Devnet', rpcUrl: 'http://127.0.0.1:8545' }] as unknown as ChainConfig[]
    assert.equal(await loadEmbeddedWalletChains(configured), configured)
    assert.equal(await loadEmbeddedWalletChains([]), BUILT_IN_CHAINS)
  })
})
