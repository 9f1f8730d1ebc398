// BIP-341 / BIP-86 key tweaking: a key-path-only taproot output commits to an empty script tree,
// so the output key is Q = P + H_TapTweak(P)·G, and signing uses the matching tweaked private key.
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { taggedHash } from '@wallet-modal/server/bitcoin'

const { bytesToNumberBE, numberToBytesBE, lift_x, mod } = schnorr.utils
const N = secp256k1.CURVE.n
const G = secp256k1.ProjectivePoint.BASE

/**
 * The BIP-86 taproot output key for an internal key (no script tree).
 *
 * @param internalKey - 32-byte x-only internal public key, or a 33-byte compressed key (its x is used).
 * @returns The 32-byte x-only output key that the P2TR address encodes.
 */
export function taprootOutputKey(internalKey: Uint8Array): Uint8Array {
  const x = internalKey.length === 33 ? internalKey.slice(1) : internalKey
  if (x.length !== 32) throw new Error('taprootOutputKey: expected a 32-byte x-only key')
  const P = lift_x(bytesToNumberBE(x))
  const t = bytesToNumberBE(taggedHash('TapTweak', x))
  if (t >= N) throw new Error('taprootOutputKey: tweak out of range')
  return P.add(G.multiply(t)).toRawBytes(true).slice(1)
}

/**
 * The private key that signs for {@link taprootOutputKey} of this key's public key (BIP-341's
 * `taproot_tweak_seckey`: negate first when the public key's Y is odd, then add the tweak).
 *
 * @param privateKey - 32-byte private key of the internal key.
 */
export function tweakTaprootPrivateKey(privateKey: Uint8Array): Uint8Array {
  const d0 = bytesToNumberBE(privateKey)
  const P = G.multiply(d0)
  const d = P.hasEvenY() ? d0 : N - d0
  const x = P.toRawBytes(true).slice(1)
  const t = bytesToNumberBE(taggedHash('TapTweak', x))
  return numberToBytesBE(mod(d + t, N), 32)
}
