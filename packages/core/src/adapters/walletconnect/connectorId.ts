/**
 * The id of the WalletConnect connector (spec §3). Its own module: the first chunk needs the id,
 * not the pairing constants and method lists beside it in `constants.ts`.
 */
export const WALLET_CONNECT_CONNECTOR_ID = 'walletConnect'
