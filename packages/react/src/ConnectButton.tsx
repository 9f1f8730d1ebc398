import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react'
import { shortenAddress, type AccountInfo } from '@wallet-modal/core'
import { buttonLabels } from '@wallet-modal/core/internal'
import type { WalletModalBaseElement } from '@wallet-modal/ui'
import { useWalletModalContext } from './useWalletModalContext.js'
import { useWalletModalAccount } from './useWalletModalAccount.js'
import { useWalletModalNetwork, type UseWalletModalNetwork } from './useWalletModalNetwork.js'
import { useWalletModal } from './useWalletModal.js'

/** Props of {@link ConnectButton}: the `<connect-button>` element's attributes. */
export interface ConnectButtonProps {
  /** Text when disconnected (default 'Connect Wallet'). */
  label?: string
  /** Text while connecting (default 'Connecting...'). */
  loadingLabel?: string
  /** `light` or `dark`; default: the modal's theme. */
  theme?: 'light' | 'dark'
  className?: string
  id?: string
}

/**
 * The text the element shows for an account: what the server renders inside it, in the `locale`
 * option's language (the element follows the page's or the browser's once it runs).
 */
function buttonText(account: AccountInfo, locale: string | undefined, label?: string, loadingLabel?: string): string {
  if (account.address && (account.status === 'connected' || account.status === 'reconnecting')) return shortenAddress(account.address)
  if (account.status === 'connecting') return loadingLabel || buttonLabels(locale).connecting
  return label || buttonLabels(locale).connect
}

/**
 * The `<connect-button>` element, typed. It opens the modal and shows the account once connected.
 * On the server (and until the element's script has run) it holds the same text, so server-rendered HTML already says 'Connect Wallet' or, with the provider's
 * `initialState`, the returning visitor's address.
 *
 * @example
 * ```tsx
 * <ConnectButton label="Sign in with a wallet" />
 * ```
 */
export function ConnectButton({ label, loadingLabel, theme, className, id }: ConnectButtonProps) {
  const { modal, still } = useWalletModalContext('ConnectButton')
  const account = useWalletModalAccount()
  const ref = useRef<WalletModalBaseElement | null>(null)
  // The element renders the provider's modal even when the page has several.
  useEffect(() => {
    if (ref.current && modal) ref.current.core = modal
  }, [modal])
  return (
    <connect-button ref={ref} label={label} loading-label={loadingLabel} theme={theme} class={className} id={id}>
      {/* Text, not a button: nothing to click before the element runs, and once it runs the only
          button inside <connect-button> is the element's own (sites and tests find it so). */}
      <span data-wm-fallback="">{buttonText(account, still.options.state.locale, label, loadingLabel)}</span>
    </connect-button>
  )
}

/** What {@link ConnectButton.Custom}'s render function receives. */
export interface ConnectButtonRenderProps {
  account: AccountInfo
  /** Its shortened address, when there is one. */
  displayAddress: string | undefined
  network: UseWalletModalNetwork
  /** False on the server and during hydration: render nothing that needs the browser until true. */
  mounted: boolean
  openConnectModal(): void
  openAccountModal(): void
  openNetworkModal(): void
}

const subscribeNothing = () => () => {}

/**
 * A headless connect button: you draw it, the render function gets the account, the network, the
 * functions that open each view, and whether the page has mounted.
 *
 * @example
 * ```tsx
 * <ConnectButton.Custom>
 *   {({ account, displayAddress, openConnectModal, openAccountModal, mounted }) =>
 *     account.isConnected
 *       ? <button onClick={openAccountModal}>{displayAddress}</button>
 *       : <button onClick={openConnectModal} disabled={!mounted}>Connect</button>}
 * </ConnectButton.Custom>
 * ```
 */
function ConnectButtonCustom({ children }: { children: (props: ConnectButtonRenderProps) => ReactNode }) {
  const account = useWalletModalAccount()
  const network = useWalletModalNetwork()
  const { open } = useWalletModal()
  const mounted = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false
  )
  return (
    <>
      {children({
        account,
        displayAddress: account.address ? shortenAddress(account.address) : undefined,
        network,
        mounted,
        openConnectModal: () => open({ view: 'Connect' }),
        openAccountModal: () => open({ view: 'Account' }),
        openNetworkModal: () => open({ view: 'Networks' })
      })}
    </>
  )
}

ConnectButton.Custom = ConnectButtonCustom
