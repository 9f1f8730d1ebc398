// The two instructions an SPL token transfer needs, built on @solana/web3.js's classes. They are
// written here rather than taken from @solana/spl-token: that package pulls in buffer-layout
// helpers (and bigint-buffer) for what are two fixed-layout instructions, and its size would land
// in the Solana send chunk.
import { Buffer } from 'buffer'
import type * as Web3 from '@solana/web3.js'

/** The classes of @solana/web3.js the instructions are built with (loaded on demand by the caller). */
export type SolanaWeb3 = Pick<typeof Web3, 'PublicKey' | 'SystemProgram' | 'TransactionInstruction'>

/** The Associated Token Account program: derives and creates a wallet's account for a mint. */
export const ASSOCIATED_TOKEN_PROGRAM_ID = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'

/** The two token programs a mint may belong to: SPL Token and Token-2022 (same transfer layout). */
export const TOKEN_PROGRAM_IDS: readonly string[] = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb']

/** Token program instruction `TransferChecked` (index 12): amount and decimals are both checked. */
const TRANSFER_CHECKED = 12

/** Associated Token Account program instruction `CreateIdempotent` (index 1): no error if it exists. */
const CREATE_IDEMPOTENT = 1

/** What {@link splTransferInstructions} transfers. */
export interface SplTransfer {
  /** The sender (owner of the source token account, fee payer). */
  owner: string
  /** The receiving wallet (its associated token account is created when missing). */
  receiver: string
  /** The token's mint. */
  mint: string
  /** The program that owns the mint (one of {@link TOKEN_PROGRAM_IDS}). */
  tokenProgram: string
  /** Base units. */
  amount: bigint
  /** The mint's decimals (the program refuses a transfer whose decimals disagree). */
  decimals: number
}

/**
 * The associated token account of `owner` for `mint`: the program address of
 * `[owner, token program, mint]` under the Associated Token Account program.
 *
 * @param web3 - Classes of @solana/web3.js.
 * @param owner - The wallet.
 * @param mint - The token's mint.
 * @param tokenProgram - The program that owns the mint.
 */
export function associatedTokenAddress(web3: SolanaWeb3, owner: Web3.PublicKey, mint: Web3.PublicKey, tokenProgram: Web3.PublicKey): Web3.PublicKey {
  return web3.PublicKey.findProgramAddressSync([owner.toBuffer(), tokenProgram.toBuffer(), mint.toBuffer()], new web3.PublicKey(ASSOCIATED_TOKEN_PROGRAM_ID))[0]
}

/**
 * The instructions of an SPL token transfer from the owner's associated token account to the
 * receiver's: create the receiver's account if it does not exist (paid by the sender, idempotent),
 * then `TransferChecked`.
 *
 * @param web3 - Classes of @solana/web3.js (it is loaded on demand).
 * @param transfer - See {@link SplTransfer}.
 */
export function splTransferInstructions(web3: SolanaWeb3, transfer: SplTransfer): Web3.TransactionInstruction[] {
  const { PublicKey, SystemProgram, TransactionInstruction } = web3
  if (!TOKEN_PROGRAM_IDS.includes(transfer.tokenProgram)) throw new Error(`not a token program: ${transfer.tokenProgram}`)
  if (transfer.amount <= 0n || transfer.amount >= 2n ** 64n) throw new Error('amount out of range')
  const owner = new PublicKey(transfer.owner)
  const receiver = new PublicKey(transfer.receiver)
  const mint = new PublicKey(transfer.mint)
  const program = new PublicKey(transfer.tokenProgram)
  const source = associatedTokenAddress(web3, owner, mint, program)
  const destination = associatedTokenAddress(web3, receiver, mint, program)

  const create = new TransactionInstruction({
    programId: new PublicKey(ASSOCIATED_TOKEN_PROGRAM_ID),
    keys: [
      { pubkey: owner, isSigner: true, isWritable: true },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: receiver, isSigner: false, isWritable: false },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
      { pubkey: program, isSigner: false, isWritable: false }
    ],
    data: Buffer.from([CREATE_IDEMPOTENT])
  })

  const data = Buffer.alloc(10)
  data.writeUInt8(TRANSFER_CHECKED, 0)
  data.writeBigUInt64LE(transfer.amount, 1)
  data.writeUInt8(transfer.decimals, 9)
  const move = new TransactionInstruction({
    programId: program,
    keys: [
      { pubkey: source, isSigner: false, isWritable: true },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: true, isWritable: false }
    ],
    data
  })
  return [create, move]
}
