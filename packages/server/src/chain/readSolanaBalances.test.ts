// The SPL token program ids, one list in three packages: each must be the one @solana/spl-token
// names (a wrong id reads no balance and sends nothing). The core's list is checked against the
// devnet's in its own browser test (core/src/adapters/solana/solana.test.ts), the devnet's here.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '@solana/spl-token'
import { TOKEN_2022_PROGRAM_ID as DEVNET_TOKEN_2022, TOKEN_PROGRAM_ID as DEVNET_TOKEN } from '@wallet-modal/devnet'
import { SOLANA_TOKEN_PROGRAMS } from './readSolanaBalances.js'

describe('token program ids', () => {
  it('are the ones @solana/spl-token names, in the server and the devnet alike', () => {
    const official = [TOKEN_PROGRAM_ID.toBase58(), TOKEN_2022_PROGRAM_ID.toBase58()]
    assert.deepEqual([...SOLANA_TOKEN_PROGRAMS], official)
    assert.deepEqual([DEVNET_TOKEN, DEVNET_TOKEN_2022], official)
  })
})
