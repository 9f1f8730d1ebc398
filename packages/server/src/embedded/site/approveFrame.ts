import { h, render } from './dom.js'
import { api, channel, type ChannelMessage } from './secureApi.js'

/** Approve stays disabled this long after the request shows: a click aimed at something else cannot land on it. */
const APPROVE_DELAY_MS = 600

/** What POST /api/describe answers. */
interface Description {
  title: string
  rows: { label: string; value: string }[]
  message?: string
}

/**
 * The approval of one signing request (ApproveTransaction), drawn by the secure site: the site's
 * page cannot read it or press its buttons (another origin), and the protocol frame takes an
 * approval only from here, over a same-origin channel. Shows what will be signed in human terms,
 * then signs on the server with the person's key.
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
      description = { title: `Approve ${m.method}`, rows: [{ label: 'Details', value: `could not be read: ${(error as Error).message}` }] }
    }
    const list = h('dl', {})
    for (const row of description.rows) list.append(h('dt', {}, row.label), h('dd', {}, row.value))
    const approve = h('button', { type: 'button', class: 'primary', id: 'approve' }, 'Approve')
    const cancel = h('button', { type: 'button', id: 'cancel' }, 'Cancel')
    const status = h('p', { class: 'status', role: 'status' })
    // Approve is live only after a short delay, so a click aimed at what was there before (a
    // decoy the page swapped the modal in under) cannot land on it. Focus starts on Cancel.
    let settled = false
    let busy = false
    const refresh = () => {
      approve.disabled = busy || !settled
    }
    approve.disabled = true
    setTimeout(() => ((settled = true), refresh()), APPROVE_DELAY_MS)
    approve.addEventListener('click', async () => {
      busy = true
      approve.disabled = cancel.disabled = true
      status.textContent = 'Signing…'
      try {
        const { result } = await api<{ result: unknown }>('/api/sign', { chainId: m.chainId, method: m.method, params: m.params, accountType: m.accountType })
        status.textContent = 'Done'
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
      bus.postMessage({ type: 'approval-declined', id } satisfies ChannelMessage)
    })
    render(
      h('h1', {}, description.title),
      ...(description.message !== undefined ? [h('pre', { class: 'message', tabindex: '0' }, description.message)] : []),
      list,
      status,
      h('div', { class: 'actions' }, cancel, approve)
    )
    cancel.focus()
  }
  bus.postMessage({ type: 'approval-hello', id } satisfies ChannelMessage)
}
