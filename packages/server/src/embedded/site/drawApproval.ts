import { h, render } from './dom.js'
import { visibilityGuard } from './visibilityGuard.js'

/** What POST /api/describe answers. */
export interface Description {
  title: string
  rows: { label: string; value: string }[]
  message?: string
  /** Why signing would refuse the request: shown, and no Approve is offered. */
  refused?: string
}

/** What the person's answer does, wherever the approval is drawn (the frame or its window). */
export interface ApprovalHandlers {
  /** Signs; resolves to the result (rejects with the reason shown). */
  sign(): Promise<unknown>
  /** The signing succeeded. */
  done(result: unknown): void
  /** The person declined. */
  cancel(): void
}

/** The request's details, all of them, in a region that scrolls; `end` marks their last line. */
export function approvalDetails(description: Description): { details: HTMLElement; end: HTMLElement } {
  const list = h('dl', {})
  for (const row of description.rows)
    list.append(h('dt', {}, row.label), h('dd', { class: row.label === 'Warning' || row.label.endsWith('. Warning') ? 'warning' : '' }, row.value))
  const end = h('span', { class: 'end', 'aria-hidden': 'true' })
  const details = h(
    'div',
    { class: 'details', tabindex: '0', role: 'region', 'aria-label': 'What you approve' },
    ...(description.refused ? [h('p', { class: 'status error', role: 'alert' }, description.refused)] : []),
    ...(description.message !== undefined ? [h('pre', { class: 'message' }, description.message)] : []),
    list,
    end
  )
  return { details, end }
}

/**
 * Draws an approval: the title, every detail (scrolling, nothing cut), Cancel and Approve.
 * Approve stays off until the end of the details has been on screen and the page has been in
 * plain view for a moment (see visibilityGuard), and is checked again at the click.
 */
export function drawApproval(description: Description, handlers: ApprovalHandlers): void {
  const { details, end } = approvalDetails(description)
  const approve = h('button', { type: 'button', class: 'primary', id: 'approve' }, 'Approve')
  const cancel = h('button', { type: 'button', id: 'cancel' }, 'Cancel')
  const status = h('p', { class: 'status', role: 'status' })
  const hint = h('p', { class: 'hint' }, 'Scroll to the end to approve')
  let seenAll = false
  let busy = false
  const refresh = () => {
    approve.disabled = busy || !seenAll || !guard.trusted() || !!description.refused
    // Hidden but kept in the layout: the buttons must not move under a pointer on its way to them.
    hint.style.visibility = seenAll ? 'hidden' : 'visible'
  }
  const main = document.getElementById('root')!
  const guard = visibilityGuard(main, refresh)
  // Approve waits until the end of the details has been on screen: long content scrolls, and
  // what was never shown cannot be approved.
  const seen = new IntersectionObserver(
    entries => {
      if (entries.some(e => e.isIntersecting)) (seenAll = true), seen.disconnect(), refresh()
    },
    { root: details, threshold: 0 }
  )
  seen.observe(end)
  approve.addEventListener('click', async () => {
    // Checked again at the click itself: the frame may have been covered since the last redraw.
    if (approve.disabled || !guard.trusted() || !seenAll || description.refused) return
    busy = true
    approve.disabled = cancel.disabled = true
    status.textContent = 'Signing…'
    try {
      const result = await handlers.sign()
      status.textContent = 'Done'
      guard.stop()
      handlers.done(result)
    } catch (error) {
      busy = false
      cancel.disabled = false
      refresh()
      status.textContent = (error as Error).message
      status.className = 'status error'
    }
  })
  cancel.addEventListener('click', () => {
    approve.disabled = cancel.disabled = true
    guard.stop()
    handlers.cancel()
  })
  main.classList.add('approval')
  render(h('h1', {}, description.title), details, hint, status, h('div', { class: 'actions' }, cancel, approve))
  refresh()
  cancel.focus()
}
