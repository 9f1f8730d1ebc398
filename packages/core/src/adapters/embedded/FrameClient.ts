import {
  FRAME_RESPONSES,
  FrameMessageSchema,
  classifyEmbeddedMethod,
  type FrameRequestPayload,
  type FrameRequestType,
  type FrameResponse
} from '@wallet-modal/wire'
import * as v from 'valibot'
import { WalletModalError } from '../../errors/WalletModalError.js'
import type { Lifetime } from '../../utils/lifetime.js'
import { FRAME_LOAD_TIMEOUT_MS, FRAME_READY_DELAY_MS, FRAME_REQUEST_TIMEOUT_MS } from './constants.js'
import { embeddedError } from '../../errors/embeddedErrors.js'

/** An error the frame answered with: its message (or 'An error occurred') and EIP-1193 code. */
export class FrameRequestError extends Error {
  constructor(
    message: string,
    readonly code?: number
  ) {
    super(message)
    this.name = 'FrameRequestError'
  }
}

/** Options of {@link FrameClient}. */
export interface FrameClientOptions {
  /** The secure site's origin. */
  secureSiteUrl: string
  projectId: string
  /** Ends the frame, its timers and listeners with the core. */
  lifetime: Lifetime
  themeMode: 'light' | 'dark'
  /** A signing request waits for the person in the secure approval frame. */
  onApproval(request: { id: string; method: string }): void
  /** An RPC request settled (its approval, if one was shown, is over): ok, or the error's message. */
  onSettled(id: string, ok: boolean, message?: string): void
  /** Escape was pressed inside a secure frame. */
  onEscape(): void
  /** The session ended in the secure site (signed out in another tab, expired). */
  onSignedOut(): void
  /** The frame never loaded (iframe_load_failed) or stopped answering (iframe_request_timeout). */
  onFailure(code: 'IFRAME_LOAD_FAILED' | 'IFRAME_REQUEST_TIMEOUT'): void
}

interface Pending {
  type: FrameRequestType
  /** An RPC request's method. */
  method?: string
  resolve(value: unknown): void
  reject(error: Error): void
  stop(): void
}

const randomId = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return Array.from(bytes, b => b.toString(16).padStart(2, '0')).join('')
}

/**
 * The modal's side of the frame protocol (spec §7): a hidden iframe of the secure site, and
 * requests to it correlated by random ids. Every message goes to the secure origin by name;
 * every message taken in comes from that frame's window on that origin and passes the wire
 * schemas. The frame is ready on its ready event plus 500 ms; a frame that has not loaded after
 * 20 s fails everything (iframe_load_failed), and a connect request unanswered after 120 s too
 * (iframe_request_timeout).
 *
 * @example
 * ```ts
 * const frame = new FrameClient({ secureSiteUrl, projectId, lifetime, themeMode: 'dark', onApproval, onFailure })
 * const { action } = await frame.request('CONNECT_EMAIL', { email })
 * ```
 */
export class FrameClient {
  /** The secure site's origin. */
  readonly origin: string
  /** The iframe (hidden; its windows are the only ones listened to). */
  readonly iframe: HTMLIFrameElement
  /** Resolves once the frame is ready; rejects with iframe_load_failed. */
  readonly ready: Promise<void>
  private readonly pending = new Map<string, Pending>()
  private failed?: WalletModalError

  constructor(private readonly options: FrameClientOptions) {
    this.origin = new URL(options.secureSiteUrl).origin
    const src = new URL('/frame', this.origin)
    src.searchParams.set('projectId', options.projectId)
    src.searchParams.set('origin', location.origin)
    src.searchParams.set('theme', options.themeMode)
    const iframe = document.createElement('iframe')
    iframe.src = src.href
    iframe.title = 'Secure wallet'
    iframe.setAttribute('aria-hidden', 'true')
    iframe.tabIndex = -1
    iframe.setAttribute('data-wallet-modal-frame', '')
    iframe.style.cssText = 'position:fixed;width:0;height:0;border:0;opacity:0;pointer-events:none;left:-9999px;top:0'
    this.iframe = iframe
    const { lifetime } = options
    this.ready = new Promise<void>((resolve, reject) => {
      const stopLoadTimer = lifetime.setTimeout(() => {
        const e = embeddedError('IFRAME_LOAD_FAILED', { details: `${this.origin} did not answer within ${FRAME_LOAD_TIMEOUT_MS / 1000} s` })
        this.fail(e)
        options.onFailure('IFRAME_LOAD_FAILED')
        reject(e)
      }, FRAME_LOAD_TIMEOUT_MS)
      window.addEventListener(
        'message',
        event => {
          // Only the secure frame's own window, on its origin.
          if (event.origin !== this.origin || event.source !== iframe.contentWindow) return
          const parsed = v.safeParse(FrameMessageSchema, event.data)
          if (!parsed.success) return
          const m = parsed.output
          if (m.kind === 'ready') {
            stopLoadTimer()
            lifetime.setTimeout(resolve, FRAME_READY_DELAY_MS)
          } else if (m.kind === 'approval') options.onApproval({ id: m.id, method: m.method })
          else if (m.kind === 'escape') options.onEscape()
          else if (m.kind === 'signedOut') options.onSignedOut()
          else if (m.kind === 'success' || m.kind === 'error') this.settle(m)
        },
        { signal: lifetime.signal }
      )
    })
    // A load failure is reported through requests and onFailure; nobody may be awaiting `ready`.
    this.ready.catch(() => {})
    document.body.appendChild(iframe)
    lifetime.signal.addEventListener('abort', () => this.destroy(), { once: true })
  }

  private settle(m: { kind: 'success' | 'error'; id: string; type: FrameRequestType; payload?: unknown; message?: string; code?: number }): void {
    const p = this.pending.get(m.id)
    if (!p || p.type !== m.type) return
    this.pending.delete(m.id)
    p.stop()
    if (m.type === 'RPC_REQUEST') this.options.onSettled(m.id, m.kind === 'success', m.message)
    if (m.kind === 'error') return p.reject(new FrameRequestError(m.message || 'An error occurred', m.code))
    const parsed = v.safeParse(FRAME_RESPONSES[m.type], m.payload)
    if (!parsed.success) return p.reject(new FrameRequestError('An error occurred'))
    p.resolve(parsed.output)
  }

  /**
   * Sends a request and resolves with the frame's answer. Connect and account requests time out
   * after 120 s (iframe_request_timeout, which aborts everything pending); RPC requests wait for
   * the person as long as the frame lives.
   */
  async request<T extends FrameRequestType>(type: T, payload: FrameRequestPayload<T>): Promise<FrameResponse<T>> {
    if (this.failed) throw this.failed
    await this.ready
    const id = randomId()
    return new Promise<FrameResponse<T>>((resolve, reject) => {
      const stop =
        type === 'RPC_REQUEST'
          ? () => {}
          : this.options.lifetime.setTimeout(() => {
              this.fail(embeddedError('IFRAME_REQUEST_TIMEOUT', { details: `${type} unanswered after ${FRAME_REQUEST_TIMEOUT_MS / 1000} s` }))
              this.options.onFailure('IFRAME_REQUEST_TIMEOUT')
            }, FRAME_REQUEST_TIMEOUT_MS)
      const method = type === 'RPC_REQUEST' ? (payload as FrameRequestPayload<'RPC_REQUEST'>).method : undefined
      this.pending.set(id, { type, method, resolve: resolve as (v: unknown) => void, reject, stop })
      this.iframe.contentWindow?.postMessage({ wm: 'app', id, type, payload }, this.origin)
    })
  }

  /** Rejects every pending request: 'Request was aborted' for RPC, 'Something went wrong' otherwise. */
  abortAll(): void {
    for (const [id, p] of this.pending) {
      this.pending.delete(id)
      p.stop()
      p.reject(p.type === 'RPC_REQUEST' ? new WalletModalError('REQUEST_ABORTED') : embeddedError('SOMETHING_WENT_WRONG'))
    }
  }

  /**
   * Spec §8: a refused RPC request rejects the other pending ones. Every signing request still
   * waiting (spec §6 approval methods: for the person, in the approval frame) rejects with 'Request
   * was aborted' and its approval settles as failed (ApproveTransaction goes); the frame is told
   * to drop the approvals it shows. Safe reads in flight are left to finish: they ask nobody.
   */
  abortPendingRpc(): void {
    let aborted = false
    for (const [id, p] of this.pending) {
      if (p.type !== 'RPC_REQUEST' || classifyEmbeddedMethod(p.method ?? '') !== 'approve') continue
      aborted = true
      this.pending.delete(id)
      p.stop()
      this.options.onSettled(id, false, 'Request was aborted')
      p.reject(new WalletModalError('REQUEST_ABORTED', { details: p.method }))
    }
    if (aborted) void this.request('ABORT_RPC', {}).catch(() => undefined)
  }

  /** After a load failure or a timeout: everything pending fails, and so does every later request. */
  private fail(error: WalletModalError): void {
    this.failed = error
    for (const [id, p] of this.pending) {
      this.pending.delete(id)
      p.stop()
      p.reject(error)
    }
  }

  /** Removes the frame; pending requests are aborted. */
  destroy(): void {
    this.abortAll()
    this.iframe.remove()
  }
}
