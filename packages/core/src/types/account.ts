import type { CaipAddress, CaipNetwork } from './network.js'
import type { BitcoinAccount } from '../adapters/ChainAdapter.js'

/**
 * Connection status of one namespace (spec §4). `reconnecting`: a page load is restoring a stored
 * connection; the stored address is already known (so a button can show it, not 'Connect Wallet')
 * but the wallet has not confirmed it yet.
 */
export type AccountStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected'

/** Account type of spec §3. */
export type AccountType = 'eoa' | 'smartAccount'

/** The account type a namespace prefers (spec §9: Bitcoin prefers its payment account). */
export type PreferredAccountType = AccountType | 'payment' | 'ordinal'

/** Account state kept per namespace (spec §3 Account, the parts in use so far). */
export interface AccountState {
  status: AccountStatus
  caipAddress?: CaipAddress
  address?: string
  /** Native balance, already truncated to 3 decimals for display. */
  balance?: string
  balanceSymbol?: string
  balanceLoading: boolean
  /** Set when the last balance read failed. */
  balanceError?: string
  /** The account's page on its network's block explorer (spec §3), when the network names one. */
  addressExplorerUrl?: string
  connectorId?: string
  /** The account type the person prefers on this namespace (spec §3, §9 defaults). */
  preferredAccountType?: PreferredAccountType
  /** The connected account's type when the wallet says (the embedded wallet: eoa or smartAccount). */
  accountType?: AccountType
  /** Whether the connected smart account exists on chain yet (it is made by its first transaction). */
  smartAccountDeployed?: boolean
  /** Transactions sent from the modal and not yet mined (spec §9: counted up to 99). */
  pendingTransactions?: number
  /** Bitcoin: the payment and ordinal accounts the wallet gave (spec §3 Bitcoin account). */
  bitcoinAccounts?: BitcoinAccount[]
  /** The tab Account shows (spec §3 currentTab): 0 tokens, 1 activity; back to 0 on disconnect. */
  currentTab: number
  /** The wallet this account is connected with (spec §3 connectedWalletInfo): the extension, or the phone wallet over WalletConnect. */
  connectedWalletInfo?: ConnectedWalletInfo
}

/** The connected wallet as the account shows it (spec §3 connectedWalletInfo). */
export interface ConnectedWalletInfo {
  /** The connector's id (`walletConnect` for a phone wallet, whose own name is in `name`). */
  id: string
  name: string
  /** The wallet's icon (`data:` or `https:`; a WalletConnect peer's first icon). */
  icon?: string
  /** The wallet's EIP-6963 rdns, when it announced one. */
  rdns?: string
  type: import('./connector.js').ConnectorType
}

/** Network state kept per namespace (spec §3 Network, per chain state). */
export interface NetworkState {
  caipNetwork?: CaipNetwork
  requestedCaipNetworks: CaipNetwork[]
  approvedCaipNetworkIds: string[]
  supportsAllNetworks: boolean
  /** Chain ids where the embedded wallet's account can be a smart account (spec §3). */
  smartAccountEnabledNetworks?: number[]
}

/** A wallet connection (spec §3 Connection). */
export interface Connection {
  connectorId: string
  accounts: { address: string; type: AccountType }[]
  caipNetwork?: CaipNetwork
  /** The embedded wallet's login as shown (spec §3 auth name: the e-mail, or the social username). */
  authName?: string
}
