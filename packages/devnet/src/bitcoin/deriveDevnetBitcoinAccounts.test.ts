// The wallet's keys and addresses, checked against published test vectors and against address
// code that shares nothing with ours (node:crypto hashes, the `bech32` and
// `bitcoin-address-validation` packages that come with sats-connect).
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { mnemonicToSeedSync } from '@scure/bip39'
import { bech32 as bitcoinjsBech32 } from 'bech32'
import { getAddressInfo } from 'bitcoin-address-validation'
import { hex } from '@scure/base'
import { BITCOIN_NETWORK_NAMES } from './bitcoinNetworks.js'
import {
  DEVNET_BITCOIN_ACCOUNT_INDEX,
  DEVNET_BITCOIN_MNEMONIC,
  DEVNET_BITCOIN_REGTEST_ADDRESSES,
  DEVNET_BITCOIN_SEED,
  deriveDevnetBitcoinAccounts,
  deriveDevnetBitcoinKeys,
  devnetBitcoinPaths
} from './deriveDevnetBitcoinAccounts.js'
import { decodeBitcoinAddress } from '@wallet-modal/server/bitcoin'

const nodeHash160 = (data: Uint8Array): string => createHash('ripemd160').update(createHash('sha256').update(data).digest()).digest('hex')

describe('deriveDevnetBitcoinAccounts', () => {
  it('uses the BIP-39 seed of the test mnemonic', () => {
    assert.equal(hex.encode(mnemonicToSeedSync(DEVNET_BITCOIN_MNEMONIC)), DEVNET_BITCOIN_SEED)
  })

  it('matches the BIP-84 and BIP-86 test vectors on Mainnet (coin type 0)', () => {
    const [payment, ordinals] = deriveDevnetBitcoinAccounts('Mainnet')
    // BIP-84, m/84'/0'/0'/0/0
    assert.equal(payment!.derivationPath, "m/84'/0'/0'/0/0")
    assert.equal(payment!.publicKey, '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c')
    assert.equal(payment!.address, 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')
    // BIP-86, m/86'/0'/0'/0/0: internal key and the address of the tweaked output key
    assert.equal(ordinals!.derivationPath, "m/86'/0'/0'/0/0")
    assert.equal(ordinals!.publicKey, 'cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115')
    assert.equal(ordinals!.address, 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr')
    assert.equal(
      hex.encode(decodeBitcoinAddress(ordinals!.address)!.program),
      'a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c',
      'BIP-86 output key'
    )
  })

  it('uses coin type 1 and the right prefixes on test networks', () => {
    assert.deepEqual(devnetBitcoinPaths('Regtest'), { payment: "m/84'/1'/0'/0/0", ordinals: "m/86'/1'/0'/0/0" })
    const testnet = deriveDevnetBitcoinAccounts('Testnet')
    assert.equal(testnet[0]!.address, 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl')
    assert.equal(testnet[1]!.address, 'tb1p8wpt9v4frpf3tkn0srd97pksgsxc5hs52lafxwru9kgeephvs7rqlqt9zj')
    const regtest = deriveDevnetBitcoinAccounts('Regtest')
    assert.deepEqual(
      regtest.map(account => [account.purpose, account.address]),
      [
        ['payment', DEVNET_BITCOIN_REGTEST_ADDRESSES.payment],
        ['ordinals', DEVNET_BITCOIN_REGTEST_ADDRESSES.ordinals]
      ]
    )
    // Same keys on every test network, only the prefix differs.
    assert.equal(regtest[0]!.publicKey, testnet[0]!.publicKey)
    assert.equal(regtest[1]!.publicKey, testnet[1]!.publicKey)
  })

  it('lists payment at index 0 and ordinals at index 1, with sats-connect fields', () => {
    for (const network of BITCOIN_NETWORK_NAMES) {
      const accounts = deriveDevnetBitcoinAccounts(network)
      assert.deepEqual(
        accounts.map(({ purpose, addressType, walletType, index }) => ({ purpose, addressType, walletType, index })),
        [
          { purpose: 'payment', addressType: 'p2wpkh', walletType: 'software', index: DEVNET_BITCOIN_ACCOUNT_INDEX.payment },
          { purpose: 'ordinals', addressType: 'p2tr', walletType: 'software', index: DEVNET_BITCOIN_ACCOUNT_INDEX.ordinals }
        ]
      )
      assert.equal(accounts[0]!.index, 0)
      assert.equal(accounts[1]!.index, 1)
      assert.ok(!('privateKey' in accounts[0]!), 'no private key in public accounts')
    }
  })

  it('encodes addresses that independent code accepts, for the right network and type', () => {
    const expectedNetwork = { Mainnet: 'mainnet', Testnet: 'testnet', Testnet4: 'testnet', Signet: 'testnet', Regtest: 'regtest' } as const
    for (const network of BITCOIN_NETWORK_NAMES) {
      const [payment, ordinals] = deriveDevnetBitcoinAccounts(network)
      const paymentInfo = getAddressInfo(payment!.address)
      assert.equal(paymentInfo.type, 'p2wpkh')
      assert.equal(paymentInfo.network, expectedNetwork[network])
      const ordinalsInfo = getAddressInfo(ordinals!.address)
      assert.equal(ordinalsInfo.type, 'p2tr')
      assert.equal(ordinalsInfo.network, expectedNetwork[network])
      // bitcoinjs's bech32 + node:crypto: the payment program is HASH160 of the public key.
      const decoded = bitcoinjsBech32.decode(payment!.address)
      assert.equal(decoded.words[0], 0)
      assert.equal(hex.encode(Uint8Array.from(bitcoinjsBech32.fromWords(decoded.words.slice(1)))), nodeHash160(hex.decode(payment!.publicKey)))
    }
  })

  it('keeps private keys that belong to the public keys', () => {
    const keys = deriveDevnetBitcoinKeys('Regtest')
    assert.equal(keys.length, 2)
    for (const key of keys) assert.equal(key.privateKey.length, 32)
  })
})
