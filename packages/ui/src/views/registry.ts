import type { ComponentType } from 'react'
import { lazyComponent } from '../lazy/lazyComponent.js'
import type { Core, RouterData, SocialLogin, ViewId } from '@wallet-modal/core/internal'
import { afterNextPaint } from '../lazy/afterNextPaint.js'
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
  /** The dialog's heading (and so its accessible name) on this view, in the active language. */
  title: (data: RouterData | undefined, t: Core['i18n']['t']) => string
  component: ComponentType<{ fallback?: import('react').ReactNode }> & { preload?: () => Promise<unknown> }
  /** Views likely to be shown next; their code is fetched while this one is on screen. */
  next?: ViewId[]
}

/** Every view of the router, registered exactly once (the type enforces completeness). */
export const VIEWS: Record<ViewId, ViewDefinition> = {
  Connect: {
    title: (_, t) => t('title.Connect'),
    component: ConnectView,
    next: ['ConnectingExternal', 'AllWallets', 'ConnectingWalletConnect', 'EmailLogin', 'ConnectingSocial', 'ConnectingFarcaster']
  },
  AllWallets: { title: (_, t) => t('title.AllWallets'), component: AllWalletsView, next: ['ConnectingExternal', 'ConnectingWalletConnect'] },
  ConnectingWalletConnect: { title: (d, t) => d?.wallet?.name ?? t('title.WalletConnect'), component: ConnectingWalletConnectView },
  ConnectingMultiChain: { title: (d, t) => d?.connector?.name ?? t('title.ChooseChain'), component: ConnectingMultiChainView, next: ['ConnectingExternal'] },
  SwitchActiveChain: { title: (_, t) => t('title.SwitchNetwork'), component: SwitchActiveChainView, next: ['Connect'] },
  ConnectingWalletConnectBasic: {
    title: (_, t) => t('title.Connect'),
    component: ConnectingWalletConnectBasicView,
    next: ['ConnectingWalletConnect', 'AllWallets']
  },
  GetWallet: { title: (d, t) => d?.wallet?.name ?? t('title.GetWallet'), component: GetWalletView },
  ConnectingExternal: { title: (d, t) => d?.connector?.name ?? t('title.Connecting'), component: ConnectingExternalView },
  Account: {
    title: (_, t) => t('title.Account'),
    component: AccountView,
    next: ['Networks', 'SwitchNetwork', 'WalletSend', 'WalletReceive', 'Transactions', 'Swap', 'OnRampProviders']
  },
  SIWXSignMessage: { title: (_, t) => t('title.SignIn'), component: SIWXSignMessageView },
  WalletSend: { title: (_, t) => t('title.Send'), component: WalletSendView, next: ['WalletSendSelectToken', 'WalletSendPreview'] },
  WalletSendSelectToken: { title: (_, t) => t('title.SelectToken'), component: WalletSendSelectTokenView },
  WalletSendPreview: { title: (_, t) => t('title.ReviewSend'), component: WalletSendPreviewView },
  Swap: { title: (_, t) => t('title.Swap'), component: SwapView, next: ['SwapSelectToken'] },
  SwapSelectToken: { title: (d, t) => (d?.swapSide === 'to' ? t('title.SwapTokenToReceive') : t('title.SwapTokenToSwap')), component: SwapSelectTokenView },
  OnRampProviders: { title: (_, t) => t('title.BuyCrypto'), component: OnRampProvidersView, next: ['OnRampBuy'] },
  OnRampBuy: { title: (_, t) => t('title.BuyCrypto'), component: OnRampBuyView },
  WalletReceive: { title: (_, t) => t('title.Receive'), component: WalletReceiveView },
  Transactions: { title: (_, t) => t('title.Activity'), component: TransactionsView },
  Networks: { title: (_, t) => t('title.ChooseNetwork'), component: NetworksView, next: ['SwitchNetwork'] },
  SwitchNetwork: { title: (d, t) => d?.network?.name ?? t('title.SwitchNetwork'), component: SwitchNetworkView },
  UnsupportedChain: { title: (_, t) => t('title.SwitchNetwork'), component: UnsupportedChainView, next: ['SwitchNetwork'] },
  EmailLogin: { title: (_, t) => t('title.Email'), component: EmailLoginView },
  ConnectingSocial: {
    title: (d, t) =>
      SOCIAL_LABELS[d?.social as SocialLogin] ? t('title.SocialLogin', { provider: SOCIAL_LABELS[d?.social as SocialLogin] }) : t('title.SocialLoginUnknown'),
    component: ConnectingSocialView
  },
  ConnectingFarcaster: { title: (_, t) => t('title.Farcaster'), component: ConnectingFarcasterView },
  UpdateEmailWallet: { title: (_, t) => t('title.ChangeEmail'), component: UpdateEmailWalletView },
  ApproveTransaction: { title: (_, t) => t('title.Approve'), component: ApproveTransactionView },
  ExportWallet: { title: (_, t) => t('title.ExportKeys'), component: ExportWalletView },
  RegisterAccountName: {
    title: (_, t) => t('title.ChooseName'),
    component: RegisterAccountNameView,
    next: ['ApproveTransaction', 'RegisterAccountNameSuccess']
  },
  RegisterAccountNameSuccess: { title: (_, t) => t('title.NameRegistered'), component: RegisterAccountNameSuccessView },
  ProfileWallets: { title: (_, t) => t('title.Wallets'), component: ProfileWalletsView, next: ['Connect'] }
}

/**
 * Fetches the code of the views likely to follow `view` (failures are retried when shown), just
 * after the view has painted: a first open makes no request before its view shows (the `npm run
 * bench` budget, docs/performance.md). Returns a cancel for an effect.
 */
export function preloadNextViews(view: ViewId): () => void {
  const next = VIEWS[view].next ?? []
  if (!next.length) return () => {}
  const stop = new AbortController()
  afterNextPaint(() => {
    for (const id of next) VIEWS[id].component.preload?.().catch(() => {})
  }, stop.signal)
  return () => stop.abort()
}
