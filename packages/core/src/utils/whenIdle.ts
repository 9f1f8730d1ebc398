/**
 * Runs `task` once the page has loaded and the browser is idle (at most `timeoutMs` later), so
 * background work never competes with a site's first paint. Outside a browser it runs on the
 * next macrotask.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): void {
  const w = globalThis as unknown as {
    document?: Document
    addEventListener?: Window['addEventListener']
    requestIdleCallback?: (cb: () => void, o: { timeout: number }) => number
  }
  const idle = () => (w.requestIdleCallback ? w.requestIdleCallback(task, { timeout: timeoutMs }) : setTimeout(task, 1))
  if (!w.document || w.document.readyState === 'complete') idle()
  else w.addEventListener?.('load', () => idle(), { once: true })
}
