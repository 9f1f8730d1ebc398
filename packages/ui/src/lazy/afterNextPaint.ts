/**
 * Runs `task` just after the browser's next paint (a task queued from the next animation frame),
 * unless `signal` aborts first. What a view only needs after it shows (the next views' code, the
 * connection announcer) starts then: not before the paint the visitor waits for (React runs the
 * effects of a click's render before painting), and not an idle period later, when the visitor
 * may already have clicked on (docs/performance.md).
 *
 * @example
 * const stop = new AbortController()
 * afterNextPaint(() => preload(), stop.signal)
 */
export function afterNextPaint(task: () => void, signal?: AbortSignal): void {
  if (signal?.aborted) return
  const raf = globalThis.requestAnimationFrame
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = raf
    ? raf(() => {
        timer = setTimeout(() => !signal?.aborted && task(), 0)
      })
    : undefined
  if (!raf) timer = setTimeout(() => !signal?.aborted && task(), 0)
  signal?.addEventListener(
    'abort',
    () => {
      if (frame !== undefined) globalThis.cancelAnimationFrame?.(frame)
      clearTimeout(timer)
    },
    { once: true }
  )
}
