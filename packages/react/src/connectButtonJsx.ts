// JSX typing of the custom elements, for React 18 and 19 (both read `React.JSX`).
import type { DetailedHTMLProps, HTMLAttributes } from 'react'

/** Attributes of `<connect-button>` in JSX. */
export interface ConnectButtonElementAttributes extends DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> {
  label?: string
  'loading-label'?: string
  theme?: string
  class?: string
}

/** Attributes of `<wallet-modal>` in JSX. */
export type WalletModalElementAttributes = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & { class?: string }

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'connect-button': ConnectButtonElementAttributes
      'wallet-modal': WalletModalElementAttributes
    }
  }
}
