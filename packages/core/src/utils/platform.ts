/** True in a browser (not during SSR or in Node). */
export function isBrowser(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined'
}

/** Mobile detection from the user agent, as sites expect for deep links and list rules. */
export function isMobile(): boolean {
  if (!isBrowser()) return false
  return /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(navigator.userAgent)
}
