import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { concatBytes } from '@noble/hashes/utils'
import { base64, hex } from '@scure/base'
import {
  bip322MessageHash,
  bip322P2trSighash,
  bip322P2wpkhSighash,
  bitcoinMessageHash,
  encodeWitness,
  hash160,
  SIGHASH_ALL,
  SIGHASH_DEFAULT
} from '@wallet-modal/server/bitcoin'
import { taprootOutputKey, tweakTaprootPrivateKey } from './taprootTweak.js'

/** The message-signing protocols of sats-connect's `signMessage` (`MessageSigningProtocols`). */
export type BitcoinMessageProtocol = 'ECDSA' | 'BIP322'

/** The key to sign with. */
export interface BitcoinMessageSigner {
  /** 32-byte private key (for P2TR the untweaked internal key; the BIP-86 tweak is applied here). */
  readonly privateKey: Uint8Array
  /** Which address the key stands for. */
  readonly addressType: 'p2wpkh' | 'p2tr'
}

/** A message signature as sats-connect's `signMessage` returns it (without the address). */
export interface BitcoinMessageSignature {
  /** Base64: the 65-byte BIP-137 signature (ECDSA) or the serialized witness (BIP322). */
  readonly signature: string
  /** Hex of the hash that was committed to: the legacy message hash (ECDSA) or the BIP-322 tagged hash. */
  readonly messageHash: string
  /** The protocol used. */
  readonly protocol: BitcoinMessageProtocol
}

/**
 * BIP-137 header byte base for P2WPKH signatures: 39 + recovery id. (27 + 4 + id would claim a
 * compressed P2PKH key; BIP-137 gives native segwit its own range so verifiers know which address
 * to rebuild.)
 */
export const BIP137_P2WPKH_HEADER = 39

/**
 * Which protocols work for which address type: legacy ECDSA needs a key hash to recover against,
 * so it covers P2WPKH only; BIP-322 "simple" covers P2WPKH and key-path P2TR.
 *
 * @param addressType - The signing address's type.
 * @param protocol - The requested protocol.
 */
export function canSignBitcoinMessage(addressType: string, protocol: BitcoinMessageProtocol): boolean {
  return protocol === 'BIP322' ? addressType === 'p2wpkh' || addressType === 'p2tr' : addressType === 'p2wpkh'
}

/**
 * Signs a message the way a Bitcoin wallet answers sats-connect's `signMessage`.
 *
 * - ECDSA: a BIP-137 compact signature over the "Bitcoin Signed Message" hash: header byte
 *   `39 + recovery id` (P2WPKH), then r and s (low-S, RFC 6979 nonce), 65 bytes, base64.
 * - BIP322: a BIP-322 "simple" signature: the "to_sign" witness, base64. P2WPKH gives
 *   `[DER signature + SIGHASH_ALL, compressed public key]` (low-R like Bitcoin Core, so the
 *   result matches Core's byte for byte); P2TR gives `[64-byte Schnorr signature]`
 *   (SIGHASH_DEFAULT) made with the BIP-86-tweaked key.
 *
 * @param signer - The key and its address type.
 * @param message - The message text (signed as UTF-8).
 * @param protocol - 'ECDSA' or 'BIP322'.
 * @throws Error when the protocol does not fit the address type (see {@link canSignBitcoinMessage}).
 */
export function signBitcoinMessage(signer: BitcoinMessageSigner, message: string, protocol: BitcoinMessageProtocol): BitcoinMessageSignature {
  if (!canSignBitcoinMessage(signer.addressType, protocol)) {
    throw new Error(`${protocol} signing is not available for ${signer.addressType} addresses`)
  }
  if (protocol === 'ECDSA') {
    const hash = bitcoinMessageHash(message)
    const sig = secp256k1.sign(hash, signer.privateKey, { lowS: true })
    const signature = concatBytes(Uint8Array.of(BIP137_P2WPKH_HEADER + sig.recovery), sig.toCompactRawBytes())
    return { signature: base64.encode(signature), messageHash: hex.encode(hash), protocol }
  }
  const messageHash = bip322MessageHash(message)
  if (signer.addressType === 'p2wpkh') {
    const publicKey = secp256k1.getPublicKey(signer.privateKey, true)
    const keyHash = hash160(publicKey)
    const scriptPubKey = concatBytes(Uint8Array.of(0x00, 0x14), keyHash)
    const sig = signLowR(bip322P2wpkhSighash(keyHash, scriptPubKey, messageHash), signer.privateKey)
    const witness = encodeWitness([concatBytes(sig.toDERRawBytes(), Uint8Array.of(SIGHASH_ALL)), publicKey])
    return { signature: base64.encode(witness), messageHash: hex.encode(messageHash), protocol }
  }
  const outputKey = taprootOutputKey(schnorr.getPublicKey(signer.privateKey))
  const scriptPubKey = concatBytes(Uint8Array.of(0x51, 0x20), outputKey)
  const sighash = bip322P2trSighash(scriptPubKey, messageHash, SIGHASH_DEFAULT)
  const witness = encodeWitness([schnorr.sign(sighash, tweakTaprootPrivateKey(signer.privateKey))])
  return { signature: base64.encode(witness), messageHash: hex.encode(messageHash), protocol }
}

// Bitcoin Core retries RFC 6979 with a counter as extra entropy until R fits in 32 bytes without a
// sign byte (a 70-byte DER signature); doing the same gives Core's exact signatures.
function signLowR(hash: Uint8Array, privateKey: Uint8Array): ReturnType<typeof secp256k1.sign> {
  let sig = secp256k1.sign(hash, privateKey, { lowS: true })
  for (let counter = 1; sig.r >= 2n ** 255n; counter++) {
    const extraEntropy = new Uint8Array(32)
    new DataView(extraEntropy.buffer).setUint32(0, counter, true)
    sig = secp256k1.sign(hash, privateKey, { lowS: true, extraEntropy })
  }
  return sig
}
