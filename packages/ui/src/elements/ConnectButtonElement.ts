import { elementBase, withProps, type ElementBase, type ElementKind } from './ElementBase.js'

/** Draws `<connect-button>` without React (the bootstrap entry installs one). */
export type ConnectButtonPainter = (host: ElementBase) => void
let painter: ConnectButtonPainter | undefined

/** Installs the static painter of `<connect-button>`, used until the React renderer arrives. */
export function setConnectButtonPainter(next: ConnectButtonPainter): void {
  painter = next
}

let cls: (new () => ElementBase) | undefined

/**
 * The `<connect-button>` class (built on first call: a class extending HTMLElement cannot be made
 * where there is none): attributes `label`, `loading-label`, `theme`; opens the modal.
 */
export function getConnectButtonElement(): new () => ElementBase {
  return (cls ??= withProps(
    class ConnectButtonElement extends elementBase() {
      override readonly kind: ElementKind = 'connect-button'
      override paint(): void {
        painter?.(this)
      }
    },
    ['label', 'loadingLabel', 'theme']
  ))
}
