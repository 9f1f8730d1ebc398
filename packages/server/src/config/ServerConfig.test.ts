import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { demoServerConfig, DEMO_FRIEND_ACCOUNT, DEMO_HISTORY_POLL_MS, DEMO_WALLET_ACCOUNT } from './demoServerConfig.js'
import { DEFAULT_REMOTE_FEATURES } from './defaultRemoteFeatures.js'
import { parseServerConfig } from './ServerConfig.js'

const tokens = { DUSD: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }
const chains = [
  { chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:8545' },
  { chainId: 31338, name: 'Devnet 2', rpcUrl: 'http://127.0.0.1:8546' }
]

describe('server configuration', () => {
  it('demoServerConfig builds a valid config for the devnet', () => {
    const config = parseServerConfig(demoServerConfig({ chains, tokens }))
    assert.deepEqual(
      config.projects.map(p => p.id),
      ['demo']
    )
    assert.deepEqual(
      config.chains.map(c => c.caipNetworkId),
      ['eip155:31337', 'eip155:31338']
    )
    assert.deepEqual(
      config.chains[0]!.tokens!.map(t => [t.symbol, t.decimals]),
      [
        ['DUSD', 6],
        ['USDT', 6]
      ]
    )
    assert.deepEqual(config.prices, { DUSD: 1, USDT: 1, ETH: 3000 })
    assert.equal(config.identities![DEMO_WALLET_ACCOUNT]!.name, 'devnet-wallet.reown.id')
    assert.deepEqual(config.identities![DEMO_FRIEND_ACCOUNT], { name: 'devnet-friend.reown.id', avatar: '/public/getAssetImage/avatar-friend' })
    assert.deepEqual(config.history, { pollMs: DEMO_HISTORY_POLL_MS })
    const features = Object.fromEntries(config.projects[0]!.features!.map(f => [f.id, f.isEnabled]))
    // The spec's remote defaults, but multi-wallet on: the demo shows several wallets at once.
    assert.deepEqual(features, { email: true, socials: true, swaps: true, onramp: true, activity: true, reownBranding: true, multiWallet: true })
    assert.equal(DEFAULT_REMOTE_FEATURES.find(f => f.id === 'multiWallet')!.isEnabled, false, "the spec's default stays off")
  })

  it('returns fresh objects callers may change', () => {
    const a = demoServerConfig({ chains, tokens, origins: ['https://a.example'] })
    a.projects[0]!.features![0]!.isEnabled = false
    a.projects.push({ id: 'other', allowedOrigins: [] })
    const b = demoServerConfig({ chains, tokens })
    assert.equal(b.projects.length, 1)
    assert.equal(b.projects[0]!.features![0]!.isEnabled, true)
    assert.deepEqual(a.projects[0]!.allowedOrigins, ['https://a.example'])
  })

  it('takes the relay part (public mode, audiences) and allow-list entries without scheme', () => {
    const base = demoServerConfig({ chains, tokens, origins: ['example.com', 'https://*.example.com', 'http://127.0.0.1:*'] })
    const config = parseServerConfig({ ...base, relay: { publicMode: true, audiences: ['wss://relay.example.org', 'ws://127.0.0.1:8787/relay/'] } })
    assert.deepEqual(config.relay, { publicMode: true, audiences: ['wss://relay.example.org', 'ws://127.0.0.1:8787/relay/'] })
    assert.deepEqual(config.projects[0]!.allowedOrigins, ['example.com', 'https://*.example.com', 'http://127.0.0.1:*'])
    assert.equal(parseServerConfig(base).relay, undefined)
  })

  it('takes token lists: URLs (https, http, file:), the default list switch, hidden CAIP-10 ids', () => {
    const base = demoServerConfig({ chains, tokens, tokenLists: ['file:///srv/devnet.tokenlist.json'] })
    assert.deepEqual(parseServerConfig(base).tokenLists, { default: false, urls: ['file:///srv/devnet.tokenlist.json'] })
    const tokenLists = {
      urls: ['https://lists.example/a.json', 'http://127.0.0.1:9/b.json'],
      default: true,
      hide: ['eip155:1:0x6B175474E89094C44Da98b954EedeAC495271d0F'],
      refreshHours: 6
    }
    assert.deepEqual(parseServerConfig({ ...base, tokenLists }).tokenLists, tokenLists)
    const broken: [unknown, RegExp][] = [
      [{ urls: ['ftp://lists.example/a.json'] }, /at tokenLists\.urls\.0: tokenLists\.urls\[\]: an http\(s\) or file: URL/],
      [{ urls: Array.from({ length: 21 }, (_, i) => `https://lists.example/${i}.json`) }, /tokenLists\.urls: at most 20 lists/],
      [{ hide: ['0x6B175474E89094C44Da98b954EedeAC495271d0F'] }, /at tokenLists\.hide\.0: .*CAIP-10/],
      [{ refreshHours: 0 }, /at tokenLists\.refreshHours/],
      [{ fetchEverything: true }, /tokenLists/]
    ]
    for (const [value, message] of broken) assert.throws(() => parseServerConfig({ ...base, tokenLists: value }), message, JSON.stringify(value))
  })

  it('names the first problem and where it is', () => {
    const base = demoServerConfig({ chains, tokens })
    const broken: [unknown, RegExp][] = [
      [{ ...base, projects: [] }, /projects: at least one project/],
      [{ ...base, projects: [{ id: 'has space', allowedOrigins: [] }] }, /at projects\.0\.id/],
      [{ ...base, projects: [{ id: 'a', allowedOrigins: ['https://x.example/path'] }] }, /at projects\.0\.allowedOrigins\.0/],
      [{ ...base, chains: [{ ...base.chains[0], caipNetworkId: '31337' }] }, /at chains\.0\.caipNetworkId/],
      [{ ...base, chains: [{ ...base.chains[0], rpcUrl: 'ftp://x' }] }, /at chains\.0\.rpcUrl/],
      [{ ...base, chains: [{ ...base.chains[0], tokens: [{ ...tokens, address: '0x12', symbol: 'X', name: 'X', decimals: 6 }] }] }, /tokens\.0\.address/],
      [{ ...base, prices: { ETH: -1 } }, /at prices\.ETH/],
      [{ ...base, identities: { nope: { name: 'x', avatar: null } } }, /identities/],
      [{ ...base, identities: { [DEMO_WALLET_ACCOUNT]: { name: 'x', avatar: 'javascript:alert(1)' } } }, /avatar/],
      [{ ...base, chains: [base.chains[0], base.chains[0]] }, /duplicate chain caipNetworkId "eip155:31337"/],
      [{ ...base, projects: [...base.projects, ...base.projects] }, /duplicate project id "demo"/],
      [{ ...base, history: { pollMs: 10 } }, /at history\.pollMs/],
      [{ ...base, history: { pageSize: 0 } }, /at history\.pageSize/],
      [{ ...base, history: { batchBlocks: 1.5 } }, /at history\.batchBlocks/],
      [{ ...base, history: { enabled: 'yes' } }, /at history\.enabled/],
      [{ ...base, sessions: { noncesPerMinute: 0 } }, /at sessions\.noncesPerMinute/],
      [{ ...base, chains: [{ ...base.chains[0], historyFromBlock: 'earliest' }] }, /at chains\.0\.historyFromBlock/],
      [{ ...base, relay: { publicMode: 'yes' } }, /at relay\.publicMode/],
      [{ ...base, relay: { publicMode: true, audiences: ['https://relay.example.org'] } }, /at relay\.audiences\.0/],
      [{ ...base, relay: { publicMode: true, audiences: ['wss://relay.example.org/?x=1'] } }, /at relay\.audiences\.0/],
      [{ ...base, relay: { publicMode: true, audience: ['wss://relay.example.org'] } }, /at relay\.audience/],
      ['not an object', /Invalid server config/]
    ]
    for (const [value, message] of broken) assert.throws(() => parseServerConfig(value), message)
  })
})
