// Fixed facts of the local Solana network. Browser-safe (no Node imports): the Devnet Solana
// wallet imports them too. Every key here is derived from a public label (see
// solanaConstants.test.ts), so it guards nothing and must never hold real funds.

/**
 * The local network's genesis hash, reported by `getGenesisHash`. Fixed (the sha256 of
 * 'wallet-modal devnet: Solana genesis', base58) so the CAIP-2 id below never changes between
 * runs and dapps can list the network statically.
 */
export const SOLANA_GENESIS_HASH = '7hrtRAVM2hh9hwSaJAbFvTKEXE4jJGjbs4TbWXe44GFT'

/** CAIP-2 id of the local network: `solana:` + the first 32 characters of the genesis hash. */
export const SOLANA_CAIP_NETWORK_ID = `solana:${SOLANA_GENESIS_HASH.slice(0, 32)}` as const

/** Display name of the local network. */
export const SOLANA_NETWORK_NAME = 'Solana Devnet (local)'

/** Lamports in one SOL. */
export const LAMPORTS_PER_SOL = 1_000_000_000

/**
 * The Devnet Solana wallet's ed25519 seed (32 bytes, hex): sha256 of
 * 'wallet-modal devnet: Solana wallet'. Public on purpose, like anvil's well-known keys.
 */
export const SOLANA_WALLET_SECRET = 'e84c31a738b116e24fd6e16bcf2632e9a8e4448bc0f1ef2f7f6770a12f2a9fdc'

/** The wallet's address (base58 public key of {@link SOLANA_WALLET_SECRET}). */
export const SOLANA_WALLET_ADDRESS = 'CCM39XnFzB1uCZsnnSieP1CXnJJaxzGbvTBD83b6vB5U'

/** A second funded account, the natural target of test transfers. */
export const SOLANA_RECEIVER_ADDRESS = '3U77NMEUnRKHJgMYvYEgeBMDY5e2GfqaWCCBUd9q4zcv'

/** Lamports the wallet's account holds at start: 100 SOL. */
export const SOLANA_WALLET_LAMPORTS = 100 * LAMPORTS_PER_SOL

/**
 * Lamports the receiver holds at start: 10 SOL. Funded so that transfers of any size to it
 * succeed (a new account must receive at least the rent-exempt minimum, about 0.00089 SOL).
 */
export const SOLANA_RECEIVER_LAMPORTS = 10 * LAMPORTS_PER_SOL

/** Address of the 'Devnet SPL' (DSPL) mint, an SPL Token (Tokenkeg) mint with 6 decimals. */
export const SOLANA_SPL_MINT = 'GaN8akcXQhchSfQg974xPUYmAGE6gDFAfLf7QJUdsbFu'

/** The devnet SPL token's metadata (there is no metadata program on the local network). */
export const SOLANA_SPL_TOKEN = { mint: SOLANA_SPL_MINT, name: 'Devnet SPL', symbol: 'DSPL', decimals: 6 } as const

/** DSPL base units in the wallet's associated token account at start: 1,000,000 DSPL. */
export const SOLANA_INITIAL_SPL_BALANCE = 1_000_000n * 10n ** BigInt(SOLANA_SPL_TOKEN.decimals)
