import type { Address } from 'viem'

/**
 * How the Devnet Wallet answers requests that need the user's consent:
 * `approve` at once, `reject` at once (code 4001), or `prompt` with Approve/Reject buttons in the page.
 */
export type WalletMode = 'approve' | 'prompt' | 'reject'

/** A chain the wallet knows. */
export interface WalletChain {
  /** EIP-155 chain id. */
  chainId: number
  /** Display name, e.g. 'Devnet 2'. */
  name: string
  /** JSON-RPC endpoint the wallet forwards node calls to (the demo's same-origin proxy). */
  rpcUrl: string
}

/** EIP-1193 request arguments. */
export interface RequestArguments {
  /** JSON-RPC method name. */
  readonly method: string
  /** Positional (array) or named (object) parameters. */
  readonly params?: readonly unknown[] | object
}

/** EIP-1193 event names the wallet emits. */
export type WalletEvent = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect' | 'message'

/** A listener for {@link WalletEvent}s. */
export type WalletListener = (...args: any[]) => void

/** Something like `window.localStorage`: the wallet keeps its state there between page loads. */
export interface StorageLike {
  /** Returns the value stored under `key`, or null. */
  getItem(key: string): string | null
  /** Stores `value` under `key`. */
  setItem(key: string, value: string): void
  /** Deletes `key`. */
  removeItem(key: string): void
}

/**
 * The Devnet Wallet: an EIP-1193 provider, plus control methods for tests.
 */
export interface DevnetWalletProvider {
  /** Marks this provider as the Devnet Wallet (like MetaMask's `isMetaMask`). */
  readonly isDevnetWallet: true
  /** EIP-1193 request. Rejects with an Error carrying a numeric `code`. */
  request(args: RequestArguments): Promise<unknown>
  /** Adds an EIP-1193 event listener. */
  on(event: WalletEvent | string, listener: WalletListener): DevnetWalletProvider
  /** Removes an EIP-1193 event listener. */
  removeListener(event: WalletEvent | string, listener: WalletListener): DevnetWalletProvider
  /** Alias of {@link DevnetWalletProvider.removeListener}. */
  off(event: WalletEvent | string, listener: WalletListener): DevnetWalletProvider
  /** Whether the wallet can currently reach its chain's RPC (EIP-1193 "connected"). */
  isConnected(): boolean
  /** Test control: changes how consent requests are answered from now on. */
  setMode(mode: WalletMode): void
  /** Test control: the current {@link WalletMode}. */
  getMode(): WalletMode
  /** Test control: emits an event to the page's listeners as if the wallet had (e.g. `accountsChanged`). Returns whether anyone listened. */
  emit(event: WalletEvent | string, ...args: unknown[]): boolean
  /** Test control: forgets the site's permission, the selected chain and added chains (in storage too). Emits nothing. */
  reset(): void
  /** The account the wallet connects with. */
  readonly account: Address
}
