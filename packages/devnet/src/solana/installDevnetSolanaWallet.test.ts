// The 'Devnet Solana' wallet in Node, against the local Solana network. The page is a minimal
// `window` stand-in (an EventTarget), which is all the Wallet Standard's event protocol needs.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import type { Wallet, WalletAccount } from '@wallet-standard/core'
import { SOLANA_CAIP_NETWORK_ID, SOLANA_RECEIVER_ADDRESS, SOLANA_WALLET_ADDRESS } from './solanaConstants.js'
import { startSolanaDevnet, type SolanaDevnet } from './startSolanaDevnet.js'
import type { DevnetSolanaWallet, DevnetSolanaWalletFeatures } from './wallet/createDevnetSolanaWallet.js'
import { installDevnetSolanaWallet } from './wallet/installDevnetSolanaWallet.js'

type Features = DevnetSolanaWalletFeatures

async function rejectsWith(promise: Promise<unknown>, code: number, message?: string): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof Error, 'an Error')
    assert.equal((error as { code?: unknown }).code, code, (error as Error).message)
    if (message) assert.equal(error.message, message)
    return true
  })
}

describe('installDevnetSolanaWallet', () => {
  const hadWindow = 'window' in globalThis
  let devnet: SolanaDevnet
  let connection: Connection
  let handle: DevnetSolanaWallet
  let wallet: Wallet
  let features: Features
  let account: WalletAccount
  const registered: Wallet[] = []

  before(async () => {
    devnet = await startSolanaDevnet()
    connection = new Connection(devnet.rpcUrl, 'confirmed')
    if (!hadWindow) (globalThis as { window?: unknown }).window = new EventTarget()
    // The app side of the protocol: whoever dispatches register-wallet hands over a callback
    // that registers through the API it is given.
    window.addEventListener('wallet-standard:register-wallet', event => {
      ;(event as unknown as { detail: (api: { register: (w: Wallet) => () => void }) => void }).detail({
        register: w => {
          registered.push(w)
          return () => {}
        }
      })
    })
    handle = installDevnetSolanaWallet({ rpcUrl: devnet.rpcUrl, caipNetworkId: SOLANA_CAIP_NETWORK_ID, mode: 'approve' })
    wallet = registered[0]!
    features = wallet.features as Features
  })
  after(async () => {
    await devnet?.stop()
    if (!hadWindow) delete (globalThis as { window?: unknown }).window
  })

  it('registers through the wallet-standard events, also for an app that loads later', () => {
    assert.equal(registered.length, 1)
    assert.equal(wallet, handle.wallet)
    assert.equal((window as unknown as { devnetSolanaWallet: unknown }).devnetSolanaWallet, handle)
    // An app that starts after the wallet announces itself with app-ready.
    const late: Wallet[] = []
    window.dispatchEvent(Object.assign(new Event('wallet-standard:app-ready'), { detail: { register: (w: Wallet) => (late.push(w), () => {}) } }))
    assert.deepEqual(late, [wallet])
  })

  it('describes itself: name, data: SVG icon, chain, features', () => {
    assert.equal(wallet.name, 'Devnet Solana')
    assert.equal(wallet.version, '1.0.0')
    assert.match(wallet.icon, /^data:image\/svg\+xml;base64,/)
    assert.match(atob(wallet.icon.split(',')[1]!), /^<svg /)
    assert.deepEqual(wallet.chains, [SOLANA_CAIP_NETWORK_ID])
    assert.deepEqual(Object.keys(wallet.features).sort(), [
      'solana:signAndSendTransaction',
      'solana:signMessage',
      'solana:signTransaction',
      'standard:connect',
      'standard:disconnect',
      'standard:events'
    ])
    assert.deepEqual(wallet.accounts, [])
  })

  it('refuses to sign before connect (4100)', async () => {
    const fake = { address: SOLANA_WALLET_ADDRESS, publicKey: new Uint8Array(32), chains: [], features: [] } as WalletAccount
    await rejectsWith(features['solana:signMessage'].signMessage({ account: fake, message: new Uint8Array([1]) }), 4100)
  })

  it('connect returns the account and emits change', async () => {
    const changes: (readonly WalletAccount[])[] = []
    const off = features['standard:events'].on('change', ({ accounts }) => changes.push(accounts!))
    const { accounts } = await features['standard:connect'].connect()
    off()
    assert.equal(accounts.length, 1)
    account = accounts[0]!
    assert.equal(account.address, SOLANA_WALLET_ADDRESS)
    assert.equal(handle.address, SOLANA_WALLET_ADDRESS)
    assert.deepEqual([...account.publicKey], [...new PublicKey(SOLANA_WALLET_ADDRESS).toBytes()])
    assert.deepEqual(account.chains, [SOLANA_CAIP_NETWORK_ID])
    assert.deepEqual(wallet.accounts, [account])
    assert.deepEqual(changes, [[account]])
    // Connecting again changes nothing.
    await features['standard:connect'].connect()
    assert.equal(changes.length, 1)
  })

  it('signMessage: an ed25519 signature that verifies', async () => {
    const message = new TextEncoder().encode('Sign in to the wallet-modal demo')
    const [output] = await features['solana:signMessage'].signMessage({ account, message })
    assert.equal(output!.signatureType, 'ed25519')
    assert.deepEqual(output!.signedMessage, message)
    const publicKey = Uint8Array.from(account.publicKey)
    assert.ok(ed25519.verify(Uint8Array.from(output!.signature), message, publicKey))
    assert.ok(!ed25519.verify(Uint8Array.from(output!.signature), new TextEncoder().encode('something else'), publicKey))
  })

  it('signTransaction signs as the fee payer and as a second signer', async () => {
    const { blockhash } = await connection.getLatestBlockhash()
    const payer = new PublicKey(account.address)
    const transfer = new Transaction({ feePayer: payer, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: payer, toPubkey: new PublicKey(SOLANA_RECEIVER_ADDRESS), lamports: 1000 })
    )
    const [{ signedTransaction }] = (await features['solana:signTransaction'].signTransaction({
      account,
      chain: SOLANA_CAIP_NETWORK_ID,
      transaction: transfer.serialize({ requireAllSignatures: false })
    })) as [{ signedTransaction: Uint8Array }]
    assert.ok(Transaction.from(signedTransaction).verifySignatures())

    // Another key pays; the wallet co-signs and keeps the payer's signature.
    const other = Keypair.generate()
    const shared = new Transaction({ feePayer: other.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: payer, toPubkey: other.publicKey, lamports: 1000 })
    )
    shared.partialSign(other)
    const [cosigned] = await features['solana:signTransaction'].signTransaction({ account, transaction: shared.serialize({ requireAllSignatures: false }) })
    assert.ok(Transaction.from(cosigned!.signedTransaction).verifySignatures())

    // A transaction that does not need this account is refused; so is another chain.
    const unrelated = new Transaction({ feePayer: other.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: other.publicKey, toPubkey: payer, lamports: 1 })
    )
    await rejectsWith(
      features['solana:signTransaction'].signTransaction({ account, transaction: unrelated.serialize({ requireAllSignatures: false }) }),
      -32602
    )
    await rejectsWith(features['solana:signTransaction'].signTransaction({ account, chain: 'solana:mainnet', transaction: signedTransaction }), -32602)
    await rejectsWith(features['solana:signTransaction'].signTransaction({ account, transaction: new Uint8Array([1, 2, 3]) }), -32602)
  })

  it('signAndSendTransaction moves SOL on the local network (legacy and v0)', async () => {
    const receiver = new PublicKey(SOLANA_RECEIVER_ADDRESS)
    const payer = new PublicKey(account.address)
    const before = await connection.getBalance(receiver)
    const { blockhash } = await connection.getLatestBlockhash()
    const legacy = new Transaction({ feePayer: payer, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: payer, toPubkey: receiver, lamports: LAMPORTS_PER_SOL })
    )
    const [sent] = await features['solana:signAndSendTransaction'].signAndSendTransaction({
      account,
      chain: SOLANA_CAIP_NETWORK_ID,
      transaction: legacy.serialize({ requireAllSignatures: false }),
      options: { commitment: 'confirmed' }
    })
    assert.equal(sent!.signature.length, 64)
    const status = (await connection.getSignatureStatus(base58.encode(sent!.signature))).value
    assert.equal(status?.err, null)
    assert.equal(await connection.getBalance(receiver), before + LAMPORTS_PER_SOL)

    const message = new TransactionMessage({
      payerKey: payer,
      recentBlockhash: blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: payer, toPubkey: receiver, lamports: 5 })]
    }).compileToV0Message()
    await features['solana:signAndSendTransaction'].signAndSendTransaction({
      account,
      chain: SOLANA_CAIP_NETWORK_ID,
      transaction: new VersionedTransaction(message).serialize()
    })
    assert.equal(await connection.getBalance(receiver), before + LAMPORTS_PER_SOL + 5)

    // The node's refusal reaches the dapp with its code.
    const tooMuch = new Transaction({ feePayer: payer, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: payer, toPubkey: receiver, lamports: 10_000 * LAMPORTS_PER_SOL })
    )
    await rejectsWith(
      features['solana:signAndSendTransaction'].signAndSendTransaction({
        account,
        chain: SOLANA_CAIP_NETWORK_ID,
        transaction: tooMuch.serialize({ requireAllSignatures: false })
      }),
      -32002
    )
  })

  it("reject mode: every request fails with 4001 'User rejected the request.'", async () => {
    handle.setMode('reject')
    assert.equal(handle.mode, 'reject')
    const { blockhash } = await connection.getLatestBlockhash()
    const payer = new PublicKey(account.address)
    const transaction = new Transaction({ feePayer: payer, recentBlockhash: blockhash })
      .add(SystemProgram.transfer({ fromPubkey: payer, toPubkey: new PublicKey(SOLANA_RECEIVER_ADDRESS), lamports: 1 }))
      .serialize({ requireAllSignatures: false })
    const before = await connection.getBalance(payer)
    const rejected = 'User rejected the request.'
    await rejectsWith(features['standard:connect'].connect(), 4001, rejected)
    await rejectsWith(features['solana:signMessage'].signMessage({ account, message: new Uint8Array([1]) }), 4001, rejected)
    await rejectsWith(features['solana:signTransaction'].signTransaction({ account, transaction }), 4001, rejected)
    await rejectsWith(features['solana:signAndSendTransaction'].signAndSendTransaction({ account, chain: SOLANA_CAIP_NETWORK_ID, transaction }), 4001, rejected)
    assert.equal(await connection.getBalance(payer), before)
    // A silent connect never prompts: it reports the authorized accounts instead of failing.
    assert.deepEqual((await features['standard:connect'].connect({ silent: true })).accounts, [account])
    assert.throws(() => handle.setMode('prompt' as never), TypeError)
    handle.setMode('approve')
    await features['solana:signMessage'].signMessage({ account, message: new Uint8Array([1]) })
  })

  it('disconnect forgets the account and emits change', async () => {
    const changes: (readonly WalletAccount[])[] = []
    const off = features['standard:events'].on('change', ({ accounts }) => changes.push(accounts!))
    await features['standard:disconnect'].disconnect()
    off()
    assert.deepEqual(changes, [[]])
    assert.deepEqual(wallet.accounts, [])
    await rejectsWith(features['solana:signMessage'].signMessage({ account, message: new Uint8Array([1]) }), 4100)
  })

  it('accepts another secret', () => {
    const key = Keypair.generate()
    const other = installDevnetSolanaWallet({ rpcUrl: devnet.rpcUrl, caipNetworkId: SOLANA_CAIP_NETWORK_ID, mode: 'approve', secret: key.secretKey })
    assert.equal(other.address, key.publicKey.toBase58())
    assert.equal(registered.at(-1), other.wallet)
    assert.throws(() => installDevnetSolanaWallet({ rpcUrl: devnet.rpcUrl, caipNetworkId: SOLANA_CAIP_NETWORK_ID, mode: 'approve', secret: 'abc' }), TypeError)
  })
})
