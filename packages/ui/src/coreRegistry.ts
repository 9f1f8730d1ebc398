import type { Core } from '@wallet-modal/core/internal'

/**
 * The page-wide default core, set once by `createWalletModal`. Elements without their own `core`
 * property use it, and re-render when it is set (so tags placed in HTML before the script ran work).
 */
let defaultCore: Core | undefined
const listeners = new Set<() => void>()

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
