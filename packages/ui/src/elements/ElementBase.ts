import type { Core } from '@wallet-modal/core/internal'
import { adoptStyles } from '../theme/stylesheet.js'
import { getDefaultCore, subscribeDefaultCore, unwrapCore } from '../coreRegistry.js'

/** What all wallet-modal elements have in common: a `core` property and the shared styles. */
export interface WalletModalBaseElement extends HTMLElement {
  /** The core this element renders; defaults to the one `createWalletModal` created. */
  core: Core | undefined
}

/** The tags wallet-modal defines. */
export type ElementKind = 'connect-button' | 'wallet-modal'

/**
 * Draws an element's shadow root. The React one (`reactRenderer.ts`) renders the views; until it
 * is installed (the bootstrap entry loads it later), an element paints itself without React.
 */
export interface ElementRenderer {
  /** Renders `host` from its props and core: mounts on the first call, updates after. */
  render(host: ElementBase): void
  /** Unmounts what `render` mounted. */
  unmount(host: ElementBase): void
}

let renderer: ElementRenderer | undefined
/** Elements painted before the renderer arrived: rendered by it as soon as it is installed. */
const waiting = new Set<ElementBase>()

/**
 * Installs the renderer every element draws with, and hands each element painted without it over
 * to it (in one commit each: its static look is replaced by the same DOM from React).
 */
export function installRenderer(next: ElementRenderer): void {
  renderer = next
  for (const el of [...waiting]) el.update()
  waiting.clear()
}

/** Whether the renderer is installed (the bootstrap entry's hand-over has happened). */
export const rendererInstalled = (): boolean => renderer !== undefined

let held = false
/** The bootstrap entry installs the renderer itself, when the hand-over is ready (see `defineElements`). */
export function holdRenderer(): void {
  held = true
}
/** Whether the bootstrap entry holds the renderer back. */
export const rendererHeld = (): boolean => held

/** Attribute name of each string prop (`loadingLabel` → `loading-label`). */
const attributeOf = (prop: string) => prop.replace(/[A-Z]/g, c => `-${c.toLowerCase()}`)

/**
 * An element of wallet-modal as the renderers and the bootstrap see it (the class itself is made
 * in the browser only, by {@link elementBase}).
 */
export interface ElementBase extends WalletModalBaseElement {
  /** Which element this is (the renderer draws each kind with its component). */
  readonly kind: ElementKind
  /** The element's string props, from attributes or properties. */
  readonly props: Record<string, string | undefined>
  /** Subscribes to changes of the core this element renders. */
  subscribeCore(cb: () => void): () => void
  /** Draws the element again: by the renderer when installed, else its static look. */
  update(): void
  /** Runs while the element is connected to a core (again when the core changes); returns its undo. */
  bind?(core: Core): () => void
  /** Draws the element without React (before the renderer is installed). */
  paint?(): void
}

let base: (abstract new () => ElementBase) | undefined

/**
 * The base of `<wallet-modal>` and `<connect-button>`, without React: an open shadow root with the
 * shared constructed stylesheet, string props from attributes or properties, and a `core`
 * property (objects cannot travel through attributes) defaulting to the page's. Drawing is the
 * installed renderer's; before one is installed, `paint` draws a static look.
 *
 * Made on first call: a class extending HTMLElement cannot be made where there is none (a server
 * importing the library).
 */
export function elementBase(): abstract new () => ElementBase {
  return (base ??= makeElementBase())
}

function makeElementBase(): abstract new () => ElementBase {
  abstract class ElementBaseClass extends HTMLElement implements ElementBase {
    /** Which element this is (the renderer draws each kind with its component). */
    abstract readonly kind: ElementKind
    /** The element's string props, from attributes or properties. */
    readonly props: Record<string, string | undefined> = {}
    #core: Core | undefined
    #listeners = new Set<() => void>()
    #offDefault: (() => void) | undefined
    #unbind: (() => void) | undefined
    #bound: Core | undefined
    #mounted = false

    constructor() {
      super()
      this.attachShadow({ mode: 'open' })
    }

    bind?(core: Core): () => void
    paint?(): void

    get core(): Core | undefined {
      return unwrapCore(this.#core) ?? getDefaultCore()
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
      if (core && this.bind) this.#unbind = this.bind(core)
    }

    /** Draws the element again: by the renderer when installed, else its static look. */
    update(): void {
      if (!this.isConnected) return
      if (renderer) {
        this.#mounted = true
        renderer.render(this)
      } else {
        waiting.add(this)
        this.paint?.()
      }
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
      const prop = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())
      this.props[prop] = value ?? undefined
      this.update()
    }

    connectedCallback(): void {
      adoptStyles(this.shadowRoot!)
      this.#offDefault = subscribeDefaultCore(() => this.#notify())
      this.#rebind()
      // Moved (removed and put back before the unmount below ran): the React root is still there.
      if (this.#mounted) return
      this.update()
    }

    disconnectedCallback(): void {
      this.#offDefault?.()
      this.#rebind()
      waiting.delete(this)
      // A site's React tree removes the element during its commit, when unmounting our own root
      // is not allowed ('synchronously unmount a root while React was already rendering'): the
      // unmount waits for the commit to end.
      queueMicrotask(() => {
        if (this.isConnected || !this.#mounted) return
        this.#mounted = false
        renderer?.unmount(this)
      })
    }
  }
  return ElementBaseClass
}

/**
 * Defines the attribute-backed string props of an element class: observed attributes and accessor
 * properties (`el.loadingLabel = …` and `loading-label="…"` set the same prop).
 */
export function withProps<T extends abstract new () => ElementBase>(cls: T, props: readonly string[]): T {
  Object.defineProperty(cls, 'observedAttributes', { value: props.map(attributeOf) })
  for (const prop of props) {
    Object.defineProperty(cls.prototype, prop, {
      get(this: ElementBase) {
        return this.props[prop]
      },
      set(this: ElementBase, value: unknown) {
        this.props[prop] = value === null || value === undefined ? undefined : String(value)
        this.update()
      },
      configurable: true
    })
  }
  return cls
}
