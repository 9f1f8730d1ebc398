import { useContext } from 'react'
import { WalletModalContext, type WalletModalContextValue } from './WalletModalContext.js'

/** The provider's context, or a clear error for a hook used outside `<WalletModalProvider>`. */
export function useWalletModalContext(hook: string): WalletModalContextValue {
  const ctx = useContext(WalletModalContext)
  if (!ctx) throw new Error(`${hook} must be used inside <WalletModalProvider>`)
  return ctx
}
