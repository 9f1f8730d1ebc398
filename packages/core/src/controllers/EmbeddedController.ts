import { proxy, ref } from 'valtio/vanilla'

/** Where an e-mail login stands (EmailLogin view). */
export type EmailLoginStep = 'idle' | 'sending' | 'device' | 'otp' | 'connecting'

/** Where a change of e-mail address stands (UpdateEmailWallet view). */
export type UpdateEmailStep = 'email' | 'sending' | 'primary' | 'secondary' | 'done'

/** Spec §4 social login states (idle before and after). */
export type SocialLoginStep = 'idle' | 'started' | 'requested' | 'error'

/** The embedded wallet's state: login progress, the logged-in user, pending approval. */
export interface EmbeddedState {
  /** The address being logged in with. */
  email?: string
  step: EmailLoginStep
  /** When a code was last asked for (ms), for spec §5's 30 s between codes. */
  lastEmailAt?: number
  /** The last failure, in words to show. */
  error?: string
  /** Counts login attempts: a cancelled attempt's late answers are recognised and dropped. */
  attempt: number
  /** The logged-in user's e-mail (the auth name Account shows). */
  authEmail?: string
  /** A social username, shown instead of the e-mail when present. */
  userName?: string
  /** The social provider the user logged in with (absent for e-mail). */
  provider?: string
  /** The social login in progress (ConnectingSocial view). */
  social: { provider?: string; step: SocialLoginStep; error?: string }
  /** The social login's popup while it is open (spec §3 socialWindow): a second click focuses it. Held by reference, not proxied. */
  socialWindow?: Window
  /** The Sign In With Farcaster link ConnectingFarcaster shows (QR code), once the relay gave it. */
  farcasterUrl?: string
  /** The signing request waiting in ApproveTransaction. */
  approval?: { id: string; method: string }
  /** The change of address in progress. */
  update: { step: UpdateEmailStep; newEmail?: string; error?: string }
}

/**
 * The embedded wallet's controller: a valtio proxy the e-mail views read. Made on first use
 * (flows/embeddedState.ts), so a site whose visitors never use e-mail login never builds it.
 */
export function createEmbeddedController() {
  const state = proxy<EmbeddedState>({ step: 'idle', attempt: 0, update: { step: 'email' }, social: { step: 'idle' } })
  return {
    state,
    setStep(step: EmailLoginStep, error?: string): void {
      state.step = step
      state.error = error
    },
    /** Starts a new attempt (or ends the current one): returns its number. */
    nextAttempt(): number {
      return ++state.attempt
    },
    setEmail(email: string | undefined): void {
      state.email = email
    },
    markSent(at: number): void {
      state.lastEmailAt = at
    },
    setUser(user: { email?: string; userName?: string; provider?: string } | undefined): void {
      state.authEmail = user?.email
      state.userName = user?.userName
      state.provider = user?.provider
    },
    setApproval(approval: { id: string; method: string } | undefined): void {
      state.approval = approval
    },
    setSocial(social: EmbeddedState['social']): void {
      state.social = social
    },
    /** Keeps (or forgets, with undefined) the social login's popup. */
    setSocialWindow(popup: Window | undefined): void {
      state.socialWindow = popup ? ref(popup) : undefined
    },
    setFarcasterUrl(url: string | undefined): void {
      state.farcasterUrl = url
    },
    setUpdate(update: EmbeddedState['update']): void {
      state.update = update
    }
  }
}

/** The embedded wallet controller's type. */
export type EmbeddedController = ReturnType<typeof createEmbeddedController>
