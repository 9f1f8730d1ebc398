/**
 * Stops the page behind an open modal from scrolling. Sets the overflow through the CSSOM
 * (allowed under a strict CSP) and restores what the page had. Returns the undo function.
 */
export function lockScroll(): () => void {
  const el = document.documentElement
  const previous = el.style.overflow
  el.style.overflow = 'hidden'
  return () => {
    el.style.overflow = previous
  }
}
