import { createPublicKey, verify } from 'node:crypto'
import { base58 } from '@scure/base'

const HEX_SIGNATURE = /^(?:0x)?[0-9a-fA-F]{128}$/

/**
 * Whether `signature` is the ed25519 signature, by the key a Solana address is, of the UTF-8
 * bytes of `message` (what Wallet Standard's `solana:signMessage` signs). The signature may be
 * base58 (as wallets return it) or hex. Node's own ed25519 does the check: no RPC is needed and
 * no dependency is added.
 *
 * @param address - Base58 public key (32 bytes).
 * @param message - The text that was signed.
 * @param signature - 64 bytes, base58 or hex.
 */
export function verifySolanaSignature(address: string, message: string, signature: string): boolean {
  try {
    // @scure/base throws on text that is not base58: such a signature or key verifies nothing.
    const publicKey = base58.decode(address)
    const bytes = HEX_SIGNATURE.test(signature) ? Buffer.from(signature.replace(/^0x/, ''), 'hex') : base58.decode(signature)
    if (publicKey.length !== 32 || bytes.length !== 64) return false
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') }, format: 'jwk' })
    return verify(null, Buffer.from(message, 'utf8'), key, bytes)
  } catch {
    // Neither can bytes that are no curve point.
    return false
  }
}
