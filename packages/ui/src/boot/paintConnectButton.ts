import type { ElementBase } from '../elements/ElementBase.js'
import { themeClass } from '../components/themeProps.js'
import type { BootLook } from './bootLook.js'

/** What the painted button does before the modal's code has loaded. */
export interface BootButtonActions {
  /** The visitor clicked: load the modal and open it. */
  click(): void
  /** The visitor is about to click (pointer over, focus): start loading. */
  warm(): void
}

/**
 * Paints `<connect-button>` without React, as `ConnectButton` will render it for the same state
 * (same elements, classes, attributes and text), so the hand-over changes nothing on screen:
 * 'Connect Wallet' in the page's language and theme, or a returning visitor's stored account
 * (busy) with its last known balance. `pending`: clicked, waiting for the modal's code.
 */
export function paintConnectButton(host: ElementBase, look: BootLook, pending: boolean, actions: BootButtonActions): void {
  const root = host.shadowRoot!
  let span = root.firstElementChild as HTMLSpanElement | null
  let button = span?.firstElementChild as HTMLButtonElement | null
  if (!span || !button || span.className.indexOf('wm-root') < 0) {
    span = document.createElement('span')
    button = document.createElement('button')
    button.type = 'button'
    button.className = 'wm-connect-button'
    button.setAttribute('part', 'button')
    button.addEventListener('click', actions.click)
    // Pressed is meant: if the hand-over replaces this button between press and release, the
    // browser fires no click, and the press alone must still open the modal.
    button.addEventListener('pointerdown', actions.click)
    button.addEventListener('pointerenter', actions.warm)
    button.addEventListener('focus', actions.warm)
    span.append(button)
    root.replaceChildren(span)
  }
  span.className = `wm-root ${themeClass(host.props.theme, look.themeMode)}`
  span.lang = look.locale
  span.dir = look.dir
  // Through the CSSOM, which a strict CSP allows (as React sets them).
  span.removeAttribute('style')
  for (const [name, value] of Object.entries(look.themeVariables)) if (name.startsWith('--wm-')) span.style.setProperty(name, String(value))
  button.dataset.connected = 'false'
  const account = look.account
  if (account || pending) button.setAttribute('aria-busy', 'true')
  else button.removeAttribute('aria-busy')
  if (account) {
    button.setAttribute('aria-label', look.labels.account.replace('{address}', account.address))
    const parts: HTMLElement[] = []
    if (account.balance !== undefined) parts.push(span_('wm-balance-inline', 'button-balance', `${account.balance} ${account.symbol ?? ''}`))
    parts.push(span_(undefined, 'button-address', account.display))
    button.replaceChildren(...parts)
  } else {
    button.removeAttribute('aria-label')
    button.textContent = pending ? host.props.loadingLabel || look.labels.connecting : host.props.label || look.labels.connect
  }
}

/** A `<span>` with a class, a test id and text. */
function span_(className: string | undefined, testId: string, text: string): HTMLSpanElement {
  const s = document.createElement('span')
  if (className) s.className = className
  s.dataset.testid = testId
  s.textContent = text
  return s
}
