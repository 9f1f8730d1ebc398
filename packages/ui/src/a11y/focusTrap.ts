const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** The focusable elements inside `container`, in tab order (visible ones only). */
export function focusableWithin(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(el => el.getClientRects().length > 0 && !el.hasAttribute('inert'))
}

/**
 * Keeps Tab and Shift+Tab inside `container` (a dialog in a shadow root): from the last element
 * Tab goes to the first, from the first Shift+Tab goes to the last, and focus that escaped is
 * pulled back in. Call from the container's keydown handler.
 */
export function trapTabKey(event: KeyboardEvent, container: HTMLElement): void {
  if (event.key !== 'Tab') return
  const items = focusableWithin(container)
  if (items.length === 0) {
    event.preventDefault()
    container.focus()
    return
  }
  const root = container.getRootNode() as Document | ShadowRoot
  const active = root.activeElement as HTMLElement | null
  const first = items[0]!
  const last = items[items.length - 1]!
  const inside = !!active && container.contains(active) && active !== container
  if (event.shiftKey && (!inside || active === first)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault()
    first.focus()
  }
}

/**
 * Where focus goes when the dialog opens or its view changes: an element marked
 * `data-autofocus` (a search box), else the first focusable element of the view's body (not the
 * header's Close), else the first focusable one at all, else the dialog itself.
 */
export function initialFocusTarget(dialog: HTMLElement): HTMLElement {
  const marked = dialog.querySelector<HTMLElement>('[data-autofocus]')
  if (marked) return marked
  const body = dialog.querySelector<HTMLElement>('[part="body"]')
  return (body && focusableWithin(body)[0]) ?? focusableWithin(dialog)[0] ?? dialog
}
