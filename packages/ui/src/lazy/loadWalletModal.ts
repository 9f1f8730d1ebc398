import { lazyComponent } from './lazyComponent.js'

/**
 * The dialog and its views are not in the first chunk a site loads: they are fetched the first
 * time they are needed, or ahead of time when the visitor is about to need them (hovering or
 * focusing the connect button, or once the page is idle).
 */
export const LazyWalletModal = lazyComponent(() => import('../components/WalletModal.js').then(m => m.WalletModal))

/** Starts loading the dialog chunk without waiting for it. */
export function prefetchWalletModal(): void {
  LazyWalletModal.preload().catch(() => {})
}

/** Prefetches the dialog once the page has loaded and the browser is idle (not during page load). */
export function prefetchWhenIdle(): void {
  if (typeof window === 'undefined') return
  const idle = () => {
    const ric = (window as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback
    if (ric) ric(prefetchWalletModal, { timeout: 5000 })
    else setTimeout(prefetchWalletModal, 1000)
  }
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
}
