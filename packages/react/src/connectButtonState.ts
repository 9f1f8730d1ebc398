import { networkImageUrl, safeImageUrl, siwxState, type AccountStatus, type CaipNetwork, type Core, type ViewId } from '@wallet-modal/core/internal'
import { subscribe } from 'valtio/vanilla'
import type { WalletModalContextValue } from './WalletModalContext.js'
import { serverAccount, serverNetwork } from './serverSnapshots.js'

/**
 * Where the site's sign-in (SIWX) stands, as RainbowKit's `authenticationStatus` says it:
 * `loading` while it is not known yet, `unauthenticated`, `authenticated`.
 */
export type AuthenticationStatus = 'loading' | 'unauthenticated' | 'authenticated'

/** RainbowKit's three modals: the one a view of our single dialog belongs to. */
export type ModalKind = 'connect' | 'account' | 'chain'

// A Record over every view: a view added to core without a kind here fails the type check.
const KIND_OF_VIEW: Record<ViewId, ModalKind> = {
  Connect: 'connect',
  ConnectingExternal: 'connect',
  ConnectingWalletConnect: 'connect',
  ConnectingWalletConnectBasic: 'connect',
  ConnectingMultiChain: 'connect',
  SwitchActiveChain: 'connect',
  AllWallets: 'connect',
  GetWallet: 'connect',
  SIWXSignMessage: 'connect',
  EmailLogin: 'connect',
  ConnectingSocial: 'connect',
  ConnectingFarcaster: 'connect',
  Networks: 'chain',
  SwitchNetwork: 'chain',
  UnsupportedChain: 'chain',
  Account: 'account',
  UpdateEmailWallet: 'account',
  ApproveTransaction: 'account',
  ExportWallet: 'account',
  WalletSend: 'account',
  WalletSendSelectToken: 'account',
  WalletSendPreview: 'account',
  WalletReceive: 'account',
  Transactions: 'account',
  Swap: 'account',
  SwapSelectToken: 'account',
  OnRampProviders: 'account',
  OnRampBuy: 'account',
  RegisterAccountName: 'account',
  RegisterAccountNameSuccess: 'account',
  ProfileWallets: 'account'
}

/**
 * What `ConnectButton.Custom` reads, flat (every value a primitive) so that an unchanged state
 * compares equal key by key and keeps its identity between reads.
 */
export interface ConnectButtonSnapshot {
  address: string | undefined
  status: AccountStatus
  /** The native balance as decimal text (cut to 3 decimals). */
  balance: string | undefined
  balanceSymbol: string | undefined
  balanceDecimals: number | undefined
  /** The name service's name of the address (or the identity service's). */
  name: string | undefined
  avatar: string | undefined
  pendingTransactions: number
  chainId: number | string | undefined
  chainName: string | undefined
  chainIconUrl: string | undefined
  chainIconBackground: string | undefined
  /** The active network is not one of the site's. */
  chainUnsupported: boolean
  authenticationStatus: AuthenticationStatus | undefined
  /** The modal kind the open dialog shows; undefined while it is closed. */
  openModal: ModalKind | undefined
}

/** Whether the site turned sign-in on. */
function siwxOn(core: Core): boolean {
  const o = core.options.state
  return !!(o.siwx || o.siweConfig)
}

/** Origins whose http: images are accepted (the site's own services, e.g. on loopback), like the modal's Account view. */
function serviceOrigins(core: Core): string[] {
  const o = core.options.state
  return [o.directory.url, ...(o.services ? [o.services.blockchainApiUrl] : [])].map(u => new URL(u).origin)
}

/**
 * A network's image and background: the modal's image (`assets.imageUrl`, or the directory's),
 * else a RainbowKit chain's own `iconUrl`; `iconBackground` as a RainbowKit chain gives it (the
 * site's networks keep fields they add, so RainbowKit chains keep working as they are).
 */
function chainLook(core: Core, network: CaipNetwork | undefined): { iconUrl: string | undefined; iconBackground: string | undefined } {
  if (!network) return { iconUrl: undefined, iconBackground: undefined }
  const extra = network as CaipNetwork & { iconUrl?: unknown; iconBackground?: unknown }
  return {
    iconUrl: networkImageUrl(core, network) ?? safeImageUrl(extra.iconUrl),
    iconBackground: typeof extra.iconBackground === 'string' ? extra.iconBackground : undefined
  }
}

/**
 * The sign-in status of the active account: undefined without sign-in; `loading` while a reload
 * restores the account or its sessions are being read (unless it is already known to be signed
 * in); `authenticated` once it signed in on the active network (or had a session there);
 * `unauthenticated` otherwise, also while disconnected or connecting.
 */
function authenticationStatus(core: Core): AuthenticationStatus | undefined {
  if (!siwxOn(core)) return undefined
  const { account, network } = core.chain.state.namespaces[core.chain.state.activeNamespace]
  if (account.status === 'reconnecting') return 'loading'
  if (account.status !== 'connected' || !account.address) return 'unauthenticated'
  const siwx = siwxState(core).state
  if (siwx.lastSignedAddress === account.address && siwx.lastSignedNetwork === network.caipNetwork?.caipNetworkId) return 'authenticated'
  return siwx.status === 'checking' ? 'loading' : 'unauthenticated'
}

/** The live modal's state, for `ConnectButton.Custom`. */
export function readConnectButton(core: Core): ConnectButtonSnapshot {
  const ns = core.chain.state.activeNamespace
  const { account, network } = core.chain.state.namespaces[ns]
  const caipNetwork = network.caipNetwork
  const address = account.address
  const bc = core.blockchainApi.state
  // The identity and the name are kept with the address they belong to: a switched account's stale ones do not show.
  const identity = address && bc.identityFor === address ? bc.identity : undefined
  const profileName = address && bc.profileNameFor === address ? bc.profileName : undefined
  const look = chainLook(core, caipNetwork)
  const unsupported = !!caipNetwork && !core.chain.isNetworkSupported(ns)
  return {
    address,
    status: account.status,
    balance: account.balance,
    balanceSymbol: account.balanceSymbol,
    balanceDecimals: account.balance !== undefined ? caipNetwork?.nativeCurrency.decimals : undefined,
    name: profileName || identity?.name || undefined,
    avatar: identity?.avatar ? safeImageUrl(identity.avatar, serviceOrigins(core)) : undefined,
    pendingTransactions: account.pendingTransactions ?? 0,
    chainId: caipNetwork?.id,
    // As RainbowKit names only the site's chains, a network the wallet moved to alone has no name here.
    chainName: unsupported ? undefined : caipNetwork?.name || undefined,
    chainIconUrl: look.iconUrl,
    chainIconBackground: look.iconBackground,
    chainUnsupported: unsupported,
    authenticationStatus: authenticationStatus(core),
    openModal: core.modal.state.open ? KIND_OF_VIEW[core.router.state.view] : undefined
  }
}

/**
 * What a server render (and the hydration render) of `ConnectButton.Custom` shows: the cookie's
 * account or none, the site's network, closed modals, and `loading` sign-in when sign-in is on
 * (only the browser can read the sessions).
 */
export function serverConnectButton(ctx: WalletModalContextValue): ConnectButtonSnapshot {
  const account = serverAccount(ctx)
  const network = serverNetwork(ctx)
  const look = chainLook(ctx.still, network)
  const unsupported = !!network && !ctx.still.options.findNetwork(network.caipNetworkId)
  return {
    address: account.address,
    status: account.status,
    balance: account.balance,
    balanceSymbol: account.balanceSymbol,
    balanceDecimals: account.balance !== undefined ? network?.nativeCurrency.decimals : undefined,
    name: undefined,
    avatar: undefined,
    pendingTransactions: 0,
    chainId: network?.id,
    chainName: unsupported ? undefined : network?.name || undefined,
    chainIconUrl: look.iconUrl,
    chainIconBackground: look.iconBackground,
    chainUnsupported: unsupported,
    authenticationStatus: siwxOn(ctx.still) ? 'loading' : undefined,
    openModal: undefined
  }
}

/**
 * Calls `cb` when anything {@link readConnectButton} reads may have changed: the account and
 * network, the modal and its view, the identity, and the sign-in state when sign-in is on.
 */
export function subscribeConnectButton(core: Core, cb: () => void): () => void {
  const states: object[] = [core.chain.state, core.modal.state, core.router.state, core.blockchainApi.state]
  if (siwxOn(core)) states.push(siwxState(core).state)
  const offs = states.map(s => subscribe(s, cb))
  return () => offs.forEach(off => off())
}
