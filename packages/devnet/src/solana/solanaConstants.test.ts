// The published constants are derived from public labels; this proves each one, so nobody has
// to trust a pasted key, and checks the base58 codec the devnet uses (@scure/base) and its
// address check against web3.js's.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createHash, randomBytes } from 'node:crypto'
import { base58 } from '@scure/base'
import { Keypair, PublicKey } from '@solana/web3.js'
import { decodeSolanaAddress } from './decodeSolanaAddress.js'
import {
  SOLANA_CAIP_NETWORK_ID,
  SOLANA_GENESIS_HASH,
  SOLANA_RECEIVER_ADDRESS,
  SOLANA_SPL_MINT,
  SOLANA_WALLET_ADDRESS,
  SOLANA_WALLET_SECRET
} from './solanaConstants.js'

const sha256 = (label: string): Buffer => createHash('sha256').update(label).digest()
const encodeBase58 = base58.encode
// The devnet's callers turn @scure/base's throw on a foreign character into a refusal.
const decodeBase58 = (text: string): Uint8Array | undefined => {
  try {
    return base58.decode(text)
  } catch {
    return undefined
  }
}

describe('Solana devnet constants', () => {
  it('derive from their labels', () => {
    assert.equal(SOLANA_GENESIS_HASH, encodeBase58(sha256('wallet-modal devnet: Solana genesis')))
    assert.equal(SOLANA_CAIP_NETWORK_ID, 'solana:7hrtRAVM2hh9hwSaJAbFvTKEXE4jJGjb')
    assert.equal(SOLANA_WALLET_SECRET, sha256('wallet-modal devnet: Solana wallet').toString('hex'))
    assert.equal(Keypair.fromSeed(Buffer.from(SOLANA_WALLET_SECRET, 'hex')).publicKey.toBase58(), SOLANA_WALLET_ADDRESS)
    assert.equal(Keypair.fromSeed(sha256('wallet-modal devnet: Solana receiver')).publicKey.toBase58(), SOLANA_RECEIVER_ADDRESS)
    assert.equal(Keypair.fromSeed(sha256('wallet-modal devnet: Solana spl-mint')).publicKey.toBase58(), SOLANA_SPL_MINT)
  })

  it('base58 matches web3.js, leading zeros included', () => {
    for (const bytes of [new Uint8Array(32), Uint8Array.of(0, 0, 1, ...randomBytes(29)), ...Array.from({ length: 50 }, () => randomBytes(32))]) {
      const text = new PublicKey(bytes).toBase58()
      assert.equal(encodeBase58(bytes), text)
      assert.deepEqual(decodeBase58(text), Uint8Array.from(bytes))
      assert.deepEqual(decodeSolanaAddress(text), Uint8Array.from(bytes))
    }
    assert.equal(encodeBase58(new Uint8Array(0)), '')
    assert.equal(decodeBase58('0OIl'), undefined)
    assert.equal(decodeSolanaAddress('1111'), undefined)
    assert.equal(decodeSolanaAddress(42), undefined)
  })
})
