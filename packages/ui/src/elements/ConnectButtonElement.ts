import { createElement } from 'react'
import { createElementClass, type ElementProps } from './createElementClass.js'
import { ConnectButton } from '../components/ConnectButton.js'

type Attrs = { label?: string; loadingLabel?: string; theme?: string }

function ConnectButtonHost({ core, label, loadingLabel, theme }: ElementProps & Attrs) {
  return createElement(ConnectButton, { core, label, loadingLabel, theme })
}

/** The `<connect-button>` class (built on first call): attributes `label`, `loading-label`, `theme`; opens the modal. */
export const getConnectButtonElement = createElementClass<Attrs>(ConnectButtonHost, { label: 'string', loadingLabel: 'string', theme: 'string' })
