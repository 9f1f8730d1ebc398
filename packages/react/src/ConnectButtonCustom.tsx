import { useMemo, useSyncExternalStore, type ReactNode } from 'react'
import { shortenAddress, type AccountInfo, type Core } from '@wallet-modal/core/internal'
import { useWalletModalContext } from './useWalletModalContext.js'
import { useWalletModalAccount } from './useWalletModalAccount.js'
import { useWalletModalNetwork, type UseWalletModalNetwork } from './useWalletModalNetwork.js'
import { useWalletModal } from './useWalletModal.js'
import { useConnectButtonState } from './useConnectButtonState.js'
import { abbreviateBalance } from './abbreviateBalance.js'
import { readConnectButton, type AuthenticationStatus, type ConnectButtonSnapshot } from './connectButtonState.js'

export type { AuthenticationStatus }

/** The connected account as {@link ConnectButton.Custom} gives it (RainbowKit's `account`). */
export interface ConnectButtonAccount {
  address: string
  /** The native currency's decimals, once the balance is known. */
  balanceDecimals?: number
  /** The native balance as decimal text (cut to 3 decimals, like the modal shows it). */
  balanceFormatted?: string
  balanceSymbol?: string
  /** The balance shortened for a button, with its symbol: `0.123 ETH`, `1,234.5 ETH`, `12.3k ETH`. */
  displayBalance?: string
  /** The account's name when it has one (shortened past 24 characters), else its shortened address. */
  displayName: string
  /** The name's avatar URL (https:, data:, or the site's own services). */
  ensAvatar?: string
  /** The account's name from the name service (ENS and the site's names), else the identity service's. */
  ensName?: string
  /** Transactions sent from the modal (Send, Swap) are not mined yet. */
  hasPendingTransactions: boolean
}

/** The connected account's network as {@link ConnectButton.Custom} gives it (RainbowKit's `chain`). */
export interface ConnectButtonChain {
  /** Whether there is an image to show. */
  hasIcon: boolean
  /** The network's image (the modal's, or a RainbowKit chain's `iconUrl`). */
  iconUrl?: string
  /** A RainbowKit chain's `iconBackground`, when the site's network has one. */
  iconBackground?: string
  /** Its chain id (a number on eip155). */
  id: number | string
  /** Its name; undefined for a network the site does not list. */
  name?: string
  /** The wallet is on a network the site does not list. */
  unsupported?: boolean
}

/**
 * What {@link ConnectButton.Custom}'s render function receives: RainbowKit's render props, with the
 * same names and meanings, and a few of this package's own.
 */
export interface ConnectButtonRenderProps {
  /** The account, once there is an address (connected, or being restored after a reload); else undefined. */
  account?: ConnectButtonAccount
  /** The account's network; undefined without an account. */
  chain?: ConnectButtonChain
  /** False on the server and during hydration: render nothing that needs the browser until true. */
  mounted: boolean
  /** The sign-in (SIWX) status; undefined when the site has no `siwx` / `siweConfig`. */
  authenticationStatus?: AuthenticationStatus
  /** Opens Account; does nothing unless connected (and signed in, with sign-in) on a network of the site. */
  openAccountModal(): void
  /** Opens Networks; does nothing unless connected (and signed in, with sign-in). */
  openChainModal(): void
  /** Opens Connect, or the sign-in view when connected but not signed in; does nothing once connected (and signed in). */
  openConnectModal(): void
  /** The modal is open on Account or a view reached from it (Send, Swap, Activity...). */
  accountModalOpen: boolean
  /** The modal is open on Networks, a network switch, or the unsupported-network view. */
  chainModalOpen: boolean
  /** The modal is open on Connect, a connecting view or the sign-in view. */
  connectModalOpen: boolean
  /** This package's: the account as {@link useWalletModalAccount} gives it (status, CAIP-10 address...). */
  accountInfo: AccountInfo
  /** This package's: the shortened address, when there is one. */
  displayAddress: string | undefined
  /** This package's: the active network (there is one before connecting too) and `switchNetwork`. */
  network: UseWalletModalNetwork
  /** This package's: opens Networks, connected or not (throws before the modal exists). */
  openNetworkModal(): void
}

const subscribeNothing = () => () => {}

/** A name for a button: past 24 characters before its suffix, cut with an ellipsis. */
function shortName(name: string): string {
  const dot = name.lastIndexOf('.')
  const label = dot > 0 ? name.slice(0, dot) : name
  return label.length > 24 ? `${label.slice(0, 24)}…` : name
}

/** RainbowKit's `account`, from the snapshot. */
function toAccount(s: ConnectButtonSnapshot): ConnectButtonAccount | undefined {
  if (!s.address) return undefined
  return {
    address: s.address,
    balanceDecimals: s.balanceDecimals,
    balanceFormatted: s.balance,
    balanceSymbol: s.balanceSymbol,
    displayBalance: s.balance !== undefined ? `${abbreviateBalance(s.balance)} ${s.balanceSymbol ?? ''}`.trim() : undefined,
    displayName: s.name ? shortName(s.name) : shortenAddress(s.address),
    ensAvatar: s.avatar,
    ensName: s.name,
    hasPendingTransactions: s.pendingTransactions > 0
  }
}

/** RainbowKit's `chain`, from the snapshot: only with an account, as the account's network. */
function toChain(s: ConnectButtonSnapshot): ConnectButtonChain | undefined {
  if (!s.address || s.chainId === undefined) return undefined
  return {
    hasIcon: !!s.chainIconUrl,
    iconUrl: s.chainIconUrl,
    iconBackground: s.chainIconBackground,
    id: s.chainId,
    name: s.chainName,
    unsupported: s.chainUnsupported
  }
}

/** RainbowKit's "connected": connected, and signed in when sign-in is on. */
function signedIn(s: ConnectButtonSnapshot): boolean {
  return s.status === 'connected' && (s.authenticationStatus === undefined || s.authenticationStatus === 'authenticated')
}

/** The three openers; each reads the modal when called, so a stale render cannot open the wrong view. */
function openers(modal: Core | undefined) {
  const now = () => (modal ? readConnectButton(modal) : undefined)
  return {
    openConnectModal() {
      const s = now()
      if (!s) return
      if (s.status !== 'connected') modal!.open({ view: 'Connect' })
      else if (s.authenticationStatus === 'unauthenticated') modal!.open({ view: 'SIWXSignMessage' })
    },
    openAccountModal() {
      const s = now()
      if (s && signedIn(s) && !s.chainUnsupported) modal!.open({ view: 'Account' })
    },
    openChainModal() {
      const s = now()
      if (s && signedIn(s)) modal!.open({ view: 'Networks' })
    }
  }
}

/**
 * A headless connect button: you draw it; the render function gets RainbowKit's render props
 * (`account`, `chain`, `mounted`, `authenticationStatus`, the three openers and which modal is
 * open), so a RainbowKit `ConnectButton.Custom` moves over unchanged.
 *
 * @example
 * ```tsx
 * <ConnectButton.Custom>
 *   {({ account, chain, mounted, authenticationStatus, openConnectModal, openAccountModal, openChainModal }) => {
 *     const ready = mounted && authenticationStatus !== 'loading'
 *     const connected = ready && account && chain && (!authenticationStatus || authenticationStatus === 'authenticated')
 *     if (!connected) return <button onClick={openConnectModal} disabled={!ready}>Connect Wallet</button>
 *     if (chain.unsupported) return <button onClick={openChainModal}>Wrong network</button>
 *     return <button onClick={openAccountModal}>{account.displayName} {account.displayBalance}</button>
 *   }}
 * </ConnectButton.Custom>
 * ```
 */
export function ConnectButtonCustom({ children }: { children: (props: ConnectButtonRenderProps) => ReactNode }) {
  const ctx = useWalletModalContext('ConnectButton.Custom')
  const accountInfo = useWalletModalAccount()
  const network = useWalletModalNetwork()
  const { open } = useWalletModal()
  const state = useConnectButtonState(ctx)
  const mounted = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false
  )
  const account = useMemo(() => toAccount(state), [state])
  const chain = useMemo(() => toChain(state), [state])
  const { modal } = ctx
  const openFns = useMemo(() => openers(modal), [modal])
  return (
    <>
      {children({
        account,
        chain,
        mounted,
        authenticationStatus: state.authenticationStatus,
        ...openFns,
        accountModalOpen: state.openModal === 'account',
        chainModalOpen: state.openModal === 'chain',
        connectModalOpen: state.openModal === 'connect',
        accountInfo,
        displayAddress: accountInfo.address ? shortenAddress(accountInfo.address) : undefined,
        network,
        openNetworkModal: () => open({ view: 'Networks' })
      })}
    </>
  )
}
