import type { WalletMode } from '../wallet/types.js'
import type { DevnetBitcoinNetwork } from './bitcoinNetworks.js'
import type { DevnetBitcoinAccount, DevnetBitcoinPurpose } from './deriveDevnetBitcoinAccounts.js'

export type { StorageLike, WalletMode } from '../wallet/types.js'

/** An address as sats-connect's `addressSchema` has it: what getAccounts, wallet_connect, ... list. */
export type SatsConnectAddress = Pick<DevnetBitcoinAccount, 'address' | 'publicKey' | 'purpose' | 'addressType' | 'walletType'>

/** A JSON-RPC 2.0 success response, as sats-connect's `request()` expects from a provider. */
export interface BitcoinRpcSuccess<T = unknown> {
  /** Always '2.0'. */
  readonly jsonrpc: '2.0'
  /** The request's id (the wallet makes one up: sats-connect sends none). */
  readonly id: string
  /** The method's result. */
  readonly result: T
}

/** A JSON-RPC 2.0 error response; `code` is one of sats-connect's `RpcErrorCode`s. */
export interface BitcoinRpcFailure {
  /** Always '2.0'. */
  readonly jsonrpc: '2.0'
  /** The request's id. */
  readonly id: string
  /** What went wrong. */
  readonly error: { readonly code: number; readonly message: string; readonly data?: unknown }
}

/** Either response. The wallet never throws from `request`: errors are answered. */
export type BitcoinRpcResponse<T = unknown> = BitcoinRpcSuccess<T> | BitcoinRpcFailure

/** The events of sats-connect's `addListener`. */
export type BitcoinWalletEventName = 'accountChange' | 'networkChange' | 'disconnect'

/** The network object of sats-connect's `wallet_getNetwork` (also inside connect/account results). */
export interface BitcoinNetworkInfo {
  /** The Bitcoin network. */
  readonly bitcoin: { readonly name: DevnetBitcoinNetwork }
  /** The paired Stacks network (the wallet has no Stacks accounts). */
  readonly stacks: { readonly name: 'mainnet' | 'testnet' }
  /** The paired Spark network (the wallet has no Spark accounts). */
  readonly spark: { readonly name: 'mainnet' | 'regtest' }
}

/** What a wallet event listener receives, per sats-connect's `walletEventSchema`. */
export type BitcoinWalletEvent =
  | { readonly type: 'accountChange'; readonly addresses?: readonly SatsConnectAddress[] }
  | {
      readonly type: 'networkChange'
      readonly bitcoin: BitcoinNetworkInfo['bitcoin']
      readonly stacks: BitcoinNetworkInfo['stacks']
      readonly addresses?: readonly SatsConnectAddress[]
    }
  | { readonly type: 'disconnect' }

/** sats-connect's listener registration: `{ eventName, cb }`. */
export interface BitcoinListenerInfo {
  /** Which event. */
  readonly eventName: BitcoinWalletEventName
  /** Called with the event. */
  readonly cb: (event: BitcoinWalletEvent) => void
}

/**
 * The Devnet Bitcoin wallet: what sats-connect 4.2.1 needs from a Bitcoin provider (`request`,
 * `addListener`), plus controls for tests.
 */
export interface DevnetBitcoinProvider {
  /** Marks the provider, like `isDevnetWallet` on the EVM one. */
  readonly isDevnetBitcoinWallet: true
  /**
   * Answers a sats-connect request. Resolves with a JSON-RPC response in every case (errors
   * included), never rejects.
   *
   * @param method - e.g. 'getAccounts', 'wallet_connect', 'signMessage'.
   * @param params - The method's params object (or null/undefined for methods without).
   */
  request(method: string, params?: unknown): Promise<BitcoinRpcResponse>
  /**
   * Registers a listener for 'accountChange', 'networkChange' or 'disconnect', in sats-connect's
   * form `addListener({ eventName, cb })` or the short `addListener(eventName, cb)`.
   *
   * @returns A function that removes the listener.
   */
  addListener(info: BitcoinListenerInfo): () => void
  addListener(eventName: BitcoinWalletEventName, cb: (event: BitcoinWalletEvent) => void): () => void
  /** The networks the wallet can serve (its current one always among them). */
  readonly supportedNetworks: readonly DevnetBitcoinNetwork[]
  /** Test control: the current network (what `wallet_getNetwork` reports). */
  getNetwork(): DevnetBitcoinNetwork
  /** Test control: both accounts on the current network, payment first, whether or not the site may see them. */
  getAccounts(): DevnetBitcoinAccount[]
  /** Test control: the purposes the site has been granted (empty when not connected). */
  getPermittedPurposes(): DevnetBitcoinPurpose[]
  /** Test control: changes how consent requests are answered from now on. */
  setMode(mode: WalletMode): void
  /** Test control: the current mode. */
  getMode(): WalletMode
  /** Test control: delivers an event to the page's listeners as if the wallet had. Returns whether anyone listened. */
  emit(event: BitcoinWalletEvent): boolean
  /** Test control: forgets the permission and the selected network (in storage too). Emits nothing. */
  reset(): void
}
