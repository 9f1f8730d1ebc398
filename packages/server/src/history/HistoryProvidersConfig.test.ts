// The `historyProviders` section of the server config: checked like the rest, and which source
// serves each chain.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { parseServerConfig, type ServerConfig } from '../config/ServerConfig.js'
import { openStore } from '../db/openStore.js'
import { createHistoryProviders, indexedChains } from './createHistoryProviders.js'
import { EtherscanHistoryProvider } from './EtherscanHistoryProvider.js'
import { IndexerHistoryProvider } from './IndexerHistoryProvider.js'

const chains = [
  { chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:8545' },
  { chainId: 31338, name: 'Devnet 2', rpcUrl: 'http://127.0.0.1:8546' },
  { chainId: 100, name: 'Gnosis', rpcUrl: 'http://127.0.0.1:8547' }
]
const tokens = { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }
const withProviders = (historyProviders: unknown): unknown => ({ ...demoServerConfig({ chains, tokens }), historyProviders })

describe('historyProviders config', () => {
  it('takes Etherscan for some chains and Blockscout instances for others', () => {
    const config = parseServerConfig(
      withProviders({
        etherscan: { apiKey: 'YourApiKeyToken', chains: ['eip155:31338'], timeoutMs: 3000, pageSize: 50 },
        blockscout: [{ chain: 'eip155:100', baseUrl: 'https://gnosis.blockscout.com/api' }]
      })
    )
    assert.deepEqual(config.historyProviders?.etherscan, { apiKey: 'YourApiKeyToken', chains: ['eip155:31338'], timeoutMs: 3000, pageSize: 50 })
    assert.deepEqual(
      indexedChains(config).map(chain => chain.caipNetworkId),
      ['eip155:31337']
    )
  })

  it('names the first problem', () => {
    const cases: [unknown, RegExp][] = [
      [{ etherscan: { chains: [] } }, /historyProviders\.etherscan\.chains/],
      [{ etherscan: { chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] } }, /an eip155 chain id/],
      [
        { etherscan: { chains: ['eip155:8453'] } },
        /Invalid server config at historyProviders\.etherscan\.chains\.0: eip155:8453 is not one of the configured chains$/
      ],
      [
        { etherscan: { chains: ['eip155:31338'] }, blockscout: [{ chain: 'eip155:31338', baseUrl: 'https://x.example/api' }] },
        /blockscout\.0\.chain: eip155:31338 is served twice/
      ],
      [{ etherscan: { chains: ['eip155:31338'], apiKey: 'has space' } }, /API key/],
      [{ etherscan: { chains: ['eip155:31338'], baseUrl: 'ftp://x.example' } }, /http\(s\) URL/],
      [{ etherscan: { chains: ['eip155:31338'], pageSize: 5000 } }, /pageSize/],
      [{ etherscan: { chains: ['eip155:31338'], timeoutMs: 10 } }, /timeoutMs/],
      [{ etherscan: { chains: ['eip155:31338'], extra: 1 } }, /extra/],
      [{ covalent: {} }, /covalent/]
    ]
    for (const [section, reason] of cases) assert.throws(() => parseServerConfig(withProviders(section)), reason, JSON.stringify(section))
  })

  it('gives each eip155 chain one source, one object per source', async () => {
    const store = await openStore({})
    try {
      const config = parseServerConfig(withProviders({ etherscan: { chains: ['eip155:31338', 'eip155:100'], apiKey: 'k' } })) as ServerConfig
      const providers = createHistoryProviders(config, store)
      assert.ok(providers.get('eip155:31337') instanceof IndexerHistoryProvider)
      assert.ok(providers.get('eip155:31338') instanceof EtherscanHistoryProvider)
      assert.equal(providers.get('eip155:31338'), providers.get('eip155:100'))
      assert.equal(providers.get('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'), undefined)
    } finally {
      await store.close()
    }
  })
})
