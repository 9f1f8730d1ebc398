// Console warnings about a site's configuration, each said once per page: a modal made again (a
// React remount, a second core) must not repeat what the site has already been told.
const warned = new Set<string>()

/**
 * Writes `[wallet-modal] <message>` to the console unless a warning with this key was written
 * before on this page. Returns whether it wrote.
 *
 * @example
 * warnOnce('option:colour', 'unknown option "colour" ignored') // true, warns
 * warnOnce('option:colour', 'unknown option "colour" ignored') // false, silent
 */
export function warnOnce(key: string, message: string): boolean {
  if (warned.has(key)) return false
  warned.add(key)
  console.warn(`[wallet-modal] ${message}`)
  return true
}

/** Forgets every warning given (for tests, which each start from a fresh page's state). */
export function resetWarnOnce(): void {
  warned.clear()
}
