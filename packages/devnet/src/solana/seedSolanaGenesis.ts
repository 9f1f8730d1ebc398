import { createHash } from 'node:crypto'
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMint2Instruction,
  createMintToInstruction,
  getAssociatedTokenAddressSync,
  MINT_SIZE,
  TOKEN_PROGRAM_ID
} from '@solana/spl-token'
import { Keypair, PublicKey, SystemProgram, Transaction, type Signer } from '@solana/web3.js'
import {
  SOLANA_INITIAL_SPL_BALANCE,
  SOLANA_RECEIVER_ADDRESS,
  SOLANA_RECEIVER_LAMPORTS,
  SOLANA_SPL_MINT,
  SOLANA_SPL_TOKEN,
  SOLANA_WALLET_ADDRESS,
  SOLANA_WALLET_LAMPORTS
} from './solanaConstants.js'
import type { SolanaLedger } from './SolanaLedger.js'

/** The mint's key pair: it must sign the mint account's creation. Seed: a public label's sha256. */
const MINT_KEYPAIR = Keypair.fromSeed(createHash('sha256').update('wallet-modal devnet: Solana spl-mint').digest())

/** What {@link seedSolanaGenesis} created. */
export interface SolanaGenesis {
  /** The 'Devnet SPL' mint. */
  splMint: string
  /** The wallet's associated token account for it. */
  walletTokenAccount: string
}

/**
 * Sets up the local network's starting state with ordinary transactions from the faucet (so the
 * history is real and the fee payer is never the wallet): 100 SOL to the wallet, 10 SOL to the
 * receiver, the 'Devnet SPL' mint (6 decimals, the faucet its mint authority, no freeze
 * authority) and 1,000,000 DSPL in the wallet's associated token account.
 *
 * @param ledger - A fresh ledger.
 * @throws Error when a set-up transaction fails (a broken runtime, not a user error).
 */
export function seedSolanaGenesis(ledger: SolanaLedger): SolanaGenesis {
  const faucet = ledger.faucet
  const wallet = new PublicKey(SOLANA_WALLET_ADDRESS)
  const mint = MINT_KEYPAIR.publicKey
  if (mint.toBase58() !== SOLANA_SPL_MINT) throw new Error('seedSolanaGenesis: the mint key does not match SOLANA_SPL_MINT')
  const ata = getAssociatedTokenAddressSync(mint, wallet, false, TOKEN_PROGRAM_ID)

  const send = (signers: Signer[], ...instructions: Parameters<Transaction['add']>): void => {
    const transaction = new Transaction({ feePayer: faucet.publicKey, recentBlockhash: ledger.latestBlockhash().blockhash }).add(...instructions)
    transaction.sign(...signers)
    const signature = ledger.sendTransaction(transaction.serialize())
    const err = ledger.getRecord(signature)?.err
    if (err) throw new Error(`seedSolanaGenesis: set-up transaction failed: ${JSON.stringify(err)}`)
  }
  send(
    [faucet],
    SystemProgram.transfer({ fromPubkey: faucet.publicKey, toPubkey: wallet, lamports: SOLANA_WALLET_LAMPORTS }),
    SystemProgram.transfer({ fromPubkey: faucet.publicKey, toPubkey: new PublicKey(SOLANA_RECEIVER_ADDRESS), lamports: SOLANA_RECEIVER_LAMPORTS })
  )
  send(
    [faucet, MINT_KEYPAIR],
    SystemProgram.createAccount({
      fromPubkey: faucet.publicKey,
      newAccountPubkey: mint,
      space: MINT_SIZE,
      lamports: ledger.minimumBalanceForRentExemption(MINT_SIZE),
      programId: TOKEN_PROGRAM_ID
    }),
    createInitializeMint2Instruction(mint, SOLANA_SPL_TOKEN.decimals, faucet.publicKey, null, TOKEN_PROGRAM_ID),
    createAssociatedTokenAccountIdempotentInstruction(faucet.publicKey, ata, wallet, mint, TOKEN_PROGRAM_ID),
    createMintToInstruction(mint, ata, faucet.publicKey, SOLANA_INITIAL_SPL_BALANCE, [], TOKEN_PROGRAM_ID)
  )
  return { splMint: mint.toBase58(), walletTokenAccount: ata.toBase58() }
}
