import { SocialResultMessageSchema } from '@wallet-modal/wire'
import * as v from 'valibot'
import { subscribe } from 'valtio/vanilla'
import type { Core } from '../core/Core.js'
import { POPUP_CLOSED_CHECK_MS, type SocialProvider } from '../adapters/embedded/constants.js'
import { WalletModalError } from '../errors/WalletModalError.js'
import { SOCIAL_ERROR_MESSAGES, type SocialErrorCode } from '../errors/socialCodes.js'
import type { ErrorCode } from '../errors/codes.js'
import { ensureEmbedded, finishLogin } from './embedded.js'
import { embeddedState, secureSiteUrlOf } from './embeddedState.js'
import { toEmbeddedError } from '../errors/embeddedErrors.js'
import { EMBEDDED_WALLET } from '../core/featureKeys.js'

/** The longest a social login may take in its popup (the secure site forgets it after this too). */
const SOCIAL_LOGIN_TIMEOUT_MS = 10 * 60_000

const socialError = (code: SocialErrorCode, details?: string) => new WalletModalError(code, { shortMessage: SOCIAL_ERROR_MESSAGES[code], details })

/** Thrown when the attempt was left (modal closed, another attempt): nothing to report. */
class Abandoned extends Error {}

/**
 * Waits for the popup's message carrying the result URI: only from the secure origin and from
 * this very popup, and only in the protocol's shape; anything else is ignored. Checks every 1 s
 * whether the popup was closed ('Popup closed').
 */
function waitForResult(core: Core, popup: Window, secureOrigin: string, live: () => boolean): Promise<string> {
  const { lifetime } = core.runtime
  return new Promise<string>((resolve, reject) => {
    const started = Date.now()
    const done = new AbortController()
    const finish = (fn: () => void) => {
      done.abort()
      stopCheck()
      fn()
    }
    window.addEventListener(
      'message',
      (event: MessageEvent) => {
        if (event.origin !== secureOrigin || event.source !== popup) return
        const parsed = v.safeParse(SocialResultMessageSchema, event.data)
        if (!parsed.success) return
        const m = parsed.output
        finish(() => ('resultUri' in m ? resolve(m.resultUri) : reject(new WalletModalError('CONNECT_FAILED', { shortMessage: m.error }))))
      },
      { signal: AbortSignal.any([done.signal, lifetime.signal]) }
    )
    const stopCheck = lifetime.setInterval(() => {
      if (!live()) finish(() => reject(new Abandoned()))
      else if (popup.closed) finish(() => reject(socialError('POPUP_CLOSED')))
      else if (Date.now() - started > SOCIAL_LOGIN_TIMEOUT_MS)
        finish(() => reject(new WalletModalError('REQUEST_TIMEOUT', { details: 'the social login took too long' })))
    }, POPUP_CLOSED_CHECK_MS)
  })
}

/**
 * Social login (spec §2, §4 social login states), in the popup the click opened: the secure frame
 * starts the login and names the provider's page (GET_SOCIAL_REDIRECT_URI; 'Failed to initiate
 * social connection' when it cannot), the popup goes there; the person logs in at the provider;
 * the secure site's callback posts a result URI to this page, which hands it to the frame
 * (CONNECT_SOCIAL) to complete, and the accounts connect. States: started, user data requested,
 * then success or error, each an event (errors are tracked as events). Closing the modal abandons
 * the login and closes the popup.
 *
 * @param popup - The popup `socialLogin` opened in the click handler (null: it was blocked).
 * @returns the connected address, or undefined when the login did not complete
 */
export async function startSocialLogin(core: Core, provider: SocialProvider, popup: Window | null): Promise<string | undefined> {
  const st = embeddedState(core)
  const attempt = st.nextAttempt()
  const live = () => st.state.attempt === attempt
  st.setSocial({ provider, step: 'started' })
  st.setSocialWindow(popup ?? undefined)
  core.events.emit({ type: 'SOCIAL_LOGIN_STARTED', data: { provider } })
  if (core.router.state.view !== 'ConnectingSocial') core.router.push('ConnectingSocial', { social: provider })
  // Closing the modal ends this attempt (the interval below sees it and closes the popup).
  const stopModal = subscribe(core.modal.state, () => {
    if (!core.modal.state.open && live()) {
      st.nextAttempt()
      st.setSocial({ step: 'idle' })
    }
  })
  const fail = (err: unknown, fallback: ErrorCode): undefined => {
    popup?.close()
    if (!live() || err instanceof Abandoned) return undefined
    const e = toEmbeddedError(err, fallback)
    const message = e.code === 'FRAME_ERROR' && e.details ? e.details : e.shortMessage
    st.setSocial({ provider, step: 'error', error: message })
    core.events.emit({ type: 'SOCIAL_LOGIN_ERROR', data: { provider, code: e.code, message } })
    return undefined
  }
  try {
    if (!popup) return fail(socialError('SOCIAL_INIT_FAILED', 'the browser blocked the popup'), 'SOCIAL_INIT_FAILED')
    const secureOrigin = secureSiteUrlOf(core)
    let wallet: Awaited<ReturnType<typeof ensureEmbedded>>
    let uri: string
    try {
      wallet = await ensureEmbedded(core)
      ;({ uri } = await wallet.frame.request('GET_SOCIAL_REDIRECT_URI', { provider }))
    } catch (err) {
      const e = toEmbeddedError(err, 'FRAME_ERROR')
      return fail(socialError('SOCIAL_INIT_FAILED', e.details ?? e.shortMessage), 'SOCIAL_INIT_FAILED')
    }
    if (!live()) return fail(new Abandoned(), 'CONNECT_FAILED')
    if (popup.closed) return fail(socialError('POPUP_CLOSED'), 'CONNECT_FAILED')
    popup.location.href = uri
    let resultUri: string
    try {
      resultUri = await waitForResult(core, popup, secureOrigin!, live)
    } catch (err) {
      return fail(err, 'CONNECT_FAILED')
    }
    popup.close()
    st.setSocial({ provider, step: 'requested' })
    core.events.emit({ type: 'SOCIAL_LOGIN_REQUEST_USER_DATA', data: { provider } })
    try {
      await wallet.frame.request('CONNECT_SOCIAL', { uri: resultUri })
    } catch (err) {
      return fail(err, 'FRAME_ERROR')
    }
    if (!live()) return undefined
    const address = await finishLogin(core, wallet).catch(err => fail(err, 'AUTH_INIT_FAILED'))
    if (!address) return undefined
    st.setSocial({ step: 'idle' })
    core.events.emit({ type: 'SOCIAL_LOGIN_SUCCESS', data: { provider } })
    return address
  } finally {
    stopModal()
    // This attempt's popup is closed (or was never opened) by now: it is no longer the login's.
    if (st.state.socialWindow === popup) st.setSocialWindow(undefined)
  }
}

/**
 * Sign In With Farcaster (spec §2 ConnectingFarcaster): the secure frame opens a channel on the
 * auth relay and names its link (GET_FARCASTER_URI), which the view shows as a QR code and a link;
 * the frame waits for the Farcaster app's signed answer, which the secure site verifies
 * (CONNECT_FARCASTER); the accounts connect. Any failure: 'Failed to connect to farcaster', with
 * the reason. Closing the modal abandons it.
 * @returns the connected address, or undefined when the login did not complete
 */
export async function startFarcasterLogin(core: Core): Promise<string | undefined> {
  const st = embeddedState(core)
  const attempt = st.nextAttempt()
  const live = () => st.state.attempt === attempt
  const provider = 'farcaster'
  st.setFarcasterUrl(undefined)
  st.setSocial({ provider, step: 'started' })
  core.events.emit({ type: 'SOCIAL_LOGIN_STARTED', data: { provider } })
  if (core.router.state.view !== 'ConnectingFarcaster') core.router.push('ConnectingFarcaster')
  const stopModal = subscribe(core.modal.state, () => {
    if (!core.modal.state.open && live()) {
      st.nextAttempt()
      st.setSocial({ step: 'idle' })
      // The frame stops asking the relay.
      core.runtime.slots
        .get(EMBEDDED_WALLET)
        ?.then(w => w.frame.request('ABORT_RPC', {}))
        .catch(() => undefined)
    }
  })
  const fail = (err: unknown): undefined => {
    if (!live()) return undefined
    const e = toEmbeddedError(err, 'FRAME_ERROR')
    const reason = e.code === 'FRAME_ERROR' && e.details ? e.details : e.shortMessage
    const error = socialError('FARCASTER_FAILED', reason)
    st.setSocial({ provider, step: 'error', error: `${error.shortMessage}: ${reason}` })
    core.events.emit({ type: 'SOCIAL_LOGIN_ERROR', data: { provider, code: error.code, message: error.shortMessage } })
    return undefined
  }
  try {
    const wallet = await ensureEmbedded(core)
    const { url } = await wallet.frame.request('GET_FARCASTER_URI', {})
    if (!live()) return undefined
    st.setFarcasterUrl(url)
    await wallet.frame.request('CONNECT_FARCASTER', {})
    if (!live()) return undefined
    st.setSocial({ provider, step: 'requested' })
    core.events.emit({ type: 'SOCIAL_LOGIN_REQUEST_USER_DATA', data: { provider } })
    const address = await finishLogin(core, wallet)
    st.setSocial({ step: 'idle' })
    st.setFarcasterUrl(undefined)
    core.events.emit({ type: 'SOCIAL_LOGIN_SUCCESS', data: { provider } })
    return address
  } catch (err) {
    return fail(err)
  } finally {
    stopModal()
  }
}
