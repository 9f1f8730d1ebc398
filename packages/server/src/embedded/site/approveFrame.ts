import { h, render } from './dom.js'
import { api, channel, type ChannelMessage } from './secureApi.js'
import { visibilityGuard } from './visibilityGuard.js'

/** What POST /api/describe answers. */
interface Description {
  title: string
  rows: { label: string; value: string }[]
  message?: string
  /** Why signing would refuse the request: shown, and no Approve is offered. */
  refused?: string
}

/**
 * The approval of one signing request (ApproveTransaction), drawn by the secure site: the site's
 * page cannot read it or press its buttons (another origin), and the protocol frame takes an
 * approval only from here, over a same-origin channel. Shows everything that will be signed
 * (docs/ARCHITECTURE.md, "The embedded wallet's approval"): the details scroll, nothing is cut,
 * and Approve stays off until the person has scrolled to their end and the frame has been in
 * plain view (not covered, faded or moved) for a moment.
 */
export function runApproveFrame(id: string): void {
  const bus = channel()
  render(h('h1', { class: 'sr-only' }, 'Approve the request'), h('p', { class: 'status', role: 'status' }, 'Loading the request…'))
  let handled = false

  bus.onmessage = async (event: MessageEvent<ChannelMessage>) => {
    const m = event.data
    if (m?.type === 'approval-aborted' && m.id === id) return render(h('h1', { class: 'sr-only' }, 'Approve the request'), h('p', { class: 'status error', role: 'alert' }, 'Request was aborted'))
    if (m?.type !== 'approval-request' || m.id !== id || handled) return
    handled = true
    let description: Description
    try {
      description = await api<Description>('/api/describe', { chainId: m.chainId, method: m.method, params: m.params, accountType: m.accountType })
    } catch (error) {
      description = { title: `Approve ${m.method}`, rows: [], refused: `The request could not be read: ${(error as Error).message}` }
    }
    const list = h('dl', {})
    for (const row of description.rows) list.append(h('dt', {}, row.label), h('dd', { class: row.label === 'Warning' || row.label.endsWith('. Warning') ? 'warning' : '' }, row.value))
    const end = h('span', { class: 'end', 'aria-hidden': 'true' })
    const details = h(
      'div',
      { class: 'details', tabindex: '0', role: 'region', 'aria-label': 'What you approve' },
      ...(description.refused ? [h('p', { class: 'status error', role: 'alert' }, description.refused)] : []),
      ...(description.message !== undefined ? [h('pre', { class: 'message' }, description.message)] : []),
      list,
      end
    )
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
    const seen = new IntersectionObserver(entries => {
      if (entries.some(e => e.isIntersecting)) ((seenAll = true), seen.disconnect(), refresh())
    }, { root: details, threshold: 0 })
    seen.observe(end)
    approve.addEventListener('click', async () => {
      // Checked again at the click itself: the frame may have been covered since the last redraw.
      if (approve.disabled || !guard.trusted() || !seenAll || description.refused) return
      busy = true
      approve.disabled = cancel.disabled = true
      status.textContent = 'Signing…'
      try {
        const { result } = await api<{ result: unknown }>('/api/sign', { chainId: m.chainId, method: m.method, params: m.params, accountType: m.accountType })
        status.textContent = 'Done'
        guard.stop()
        bus.postMessage({ type: 'approval-result', id, result } satisfies ChannelMessage)
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
      bus.postMessage({ type: 'approval-declined', id } satisfies ChannelMessage)
    })
    main.classList.add('approval')
    render(h('h1', {}, description.title), details, hint, status, h('div', { class: 'actions' }, cancel, approve))
    refresh()
    cancel.focus()
  }
  bus.postMessage({ type: 'approval-hello', id } satisfies ChannelMessage)
}
