import { createContext, useContext } from 'react'

/** Whether Connect's ways to connect may be used yet (see {@link useConnectGate}). */
export interface ConnectGate {
  /** True while the visitor has not agreed to the site's terms (spec §9 `legalCheckbox`). */
  locked: boolean
  /** Id of the text that says why, for the locked controls' `aria-describedby`. */
  describedBy?: string
}

/** Connect provides it around its wallet, e-mail and social controls; elsewhere nothing is locked. */
export const ConnectGateContext = createContext<ConnectGate>({ locked: false })

/** The attributes a locked control carries (none when unlocked). */
export interface GateAttributes {
  'aria-disabled'?: 'true'
  'aria-describedby'?: string
}

/**
 * The gate a connect control is under, with the attributes to put on it. A locked control stays
 * focusable and in the accessibility tree (announced as unavailable, with the reason read out),
 * unlike a native `disabled` one a keyboard or screen reader user would never find; the control
 * itself must then ignore activation (`locked`), which is what makes it inert.
 *
 * @example
 * const gate = useConnectGate()
 * return <button {...gate.attributes} onClick={gate.locked ? undefined : go}>…</button>
 */
export function useConnectGate(): ConnectGate & { attributes: GateAttributes } {
  const gate = useContext(ConnectGateContext)
  return { ...gate, attributes: gate.locked ? { 'aria-disabled': 'true', 'aria-describedby': gate.describedBy } : {} }
}
