// BIP-322 "simple" message signing: the signature is the witness of a virtual transaction
// ("to_sign") spending a virtual output ("to_spend") that commits to the message and pays to the
// signing address. Signer and verifier share these constructions; the keys, signature checks and
// address handling stay separate. Only single-key P2WPKH and key-path P2TR are covered. The
// transactions, their ids, signature hashes and witness encoding are @scure/btc-signer's.
import { hex } from '@scure/base'
import { OutScript, RawWitness, Script, Transaction } from '@scure/btc-signer'
import { taggedHash, utf8ToBytes } from './bitcoinHashes.js'

/** SIGHASH_ALL, the only sighash type BIP-322 "simple" signatures use (besides taproot's DEFAULT). */
export const SIGHASH_ALL = 0x01
/** Taproot's SIGHASH_DEFAULT: like ALL, but the 64-byte signature carries no type byte. */
export const SIGHASH_DEFAULT = 0x00

/** BIP-322's virtual transactions: version 0 and spending a non-standard (all-zero) outpoint. */
const VIRTUAL_TX = { version: 0, allowUnknownInputs: true, allowUnknownOutputs: true, disableScriptCheck: true }

/**
 * The BIP-322 message hash: the BIP-340 tagged hash 'BIP0322-signed-message' of the UTF-8 message.
 *
 * @param message - The message text.
 */
export function bip322MessageHash(message: string): Uint8Array {
  return taggedHash('BIP0322-signed-message', utf8ToBytes(message))
}

/**
 * The txid (internal byte order, as used in outpoints) of BIP-322's virtual "to_spend" transaction:
 * version 0, one input spending output 0xFFFFFFFF of the all-zero txid with scriptSig
 * `OP_0 PUSH32 message_hash`, one zero-value output paying to `scriptPubKey`, lock time 0.
 *
 * @param scriptPubKey - Output script of the signing address.
 * @param messageHash - {@link bip322MessageHash} of the message.
 */
export function bip322ToSpendTxid(scriptPubKey: Uint8Array, messageHash: Uint8Array): Uint8Array {
  // btc-signer's `id` is the txid as shown (reversed bytes).
  return hex.decode(toSpend(scriptPubKey, messageHash).id).reverse()
}

/** "to_spend" (the output first: an input with a final scriptSig counts as signed and freezes the outputs). */
function toSpend(scriptPubKey: Uint8Array, messageHash: Uint8Array): Transaction {
  const tx = new Transaction(VIRTUAL_TX)
  tx.addOutput({ script: scriptPubKey, amount: 0n })
  tx.addInput({ txid: new Uint8Array(32), index: 0xffffffff, sequence: 0, finalScriptSig: Script.encode(['OP_0', messageHash]) })
  return tx
}

/** "to_sign": version 0, one input spending output 0 of "to_spend" (sequence 0), one zero-value OP_RETURN output, lock time 0. */
function toSign(scriptPubKey: Uint8Array, messageHash: Uint8Array): Transaction {
  const tx = new Transaction(VIRTUAL_TX)
  tx.addInput({ txid: toSpend(scriptPubKey, messageHash).id, index: 0, sequence: 0, witnessUtxo: { script: scriptPubKey, amount: 0n } })
  tx.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  return tx
}

/**
 * The BIP-143 (segwit v0) signature hash of BIP-322's "to_sign" input for a P2WPKH address (the
 * spent amount is 0).
 *
 * @param keyHash - The address's 20-byte witness program (HASH160 of the public key).
 * @param scriptPubKey - The address's output script (`OP_0 PUSH20 keyHash`).
 * @param messageHash - {@link bip322MessageHash} of the message.
 */
export function bip322P2wpkhSighash(keyHash: Uint8Array, scriptPubKey: Uint8Array, messageHash: Uint8Array): Uint8Array {
  // P2WPKH signs with the P2PKH script as its scriptCode.
  return toSign(scriptPubKey, messageHash).preimageWitnessV0(0, OutScript.encode({ type: 'pkh', hash: keyHash }), SIGHASH_ALL, 0n)
}

/**
 * The BIP-341 (taproot key path) signature hash of BIP-322's "to_sign" input for a P2TR address.
 *
 * @param scriptPubKey - The address's output script (`OP_1 PUSH32 outputKey`).
 * @param messageHash - {@link bip322MessageHash} of the message.
 * @param hashType - {@link SIGHASH_DEFAULT} (64-byte signature) or {@link SIGHASH_ALL} (65-byte).
 */
export function bip322P2trSighash(scriptPubKey: Uint8Array, messageHash: Uint8Array, hashType: number): Uint8Array {
  if (hashType !== SIGHASH_DEFAULT && hashType !== SIGHASH_ALL) throw new Error(`unsupported taproot sighash type ${hashType}`)
  return toSign(scriptPubKey, messageHash).preimageWitnessV1(0, [scriptPubKey], hashType, [0n])
}

/**
 * Serializes a witness stack the way BIP-322 "simple" signatures carry it (before base64):
 * item count, then each item with its length.
 *
 * @param items - Witness items, e.g. `[signature, publicKey]`.
 */
export function encodeWitness(items: readonly Uint8Array[]): Uint8Array {
  return RawWitness.encode([...items])
}

/**
 * Parses a serialized witness stack; `undefined` when the bytes are not exactly one stack.
 *
 * @param bytes - Output of {@link encodeWitness}.
 */
export function decodeWitness(bytes: Uint8Array): Uint8Array[] | undefined {
  try {
    return RawWitness.decode(bytes)
  } catch {
    return undefined
  }
}
