/**
 * Stops the page behind an open modal from scrolling. Sets the overflow through the CSSOM
 * (allowed under a strict CSP) and restores what the page had. Returns the undo function.
 */
export function lockScroll(): () => void {
  const el = document.documentElement
  const previous = { overflow: el.style.overflow, gutter: el.style.scrollbarGutter }
  // Keep the scrollbar's room when there was a scrollbar, so the page does not jump sideways.
  if (el.scrollHeight > el.clientHeight) el.style.scrollbarGutter = 'stable'
  el.style.overflow = 'hidden'
  return () => {
    el.style.overflow = previous.overflow
    el.style.scrollbarGutter = previous.gutter
  }
}
