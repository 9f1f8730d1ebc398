// The address codec against @scure/btc-signer's (an independent implementation) on keys from a
// fixed BIP-32 seed, and against the BIP-173 / BIP-350 rules on hand-picked invalid addresses.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { sha256 } from '@noble/hashes/sha2'
import { createBase58check, hex } from '@scure/base'
import { HDKey } from '@scure/bip32'
import { Address, NETWORK, OutScript, TEST_NETWORK, p2pk, p2pkh, p2sh, p2tr, p2wpkh, p2wsh } from '@scure/btc-signer'
import { addressMatchesNetwork, decodeBitcoinAddress, encodeP2trAddress, encodeP2wpkhAddress } from './bitcoinAddress.js'
import { hash160 } from './bitcoinHashes.js'
import type { BitcoinNetwork } from './bitcoinNetworks.js'

type BtcNetwork = typeof NETWORK

const NETWORKS: [BitcoinNetwork, BtcNetwork][] = [
  ['Mainnet', NETWORK],
  ['Testnet4', TEST_NETWORK],
  ['Regtest', { ...TEST_NETWORK, bech32: 'bcrt' }]
]
const root = HDKey.fromMasterSeed(sha256(new TextEncoder().encode('wallet-modal server: bitcoin address test')))
const keys = Array.from({ length: 4 }, (_, i) => root.derive(`m/84'/0'/0'/0/${i}`).publicKey!)

describe('bitcoin address codec', () => {
  it('encodes P2WPKH and P2TR addresses as btc-signer does, on every network', () => {
    for (const [network, btcNetwork] of NETWORKS) {
      for (const publicKey of keys) {
        assert.equal(encodeP2wpkhAddress(hash160(publicKey), network), p2wpkh(publicKey, btcNetwork).address)
        // btc-signer tweaks the internal key; the encoder takes the tweaked output key.
        const taproot = p2tr(publicKey.slice(1), undefined, btcNetwork)
        assert.equal(encodeP2trAddress(taproot.tweakedPubkey, network), taproot.address)
      }
    }
    assert.throws(() => encodeP2wpkhAddress(new Uint8Array(21), 'Mainnet'))
    assert.throws(() => encodeP2trAddress(new Uint8Array(33), 'Mainnet'))
  })

  it('decodes every standard type to the output script btc-signer builds', () => {
    for (const [network, btcNetwork] of NETWORKS) {
      for (const publicKey of keys) {
        const payments = [
          ['p2pkh', p2pkh(publicKey, btcNetwork)],
          ['p2sh', p2sh(p2wpkh(publicKey, btcNetwork), btcNetwork)],
          ['p2wpkh', p2wpkh(publicKey, btcNetwork)],
          ['p2wsh', p2wsh(p2pk(publicKey), btcNetwork)],
          ['p2tr', p2tr(publicKey.slice(1), undefined, btcNetwork)]
        ] as const
        for (const [type, payment] of payments) {
          for (const address of [payment.address!, payment.address!.toUpperCase()]) {
            // Base58 is case-sensitive: its upper-case form is another (invalid) string.
            if ((type === 'p2pkh' || type === 'p2sh') && address !== payment.address) continue
            const decoded = decodeBitcoinAddress(address)
            assert.ok(decoded, address)
            assert.equal(decoded.type, type, address)
            assert.equal(hex.encode(decoded.scriptPubKey), hex.encode(payment.script), address)
            assert.equal(hex.encode(decoded.scriptPubKey), hex.encode(OutScript.encode(Address(btcNetwork).decode(payment.address!))), address)
            assert.equal(addressMatchesNetwork(decoded, network), true, `${address} on ${network}`)
          }
        }
      }
    }
  })

  it('tells the networks apart by prefix; base58 test addresses serve Regtest too', () => {
    const [publicKey] = keys
    const of = (network: BtcNetwork, make: typeof p2wpkh | typeof p2pkh) => decodeBitcoinAddress(make(publicKey!, network).address!)!
    const mainnet = of(NETWORK, p2wpkh)
    assert.equal(mainnet.prefix, 'bc')
    assert.deepEqual(
      (['Mainnet', 'Testnet', 'Testnet4', 'Signet', 'Regtest'] as const).map(n => addressMatchesNetwork(mainnet, n)),
      [true, false, false, false, false]
    )
    const testnet = of(TEST_NETWORK, p2wpkh)
    assert.deepEqual(
      (['Mainnet', 'Testnet', 'Testnet4', 'Signet', 'Regtest'] as const).map(n => addressMatchesNetwork(testnet, n)),
      [false, true, true, true, false]
    )
    const legacyTest = of(TEST_NETWORK, p2pkh)
    assert.equal(legacyTest.prefix, 'tb')
    assert.deepEqual(
      (['Mainnet', 'Testnet', 'Testnet4', 'Signet', 'Regtest'] as const).map(n => addressMatchesNetwork(legacyTest, n)),
      [false, true, true, true, true]
    )
  })

  it('refuses invalid addresses (BIP-173, BIP-350, base58check)', () => {
    const valid = p2wpkh(keys[0]!, NETWORK).address!
    const invalid = [
      '',
      'bc1',
      // Mixed case.
      valid.slice(0, 5) + valid.slice(5, 6).toUpperCase() + valid.slice(6),
      // A changed character breaks the checksum.
      valid.slice(0, -1) + (valid.endsWith('q') ? 'p' : 'q'),
      // Unknown human-readable part.
      'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9',
      // BIP-350 invalid vectors: v0 with a bech32m checksum, v1 with a bech32 one, bad lengths.
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
      'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4',
      'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R',
      'bc1pw5dgrnzv',
      // Version 1 with a 40-byte program is a valid address but pays to nothing this code knows.
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
      // Base58 with a broken checksum, and one with an unknown version byte.
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3',
      createBase58check(sha256).encode(Uint8Array.of(0x30, ...hash160(keys[0]!)))
    ]
    for (const address of invalid) assert.equal(decodeBitcoinAddress(address), undefined, address)
    assert.equal(decodeBitcoinAddress(42 as unknown as string), undefined)
  })
})
