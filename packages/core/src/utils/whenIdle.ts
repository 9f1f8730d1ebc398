/**
 * Runs `task` once the page has loaded and the browser is idle (at most `timeoutMs` later), so
 * background work never competes with a site's first paint. Outside a browser it runs on the
 * next macrotask. When `signal` aborts first (the core is destroyed), the task never runs and
 * nothing stays scheduled or listening.
 */
export function whenIdle(task: () => void, timeoutMs = 2000, signal?: AbortSignal): void {
  const w = globalThis as unknown as {
    document?: Document
    addEventListener?: Window['addEventListener']
    requestIdleCallback?: (cb: () => void, o: { timeout: number }) => number
    cancelIdleCallback?: (handle: number) => void
  }
  if (signal?.aborted) return
  const idle = () => {
    // The abort listener goes once the task has run: a long-lived signal (a core's lifetime)
    // does not collect one per task.
    let cancel = () => {}
    const run = () => {
      signal?.removeEventListener('abort', cancel)
      task()
    }
    if (w.requestIdleCallback) {
      const handle = w.requestIdleCallback(run, { timeout: timeoutMs })
      cancel = () => w.cancelIdleCallback?.(handle)
    } else {
      const timer = setTimeout(run, 1)
      cancel = () => clearTimeout(timer)
    }
    // (A signal aborts once: the listener needs no `once`.)
    signal?.addEventListener('abort', cancel)
  }
  if (!w.document || w.document.readyState === 'complete') idle()
  else w.addEventListener?.('load', () => idle(), { once: true, signal })
}
