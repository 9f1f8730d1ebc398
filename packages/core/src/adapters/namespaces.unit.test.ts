import { expect } from 'chai'
import { isSolanaAddress } from '../utils/address.js'
import { mergeMultiChain, normalizeWalletName } from '../controllers/ConnectorController.js'
import { bitcoinNetworkId, bitcoinNetworkOfAddress, BITCOIN_NETWORKS } from './bip122/bitcoinNetworks.js'
import { solanaChainAliases, walletSupportsSolanaNetwork } from './solana/solanaChains.js'
import type { Connector } from '../types/connector.js'
import { NAMESPACE_INFO } from './namespaces.js'
import { WALLET_CONNECT_NAMESPACE } from './walletconnect/connectorId.js'

describe('multi-namespace rules (spec §4, §5)', () => {
  it("the WalletConnect row's namespace is the one the registry says holds WalletConnect sessions", () => {
    const holders = Object.entries(NAMESPACE_INFO)
      .filter(([, info]) => info.supports.pairedWallets)
      .map(([ns]) => ns)
    expect(holders).to.deep.equal([WALLET_CONNECT_NAMESPACE])
  })

  it('Solana addresses are base58, 32 to 44 characters', () => {
    expect(isSolanaAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).to.equal(true)
    expect(isSolanaAddress('11111111111111111111111111111111')).to.equal(true)
    expect(isSolanaAddress('1111111111111111111111111111111')).to.equal(false) // 31
    expect(isSolanaAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM1')).to.equal(false) // 45
    expect(isSolanaAddress('0WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).to.equal(false) // 0 is not base58
    expect(isSolanaAddress('OWzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).to.equal(false) // O neither
    expect(isSolanaAddress(42)).to.equal(false)
  })

  it('same-name connectors on different namespaces merge into one multi-chain entry; Trust Wallet is Trust', () => {
    const c = (id: string, name: string, chain: Connector['chain'], type: Connector['type'] = 'ANNOUNCED'): Connector => ({ id, name, chain, type })
    const merged = mergeMultiChain([
      c('a', 'Phantom', 'eip155'),
      c('wc', 'WalletConnect', 'eip155', 'WALLET_CONNECT'),
      c('b', 'phantom', 'solana'),
      c('x', 'Other', 'solana'),
      c('d', 'Phantom', 'solana')
    ])
    expect(merged.map(m => m.id)).to.deep.equal(['multi:phantom', 'wc', 'x'])
    expect(merged[0]!.type).to.equal('MULTI_CHAIN')
    expect(merged[0]!.connectors!.map(m => m.chain)).to.deep.equal(['eip155', 'solana'])
    expect(mergeMultiChain([c('auth', 'Email', 'eip155', 'AUTH'), c('auth2', 'Email', 'solana', 'AUTH')])[0]!.type).to.equal('AUTH')
    expect(normalizeWalletName('Trust Wallet')).to.equal('Trust')
  })

  it('Bitcoin networks by wallet name and by address prefix', () => {
    expect(bitcoinNetworkId('Regtest')).to.equal(BITCOIN_NETWORKS.regtest)
    expect(bitcoinNetworkId('Mainnet')).to.equal('bip122:000000000019d6689c085ae165831e93')
    expect(bitcoinNetworkId('Nope')).to.equal(undefined)
    expect(bitcoinNetworkOfAddress('bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk')).to.equal(BITCOIN_NETWORKS.regtest)
    expect(bitcoinNetworkOfAddress('tb1qxyz')).to.equal(BITCOIN_NETWORKS.testnet)
    expect(bitcoinNetworkOfAddress('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).to.equal(BITCOIN_NETWORKS.mainnet)
  })

  it('Solana networks match wallets by CAIP-2 id or by cluster name', () => {
    expect(solanaChainAliases('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).to.deep.equal(['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana:mainnet'])
    expect(walletSupportsSolanaNetwork(['solana:mainnet'], 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).to.equal(true)
    expect(walletSupportsSolanaNetwork(['solana:devnet'], 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).to.equal(false)
    expect(walletSupportsSolanaNetwork(['solana:LocaL1111111111111111111111111'], 'solana:LocaL1111111111111111111111111')).to.equal(true)
  })
})
