import r2wc from '@r2wc/react-to-web-component'
import { createElement, useSyncExternalStore, type ComponentType } from 'react'
import type { Core } from '@wallet-modal/core/internal'
import { adoptStyles } from '../theme/stylesheet.js'
import { getDefaultCore, subscribeDefaultCore } from '../coreRegistry.js'

/** Props every element's React component receives. */
export interface ElementProps {
  /** The element itself (the shadow root's host). */
  host: WalletModalBaseElement
  /** The core to render: the element's own, else the page default. */
  core: Core
}

/** What all wallet-modal elements have in common: a `core` property and the shared styles. */
export interface WalletModalBaseElement extends HTMLElement {
  /** The core this element renders; defaults to the one `createWalletModal` created. */
  core: Core | undefined
}

type AttrType = 'string' | 'boolean' | 'number'

/**
 * Makes a custom element class from a React component with @r2wc/react-to-web-component: an open
 * shadow root with the shared constructed stylesheet, attributes mapped to props, and a `core`
 * property (objects cannot travel through attributes).
 *
 * Returns a factory that builds the class on first call: a class extending HTMLElement cannot be
 * created in Node, and importing the library during server-side rendering must not fail.
 */
export function createElementClass<P extends object>(
  Component: ComponentType<P & ElementProps>,
  attributes: { [K in keyof P]: AttrType },
  bind?: (host: WalletModalBaseElement, core: Core) => () => void
): () => { new (): WalletModalBaseElement } {
  let cls: { new (): WalletModalBaseElement } | undefined
  return () => (cls ??= buildElementClass(Component, attributes, bind))
}

function buildElementClass<P extends object>(
  Component: ComponentType<P & ElementProps>,
  attributes: { [K in keyof P]: AttrType },
  /** Runs while the element is connected to a core (again when the core changes); returns its undo. */
  bind?: (host: WalletModalBaseElement, core: Core) => () => void
): { new (): WalletModalBaseElement } {
  function Bridge(props: P & { container: ShadowRoot }) {
    const host = props.container.host as BaseElement
    const core = useSyncExternalStore(
      cb => host.subscribeCore(cb),
      () => host.core
    )
    if (!core) return null
    return createElement(Component, { ...props, host, core })
  }
  const Base = r2wc(Bridge as ComponentType<any>, { shadow: 'open', props: attributes as Record<string, AttrType> }) as unknown as {
    new (): HTMLElement & { connectedCallback(): void; disconnectedCallback(): void }
  }

  class BaseElement extends Base implements WalletModalBaseElement {
    #core: Core | undefined
    #listeners = new Set<() => void>()
    #offDefault: (() => void) | undefined
    #unbind: (() => void) | undefined
    #bound: Core | undefined
    #mounted = false

    get core(): Core | undefined {
      return this.#core ?? getDefaultCore()
    }
    set core(value: Core | undefined) {
      this.#core = value
      this.#notify()
    }
    /** Subscribes to changes of the core this element renders. */
    subscribeCore(cb: () => void): () => void {
      this.#listeners.add(cb)
      return () => void this.#listeners.delete(cb)
    }
    #notify(): void {
      this.#rebind()
      for (const l of [...this.#listeners]) l()
    }
    /** Binds synchronously (not in a React effect) so nothing the core emits right away is missed. */
    #rebind(): void {
      const core = this.isConnected ? this.core : undefined
      if (core === this.#bound) return
      this.#unbind?.()
      this.#unbind = undefined
      this.#bound = core
      if (core && bind) this.#unbind = bind(this, core)
    }
    override connectedCallback(): void {
      adoptStyles(this.shadowRoot!)
      this.#offDefault = subscribeDefaultCore(() => this.#notify())
      this.#rebind()
      // Moved (removed and put back before the unmount below ran): the React root is still there.
      if (this.#mounted) return
      this.#mounted = true
      super.connectedCallback()
    }
    override disconnectedCallback(): void {
      this.#offDefault?.()
      this.#rebind()
      // A site's React tree removes the element during its commit, when unmounting our own root
      // is not allowed ('synchronously unmount a root while React was already rendering'): the
      // unmount waits for the commit to end.
      queueMicrotask(() => {
        if (this.isConnected || !this.#mounted) return
        this.#mounted = false
        super.disconnectedCallback()
      })
    }
  }
  return BaseElement
}
