import type { AccountInfo, CaipNetwork, Core, PublicState, WiredNamespace } from '@wallet-modal/core/internal'
import type { WalletModalContextValue } from './WalletModalContext.js'

// What the server renders (and hydration renders first): the site's defaults from the still
// modal, and a returning visitor's account from the cookie, shown as it will be on the client
// while the wallet confirms it ('reconnecting', with the stored address).

/** The namespace a server render shows: the one the cookie says was active, else the site's first. */
export function serverNamespace(ctx: WalletModalContextValue, ns?: WiredNamespace): WiredNamespace {
  return ns ?? ctx.initialState?.activeNamespace ?? ctx.still.getState().activeChain
}

/** The account a server render shows. */
export function serverAccount(ctx: WalletModalContextValue, namespace?: WiredNamespace): AccountInfo {
  const ns = serverNamespace(ctx, namespace)
  const caipAddress = ctx.initialState?.accounts[ns]
  if (!caipAddress) return ctx.still.getAccount(ns)
  return {
    address: caipAddress.split(':')[2],
    caipAddress,
    isConnected: false,
    status: 'reconnecting',
    balance: undefined,
    balanceSymbol: undefined,
    namespace: ns
  }
}

/** The network a server render shows. */
export function serverNetwork(ctx: WalletModalContextValue): CaipNetwork | undefined {
  const id = ctx.initialState?.activeNetworkId
  return (id ? ctx.still.options.findNetwork(id) : undefined) ?? ctx.still.getNetwork()
}

/** The public state a server render shows. */
export function serverState(ctx: WalletModalContextValue): PublicState {
  const network = serverNetwork(ctx)
  return { ...ctx.still.getState(), selectedNetworkId: network?.caipNetworkId, activeChain: network?.chainNamespace ?? ctx.still.getState().activeChain }
}

/** The connected wallet's provider of a namespace (EIP-1193 on eip155; the wallet's own object elsewhere). */
export function walletProviderOf(modal: Core, ns: WiredNamespace): unknown {
  const account = modal.chain.state.namespaces[ns].account
  if (account.status !== 'connected' || !account.connectorId) return undefined
  const connector = modal.connector.get(account.connectorId)
  return ns === 'eip155' ? connector?.provider : (connector?.handle ?? connector?.provider)
}
