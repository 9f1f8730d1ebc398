import { proxy, ref } from 'valtio/vanilla'
import type { NameSuggestion } from '@wallet-modal/wire'

/** Where a registration stands: typing, waiting for the signature, or waiting for the service. */
export type NameRegistrationStep = 'idle' | 'signing' | 'registering'

/** RegisterAccountName's state: what is typed, what the service said about it, the registration. */
export interface NamesState {
  /** The name's own part as typed (without the suffix). */
  input: string
  /** Why the typed name breaks the rule (spec §5), found before any request. */
  ruleError?: string
  /** A check of the typed name is under way. */
  checking: boolean
  /** The own part the last answer was about. */
  checked?: string
  /** Whether the checked name is taken. */
  taken?: boolean
  /** Free variants of a taken name (whole names). */
  suggestions: NameSuggestion[]
  /** Why the last check or registration failed (the service's reason first). */
  error?: string
  step: NameRegistrationStep
  /** The whole name just registered (RegisterAccountNameSuccess shows it). */
  registered?: string
  /** The own part the last paused typing was about, asked or not (tests wait on it). */
  considered?: string
  /**
   * The account a registration was started for: the form is kept for it while the signature
   * round trip leaves the view (ApproveTransaction) and comes back; any other visit starts empty.
   */
  keepFor?: string
}

/** The account-name controller (spec §2 RegisterAccountName, §4 name registration). */
export function createNamesController() {
  const state = proxy<NamesState>({ input: '', checking: false, suggestions: [], step: 'idle' })
  return {
    state,
    /** A new input: the last answer and error no longer apply. */
    setInput(input: string, ruleError: string | undefined): void {
      // A check in flight is about the old input: it is dropped, so it no longer runs.
      Object.assign(state, { input, ruleError, checked: undefined, taken: undefined, suggestions: ref([]), error: undefined, checking: false })
    },
    setConsidered(label: string): void {
      state.considered = label
    },
    /** Keeps the form for `account` across the signature's round trip (undefined: no longer). */
    setKeepFor(account: string | undefined): void {
      state.keepFor = account
    },
    setChecking(checking: boolean): void {
      state.checking = checking
    },
    setChecked(label: string, taken: boolean, suggestions: NameSuggestion[]): void {
      // Plain data the views only read: kept out of valtio's proxies.
      Object.assign(state, { checked: label, taken, suggestions: ref(suggestions), checking: false, error: undefined })
    },
    setError(error: string | undefined): void {
      Object.assign(state, { error, checking: false })
    },
    setStep(step: NameRegistrationStep): void {
      state.step = step
    },
    setRegistered(name: string): void {
      Object.assign(state, { registered: name, step: 'idle', error: undefined })
    },
    /** Back to an empty form (a new visit to RegisterAccountName). */
    reset(): void {
      Object.assign(state, {
        input: '',
        ruleError: undefined,
        checking: false,
        checked: undefined,
        taken: undefined,
        suggestions: ref([]),
        error: undefined,
        step: 'idle',
        registered: undefined,
        considered: undefined,
        keepFor: undefined
      })
    }
  }
}

/** The account-name controller's type. */
export type NamesController = ReturnType<typeof createNamesController>
