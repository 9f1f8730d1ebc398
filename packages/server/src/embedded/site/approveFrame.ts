import { h, render } from './dom.js'
import { drawApproval, approvalDetails, type Description } from './drawApproval.js'
import { api, channel, sessionToken, type ChannelMessage } from './secureApi.js'
import { measuresVisibility } from './visibilityGuard.js'

/** The request the approval is for, as the protocol frame handed it over. */
type ApprovalRequest = Extract<ChannelMessage, { type: 'approval-request' }>

/** What the approval window and the frame that opened it tell each other (same origin only). */
export type ApprovalWindowMessage =
  | { type: 'wm-approve-ready' }
  | {
      type: 'wm-approve-request'
      description: Description
      request: { chainId: string | number; method: string; params: unknown; accountType: 'eoa' | 'smartAccount' }
      token: string | null
    }
  | { type: 'wm-approve-result'; result: unknown }
  | { type: 'wm-approve-declined' }

/**
 * The approval of one signing request (ApproveTransaction), drawn by the secure site: the site's
 * page cannot read it or press its buttons (another origin), and the protocol frame takes an
 * approval only from here, over a same-origin channel. Shows everything that will be signed
 * (docs/ARCHITECTURE.md, "The embedded wallet's approval"). Where the browser cannot tell the
 * frame whether the page covers it (no IntersectionObserver v2), Approve is not offered in the
 * frame: the request is approved in a window of the secure site's own, which no page can cover.
 */
export function runApproveFrame(id: string): void {
  const bus = channel()
  render(h('h1', { class: 'sr-only' }, 'Approve the request'), h('p', { class: 'status', role: 'status' }, 'Loading the request…'))
  let handled = false

  bus.onmessage = async (event: MessageEvent<ChannelMessage>) => {
    const m = event.data
    if (m?.type === 'approval-aborted' && m.id === id)
      return render(h('h1', { class: 'sr-only' }, 'Approve the request'), h('p', { class: 'status error', role: 'alert' }, 'Request was aborted'))
    if (m?.type !== 'approval-request' || m.id !== id || handled) return
    handled = true
    const request = { chainId: m.chainId, method: m.method, params: m.params, accountType: m.accountType }
    let description: Description
    try {
      description = await api<Description>('/api/describe', request)
    } catch (error) {
      description = { title: `Approve ${m.method}`, rows: [], refused: `The request could not be read: ${(error as Error).message}` }
    }
    const done = (result: unknown) => bus.postMessage({ type: 'approval-result', id, result } satisfies ChannelMessage)
    const cancel = () => bus.postMessage({ type: 'approval-declined', id } satisfies ChannelMessage)
    if (!description.refused && !measuresVisibility()) return offerWindow(m, description, { done, cancel })
    drawApproval(description, { sign: async () => (await api<{ result: unknown }>('/api/sign', request)).result, done, cancel })
  }
  bus.postMessage({ type: 'approval-hello', id } satisfies ChannelMessage)
}

/**
 * The frame shows the request and a button that opens the approval in a window of the secure
 * site (a popup: a top-level window the page cannot cover, fade or move). The window gets the
 * request, its description and the session over `postMessage` between the two, same origin
 * only (a popup's storage is not the frame's: browsers partition a third-party frame's).
 */
function offerWindow(m: ApprovalRequest, description: Description, answer: { done(result: unknown): void; cancel(): void }): void {
  const open = h('button', { type: 'button', class: 'primary', id: 'open-window' }, 'Review in a secure window')
  const cancel = h('button', { type: 'button', id: 'cancel' }, 'Cancel')
  const status = h('p', { class: 'status', role: 'status' }, 'This browser cannot tell whether the page covers this frame: approve in the wallet’s own window.')
  let opened: Window | null = null
  let settled = false
  window.addEventListener('message', (event: MessageEvent<ApprovalWindowMessage>) => {
    if (!opened || event.source !== opened || event.origin !== location.origin || settled) return
    const data = event.data
    if (data?.type === 'wm-approve-ready') {
      const request = { chainId: m.chainId, method: m.method, params: m.params, accountType: m.accountType }
      opened.postMessage({ type: 'wm-approve-request', description, request, token: sessionToken() } satisfies ApprovalWindowMessage, location.origin)
    } else if (data?.type === 'wm-approve-result') {
      settled = true
      status.textContent = 'Done'
      answer.done(data.result)
    } else if (data?.type === 'wm-approve-declined') {
      settled = true
      answer.cancel()
    }
  })
  open.addEventListener('click', () => {
    const url = new URL(location.href)
    url.searchParams.set('window', '1')
    opened = window.open(url.href, `wm-approve-${m.id}`, 'popup,width=440,height=640')
    status.textContent = opened ? 'Approve or cancel in the window that opened.' : 'The window was blocked: allow pop-ups for the wallet, then try again.'
    status.className = opened ? 'status' : 'status error'
  })
  cancel.addEventListener('click', () => {
    if (settled) return
    settled = true
    opened?.close()
    open.disabled = cancel.disabled = true
    answer.cancel()
  })
  const { details } = approvalDetails(description)
  document.getElementById('root')!.classList.add('approval')
  render(h('h1', {}, description.title), details, status, h('div', { class: 'actions' }, cancel, open))
  open.focus()
}

/**
 * The approval window (`/approve?window=1`, opened by the approval frame): draws the request the
 * frame hands over and signs with the session it hands over, then tells the frame and closes.
 * Talks only to the frame that opened it, same origin.
 */
export function runApproveWindow(): void {
  const opener = window.opener as Window | null
  if (!opener) return render(h('h1', {}, 'Approve the request'), h('p', { class: 'status error', role: 'alert' }, 'Open this window from the site’s wallet.'))
  render(h('h1', { class: 'sr-only' }, 'Approve the request'), h('p', { class: 'status', role: 'status' }, 'Loading the request…'))
  const tell = (message: ApprovalWindowMessage) => opener.postMessage(message, location.origin)
  let handled = false
  window.addEventListener('message', (event: MessageEvent<ApprovalWindowMessage>) => {
    if (event.source !== opener || event.origin !== location.origin || handled || event.data?.type !== 'wm-approve-request') return
    handled = true
    const { description, request, token } = event.data
    drawApproval(description, {
      sign: async () => (await api<{ result: unknown }>('/api/sign', request, token)).result,
      done: result => (tell({ type: 'wm-approve-result', result }), window.close()),
      cancel: () => (tell({ type: 'wm-approve-declined' }), window.close())
    })
  })
  tell({ type: 'wm-approve-ready' })
}
