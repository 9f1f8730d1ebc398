import { expect } from 'chai'
import { isWalletModalError } from '../../errors/WalletModalError.js'
import type { Lifetime } from '../../utils/lifetime.js'
import { FrameClient } from './FrameClient.js'
import { EmbeddedProvider } from './EmbeddedProvider.js'
import { waitFor } from '../../__fixtures__/devnet.js'
import { nextTask } from '../../__fixtures__/nextTask.js'

/**
 * A lifetime whose timers run only when the test moves its clock: the frame's 500 ms, 20 s and
 * 120 s are checked without waiting for them.
 */
function fakeClockLifetime() {
  const controller = new AbortController()
  let now = 0
  let timers: { at: number; ms: number; fn: () => void }[] = []
  const life: Lifetime & { advance(ms: number): void; scheduled(ms: number): boolean } = {
    signal: controller.signal,
    setTimeout(fn, ms) {
      const t = { at: now + ms, ms, fn }
      timers.push(t)
      return () => void (timers = timers.filter(x => x !== t))
    },
    setInterval: () => () => {},
    sleep: () => Promise.resolve(),
    onEnd(fn) {
      controller.signal.addEventListener('abort', fn, { once: true })
      return () => controller.signal.removeEventListener('abort', fn)
    },
    end: () => controller.abort(),
    advance(ms) {
      now += ms
      const due = timers.filter(t => t.at <= now)
      timers = timers.filter(t => t.at > now)
      for (const t of due) t.fn()
    },
    /** Whether a timer of `ms` is waiting (the client has started it). */
    scheduled: ms => timers.some(t => t.ms === ms)
  }
  return life
}

/** The frame's 500 ms wait after its ready message: started once the client has heard it. */
const READY_WAIT_MS = 500

/**
 * Resolves once every message this page posted to itself before the call has been delivered
 * (messages to one window arrive in the order posted): the client has looked at them all.
 */
async function postedMessagesDelivered(): Promise<void> {
  const marker = `delivered-${Math.random()}`
  const delivered = new Promise<void>(resolve => {
    const listener = (e: MessageEvent) => {
      if (e.data !== marker) return
      window.removeEventListener('message', listener)
      resolve()
    }
    window.addEventListener('message', listener)
  })
  window.postMessage(marker, '*')
  await delivered
}

/** Runs `code` as a script inside the (same-origin, in this test) frame: a stand-in secure site speaking the real protocol. */
async function inFrame(frame: HTMLIFrameElement, code: string): Promise<void> {
  if (frame.contentDocument?.readyState !== 'complete' || frame.contentWindow?.location.href === 'about:blank') {
    await new Promise(resolve => frame.addEventListener('load', resolve, { once: true }))
  }
  const script = frame.contentDocument!.createElement('script')
  script.textContent = code
  frame.contentDocument!.body.append(script)
}

describe('FrameClient (the modal side of the frame protocol)', () => {
  let life: ReturnType<typeof fakeClockLifetime>
  let failures: string[]
  let approvals: { id: string; method: string }[]
  let client: FrameClient | undefined
  let signedOut = 0
  let settled: [string, boolean, string | undefined][]

  const make = (secureSiteUrl: string) =>
    (client = new FrameClient({
      secureSiteUrl,
      projectId: 'test',
      lifetime: life,
      themeMode: 'light',
      onApproval: r => approvals.push(r),
      onSettled: (id, ok, message) => settled.push([id, ok, message]),
      onEscape: () => {},
      onSignedOut: () => void signedOut++,
      onFailure: code => failures.push(code)
    }))

  beforeEach(() => {
    life = fakeClockLifetime()
    failures = []
    approvals = []
    settled = []
    signedOut = 0
  })
  afterEach(() => {
    life.end()
    client = undefined
  })

  it('adds one hidden frame on the secure origin, told the page origin, and removes it with the core', () => {
    const c = make('http://127.0.0.1:9')
    const frame = document.querySelector<HTMLIFrameElement>('iframe[data-wallet-modal-frame]')!
    expect(frame).to.equal(c.iframe)
    const src = new URL(frame.src)
    expect(src.origin).to.equal('http://127.0.0.1:9')
    expect(src.searchParams.get('origin')).to.equal(location.origin)
    expect(frame.getAttribute('aria-hidden')).to.equal('true')
    expect(frame.parentElement).to.equal(document.body)
    expect(document.head.querySelector('iframe')).to.equal(null)
    life.end()
    expect(document.querySelector('iframe[data-wallet-modal-frame]')).to.equal(null)
  })

  it('a frame that never loads fails every request after 20 s with iframe_load_failed (fake clock)', async () => {
    const c = make('http://127.0.0.1:9')
    let outcome: unknown = 'pending'
    c.request('IS_CONNECTED', {}).then(
      () => (outcome = 'resolved'),
      e => (outcome = e)
    )
    life.advance(19_999)
    await nextTask()
    expect(outcome).to.equal('pending')
    life.advance(1)
    await nextTask()
    expect(isWalletModalError(outcome, 'IFRAME_LOAD_FAILED'), String(outcome)).to.equal(true)
    expect(failures).to.deep.equal(['IFRAME_LOAD_FAILED'])
    const later = await c.request('GET_CHAIN_ID', {}).catch(e => e)
    expect(isWalletModalError(later, 'IFRAME_LOAD_FAILED')).to.equal(true)
  })

  it('ignores a "ready" from any window but its frame (the page posting to itself)', async () => {
    const c = make(location.origin)
    let ready = false
    void c.ready.then(() => (ready = true))
    window.postMessage({ wm: 'frame', kind: 'ready' }, '*')
    window.postMessage({ wm: 'frame', kind: 'approval', id: 'forged-id-123', method: 'personal_sign' }, '*')
    window.postMessage({ wm: 'frame', kind: 'signedOut' }, '*')
    await postedMessagesDelivered()
    expect(life.scheduled(READY_WAIT_MS), 'the ready wait started').to.equal(false)
    life.advance(READY_WAIT_MS)
    await nextTask()
    expect(ready).to.equal(false)
    expect(approvals).to.deep.equal([])
    expect(signedOut).to.equal(0)
  })

  it('is ready 500 ms after the frame says so; correlates answers by id; validates them; errors carry the frame words or "An error occurred"', async () => {
    const c = make(location.origin)
    // The stand-in frame answers CONNECT_EMAIL with VERIFY_OTP, GET_CHAIN_ID with a malformed
    // answer, SIGN_OUT with an error without words, and asks approval for RPC requests.
    await inFrame(
      c.iframe,
      `addEventListener('message', e => {
        const m = e.data
        if (m.type === 'CONNECT_EMAIL') parent.postMessage({ wm: 'frame', kind: 'success', id: m.id, type: m.type, payload: { action: 'VERIFY_OTP' } }, '*')
        if (m.type === 'GET_CHAIN_ID') parent.postMessage({ wm: 'frame', kind: 'success', id: m.id, type: m.type, payload: { chainId: { not: 'valid' } } }, '*')
        if (m.type === 'SIGN_OUT') parent.postMessage({ wm: 'frame', kind: 'error', id: m.id, type: m.type }, '*')
        if (m.type === 'IS_CONNECTED') parent.postMessage({ wm: 'frame', kind: 'error', id: m.id, type: m.type, message: 'Not connected to email or social', code: 4100 }, '*')
        if (m.type === 'RPC_REQUEST') parent.postMessage({ wm: 'frame', kind: 'approval', id: m.id, method: m.payload.method }, '*')
        // An answer to an id nobody asked with is dropped.
        parent.postMessage({ wm: 'frame', kind: 'success', id: 'nobody-asked-1', type: 'CONNECT_EMAIL', payload: { action: 'CONNECT' } }, '*')
      })
      parent.postMessage({ wm: 'frame', kind: 'ready' }, '*')`
    )
    let ready = false
    void c.ready.then(() => (ready = true))
    await waitFor(() => life.scheduled(READY_WAIT_MS), 3000, "the frame's ready message")
    await nextTask()
    expect(ready).to.equal(false)
    life.advance(READY_WAIT_MS - 1)
    await nextTask()
    expect(ready).to.equal(false)
    life.advance(1)
    await nextTask()
    expect(ready).to.equal(true)

    expect(await c.request('CONNECT_EMAIL', { email: 'a@example.com' })).to.deep.equal({ action: 'VERIFY_OTP' })
    const malformed = await c.request('GET_CHAIN_ID', {}).catch(e => e)
    expect((malformed as Error).message).to.equal('An error occurred')
    const wordless = await c.request('SIGN_OUT', {}).catch(e => e)
    expect((wordless as Error).message).to.equal('An error occurred')
    const worded = await c.request('IS_CONNECTED', {}).catch(e => e)
    expect([(worded as Error).message, (worded as { code?: number }).code]).to.deep.equal(['Not connected to email or social', 4100])

    // An RPC request waits for the person: no timeout of its own; an abort rejects it.
    const rpc = c.request('RPC_REQUEST', { method: 'personal_sign', params: ['0x00', '0x0'] }).catch(e => e)
    await waitFor(() => approvals.length > 0, 3000, 'the approval')
    expect(approvals.map(a => a.method)).to.deep.equal(['personal_sign'])
    life.advance(200_000)
    c.abortAll()
    expect(isWalletModalError(await rpc, 'REQUEST_ABORTED')).to.equal(true)
    expect((await rpc).message).to.equal('Request was aborted')
  })

  it('a refused RPC request rejects the signing requests still pending (spec §8), tells the frame, and leaves reads to finish', async () => {
    const c = make(location.origin)
    // The stand-in frame asks approval for signing requests and answers none yet; it answers a
    // read only once told, and records the ABORT_RPC it is sent.
    await inFrame(
      c.iframe,
      `window.seen = []
      addEventListener('message', e => {
        const m = e.data
        window.seen.push(m.type)
        if (m.type === 'RPC_REQUEST' && m.payload.method === 'personal_sign') parent.postMessage({ wm: 'frame', kind: 'approval', id: m.id, method: m.payload.method }, '*')
        if (m.type === 'RPC_REQUEST' && m.payload.method === 'eth_blockNumber') window.answerRead = () => parent.postMessage({ wm: 'frame', kind: 'success', id: m.id, type: m.type, payload: { result: '0x10' } }, '*')
        if (m.type === 'ABORT_RPC') parent.postMessage({ wm: 'frame', kind: 'success', id: m.id, type: m.type, payload: {} }, '*')
      })
      parent.postMessage({ wm: 'frame', kind: 'ready' }, '*')`
    )
    await waitFor(() => life.scheduled(READY_WAIT_MS), 3000, "the frame's ready message")
    life.advance(READY_WAIT_MS)
    await c.ready
    const refused: string[] = []
    const provider = new EmbeddedProvider(c, { onRefused: m => refused.push(m), onSignOut: () => {} })
    const signing = provider.request({ method: 'personal_sign', params: ['0x6869', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'] }).catch(e => e)
    const read = provider.request({ method: 'eth_blockNumber' })
    await waitFor(() => approvals.length > 0, 3000, 'the approval')
    expect(approvals.map(a => a.method)).to.deep.equal(['personal_sign'])

    const bad = await provider.request({ method: 'eth_sign', params: [] }).catch(e => e)
    expect([(bad as Error).message, (bad as { code?: number }).code]).to.deep.equal(['Requested RPC call is not allowed', 4200])
    expect(refused).to.deep.equal(['eth_sign'])
    // The signing request is rejected with it, and its approval settles as failed.
    const aborted = await signing
    expect(isWalletModalError(aborted, 'REQUEST_ABORTED'), String(aborted)).to.equal(true)
    expect((aborted as Error).message).to.match(/^Request was aborted/)
    expect(settled).to.deep.equal([[approvals[0]!.id, false, 'Request was aborted']])
    const frameWindow = c.iframe.contentWindow as Window & { seen: string[]; answerRead(): void }
    // Messages to the frame arrive in the order posted: once a marker posted now has arrived,
    // so has every ABORT_RPC the client sent.
    frameWindow.postMessage({ type: 'MARKER' }, location.origin)
    await waitFor(() => frameWindow.seen.includes('MARKER'), 3000, 'the marker in the frame')
    expect(frameWindow.seen.filter(t => t === 'ABORT_RPC')).to.have.length(1)
    // The read was not asked of anybody: it still gets its answer.
    frameWindow.answerRead()
    expect(await read).to.equal('0x10')
  })

  it('a connect request unanswered for 120 s fails everything with iframe_request_timeout (fake clock)', async () => {
    const c = make(location.origin)
    await inFrame(c.iframe, `parent.postMessage({ wm: 'frame', kind: 'ready' }, '*')`)
    await waitFor(() => life.scheduled(READY_WAIT_MS), 3000, "the frame's ready message")
    life.advance(READY_WAIT_MS)
    await c.ready
    const connect = c.request('CONNECT_OTP', {}).catch(e => e)
    const other = c.request('GET_USER', {}).catch(e => e)
    await waitFor(() => life.scheduled(120_000), 3000, 'the requests sent')
    life.advance(119_999)
    await nextTask()
    expect(failures).to.deep.equal([])
    life.advance(1)
    expect(isWalletModalError(await connect, 'IFRAME_REQUEST_TIMEOUT')).to.equal(true)
    expect(isWalletModalError(await other, 'IFRAME_REQUEST_TIMEOUT')).to.equal(true)
    expect(failures).to.include('IFRAME_REQUEST_TIMEOUT')
  })
})
