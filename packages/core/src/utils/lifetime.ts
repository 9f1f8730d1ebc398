/**
 * A core's lifetime: the timers and teardowns that must not outlive `destroy()`. Every timer the
 * core starts goes through one, so destroying a modal (a single-page app leaving the page that
 * made it) leaves nothing scheduled and nothing listening.
 */
export interface Lifetime {
  /** Aborted when the lifetime ends (listeners added with `{ signal }` go with it). */
  readonly signal: AbortSignal
  /**
   * `setTimeout` tied to the lifetime. When it ends first the timer is cleared, and `fn` runs at
   * once if `runAtEnd` (a wait that must still settle, such as a bounded wait for a wallet).
   * @returns a function that cancels the timer
   */
  setTimeout(fn: () => void, ms: number, opts?: { runAtEnd?: boolean }): () => void
  /** `setInterval` tied to the lifetime. @returns a function that stops it */
  setInterval(fn: () => void, ms: number): () => void
  /** Resolves after `ms`, or at once when the lifetime ends (check `signal.aborted` after). */
  sleep(ms: number): Promise<void>
  /** Runs `fn` when the lifetime ends (at once when it has). @returns a function that unregisters it */
  onEnd(fn: () => void): () => void
  /** Ends the lifetime: clears every timer, runs every teardown. Idempotent. */
  end(): void
}

/**
 * Makes a {@link Lifetime}.
 *
 * @example
 * ```ts
 * const life = createLifetime()
 * life.setInterval(() => poll(), 1000)
 * window.addEventListener('focus', onFocus, { signal: life.signal })
 * life.end() // the interval is cleared and the listener removed
 * ```
 */
export function createLifetime(): Lifetime {
  const controller = new AbortController()
  const teardowns = new Set<() => void>()
  const onEnd = (fn: () => void): (() => void) => {
    if (controller.signal.aborted) {
      fn()
      return () => {}
    }
    teardowns.add(fn)
    return () => void teardowns.delete(fn)
  }
  const later: Lifetime['setTimeout'] = (fn, ms, opts = {}) => {
    if (controller.signal.aborted) {
      if (opts.runAtEnd) fn()
      return () => {}
    }
    const atEnd = () => {
      clearTimeout(timer)
      if (opts.runAtEnd) fn()
    }
    const timer = setTimeout(() => {
      teardowns.delete(atEnd)
      fn()
    }, ms)
    teardowns.add(atEnd)
    return () => {
      clearTimeout(timer)
      teardowns.delete(atEnd)
    }
  }
  return {
    signal: controller.signal,
    onEnd,
    setTimeout: later,
    setInterval(fn, ms) {
      if (controller.signal.aborted) return () => {}
      const timer = setInterval(fn, ms)
      const stop = () => {
        clearInterval(timer)
        teardowns.delete(stop)
      }
      teardowns.add(stop)
      return stop
    },
    sleep(ms) {
      return new Promise<void>(resolve => void later(resolve, ms, { runAtEnd: true }))
    },
    end() {
      if (controller.signal.aborted) return
      controller.abort()
      for (const fn of [...teardowns]) {
        teardowns.delete(fn)
        try {
          fn()
        } catch (err) {
          // One failing teardown must not keep the others from running.
          console.warn('[wallet-modal] teardown failed', err)
        }
      }
    }
  }
}
