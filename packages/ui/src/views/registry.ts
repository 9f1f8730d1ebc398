import type { ComponentType } from 'react'
import { lazyComponent } from '../lazy/lazyComponent.js'
import type { RouterData, SocialLogin, ViewId } from '@wallet-modal/core/internal'
import { SOCIAL_LABELS } from '../components/socialIcons.js'
import { ConnectView } from './ConnectView.js'
import { AccountView } from './AccountView.js'

// Connect and Account ship with the dialog; every other view is its own chunk, loaded when first
// shown, so features can grow without growing what a site loads up front.
const ConnectingExternalView = lazyComponent(() => import('./ConnectingExternalView.js').then(m => m.ConnectingExternalView))
const NetworksView = lazyComponent(() => import('./NetworksView.js').then(m => m.NetworksView))
const SwitchNetworkView = lazyComponent(() => import('./SwitchNetworkView.js').then(m => m.SwitchNetworkView))
const AllWalletsView = lazyComponent(() => import('./AllWalletsView.js').then(m => m.AllWalletsView))
const ConnectingWalletConnectView = lazyComponent(() => import('./ConnectingWalletConnectView.js').then(m => m.ConnectingWalletConnectView))
const ConnectingWalletConnectBasicView = lazyComponent(() => import('./ConnectingWalletConnectBasicView.js').then(m => m.ConnectingWalletConnectBasicView))
const SwitchActiveChainView = lazyComponent(() => import('./SwitchActiveChainView.js').then(m => m.SwitchActiveChainView))
const ConnectingMultiChainView = lazyComponent(() => import('./ConnectingMultiChainView.js').then(m => m.ConnectingMultiChainView))
const GetWalletView = lazyComponent(() => import('./GetWalletView.js').then(m => m.GetWalletView))
const WalletSendView = lazyComponent(() => import('./WalletSendView.js').then(m => m.WalletSendView))
const WalletSendSelectTokenView = lazyComponent(() => import('./WalletSendSelectTokenView.js').then(m => m.WalletSendSelectTokenView))
const WalletSendPreviewView = lazyComponent(() => import('./WalletSendPreviewView.js').then(m => m.WalletSendPreviewView))
const SwapView = lazyComponent(() => import('./SwapView.js').then(m => m.SwapView))
const SwapSelectTokenView = lazyComponent(() => import('./SwapSelectTokenView.js').then(m => m.SwapSelectTokenView))
const OnRampProvidersView = lazyComponent(() => import('./OnRampProvidersView.js').then(m => m.OnRampProvidersView))
const OnRampBuyView = lazyComponent(() => import('./OnRampBuyView.js').then(m => m.OnRampBuyView))
const WalletReceiveView = lazyComponent(() => import('./WalletReceiveView.js').then(m => m.WalletReceiveView))
const TransactionsView = lazyComponent(() => import('./TransactionsView.js').then(m => m.TransactionsView))
const SIWXSignMessageView = lazyComponent(() => import('./SIWXSignMessageView.js').then(m => m.SIWXSignMessageView))
const EmailLoginView = lazyComponent(() => import('./EmailLoginView.js').then(m => m.EmailLoginView))
const ConnectingSocialView = lazyComponent(() => import('./ConnectingSocialView.js').then(m => m.ConnectingSocialView))
const ConnectingFarcasterView = lazyComponent(() => import('./ConnectingFarcasterView.js').then(m => m.ConnectingFarcasterView))
const ApproveTransactionView = lazyComponent(() => import('./ApproveTransactionView.js').then(m => m.ApproveTransactionView))
const UpdateEmailWalletView = lazyComponent(() => import('./UpdateEmailWalletView.js').then(m => m.UpdateEmailWalletView))
const ExportWalletView = lazyComponent(() => import('./ExportWalletView.js').then(m => m.ExportWalletView))
const RegisterAccountNameView = lazyComponent(() => import('./RegisterAccountNameView.js').then(m => m.RegisterAccountNameView))
const RegisterAccountNameSuccessView = lazyComponent(() => import('./RegisterAccountNameSuccessView.js').then(m => m.RegisterAccountNameSuccessView))
const ProfileWalletsView = lazyComponent(() => import('./ProfileWalletsView.js').then(m => m.ProfileWalletsView))
const UnsupportedChainView = lazyComponent(() => import('./UnsupportedChainView.js').then(m => m.UnsupportedChainView))

/** How a view is shown: its heading and its component. */
export interface ViewDefinition {
  /** The dialog's heading (and so its accessible name) on this view. */
  title: (data: RouterData | undefined) => string
  component: ComponentType<{ fallback?: import('react').ReactNode }> & { preload?: () => Promise<unknown> }
  /** Views likely to be shown next; their code is fetched while this one is on screen. */
  next?: ViewId[]
}

/** Every view of the router, registered exactly once (the type enforces completeness). */
export const VIEWS: Record<ViewId, ViewDefinition> = {
  Connect: { title: () => 'Connect Wallet', component: ConnectView, next: ['ConnectingExternal', 'AllWallets', 'ConnectingWalletConnect', 'EmailLogin', 'ConnectingSocial', 'ConnectingFarcaster'] },
  AllWallets: { title: () => 'All Wallets', component: AllWalletsView, next: ['ConnectingExternal', 'ConnectingWalletConnect'] },
  ConnectingWalletConnect: { title: d => d?.wallet?.name ?? 'WalletConnect', component: ConnectingWalletConnectView },
  ConnectingMultiChain: { title: d => d?.connector?.name ?? 'Choose a chain', component: ConnectingMultiChainView, next: ['ConnectingExternal'] },
  SwitchActiveChain: { title: () => 'Switch Network', component: SwitchActiveChainView, next: ['Connect'] },
  ConnectingWalletConnectBasic: { title: () => 'Connect Wallet', component: ConnectingWalletConnectBasicView, next: ['ConnectingWalletConnect', 'AllWallets'] },
  GetWallet: { title: d => d?.wallet?.name ?? 'Get a wallet', component: GetWalletView },
  ConnectingExternal: { title: d => d?.connector?.name ?? 'Connecting', component: ConnectingExternalView },
  Account: { title: () => 'Account', component: AccountView, next: ['Networks', 'SwitchNetwork', 'WalletSend', 'WalletReceive', 'Transactions', 'Swap', 'OnRampProviders'] },
  SIWXSignMessage: { title: () => 'Sign In', component: SIWXSignMessageView },
  WalletSend: { title: () => 'Send', component: WalletSendView, next: ['WalletSendSelectToken', 'WalletSendPreview'] },
  WalletSendSelectToken: { title: () => 'Select Token', component: WalletSendSelectTokenView },
  WalletSendPreview: { title: () => 'Review Send', component: WalletSendPreviewView },
  Swap: { title: () => 'Swap', component: SwapView, next: ['SwapSelectToken'] },
  SwapSelectToken: { title: d => (d?.swapSide === 'to' ? 'Select token to receive' : 'Select token to swap'), component: SwapSelectTokenView },
  OnRampProviders: { title: () => 'Buy crypto', component: OnRampProvidersView, next: ['OnRampBuy'] },
  OnRampBuy: { title: () => 'Buy crypto', component: OnRampBuyView },
  WalletReceive: { title: () => 'Receive', component: WalletReceiveView },
  Transactions: { title: () => 'Activity', component: TransactionsView },
  Networks: { title: () => 'Choose Network', component: NetworksView, next: ['SwitchNetwork'] },
  SwitchNetwork: { title: d => d?.network?.name ?? 'Switch Network', component: SwitchNetworkView },
  UnsupportedChain: { title: () => 'Switch Network', component: UnsupportedChainView, next: ['SwitchNetwork'] },
  EmailLogin: { title: () => 'Continue with e-mail', component: EmailLoginView },
  ConnectingSocial: { title: d => `Log in with ${SOCIAL_LABELS[d?.social as SocialLogin] ?? 'a social account'}`, component: ConnectingSocialView },
  ConnectingFarcaster: { title: () => 'Sign in with Farcaster', component: ConnectingFarcasterView },
  UpdateEmailWallet: { title: () => 'Change e-mail', component: UpdateEmailWalletView },
  ApproveTransaction: { title: () => 'Approve', component: ApproveTransactionView },
  ExportWallet: { title: () => 'Export private keys', component: ExportWalletView },
  RegisterAccountName: { title: () => 'Choose name', component: RegisterAccountNameView, next: ['ApproveTransaction', 'RegisterAccountNameSuccess'] },
  RegisterAccountNameSuccess: { title: () => 'Name registered', component: RegisterAccountNameSuccessView },
  ProfileWallets: { title: () => 'Wallets', component: ProfileWalletsView, next: ['Connect'] }
}

/** Fetches the code of the views likely to follow `view` (failures are retried when shown). */
export function preloadNextViews(view: ViewId): void {
  for (const next of VIEWS[view].next ?? []) VIEWS[next].component.preload?.().catch(() => {})
}
