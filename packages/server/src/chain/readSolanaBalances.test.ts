// The SPL token program ids, one list in three packages: each must be the one @solana/spl-token
// names (a wrong id reads no balance and sends nothing).
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '@solana/spl-token'
import { TOKEN_PROGRAM_IDS } from '../../../core/src/adapters/solana/splTransferInstructions.js'
import { TOKEN_2022_PROGRAM_ID as DEVNET_TOKEN_2022, TOKEN_PROGRAM_ID as DEVNET_TOKEN } from '../../../devnet/src/solana/parseTokenData.js'
import { SOLANA_TOKEN_PROGRAMS } from './readSolanaBalances.js'

describe('token program ids', () => {
  it('are the ones @solana/spl-token names, in the server, the core and the devnet alike', () => {
    const official = [TOKEN_PROGRAM_ID.toBase58(), TOKEN_2022_PROGRAM_ID.toBase58()]
    assert.deepEqual([...SOLANA_TOKEN_PROGRAMS], official)
    assert.deepEqual([...TOKEN_PROGRAM_IDS], official)
    assert.deepEqual([DEVNET_TOKEN, DEVNET_TOKEN_2022], official)
  })
})
