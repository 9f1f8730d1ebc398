// The accessibility checks the a11y test files share: settle the dialog's animations, run axe-core
// on `<wallet-modal>`, measure every target (WCAG 2.2 2.5.8), and walk the focus with Tab (2.4.7).
// Each check reads the modal's open shadow root on the demo page.
import assert from 'node:assert/strict'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/**
 * tsx compiles a named function inside a `page.evaluate` callback to a call of its `__name` helper,
 * which the page does not have: a no-op one is put in the page first.
 */
export async function evaluateNamed<R, A>(page: Page, fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
  await page.evaluate('globalThis.__name ??= (f => f)')
  return page.evaluate(fn as never, arg) as Promise<R>
}

/**
 * Waits until the dialog's animations with an end (its opening fade, a shake) have finished; a
 * cancelled animation (the theme changed under it) rejects `finished`: it is over all the same. A
 * spinner never finishes: only animations with an end are waited for.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      (document.querySelector('wallet-modal')?.shadowRoot?.getAnimations() ?? [])
        .filter(a => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map(a => a.finished.catch(() => undefined))
    )
  )
}

/**
 * The view as shown has no axe-core violation (colours are judged once the opening fade is over)
 * and every target in it is large enough or far enough from the others ({@link assertTargetSizes}).
 */
export async function audit(page: Page, what: string): Promise<void> {
  await settle(page)
  // label-content-name-mismatch (WCAG 2.5.3, Label in Name) is experimental in axe-core and off
  // by default: a person using speech input says what they see, so every control's accessible
  // name must contain its visible text.
  const result = await new AxeBuilder({ page: page as never })
    .include('wallet-modal')
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze()
  const found = result.violations.map(v => `${v.id} (${v.impact}): ${v.nodes.map(n => n.target.join(' ')).join(', ')}`)
  assert.deepEqual(found, [], `${what}: ${found.join('\n')}`)
  await assertTargetSizes(page, what)
}

/** What the page reports of a target: a readable name and its box. */
interface Target {
  name: string
  x: number
  y: number
  width: number
  height: number
}

/**
 * WCAG 2.2 target size, minimum (2.5.8): every interactive element in the modal's shadow root
 * (buttons, links, form fields, `[role=button]`, anything with a tabindex) is at least 24 × 24 CSS
 * px, or, when smaller, a 24 px circle centred on it intersects no other target and no other small
 * target's circle (the spacing exception). The dialog itself (tabindex -1, focused by the script
 * when nothing else can be) is the container, not a target; a hidden element is no target. What
 * is inside the secure site's frames belongs to that site and is not reachable from here.
 */
export async function assertTargetSizes(page: Page, what: string): Promise<void> {
  const targets: Target[] = await page.evaluate(() => {
    const root = document.querySelector('wallet-modal')?.shadowRoot
    if (!root) return []
    const selector = 'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [tabindex]'
    return [...root.querySelectorAll<HTMLElement>(selector)]
      .filter(
        el => el.getAttribute('role') !== 'dialog' && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[inert]')
      )
      .map(el => {
        const r = el.getBoundingClientRect()
        const name = el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? (el.textContent?.trim() || el.getAttribute('placeholder') || el.tagName)
        return { name: `${el.tagName.toLowerCase()} "${name.slice(0, 40)}"`, x: r.x, y: r.y, width: r.width, height: r.height }
      })
  })
  assert.ok(targets.length > 0, `${what}: no target found in the modal`)
  const small = (t: Target) => t.width < 24 || t.height < 24
  const centre = (t: Target) => ({ x: t.x + t.width / 2, y: t.y + t.height / 2 })
  // Distance from a point to the nearest point of a box (0 inside it).
  const toBox = (p: { x: number; y: number }, t: Target) =>
    Math.hypot(Math.max(t.x - p.x, 0, p.x - (t.x + t.width)), Math.max(t.y - p.y, 0, p.y - (t.y + t.height)))
  const failures: string[] = []
  for (const t of targets.filter(small)) {
    const c = centre(t)
    for (const other of targets) {
      if (other === t) continue
      // The circle meets the other target, or (both small) the other's own circle.
      const near = toBox(c, other) < 12 || (small(other) && Math.hypot(c.x - centre(other).x, c.y - centre(other).y) < 24)
      if (near) failures.push(`${t.name} is ${t.width.toFixed(1)}×${t.height.toFixed(1)} px and too close to ${other.name}`)
    }
  }
  assert.deepEqual(failures, [], `${what}: targets under 24 × 24 px without the spacing exception:\n${failures.join('\n')}`)
}

/** The focused element's description and focus-related style, looking through shadow roots. */
export interface FocusStyle {
  /** Index of the element in the walk (the same element keeps its index). */
  id: number
  name: string
  focusVisible: boolean
  outline: string
  boxShadow: string
}

/**
 * Reads the look of the deeply focused element (`focused`) and, once focus has left it, the look
 * of the element focused before (`previous`, now unfocused), so the two can be compared. The
 * elements are kept in the page (`window.__wmFocusWalk`) so each keeps its index across calls.
 */
export function readFocus(page: Page): Promise<{ focused: FocusStyle | null; previous: FocusStyle | null }> {
  return evaluateNamed(
    page,
    () => {
      const w = window as unknown as { __wmFocusWalk?: { seen: Element[]; last?: Element } }
      const walk = (w.__wmFocusWalk ??= { seen: [] })
      let active: Element | null = document.activeElement
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
      const read = (el: Element | undefined | null) => {
        if (!el) return null
        if (!walk.seen.includes(el)) walk.seen.push(el)
        const s = getComputedStyle(el)
        const name = el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? (el.textContent?.trim() || el.getAttribute('placeholder') || el.tagName)
        return {
          id: walk.seen.indexOf(el),
          name: `${el.tagName.toLowerCase()} "${name.slice(0, 40)}"`,
          focusVisible: el.matches(':focus-visible'),
          // Only a visible outline counts: a 'none' style or zero width draws nothing.
          outline: s.outlineStyle === 'none' || parseFloat(s.outlineWidth) === 0 ? 'none' : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`,
          boxShadow: s.boxShadow
        }
      }
      const inModal = active && active.getRootNode() === document.querySelector('wallet-modal')?.shadowRoot ? active : null
      const previous = walk.last && walk.last !== inModal ? read(walk.last) : null
      walk.last = inModal ?? undefined
      return { focused: read(inModal), previous }
    },
    undefined
  )
}

/**
 * Tabs through every control of the view shown, once round (focus stays in the dialog, so the
 * first element focused comes back), and asserts each showed a focus indicator while focused by
 * the keyboard: it matched `:focus-visible` and its outline or box shadow differed from its look
 * once focus had moved on. Returns the names of the controls visited, in order.
 */
export async function assertFocusVisibleRound(page: Page, what: string, maxStops = 80): Promise<string[]> {
  await page.evaluate(() => void delete (window as unknown as { __wmFocusWalk?: unknown }).__wmFocusWalk)
  const focused = new Map<number, FocusStyle>()
  const unfocused = new Map<number, FocusStyle>()
  const order: string[] = []
  let first: number | undefined
  let cycled = false
  for (let i = 0; i < maxStops && !cycled; i++) {
    await page.keyboard.press('Tab')
    const { focused: now, previous } = await readFocus(page)
    if (previous && !unfocused.has(previous.id)) unfocused.set(previous.id, previous)
    assert.ok(now, `${what}: Tab took focus out of the modal (after ${order.join(' → ')})`)
    if (first === undefined) first = now.id
    else if (now.id === first) cycled = true
    if (!cycled && !focused.has(now.id)) {
      focused.set(now.id, now)
      order.push(now.name)
    }
  }
  assert.ok(cycled, `${what}: focus did not come round in ${maxStops} presses: ${order.join(' → ')}`)
  assert.ok(focused.size > 1, `${what}: fewer than two controls reached`)
  // The first one comes round again: its unfocused look was read when focus left it.
  const missing: string[] = []
  for (const [id, f] of focused) {
    const u = unfocused.get(id)
    assert.ok(u, `${what}: never saw ${f.name} unfocused`)
    if (!f.focusVisible) missing.push(`${f.name} did not match :focus-visible`)
    else if (f.outline === 'none' && f.boxShadow === u.boxShadow) missing.push(`${f.name}: no outline and no box shadow when focused`)
    else if (f.outline === u.outline && f.boxShadow === u.boxShadow) missing.push(`${f.name} looks the same focused and not (${f.outline}; ${f.boxShadow})`)
  }
  assert.deepEqual(missing, [], `${what}: controls without a visible focus indicator:\n${missing.join('\n')}`)
  return order
}
