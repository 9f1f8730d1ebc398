import { createElement, useSyncExternalStore, type ComponentType } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { flushSync } from 'react-dom'
import type { ElementBase, ElementKind, ElementRenderer } from './ElementBase.js'
import { ConnectButtonHost } from './ConnectButtonHost.js'
import { WalletModalHost } from './WalletModalHost.js'
import type { ElementProps } from './ElementProps.js'

export type { ElementProps }

/** The component that draws each element. */
// (Each takes its element's string props besides these.)
const COMPONENTS: Record<ElementKind, ComponentType<ElementProps & { [prop: string]: unknown }>> = {
  'connect-button': ConnectButtonHost,
  'wallet-modal': WalletModalHost
}

const roots = new WeakMap<ElementBase, Root>()

/** Renders the element's component once the element has a core, and again when it changes. */
function Bridge({ host, props }: { host: ElementBase; props: Record<string, string | undefined> }) {
  const core = useSyncExternalStore(
    cb => host.subscribeCore(cb),
    () => host.core
  )
  if (!core) return null
  return createElement(COMPONENTS[host.kind], { ...props, host, core })
}

/**
 * Draws the elements with React: one root per shadow root. A shadow root that holds the
 * bootstrap's static look is taken over in one task: React's first commit synchronously, then the
 * static nodes removed, so nothing is painted in between.
 */
export const reactRenderer: ElementRenderer = {
  render(host) {
    let root = roots.get(host)
    const element = createElement(Bridge, { host, props: { ...host.props } })
    if (root) return root.render(element)
    root = createRoot(host.shadowRoot!)
    roots.set(host, root)
    const painted = [...host.shadowRoot!.childNodes]
    if (painted.length === 0) return root.render(element)
    // React leaves a shadow root's (a fragment's) own children in place: the static look is
    // removed right after React's first commit, in the same task, so no frame shows neither or both.
    const focused = host.shadowRoot!.activeElement !== null
    flushSync(() => root.render(element))
    for (const node of painted) node.remove()
    // The painted button had the focus (a keyboard user, or a click): React's button takes it on,
    // so the dialog returns focus there when it closes.
    if (focused) host.shadowRoot!.querySelector<HTMLElement>('button, [tabindex]')?.focus()
  },
  unmount(host) {
    roots.get(host)?.unmount()
    roots.delete(host)
  }
}
