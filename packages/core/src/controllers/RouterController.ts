import { proxy, ref } from 'valtio/vanilla'
import type { CaipNetwork } from '../types/network.js'
import type { Connector } from '../types/connector.js'
import type { Wallet } from '../api/schemas.js'

/** Every view of the modal that exists so far (spec §2). The ui registers exactly these. */
export type ViewId =
  | 'Connect'
  | 'ConnectingExternal'
  | 'ConnectingWalletConnect'
  | 'ConnectingWalletConnectBasic'
  | 'ConnectingMultiChain'
  | 'SwitchActiveChain'
  | 'Account'
  | 'Networks'
  | 'SwitchNetwork'
  | 'UnsupportedChain'
  | 'AllWallets'
  | 'GetWallet'
  | 'SIWXSignMessage'
  | 'EmailLogin'
  | 'ConnectingSocial'
  | 'ConnectingFarcaster'
  | 'UpdateEmailWallet'
  | 'ApproveTransaction'
  | 'ExportWallet'
  | 'WalletSend'
  | 'WalletSendSelectToken'
  | 'WalletSendPreview'
  | 'WalletReceive'
  | 'Transactions'
  | 'Swap'
  | 'SwapSelectToken'
  | 'OnRampProviders'
  | 'OnRampBuy'
  | 'RegisterAccountName'
  | 'RegisterAccountNameSuccess'
  | 'ProfileWallets'

/** Data a view is opened with. */
export interface RouterData {
  connector?: Connector
  network?: CaipNetwork
  /** A directory wallet (GetWallet, ConnectingWalletConnect). */
  wallet?: Wallet
  /** The social provider of ConnectingSocial. */
  social?: string
  /** Connect showing only the wallets (behind "Continue with a wallet" when `collapseWallets` is on). */
  walletsOnly?: boolean
  /** The side SwapSelectToken picks for. */
  swapSide?: 'from' | 'to'
  /** SwitchActiveChain (spec §2): the chain family to connect on. */
  switchToChain?: CaipNetwork['chainNamespace']
  /** SwitchActiveChain (spec §2): the view its button leads to (Connect). */
  navigateTo?: ViewId
  /**
   * SwitchActiveChain (spec §2): the view it leads to replaces it on the stack, so Back from there
   * returns to where the network was chosen rather than to the question already answered.
   */
  navigateWithReplace?: boolean
}

/** Navigation stack state. */
export interface RouterState {
  view: ViewId
  history: ViewId[]
  data?: RouterData
}

/** The modal's navigation stack: push, replace, goBack, reset. */
export function createRouterController(initial: ViewId = 'Connect') {
  const state = proxy<RouterState>({ view: initial, history: [initial], data: undefined })
  // Connectors hold providers; keep valtio away from them.
  const keep = (data?: RouterData) => (data ? ref(data) : undefined)
  return {
    state,
    push(view: ViewId, data?: RouterData): void {
      if (view === state.view && !data) return
      state.history.push(view)
      state.view = view
      state.data = keep(data)
    },
    /** Replaces the top of the stack. */
    replace(view: ViewId, data?: RouterData): void {
      state.history[state.history.length - 1] = view
      state.view = view
      state.data = keep(data)
    },
    /** Pops one view; stays on the last one. */
    goBack(): void {
      if (state.history.length > 1) state.history.pop()
      state.view = state.history[state.history.length - 1]!
      state.data = undefined
    },
    /** Pops back to `view` if it is in the stack; returns whether it was. */
    goBackTo(view: ViewId): boolean {
      const i = state.history.lastIndexOf(view)
      if (i < 0) return false
      state.history.splice(i + 1)
      state.view = view
      state.data = undefined
      return true
    },
    /** Starts a new stack with one view. */
    reset(view: ViewId, data?: RouterData): void {
      state.history.splice(0, state.history.length, view)
      state.view = view
      state.data = keep(data)
    }
  }
}

/** The router controller's type. */
export type RouterController = ReturnType<typeof createRouterController>
