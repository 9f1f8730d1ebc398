// The verifier against signatures made outside this code: BIP-322 "simple" signatures produced by
// @scure/btc-signer (its own transaction, sighash and signing code, on its own copy of the
// curves) and BIP-137 signatures made with @noble/curves from a hash built here. Keys come from a
// fixed BIP-32 seed, so every run checks the same signatures.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { sha256 } from '@noble/hashes/sha2'
import { secp256k1 } from '@noble/curves/secp256k1'
import { base64 } from '@scure/base'
import { HDKey } from '@scure/bip32'
import { Address, NETWORK, RawWitness, Script, SigHash, TEST_NETWORK, Transaction, p2pk, p2pkh, p2sh, p2tr, p2wpkh, p2wsh } from '@scure/btc-signer'
import { verifyBitcoinMessage } from './verifyBitcoinMessage.js'

type BtcNetwork = typeof NETWORK

const REGTEST: BtcNetwork = { ...TEST_NETWORK, bech32: 'bcrt' }
const root = HDKey.fromMasterSeed(sha256(new TextEncoder().encode('wallet-modal server: bitcoin verifier test')))
const keyAt = (path: string): { privateKey: Uint8Array; publicKey: Uint8Array } => {
  const { privateKey, publicKey } = root.derive(path)
  return { privateKey: privateKey!, publicKey: publicKey! }
}
const segwit = keyAt("m/84'/1'/0'/0/0")
const taproot = keyAt("m/86'/1'/0'/0/0")
const other = keyAt("m/84'/1'/0'/0/1")
const MESSAGE = 'Sign in to example.com\nNonce: 8f2a ✓'

/**
 * A BIP-322 "simple" signature made by @scure/btc-signer: the virtual to_spend and to_sign
 * transactions built with its Transaction class, to_sign's input signed and finalized by it, and
 * the witness serialized by its RawWitness coder.
 */
function signBip322(script: Uint8Array, privateKey: Uint8Array, message: string, input: { tapInternalKey?: Uint8Array; sighashType?: number } = {}): string {
  const messageHash = taggedSha256('BIP0322-signed-message', new TextEncoder().encode(message))
  const toSpend = new Transaction({ version: 0, allowUnknownOutputs: true })
  toSpend.addOutput({ script, amount: 0n })
  toSpend.addInput({ txid: new Uint8Array(32), index: 0xffffffff, sequence: 0, finalScriptSig: Script.encode(['OP_0', messageHash]) })
  const toSign = new Transaction({ version: 0, allowUnknownOutputs: true })
  toSign.addInput({ txid: toSpend.id, index: 0, sequence: 0, witnessUtxo: { script, amount: 0n }, ...input })
  toSign.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  toSign.signIdx(privateKey, 0, input.sighashType === undefined ? undefined : [input.sighashType])
  toSign.finalizeIdx(0)
  return base64.encode(RawWitness.encode(toSign.getInput(0).finalScriptWitness!))
}

/** BIP-340's tagged hash, written out so the test does not lean on the code under test. */
function taggedSha256(tag: string, data: Uint8Array): Uint8Array {
  const tagHash = sha256(new TextEncoder().encode(tag))
  return sha256(Uint8Array.from([...tagHash, ...tagHash, ...data]))
}

/** A BIP-137 signature: header byte (27 + recovery + type offset), then r and s. */
function signBip137(privateKey: Uint8Array, message: string, typeOffset: number): string {
  const text = new TextEncoder().encode(message)
  // "Bitcoin Signed Message:\n" is 24 bytes; these messages are under 253 bytes (one-byte varints).
  const magic = new TextEncoder().encode('Bitcoin Signed Message:\n')
  const hash = sha256(sha256(Uint8Array.from([magic.length, ...magic, text.length, ...text])))
  const signature = secp256k1.sign(hash, privateKey)
  return base64.encode(Uint8Array.from([27 + typeOffset + signature.recovery!, ...signature.toCompactRawBytes()]))
}

/** Flips one bit of a base64 signature's byte at `index`. */
function flipBit(signature: string, index: number): string {
  const bytes = base64.decode(signature)
  bytes[index]! ^= 0x01
  return base64.encode(bytes)
}

describe('verifyBitcoinMessage with outside signatures', () => {
  const wpkh = p2wpkh(segwit.publicKey, REGTEST)
  const tr = p2tr(taproot.publicKey.slice(1), undefined, REGTEST)
  const trInput = { tapInternalKey: taproot.publicKey.slice(1) }

  it('accepts BIP-322 signatures of a P2WPKH address (ECDSA, SIGHASH_ALL)', () => {
    const signature = signBip322(wpkh.script, segwit.privateKey, MESSAGE)
    assert.equal(verifyBitcoinMessage({ address: wpkh.address!, message: MESSAGE, signature }), true)
    assert.equal(verifyBitcoinMessage({ address: wpkh.address!, message: MESSAGE, signature, network: 'Regtest' }), true)
    assert.equal(verifyBitcoinMessage({ address: wpkh.address!, message: '', signature: signBip322(wpkh.script, segwit.privateKey, '') }), true)
  })

  it('accepts BIP-322 signatures of a P2TR address (Schnorr, SIGHASH_DEFAULT and SIGHASH_ALL)', () => {
    const short = signBip322(tr.script, taproot.privateKey, MESSAGE, trInput)
    const long = signBip322(tr.script, taproot.privateKey, MESSAGE, { ...trInput, sighashType: SigHash.ALL })
    // One witness item of 64 bytes, or 65 with the type byte.
    assert.equal(base64.decode(short).length, 1 + 1 + 64)
    assert.equal(base64.decode(long).length, 1 + 1 + 65)
    for (const signature of [short, long]) assert.equal(verifyBitcoinMessage({ address: tr.address!, message: MESSAGE, signature, network: 'Regtest' }), true)
  })

  it('accepts BIP-137 signatures for P2PKH (both key forms), P2SH-P2WPKH and P2WPKH addresses', () => {
    const uncompressed = secp256k1.getPublicKey(segwit.privateKey, false)
    const cases: [string, number][] = [
      [p2pkh(uncompressed, REGTEST).address!, 0],
      [p2pkh(segwit.publicKey, REGTEST).address!, 4],
      [p2sh(p2wpkh(segwit.publicKey, REGTEST), REGTEST).address!, 8],
      [wpkh.address!, 12]
    ]
    for (const [address, offset] of cases) {
      assert.equal(
        verifyBitcoinMessage({ address, message: MESSAGE, signature: signBip137(segwit.privateKey, MESSAGE, offset), network: 'Regtest' }),
        true,
        address
      )
    }
    // Electrum's headers for segwit addresses are the compressed P2PKH ones: accepted too.
    assert.equal(verifyBitcoinMessage({ address: wpkh.address!, message: MESSAGE, signature: signBip137(segwit.privateKey, MESSAGE, 4) }), true)
  })

  it('rejects forgeries: another key, another message, a changed signature', () => {
    const otherAddress = p2wpkh(other.publicKey, REGTEST).address!
    const bip322 = signBip322(wpkh.script, segwit.privateKey, MESSAGE)
    const bip137 = signBip137(segwit.privateKey, MESSAGE, 12)
    for (const signature of [bip322, bip137]) {
      assert.equal(verifyBitcoinMessage({ address: otherAddress, message: MESSAGE, signature }), false, 'signed by another key')
      assert.equal(verifyBitcoinMessage({ address: wpkh.address!, message: `${MESSAGE}.`, signature }), false, 'another message')
    }
    // Another key's valid witness with this address's public key put in.
    const stolen = RawWitness.decode(base64.decode(signBip322(p2wpkh(other.publicKey, REGTEST).script, other.privateKey, MESSAGE)))
    stolen[1] = segwit.publicKey
    assert.equal(verifyBitcoinMessage({ address: wpkh.address!, message: MESSAGE, signature: base64.encode(RawWitness.encode(stolen)) }), false)
    // A bit flipped inside r (BIP-322: byte 8 is inside the DER signature; BIP-137: byte 10).
    assert.equal(verifyBitcoinMessage({ address: wpkh.address!, message: MESSAGE, signature: flipBit(bip322, 8) }), false)
    assert.equal(verifyBitcoinMessage({ address: wpkh.address!, message: MESSAGE, signature: flipBit(bip137, 10) }), false)
    const schnorr = signBip322(tr.script, taproot.privateKey, MESSAGE, trInput)
    assert.equal(verifyBitcoinMessage({ address: tr.address!, message: MESSAGE, signature: flipBit(schnorr, 30) }), false)
    // The signature is made with the tweaked key: an address paying to the untweaked key is
    // another address, and the signature is not valid for it.
    const untweaked = Address(REGTEST).encode({ type: 'tr', pubkey: taproot.publicKey.slice(1) })
    assert.notEqual(untweaked, tr.address)
    assert.equal(verifyBitcoinMessage({ address: untweaked, message: MESSAGE, signature: schnorr }), false)
  })

  it('rejects a high-S ECDSA signature in a BIP-322 witness (only low-S is standard)', () => {
    const [der, publicKey] = RawWitness.decode(base64.decode(signBip322(wpkh.script, segwit.privateKey, MESSAGE)))
    const low = secp256k1.Signature.fromDER(der!.slice(0, -1))
    const high = new secp256k1.Signature(low.r, secp256k1.CURVE.n - low.s)
    const witness = RawWitness.encode([Uint8Array.from([...high.toDERRawBytes(), SigHash.ALL]), publicKey!])
    assert.equal(verifyBitcoinMessage({ address: wpkh.address!, message: MESSAGE, signature: base64.encode(witness) }), false)
  })

  it('checks the network: each address belongs to its own, base58 test addresses to Regtest too', () => {
    const onMainnet = p2wpkh(segwit.publicKey, NETWORK).address!
    const onTestnet = p2wpkh(segwit.publicKey, TEST_NETWORK).address!
    const bip137 = signBip137(segwit.privateKey, MESSAGE, 12)
    assert.equal(verifyBitcoinMessage({ address: onMainnet, message: MESSAGE, signature: bip137, network: 'Mainnet' }), true)
    assert.equal(verifyBitcoinMessage({ address: onMainnet, message: MESSAGE, signature: bip137, network: 'Regtest' }), false)
    assert.equal(verifyBitcoinMessage({ address: onTestnet, message: MESSAGE, signature: bip137, network: 'Testnet4' }), true)
    assert.equal(verifyBitcoinMessage({ address: onTestnet, message: MESSAGE, signature: bip137, network: 'Regtest' }), false)
    assert.equal(verifyBitcoinMessage({ address: wpkh.address!, message: MESSAGE, signature: bip137, network: 'Signet' }), false)
    assert.equal(verifyBitcoinMessage({ address: wpkh.address!, message: MESSAGE, signature: bip137, network: 'Mainnet' }), false)
    // Bitcoin Core gives regtest the testnet base58 prefixes.
    const legacyTest = p2pkh(segwit.publicKey, TEST_NETWORK).address!
    const legacy137 = signBip137(segwit.privateKey, MESSAGE, 4)
    assert.equal(verifyBitcoinMessage({ address: legacyTest, message: MESSAGE, signature: legacy137, network: 'Regtest' }), true)
    assert.equal(verifyBitcoinMessage({ address: legacyTest, message: MESSAGE, signature: legacy137, network: 'Mainnet' }), false)
  })

  it('refuses what it does not cover, and malformed input, with false', () => {
    const bip322 = signBip322(wpkh.script, segwit.privateKey, MESSAGE)
    // ECDSA for a taproot address, Schnorr for a segwit v0 one.
    assert.equal(verifyBitcoinMessage({ address: tr.address!, message: MESSAGE, signature: signBip137(taproot.privateKey, MESSAGE, 12) }), false)
    assert.equal(
      verifyBitcoinMessage({ address: wpkh.address!, message: MESSAGE, signature: signBip322(tr.script, taproot.privateKey, MESSAGE, trInput) }),
      false
    )
    // P2WSH has no single key; BIP-322 for legacy addresses needs the "full" format.
    const wsh = p2wsh(p2pk(segwit.publicKey), REGTEST).address!
    assert.equal(verifyBitcoinMessage({ address: wsh, message: MESSAGE, signature: bip322 }), false)
    assert.equal(verifyBitcoinMessage({ address: p2pkh(segwit.publicKey, REGTEST).address!, message: MESSAGE, signature: bip322 }), false)
    const bytes = base64.decode(bip322)
    for (const signature of [
      '',
      'not base64!',
      base64.encode(bytes.slice(0, -1)),
      base64.encode(Uint8Array.from([...bytes, 0])),
      base64.encode(new Uint8Array(65))
    ]) {
      assert.equal(verifyBitcoinMessage({ address: wpkh.address!, message: MESSAGE, signature }), false, JSON.stringify(signature))
    }
    for (const address of ['', 'bcrt1qnotanaddress', wpkh.address!.toUpperCase().slice(0, -1) + 'q']) {
      assert.equal(verifyBitcoinMessage({ address, message: MESSAGE, signature: bip322 }), false, address)
    }
    assert.equal(verifyBitcoinMessage({ address: wpkh.address!, message: 42 as unknown as string, signature: bip322 }), false)
  })
})
