import { createWalletModal, setDefaultCore } from '../exports/index.js'
import type { Core, WalletModalOptions } from '@wallet-modal/core/internal'
// One set of devnet fixtures for every package's browser tests.
import { devnetNetworks, getDevnet, memoryStorage } from '@wallet-modal/devnet/testing'

export { devnetNetworks, getDevnet, memoryStorage, waitFor, type DevnetInfo } from '@wallet-modal/devnet/testing'

const made: Core[] = []

/** Creates a modal on the devnet networks with isolated storage; cleaned by {@link cleanup}. */
export async function makeModal(extra: Partial<WalletModalOptions> = {}): Promise<Core> {
  const info = await getDevnet()
  // The site-facing type hides the internals these tests look at; the object is the core.
  const modal = <Core>createWalletModal({ projectId: 'test', networks: devnetNetworks(info), storage: memoryStorage(), ...extra })
  made.push(modal)
  return modal
}

/** Removes every element and core a test created. */
export function cleanup(): void {
  for (const m of made.splice(0)) {
    m.close()
    m.destroy()
  }
  setDefaultCore(undefined)
  for (const el of document.querySelectorAll('wallet-modal, connect-button, [data-test-host]')) el.remove()
}

/** The `<wallet-modal>` element's shadow root. */
export function modalRoot(): ShadowRoot {
  const el = document.querySelector('wallet-modal')
  if (!el?.shadowRoot) throw new Error('no <wallet-modal> with a shadow root')
  return el.shadowRoot
}

/** Text of a node as assistive tech reads it: aria-hidden parts skipped. */
function visibleText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? ''
  if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return ''
  return [...node.childNodes].map(visibleText).join('')
}

/** A button by its accessible name (aria-label, else its text without aria-hidden parts). */
export function findButton(root: ParentNode, name: string | RegExp): HTMLButtonElement | undefined {
  return [...root.querySelectorAll('button')].find(b => {
    const label = (b.getAttribute('aria-label') ?? visibleText(b)).trim()
    return typeof name === 'string' ? label === name : name.test(label)
  })
}
