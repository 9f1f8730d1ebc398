import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ed25519 } from '@noble/curves/ed25519'
import { Keypair, PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { base64 } from '@scure/base'
import { describeRequest } from './describeRequest.js'
import { parseSolanaTransaction } from './parseSolanaTransaction.js'
import { signSolanaTransaction } from './signEmbeddedRequest.js'

const seed = ed25519.utils.randomPrivateKey()
const payer = Keypair.fromSeed(seed)
const receiver = new PublicKey('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')
const blockhash = 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k'
const transfer = SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: receiver, lamports: 10_000_000 })
const chain = {
  caipNetworkId: 'solana:test',
  name: 'Solana Devnet',
  rpcUrl: 'http://127.0.0.1:1',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }
}

describe('Solana transactions on the secure site', () => {
  it("signs a legacy transaction in the payer's slot; web3.js verifies it", () => {
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(transfer)
    const signed = signSolanaTransaction(tx.serialize({ requireAllSignatures: false, verifySignatures: false }), seed)
    assert.equal(Transaction.from(signed).verifySignatures(), true)
  })

  it('signs a v0 transaction; web3.js verifies it', () => {
    const message = new TransactionMessage({ payerKey: payer.publicKey, recentBlockhash: blockhash, instructions: [transfer] }).compileToV0Message()
    const signed = signSolanaTransaction(new VersionedTransaction(message).serialize(), seed)
    const again = VersionedTransaction.deserialize(signed)
    assert.equal(ed25519.verify(again.signatures[0]!, again.message.serialize(), payer.publicKey.toBytes()), true)
  })

  it('refuses a transaction this account does not sign, and bytes that are not a transaction', () => {
    const other = Keypair.generate()
    const tx = new Transaction({ feePayer: other.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: other.publicKey, toPubkey: receiver, lamports: 1 })
    )
    assert.throws(() => signSolanaTransaction(tx.serialize({ requireAllSignatures: false, verifySignatures: false }), seed), /not a signer/)
    assert.throws(() => parseSolanaTransaction(new Uint8Array([1, 2, 3])), /truncated|malformed/)
  })

  it('describes a SOL transfer: amount, receiver and fee', async () => {
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(transfer)
    const transaction = base64.encode(tx.serialize({ requireAllSignatures: false, verifySignatures: false }))
    const d = await describeRequest({ method: 'solana_signAndSendTransaction', params: { transaction }, chain }, 1000)
    assert.equal(d.title, 'Send a Solana transaction')
    assert.deepEqual(d.rows, [
      { label: 'Network', value: 'Solana Devnet' },
      { label: 'Send', value: '0.01 SOL' },
      { label: 'To', value: receiver.toBase58() },
      { label: 'Network fee', value: '0.000005 SOL' }
    ])
  })
})
