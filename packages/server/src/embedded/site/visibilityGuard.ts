/** How long the guarded content must have been fully visible before a click on it counts. */
export const MIN_VISIBLE_MS = 600

/** What {@link visibilityGuard} reports. */
export interface VisibilityGuard {
  /** Whether a click now counts: the content has been unobscured for {@link MIN_VISIBLE_MS}. */
  trusted(): boolean
  /** Whether the browser tells occlusion (IntersectionObserver v2); else only time is guarded. */
  readonly measured: boolean
  stop(): void
}

// IntersectionObserver v2's options and entry field: not yet in TypeScript's DOM types.
interface TrackingInit extends IntersectionObserverInit {
  trackVisibility: boolean
  delay: number
}
interface TrackedEntry extends IntersectionObserverEntry {
  isVisible?: boolean
}

/** Whether this browser tells a frame if it is covered, faded or transformed (IntersectionObserver v2). */
export const measuresVisibility = (): boolean => typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype

/**
 * Clickjacking guard of the secure pages (docs/ARCHITECTURE.md, "The embedded wallet's
 * approval"). The page embedding the frame may cover it, fade it, move it under the pointer, or
 * blur or transform it; IntersectionObserver v2 (`trackVisibility`) tells the frame whether its
 * content is drawn unobscured, unfaded and untransformed. A click counts only after the content
 * has been so for {@link MIN_VISIBLE_MS} without a break; any break restarts the wait. Where the
 * browser has no v2 (not Chromium), only the time since the content appeared is guarded: the
 * approval then moves to a window of its own (approveFrame.ts), which no page can cover.
 *
 * @param target - The content a click approves on (the whole approval, not only its button).
 * @param onChange - Called whenever `trusted()` may have changed (to redraw a disabled button).
 */
export function visibilityGuard(target: Element, onChange: () => void): VisibilityGuard {
  const measured = measuresVisibility()
  let visibleSince: number | undefined = measured ? undefined : performance.now()
  let timer: ReturnType<typeof setTimeout> | undefined
  const trusted = () => visibleSince !== undefined && performance.now() - visibleSince >= MIN_VISIBLE_MS
  // The state on the element too (`data-guard`: hidden, visible, trusted), for this origin's own
  // pages and tests; the embedding page cannot read it (another origin).
  const report = () => {
    target.setAttribute('data-guard', visibleSince === undefined ? 'hidden' : trusted() ? 'trusted' : 'visible')
    onChange()
  }
  const arm = () => {
    clearTimeout(timer)
    if (visibleSince !== undefined) timer = setTimeout(report, MIN_VISIBLE_MS - (performance.now() - visibleSince) + 10)
    report()
  }
  let observer: IntersectionObserver | undefined
  if (measured) {
    observer = new IntersectionObserver(
      entries => {
        const entry = entries[entries.length - 1] as TrackedEntry | undefined
        const visible = !!entry?.isVisible && entry.intersectionRatio >= 0.99
        if (visible && visibleSince === undefined) visibleSince = performance.now()
        if (!visible) visibleSince = undefined
        arm()
      },
      { threshold: [0, 0.99, 1], trackVisibility: true, delay: 100 } as TrackingInit
    )
    observer.observe(target)
  } else queueMicrotask(arm) // after the caller holds the guard
  return {
    measured,
    trusted,
    stop: () => (observer?.disconnect(), clearTimeout(timer))
  }
}
