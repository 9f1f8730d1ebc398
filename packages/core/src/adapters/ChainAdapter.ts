import type { HttpClient } from '../api/HttpClient.js'
import type { ResolvedOptions } from '../types/options.js'
import type { Connector } from '../types/connector.js'
import type { CaipNetwork, WiredNamespace } from '../types/network.js'
import type { SiteToken } from '../controllers/resolveTokens.js'
import type { TokenBalance } from '../api/schemas.js'

/** A Bitcoin account (spec §3): payment or ordinal. */
export interface BitcoinAccount {
  namespace: 'bip122'
  address: string
  publicKey: string
  path?: string
  type: 'payment' | 'ordinal'
}

/**
 * An account a wallet gives beside its main address, tagged by its namespace: one member per
 * namespace that has such accounts (so far Bitcoin's payment and ordinal accounts). Code that
 * reads them narrows on `namespace`, never on which adapter produced them.
 */
export type NamespaceAccount = BitcoinAccount

/** What connecting (or reconnecting) a wallet yields, on any namespace. */
export interface AdapterConnection {
  address: string
  /**
   * The network the wallet is on: one of the site's, or (a wallet that picks its own network,
   * such as an EVM extension) a placeholder for one the site does not list.
   */
  network: CaipNetwork
  /** Every account the wallet gave, when it gives several (Bitcoin: payment and ordinal), each tagged by namespace. */
  accounts?: NamespaceAccount[]
  /**
   * The networks the wallet approved for this session (spec §3 approvedCaipNetworkIds), when it
   * approves a fixed list (a WalletConnect session's namespace); absent for a wallet that takes any.
   */
  approvedCaipNetworkIds?: string[]
  /** Whether the wallet takes networks beyond those it approved (spec §3 supportsAllNetworks); true when absent. */
  supportsAllNetworks?: boolean
  /** The wallet behind the connector when it is not the connector itself (a phone wallet over WalletConnect). */
  peer?: { name: string; icon?: string }
}

/** Callbacks for a connected wallet's events. */
export interface AdapterListeners {
  /** The wallet's accounts changed; an empty list means the site lost its permission. */
  onAccountsChanged(addresses: string[]): void
  /** The wallet moved itself to another network (only wallets that choose their own network). */
  onNetworkChanged(network: CaipNetwork): void
  /** The wallet ended the connection. */
  onDisconnect(): void
}

/** A native balance, formatted for display (3 decimals, spec §5). */
export interface NativeBalance {
  balance: string
  symbol: string
}

/** A transfer the Send feature asks an adapter to build, price or send. */
export interface Transfer {
  network: CaipNetwork
  from: string
  to: string
  /** The token's contract or mint (no CAIP prefix) and decimals; undefined for the native coin. */
  token?: { address: string; decimals: number }
  /** In the token's (or native coin's) smallest unit. */
  amount: bigint
}

/** A contract call for the wallet to send (swaps and their approvals, eip155). */
export interface ContractCall {
  network: CaipNetwork
  from: string
  to: string
  /** Calldata, 0x-hex. */
  data: string
  /** Native value sent along, in base units. */
  value: bigint
  /**
   * Gas limit, when the caller knows one (the swap service's estimate with headroom): wallets'
   * own estimates of a first swap from an account can run out of gas.
   */
  gas?: bigint
}

/** What an adapter offers when its namespace supports Send (spec §9: eip155 and solana). */
export interface TransferSupport {
  /** Whether `value` is an address of this namespace a transfer can go to. */
  isAddress(value: string): boolean
  /** The account's native balance in base units, read live from the network. */
  readNativeBalance(network: CaipNetwork, address: string): Promise<bigint>
  /** The native amount Max keeps back for fees (the expected fee with headroom). */
  feeReserve(network: CaipNetwork, from: string): Promise<bigint>
  /** The expected network fee of a transfer, in the native coin's base units. */
  estimateFee(transfer: Transfer): Promise<bigint>
  /** Has the wallet sign and send the transfer; resolves with the transaction hash or signature. */
  send(connector: Connector, transfer: Transfer): Promise<string>
  /** Whether a sent transaction settled: true (succeeded), false (failed), undefined (pending). */
  status(network: CaipNetwork, id: string): Promise<boolean | undefined>
}

/** What adapters are built with: the core's loaders, never the core itself. */
export interface AdapterContext {
  /** The one HTTP client every remote call goes through (timeouts, retries). */
  loadHttp(): Promise<HttpClient>
  /** The site's options (its name for wallets that show it, discovery switches). */
  options(): ResolvedOptions
  /** Aborted when the modal is destroyed: background work (RPC ranking) stops. */
  signal?: AbortSignal
}

/**
 * The one contract every namespace implements (eip155 for injected, EIP-6963 and WalletConnect
 * providers; solana for Wallet Standard wallets; bip122 for sats-connect wallets; later the
 * embedded wallet). Flows are written once against it and never branch on a namespace name.
 *
 * Only adapters know their wallets' error codes: every method rejects with a
 * `WalletModalError` (`USER_REJECTED` when the user said no).
 */
export interface ChainAdapter {
  readonly namespace: WiredNamespace
  /**
   * Finds this namespace's wallets and reports each (`add`); `remove` withdraws one it reported
   * that turned out to be another's duplicate (a namespace's own discovery rules stay inside its
   * adapter). Returns the function that stops looking.
   */
  watch(add: (connector: Connector) => void, networks: readonly CaipNetwork[], remove?: (connectorId: string) => void): () => void
  /** Asks the wallet for its account (a prompt). */
  connect(connector: Connector, networks: readonly CaipNetwork[]): Promise<AdapterConnection>
  /** Restores a connection without a prompt; undefined when the wallet forgot the site. */
  reconnect(connector: Connector, networks: readonly CaipNetwork[]): Promise<AdapterConnection | undefined>
  /** Tells the wallet the site is done (best effort). */
  disconnect(connector: Connector): Promise<void>
  /**
   * Asks the wallet to move to `network`. Absent where wallets have no such request (Solana,
   * Bitcoin): there the site's network simply becomes the active one.
   */
  switchNetwork?(connector: Connector, network: CaipNetwork): Promise<void>
  /** Follows the wallet's events; returns the function that stops. */
  listen(connector: Connector, listeners: AdapterListeners, networks: readonly CaipNetwork[]): () => void
  /** Signs a text message; the signature as the namespace writes it (hex, base58, base64). */
  signMessage(connector: Connector, address: string, message: string): Promise<string>
  /** The native balance for display; undefined where the namespace shows no balance. */
  getBalance(network: CaipNetwork, address: string): Promise<NativeBalance | undefined>
  /**
   * The native coin's and the site's listed tokens' balances read from the network's own RPC
   * (no blockchain data API), shaped as the service's token balances without USD values; a token
   * whose reads fail is left out. Present where the namespace has balances. Loaded on first use.
   */
  readRpcBalances?(network: CaipNetwork, address: string, tokens: readonly SiteToken[]): Promise<TokenBalance[]>
  /** Present when the namespace supports Send. */
  transfers?: TransferSupport
  /**
   * Has the wallet send a contract call (Swap's approval and swap); resolves with the
   * transaction hash. Present where the namespace supports swaps (spec §9: eip155); its status is
   * read with `transfers.status`.
   */
  sendCall?(connector: Connector, call: ContractCall): Promise<string>
  /**
   * Atomic batches of contract calls (EIP-5792), where the namespace has them (eip155): whether
   * the wallet can make calls all together on a network (its capabilities say `atomic`), sending
   * a batch (resolves with its id), and its status (done once mined: whether it succeeded, and its
   * transaction). Swap sends its approval and swap as one batch where the wallet can. Loaded on
   * first use.
   */
  batchCalls?(): Promise<BatchCalls>
}

/** A wallet's atomic batches (EIP-5792 `wallet_getCapabilities`, `wallet_sendCalls`, `wallet_getCallsStatus`). */
export interface BatchCalls {
  supported(connector: Connector, network: CaipNetwork, from: string): Promise<boolean>
  send(connector: Connector, calls: readonly ContractCall[]): Promise<string>
  status(connector: Connector, id: string): Promise<{ done: boolean; success?: boolean; hash?: string }>
}
