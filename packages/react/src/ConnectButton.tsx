import { useEffect, useRef } from 'react'
import { shortenAddress, type AccountInfo } from '@wallet-modal/core'
import { buttonLabels } from '@wallet-modal/core/internal'
import type { WalletModalBaseElement } from '@wallet-modal/ui'
import { useWalletModalContext } from './useWalletModalContext.js'
import { useWalletModalAccount } from './useWalletModalAccount.js'
import { ConnectButtonCustom } from './ConnectButtonCustom.js'

export type { ConnectButtonRenderProps, ConnectButtonAccount, ConnectButtonChain, AuthenticationStatus } from './ConnectButtonCustom.js'

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

/**
 * {@link ConnectButtonCustom}: a headless button with RainbowKit's render props
 * (`<ConnectButton.Custom>{props => ...}</ConnectButton.Custom>`).
 */
ConnectButton.Custom = ConnectButtonCustom
