import { createElement } from 'react'
import type { ElementProps } from './ElementProps.js'
import { ConnectButton } from '../components/ConnectButton.js'

/** `<connect-button>`'s component: the button, from the element's `label`, `loadingLabel` and `theme`. */
export function ConnectButtonHost({ core, label, loadingLabel, theme }: ElementProps & { label?: string; loadingLabel?: string; theme?: string }) {
  return createElement(ConnectButton, { core, label, loadingLabel, theme })
}
