// The embedded wallet's built-in chains (spec §9: about 25 EVM and 3 Solana chains): used only
// when the server's configuration lists none, and then served end to end (the secure site's user,
// its capabilities, the blockchain API's supported chains, the RPC proxy). Nothing here calls a
// public node: the proxy is asked methods it answers itself.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createServer, KeyVault, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { parseServerConfig, type ChainConfig } from '../config/ServerConfig.js'
import { findFreePort } from '@wallet-modal/devnet'
import { getJson, postJson, urlOf } from '../__fixtures__/http.js'
import { secureSiteClient } from '../__fixtures__/secureSiteClient.js'
import { useStarted } from '../__fixtures__/useStarted.js'
import { BUILT_IN_CHAINS, BUILT_IN_EVM_CHAINS, BUILT_IN_SOLANA_CHAINS, embeddedWalletChains } from './builtInChains.js'
import { walletCapabilities, type CapabilityChains } from './site/walletCapabilities.js'

const TOKENS = { DUSD: '0x0', USDT: '0x0' }
const evmIds = (chains: readonly ChainConfig[]) => chains.filter(c => c.caipNetworkId.startsWith('eip155:')).map(c => Number(c.caipNetworkId.slice(7)))

describe('the built-in chain set', () => {
  it('has 25 EVM chains and the 3 Solana clusters, each a valid chain of the server configuration', () => {
    assert.equal(BUILT_IN_EVM_CHAINS.length, 25)
    assert.deepEqual(
      BUILT_IN_SOLANA_CHAINS.map(c => c.caipNetworkId),
      ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z']
    )
    assert.equal(BUILT_IN_CHAINS.length, 28)
    assert.equal(new Set(BUILT_IN_CHAINS.map(c => c.caipNetworkId)).size, 28, 'ids are unique')
    // Ethereum, Optimism, BNB, Gnosis, Polygon, zkSync, Base, Arbitrum, Avalanche, Celo, Linea, Sepolia, Base Sepolia.
    for (const id of [1, 10, 56, 100, 137, 324, 8453, 42161, 43114, 42220, 59144, 11155111, 84532])
      assert.ok(evmIds(BUILT_IN_CHAINS).includes(id), `eip155:${id}`)
    assert.deepEqual(BUILT_IN_CHAINS.find(c => c.caipNetworkId === 'eip155:1')?.nativeCurrency, { name: 'Ether', symbol: 'ETH', decimals: 18 })
    assert.deepEqual(BUILT_IN_CHAINS.find(c => c.caipNetworkId === 'eip155:137')?.nativeCurrency.symbol, 'POL')
    for (const chain of BUILT_IN_CHAINS) assert.match(chain.rpcUrl, /^https:\/\//, `${chain.name}: a public https endpoint`)
    // The schema an operator's file goes through takes them as they are.
    const parsed = parseServerConfig({ projects: [{ id: 'demo', allowedOrigins: ['https://example.com'] }], chains: BUILT_IN_CHAINS })
    assert.deepEqual(parsed.chains, BUILT_IN_CHAINS)
  })

  it('applies only when no chain is configured; configured chains are taken as they are', () => {
    assert.equal(embeddedWalletChains([]), BUILT_IN_CHAINS)
    const configured: ChainConfig[] = [
      { caipNetworkId: 'eip155:31337', name: 'Devnet', rpcUrl: 'http://127.0.0.1:8545', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }
    ]
    assert.equal(embeddedWalletChains(configured), configured)
  })
})

interface Started {
  server: WalletModalServer
  /** A session of a new embedded account, made without e-mail (the accounts API the site uses). */
  api(): Promise<ReturnType<typeof secureSiteClient>>
  close(): Promise<void>
}

/** A server with the secure site; `chains` configured (none: the built-in set). Its mail is never sent. */
async function start(chains: ChainConfig[]): Promise<Started> {
  const config = demoServerConfig({ chains: [], tokens: TOKENS, origins: ['http://127.0.0.1:*'] })
  config.chains = chains
  // Nothing follows the chains' heads here (the configured one has no node).
  config.history = { enabled: false }
  const server = await createServer({
    config,
    secureSite: {
      mail: { smtpUrl: `smtp://127.0.0.1:${await findFreePort()}`, from: 'Wallet <wallet@example.com>' },
      vault: new KeyVault(new Uint8Array(32).fill(9))
    }
  })
  let n = 0
  return {
    server,
    async api() {
      const accounts = server.secureSite!.accounts
      const account = await accounts.loginOrCreate(`chains-${n++}@example.com`)
      return secureSiteClient(server.secureSiteUrl!, await accounts.createSession(account.id, 'demo'))
    },
    close: () => server.close()
  }
}

const proxy = (server: WalletModalServer, chainId: string, method: string) =>
  postJson(urlOf(server.url, '/v1/', { chainId }), { jsonrpc: '2.0', id: 1, method })

describe('the secure site with no chains configured', () => {
  const s = useStarted(
    () => start([]),
    x => x.close()
  )

  it('serves the built-in set: the user, wallet_getCapabilities, supported chains and the RPC proxy know all of it', async () => {
    assert.deepEqual(s.server.secureSite!.chains, BUILT_IN_CHAINS)
    const user = (await (await s.api())('/api/user')).json as CapabilityChains
    assert.deepEqual(user.evmNetworks, evmIds(BUILT_IN_CHAINS))
    assert.deepEqual(user.smartAccountNetworks, [], 'no built-in chain has smart accounts')
    // What the frame answers to wallet_getCapabilities: asset discovery on every built-in EVM chain.
    const capabilities = walletCapabilities(user, 'eoa', undefined)
    assert.deepEqual(
      Object.keys(capabilities),
      evmIds(BUILT_IN_CHAINS).map(id => `0x${id.toString(16)}`)
    )
    assert.deepEqual(capabilities['0x2105'], { atomic: { status: 'unsupported' }, assetDiscovery: { supported: true } })

    const supported = await getJson(urlOf(s.server.url, '/v1/supported-chains'))
    assert.deepEqual(
      supported.body.http,
      BUILT_IN_CHAINS.map(c => c.caipNetworkId)
    )
    // The proxy knows the chains (a method it refuses is answered here, no node is called) …
    for (const chainId of ['eip155:8453', 'eip155:84532', 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1']) {
      const refused = await proxy(s.server, chainId, 'not_a_method')
      assert.equal(refused.status, 200, chainId)
      assert.deepEqual(refused.body, { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not allowed' } })
    }
    // … and no other.
    assert.equal((await proxy(s.server, 'eip155:31337', 'eth_chainId')).status, 400)
  })

  it('takes a switch to a built-in chain and refuses a chain outside the set', async () => {
    const api = await s.api()
    // /api/smart-account names the chain's problem, not "not served": Base is served, without smart accounts.
    const base = await api('/api/smart-account', { chainId: 8453 })
    assert.equal(base.status, 400)
    assert.match(base.json.reason ?? base.json.error, /Smart accounts are not enabled on Base/)
    const unknown = await api('/api/smart-account', { chainId: 31337 })
    assert.equal(unknown.status, 400)
    assert.match(unknown.json.reason ?? unknown.json.error, /Network eip155:31337 is not served here/)
  })
})

describe('the secure site with chains configured', () => {
  // Its node is never called: a port nothing listens on.
  const devnet = (port: number): ChainConfig => ({
    caipNetworkId: 'eip155:31337',
    name: 'Devnet',
    rpcUrl: `http://127.0.0.1:${port}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }
  })
  const s = useStarted(
    async () => start([devnet(await findFreePort())]),
    x => x.close()
  )

  it('serves those only: no built-in chain mixes in', async () => {
    assert.deepEqual(
      s.server.secureSite!.chains.map(c => c.caipNetworkId),
      ['eip155:31337']
    )
    const user = (await (await s.api())('/api/user')).json as CapabilityChains
    assert.deepEqual(user.evmNetworks, [31337])
    assert.deepEqual(Object.keys(walletCapabilities(user, 'eoa', undefined)), ['0x7a69'])
    assert.deepEqual((await getJson(urlOf(s.server.url, '/v1/supported-chains'))).body.http, ['eip155:31337'])
    assert.equal((await proxy(s.server, 'eip155:8453', 'not_a_method')).status, 400)
  })
})

describe('a server without the secure site and no chains', () => {
  const s = useStarted(
    () => createServer({ config: demoServerConfig({ chains: [], tokens: TOKENS }) }),
    x => x.close()
  )

  it('serves no chain, as before (the built-in set is the embedded wallet’s)', async () => {
    assert.deepEqual((await getJson(urlOf(s.url, '/v1/supported-chains'))).body.http, [])
  })
})
