// Message signatures: the BIP-322 test vectors (made by Bitcoin Core, so an outside
// implementation) check both the shared BIP-322 constructions and the verifier; the wallet's own
// signatures must verify, and any change to message, address or signature must not.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createBase58check, base64, hex } from '@scure/base'
import { sha256 } from '@noble/hashes/sha2'
import { bip322MessageHash, bip322ToSpendTxid, decodeBitcoinAddress, verifyBitcoinMessage } from '@wallet-modal/server/bitcoin'
import { DEVNET_BITCOIN_REGTEST_ADDRESSES, deriveDevnetBitcoinKeys } from './deriveDevnetBitcoinAccounts.js'
import { BIP137_P2WPKH_HEADER, signBitcoinMessage } from './signBitcoinMessage.js'

// BIP-322 test vectors.
const VECTOR_KEY_WIF = 'L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k'
const VECTOR_P2WPKH = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
const VECTOR_P2TR = 'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3'
const VECTOR_SIGNATURES = {
  '': 'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
  'Hello World':
    'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI='
} as const
const VECTOR_P2TR_SIGNATURE = 'AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ=='
const vectorPrivateKey = (): Uint8Array => createBase58check(sha256).decode(VECTOR_KEY_WIF).slice(1, 33)

const [payment, ordinals] = deriveDevnetBitcoinKeys('Regtest')

describe('BIP-322 constructions', () => {
  it('match the message hashes and to_spend txids of the BIP-322 vectors', () => {
    assert.equal(hex.encode(bip322MessageHash('')), 'c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1')
    assert.equal(hex.encode(bip322MessageHash('Hello World')), 'f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a')
    const script = decodeBitcoinAddress(VECTOR_P2WPKH)!.scriptPubKey
    // txids are shown byte-reversed
    assert.equal(hex.encode(bip322ToSpendTxid(script, bip322MessageHash('')).reverse()), 'c5680aa69bb8d860bf82d4e9cd3504b55dde018de765a91bb566283c545a99a7')
    assert.equal(
      hex.encode(bip322ToSpendTxid(script, bip322MessageHash('Hello World')).reverse()),
      'b79d196740ad5217771c1098fc4a4b51e0535c32236c71f1ea4d61a2d603352b'
    )
  })
})

describe('verifyBitcoinMessage', () => {
  it('accepts the BIP-322 vector signatures (P2WPKH and P2TR) and nothing changed', () => {
    for (const [message, signature] of Object.entries(VECTOR_SIGNATURES)) {
      assert.equal(verifyBitcoinMessage({ address: VECTOR_P2WPKH, message, signature }), true, JSON.stringify(message))
      assert.equal(verifyBitcoinMessage({ address: VECTOR_P2WPKH, message: `${message}!`, signature }), false)
    }
    assert.equal(verifyBitcoinMessage({ address: VECTOR_P2TR, message: 'Hello World', signature: VECTOR_P2TR_SIGNATURE }), true)
    assert.equal(verifyBitcoinMessage({ address: VECTOR_P2TR, message: 'Hello world', signature: VECTOR_P2TR_SIGNATURE }), false)
    // The "" signature is not one for "Hello World".
    assert.equal(verifyBitcoinMessage({ address: VECTOR_P2WPKH, message: 'Hello World', signature: VECTOR_SIGNATURES[''] }), false)
  })

  it('verifies ECDSA (BIP-137) signatures of the payment key and rejects tampering', () => {
    const message = 'Sign in to wallet-modal devnet\nNonce: 42 ✓'
    const { signature, messageHash, protocol } = signBitcoinMessage(payment!, message, 'ECDSA')
    assert.equal(protocol, 'ECDSA')
    assert.match(messageHash, /^[0-9a-f]{64}$/)
    const bytes = base64.decode(signature)
    assert.equal(bytes.length, 65)
    assert.ok(bytes[0]! >= BIP137_P2WPKH_HEADER && bytes[0]! <= BIP137_P2WPKH_HEADER + 3, 'P2WPKH header')
    const address = DEVNET_BITCOIN_REGTEST_ADDRESSES.payment
    assert.equal(verifyBitcoinMessage({ address, message, signature, network: 'Regtest' }), true)
    assert.equal(verifyBitcoinMessage({ address, message: `${message} `, signature }), false, 'tampered message')
    assert.equal(verifyBitcoinMessage({ address: VECTOR_P2WPKH, message, signature }), false, 'other address')
    assert.equal(verifyBitcoinMessage({ address, message, signature, network: 'Mainnet' }), false, 'wrong network')
    const flipped = bytes.slice()
    flipped[40] = flipped[40]! ^ 1
    assert.equal(verifyBitcoinMessage({ address, message, signature: base64.encode(flipped) }), false, 'tampered signature')
    // Electrum-style header (compressed P2PKH range, 31-34) for the same key is accepted for P2WPKH.
    const electrum = bytes.slice()
    electrum[0] = electrum[0]! - BIP137_P2WPKH_HEADER + 31
    assert.equal(verifyBitcoinMessage({ address, message, signature: base64.encode(electrum) }), true)
    // ECDSA says nothing about a taproot address.
    assert.equal(verifyBitcoinMessage({ address: DEVNET_BITCOIN_REGTEST_ADDRESSES.ordinals, message, signature }), false)
  })

  it('verifies the wallet’s BIP-322 signatures for both addresses', () => {
    for (const key of [payment!, ordinals!]) {
      const message = `hello from ${key.purpose}`
      const { signature } = signBitcoinMessage(key, message, 'BIP322')
      assert.equal(verifyBitcoinMessage({ address: key.address, message, signature, network: 'Regtest' }), true, key.purpose)
      assert.equal(verifyBitcoinMessage({ address: key.address, message: message.toUpperCase(), signature }), false, `${key.purpose} tampered`)
      const other = key === payment ? ordinals! : payment!
      assert.equal(verifyBitcoinMessage({ address: other.address, message, signature }), false, `${key.purpose} other address`)
    }
  })

  it('reproduces Bitcoin Core’s P2WPKH BIP-322 signatures byte for byte (low-R, RFC 6979)', () => {
    for (const [message, expected] of Object.entries(VECTOR_SIGNATURES)) {
      assert.equal(signBitcoinMessage({ privateKey: vectorPrivateKey(), addressType: 'p2wpkh' }, message, 'BIP322').signature, expected)
    }
    const taproot = signBitcoinMessage({ privateKey: vectorPrivateKey(), addressType: 'p2tr' }, 'Hello World', 'BIP322')
    assert.equal(base64.decode(taproot.signature).length, 1 + 1 + 64, 'one 64-byte witness item')
    assert.equal(verifyBitcoinMessage({ address: VECTOR_P2TR, message: 'Hello World', signature: taproot.signature }), true)
  })

  it('refuses ECDSA for a taproot key and rejects malformed input', () => {
    assert.throws(() => signBitcoinMessage(ordinals!, 'x', 'ECDSA'), /ECDSA signing is not available for p2tr/)
    const address = DEVNET_BITCOIN_REGTEST_ADDRESSES.payment
    for (const signature of ['', 'not base64!', base64.encode(new Uint8Array(65)), base64.encode(Uint8Array.of(2, 1, 0))]) {
      assert.equal(verifyBitcoinMessage({ address, message: 'x', signature }), false, signature)
    }
    assert.equal(verifyBitcoinMessage({ address: 'bcrt1qnotanaddress', message: 'x', signature: VECTOR_SIGNATURES[''] }), false)
  })
})
