import { useEffect, type DependencyList } from 'react'

/**
 * The default wait of a debounced action (spec §9 "debounce default 500 ms"): how long typing must
 * pause before, e.g., a typed receiver name is looked up. The wallet search has its own, shorter
 * wait (`SEARCH_DEBOUNCE_MS`, 300 ms: spec §9 "search 100 entries with 300 ms wait").
 */
export const DEBOUNCE_MS = 500

/**
 * Runs `run` once `deps` have stayed the same for `waitMs` (default {@link DEBOUNCE_MS}); a change
 * before then starts the wait again, and unmounting cancels it.
 */
export function useDebouncedEffect(run: () => void, deps: DependencyList, waitMs: number = DEBOUNCE_MS): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` is a fresh closure each render; the caller's deps say when it means something new.
  useEffect(() => {
    const t = setTimeout(run, waitMs)
    return () => clearTimeout(t)
  }, [...deps, waitMs])
}
