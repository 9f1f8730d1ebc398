// The BIP-322 constructions (to_spend txid, the segwit v0 and taproot sighashes of to_sign, the
// witness format) against @scure/btc-signer's transaction code, which builds the same virtual
// transactions independently.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { sha256 } from '@noble/hashes/sha2'
import { hex } from '@scure/base'
import { HDKey } from '@scure/bip32'
import { NETWORK, OutScript, RawWitness, Script, SigHash, Transaction, p2tr, p2wpkh } from '@scure/btc-signer'
import {
  bip322MessageHash,
  bip322P2trSighash,
  bip322P2wpkhSighash,
  bip322ToSpendTxid,
  decodeWitness,
  encodeWitness,
  SIGHASH_ALL,
  SIGHASH_DEFAULT
} from './bip322.js'
import { hash160 } from './bitcoinHashes.js'

/** BIP-322's to_spend and to_sign for `script` and `message`, built by btc-signer. */
function virtualTransactions(script: Uint8Array, message: string): { toSpend: Transaction; toSign: Transaction } {
  const toSpend = new Transaction({ version: 0, allowUnknownOutputs: true })
  toSpend.addOutput({ script, amount: 0n })
  toSpend.addInput({ txid: new Uint8Array(32), index: 0xffffffff, sequence: 0, finalScriptSig: Script.encode(['OP_0', bip322MessageHash(message)]) })
  const toSign = new Transaction({ version: 0, allowUnknownOutputs: true })
  toSign.addInput({ txid: toSpend.id, index: 0, sequence: 0, witnessUtxo: { script, amount: 0n } })
  toSign.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  return { toSpend, toSign }
}

const root = HDKey.fromMasterSeed(sha256(new TextEncoder().encode('wallet-modal server: bip322 test')))
const publicKeys = Array.from({ length: 3 }, (_, i) => root.derive(`m/86'/0'/0'/0/${i}`).publicKey!)
const MESSAGES = ['', 'Hello World', 'Sign in ✓\nNonce: 1', 'x'.repeat(300)]

describe('BIP-322 constructions', () => {
  it('give to_spend the txid btc-signer computes (internal byte order)', () => {
    for (const publicKey of publicKeys) {
      for (const message of MESSAGES) {
        const script = p2wpkh(publicKey, NETWORK).script
        const { toSpend } = virtualTransactions(script, message)
        assert.equal(hex.encode(bip322ToSpendTxid(script, bip322MessageHash(message)).reverse()), toSpend.id)
      }
    }
  })

  it('sign the same P2WPKH (BIP-143) and P2TR (BIP-341) digests as btc-signer', () => {
    for (const publicKey of publicKeys) {
      for (const message of MESSAGES) {
        const messageHash = bip322MessageHash(message)
        const wpkh = p2wpkh(publicKey, NETWORK).script
        const scriptCode = OutScript.encode({ type: 'pkh', hash: hash160(publicKey) })
        const v0 = virtualTransactions(wpkh, message).toSign.preimageWitnessV0(0, scriptCode, SigHash.ALL, 0n)
        assert.equal(hex.encode(bip322P2wpkhSighash(hash160(publicKey), wpkh, messageHash)), hex.encode(v0))

        const tr = p2tr(publicKey.slice(1), undefined, NETWORK).script
        const { toSign } = virtualTransactions(tr, message)
        for (const hashType of [SIGHASH_DEFAULT, SIGHASH_ALL]) {
          assert.equal(hex.encode(bip322P2trSighash(tr, messageHash, hashType)), hex.encode(toSign.preimageWitnessV1(0, [tr], hashType, [0n])))
        }
        assert.throws(() => bip322P2trSighash(tr, messageHash, 0x83))
      }
    }
  })

  it('serialize witnesses as btc-signer does, and parse only exact stacks', () => {
    const stacks = [[], [new Uint8Array(64).fill(1)], [new Uint8Array(72).fill(2), publicKeys[0]!], [new Uint8Array(300).fill(3)]]
    for (const stack of stacks) {
      const bytes = encodeWitness(stack)
      assert.equal(hex.encode(bytes), hex.encode(RawWitness.encode(stack)))
      assert.deepEqual(decodeWitness(bytes), stack)
      assert.equal(decodeWitness(Uint8Array.from([...bytes, 0])), undefined, 'trailing byte')
      if (bytes.length > 1) assert.equal(decodeWitness(bytes.slice(0, -1)), undefined, 'cut short')
    }
    assert.equal(decodeWitness(new Uint8Array(0)), undefined)
    // A count larger than the bytes could hold.
    assert.equal(decodeWitness(Uint8Array.of(0xfd, 0xff, 0xff)), undefined)
  })
})
