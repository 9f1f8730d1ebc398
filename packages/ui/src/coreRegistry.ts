import type { Core } from '@wallet-modal/core/internal'

/**
 * The page-wide default core, set once by `createWalletModal`. Elements without their own `core`
 * property use it, and re-render when it is set (so tags placed in HTML before the script ran work).
 */
let defaultCore: Core | undefined
const listeners = new Set<() => void>()

/** How a stand-in for a core (the bootstrap entry's modal) names the core it stands for. */
export const REAL_CORE = Symbol.for('wallet-modal.real-core')

/**
 * The core `value` is or stands for: the bootstrap entry's modal is a stand-in until the real core
 * is made (undefined until then).
 */
export function unwrapCore(value: Core | undefined): Core | undefined {
  const real = (value as { [REAL_CORE]?: () => Core | undefined } | undefined)?.[REAL_CORE]
  return real ? real() : value
}

/** Sets (or clears) the page-wide default core. */
export function setDefaultCore(core: Core | undefined): void {
  defaultCore = core
  for (const l of [...listeners]) l()
}

/** The page-wide default core, if one was created. */
export function getDefaultCore(): Core | undefined {
  return defaultCore
}

/** Subscribes to changes of the default core. */
export function subscribeDefaultCore(listener: () => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
