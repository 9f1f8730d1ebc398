import { useState } from 'react'
import { sendEnglish } from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'

/**
 * The line under an amount field (Send, Swap): the amount's problem or its fiat value, then the
 * balance with Max, which is disabled while it works. It is the field's description
 * (`{id}-hint`); test ids are `{testPrefix}-amount-error`, `-fiat` and `-max`.
 */
export function AmountHint(props: {
  id: string
  testPrefix: string
  problem: string | undefined
  fiat: string | undefined
  /** The balance as shown; no balance line without it. */
  balance: string | undefined
  balanceTestId: string
  onMax: () => Promise<void>
  maxDisabled?: boolean
}) {
  const t = useEnglishT(useCore(), sendEnglish)
  const [busy, setBusy] = useState(false)
  const { id, testPrefix, problem, fiat, balance } = props
  return (
    <p className="wm-muted wm-hint" id={`${id}-hint`}>
      {problem ? (
        <span className="wm-error-text" data-testid={`${testPrefix}-amount-error`}>
          {problem}
        </span>
      ) : (
        <span data-testid={`${testPrefix}-fiat`}>{fiat ?? ''}</span>
      )}
      {balance !== undefined ? (
        <span className="wm-balance-line">
          <span data-testid={props.balanceTestId}>{balance}</span>
          <button
            type="button"
            className="wm-link"
            disabled={busy || props.maxDisabled}
            data-testid={`${testPrefix}-max`}
            onClick={async () => {
              setBusy(true)
              try {
                await props.onMax()
              } finally {
                setBusy(false)
              }
            }}
          >
            {t('send.amountHint.max')}
          </button>
        </span>
      ) : null}
    </p>
  )
}
