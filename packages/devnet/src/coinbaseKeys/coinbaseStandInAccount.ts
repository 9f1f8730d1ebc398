/**
 * The devnet account the demo's Coinbase keys stand-in holds: anvil's sixth development key
 * (public knowledge, funded by every anvil node), so it differs from the Devnet Wallet's.
 */
export const COINBASE_STAND_IN_KEY = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba' as const

/** Its address. */
export const COINBASE_STAND_IN_ADDRESS = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc' as const
