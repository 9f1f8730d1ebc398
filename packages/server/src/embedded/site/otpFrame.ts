import { h, render } from './dom.js'
import { api, channel, deviceId, setSessionToken, type ChannelMessage } from './secureApi.js'

/** Spec §5: a new code only 30 s after the last one. */
const RESEND_MS = 30_000

/**
 * The code entry, inside the secure site: the person types (or pastes) the 6-digit code here, so
 * it never exists in the site's page. A correct code logs this browser in (the session token
 * stays in this origin) and tells the protocol frame, which answers the modal.
 *
 * `purpose`: `login` (EmailLogin), `update-primary` and `update-secondary` (UpdateEmailWallet).
 */
export function runOtpFrame(email: string, purpose: string, projectId: string): void {
  const bus = channel()
  let sentAt = Date.now()
  const input = h('input', {
    id: 'otp',
    inputmode: 'numeric',
    autocomplete: 'one-time-code',
    maxlength: '6',
    pattern: '[0-9]{6}',
    'aria-describedby': 'otp-status',
    spellcheck: 'false'
  })
  const status = h('p', { id: 'otp-status', class: 'status', role: 'status' })
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Continue')
  const resend = h('button', { type: 'button', class: 'link' }, 'Resend code')
  const form = h(
    'form',
    { novalidate: '' },
    h('label', { for: 'otp' }, purpose === 'update-primary' ? `Enter the code sent to your current address` : `Enter the 6-digit code sent to ${email}`),
    input,
    status,
    submit
  )
  const done = (text: string) => render(h('h1', { class: 'sr-only' }, 'Enter your code'), h('p', { class: 'done', role: 'status' }, text))
  let busy = false

  async function check() {
    const otp = input.value.replace(/\D/g, '')
    if (otp.length !== 6) return void (status.textContent = 'The code has 6 digits')
    if (busy) return
    busy = true
    submit.disabled = true
    status.textContent = 'Checking…'
    status.className = 'status'
    try {
      if (purpose === 'login') {
        const r = await api<{ token: string }>('/api/email/verify', { email, otp, deviceId: deviceId() })
        setSessionToken(r.token)
        done('Code accepted. Connecting…')
        bus.postMessage({ type: 'login', email: email.toLowerCase() } satisfies ChannelMessage)
      } else if (purpose === 'update-primary') {
        const r = await api<{ email: string }>('/api/email/update/primary', { otp })
        done('Code accepted. Check your new address for a second code.')
        bus.postMessage({ type: 'update-primary', email: r.email } satisfies ChannelMessage)
      } else {
        const r = await api<{ email: string; token: string }>('/api/email/update/secondary', { email, otp })
        // Every session of the old address ended; this browser goes on with the new one.
        setSessionToken(r.token)
        done('Your e-mail address is changed.')
        bus.postMessage({ type: 'update-secondary', email: r.email } satisfies ChannelMessage)
      }
    } catch (error) {
      status.textContent = (error as Error).message
      status.className = 'status error'
      input.select()
    } finally {
      busy = false
      submit.disabled = false
    }
  }

  form.addEventListener('submit', event => {
    event.preventDefault()
    void check()
  })
  // A full code (typed or pasted) is checked at once.
  input.addEventListener('input', () => {
    const digits = input.value.replace(/\D/g, '').slice(0, 6)
    if (digits !== input.value) input.value = digits
    if (digits.length === 6) void check()
  })
  resend.addEventListener('click', async () => {
    const wait = sentAt + RESEND_MS - Date.now()
    if (wait > 0) {
      status.textContent = `Please try again after ${Math.ceil(wait / 1000)} seconds`
      status.className = 'status error'
      return
    }
    try {
      await api('/api/email/start', { email, deviceId: deviceId(), projectId })
      sentAt = Date.now()
      status.textContent = 'A new code is on its way'
      status.className = 'status'
    } catch (error) {
      status.textContent = (error as Error).message
      status.className = 'status error'
    }
  })
  render(h('h1', { class: 'sr-only' }, 'Enter your code'), form, ...(purpose === 'login' ? [resend] : []))
  input.focus()
}
