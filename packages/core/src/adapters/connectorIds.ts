// Spec §3's connector ids for particular wallets. Announced (EIP-6963) wallets are otherwise kept
// under their rdns; the wallets the spec names get its id instead, and a connection remembered
// under the rdns (stored by an earlier version) is still found by `currentConnectorId`.

/** The Coinbase Wallet extension (announced as `com.coinbase.wallet`). */
export const COINBASE_WALLET_CONNECTOR_ID = 'coinbaseWallet'

/** Coinbase Wallet through Coinbase's SDK (its popup), offered when the site sets `coinbaseWalletSDK`. */
export const COINBASE_SDK_CONNECTOR_ID = 'coinbaseWalletSDK'

/** The OKX Wallet extension (announced as `com.okex.wallet`). */
export const OKX_CONNECTOR_ID = 'okx'

/** Coinbase Wallet's EIP-6963 reverse-DNS id. */
export const COINBASE_WALLET_RDNS = 'com.coinbase.wallet'

/** OKX Wallet's EIP-6963 reverse-DNS id. */
export const OKX_WALLET_RDNS = 'com.okex.wallet'

const ID_BY_RDNS = new Map<string, string>([
  [COINBASE_WALLET_RDNS, COINBASE_WALLET_CONNECTOR_ID],
  [OKX_WALLET_RDNS, OKX_CONNECTOR_ID]
])

/**
 * The connector id of an announced wallet: the spec's id for the wallets it names (Coinbase
 * Wallet, OKX), else the wallet's rdns (stable across reloads).
 *
 * @example announcedConnectorId('com.okex.wallet') // 'okx'; announcedConnectorId('io.metamask') // 'io.metamask'
 */
export function announcedConnectorId(rdns: string): string {
  return ID_BY_RDNS.get(rdns.toLowerCase()) ?? rdns
}

/**
 * The id a stored connector id stands for today: a connection remembered under a wallet's rdns
 * before that wallet got the spec's id is restored under the new id (no one is logged out by the
 * rename). Other ids are returned as they are.
 *
 * @example currentConnectorId('com.coinbase.wallet') // 'coinbaseWallet'
 */
export function currentConnectorId(id: string): string {
  return ID_BY_RDNS.get(id.toLowerCase()) ?? id
}
