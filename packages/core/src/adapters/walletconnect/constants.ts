/** A pairing URI is good for 4 minutes, then a new one is made (spec §4, §9). */
export const PAIRING_EXPIRY_MS = 4 * 60_000

/** A pairing counts as expired this long before its expiry, so a scan never lands on a dead URI (spec §4). */
export const PAIRING_EXPIRED_THRESHOLD_MS = 10_000

/** Gap between checks of the pairing's expiry and between retries of a failed pairing (spec §9). */
export const PAIRING_RETRY_GAP_MS = 1_000

/**
 * WalletConnect's heartbeat (spec §9 "heartbeat 5 s"): the sign-client's pulse, every 5 s as
 * `@walletconnect/heartbeat`'s `HEARTBEAT_INTERVAL`, on which it expires pairings, proposals,
 * requests and sessions, retries queued publishes and reopens a dropped relay socket. The modal
 * paces it itself, only while a pairing or a session is live (see `pacedHeartbeat`), so an expiry
 * is noticed within 5 s.
 */
export const WC_HEARTBEAT_MS = 5_000

export { WALLET_CONNECT_CONNECTOR_ID } from './connectorId.js'

/** The EVM methods the modal asks a WalletConnect wallet for (spec §7 supported RPC methods). */
export const WC_EIP155_METHODS = [
  'eth_accounts',
  'eth_chainId',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities'
] as const

/** The EVM events the modal follows. */
export const WC_EIP155_EVENTS = ['chainChanged', 'accountsChanged'] as const

/**
 * What the modal asks for per namespace when the site lists networks of it (spec §7 supported RPC
 * methods). Solana and Bitcoin are proposed as optional namespaces so a wallet that has them
 * approves them in the same session; the modal reads only eip155 until those adapters land.
 */
export const WC_NAMESPACE_REQUESTS: Record<string, { methods: readonly string[]; events: readonly string[] }> = {
  eip155: { methods: WC_EIP155_METHODS, events: WC_EIP155_EVENTS },
  solana: { methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAllTransactions', 'solana_signAndSendTransaction'], events: [] },
  bip122: { methods: ['signMessage', 'sendTransfer', 'getAccountAddresses'], events: ['bip122_addressesChanged'] }
}

/** Whether a pairing expiring at `expiresAt` counts as expired at `now` (spec §4: within 10 s). */
export function isPairingExpired(expiresAt: number | undefined, now: number = Date.now()): boolean {
  return expiresAt === undefined || now >= expiresAt - PAIRING_EXPIRED_THRESHOLD_MS
}
