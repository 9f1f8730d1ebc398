import { useEffect, useState, type ComponentType, type ReactNode } from 'react'

/** A component whose code is loaded on demand, with a way to load it ahead of time. */
export type LazyComponent<P> = ComponentType<P & { fallback?: ReactNode }> & {
  /** Starts (or joins) loading; resolves with the component. */
  preload(): Promise<ComponentType<P>>
  /** Whether its code has loaded. */
  isLoaded(): boolean
}

/**
 * Like React.lazy, without Suspense: once the code is loaded the component renders in the same
 * commit. React 19 holds back Suspense reveals for up to 300 ms, which would make every first
 * open of the modal (even prefetched) that slow. While loading, `fallback` shows; a failed load
 * is retried on the next mount.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined
  let pending: Promise<ComponentType<P>> | undefined
  const preload = () =>
    (pending ??= load().then(
      c => (loaded = c),
      err => {
        pending = undefined
        throw err
      }
    ))
  function Lazy({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    const [Component, setComponent] = useState<ComponentType<P> | undefined>(() => loaded)
    useEffect(() => {
      if (Component) return
      let live = true
      preload().then(
        c => live && setComponent(() => c),
        err => console.warn('[wallet-modal] could not load a part of the modal', err)
      )
      return () => {
        live = false
      }
    }, [Component])
    return Component ? <Component {...(props as P)} /> : fallback
  }
  return Object.assign(Lazy, { preload, isLoaded: () => loaded !== undefined })
}
