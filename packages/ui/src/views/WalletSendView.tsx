import { useEffect, useId, useState } from 'react'
import { useSnapshot } from 'valtio/react'
import {
  WalletModalError,
  amountError,
  currentSendToken,
  fillMaxAmount,
  namespaceSupports,
  previewSend,
  receiverPending,
  resolveReceiver,
  sendEnglish,
  sendSupported,
  shortenAddress,
  startSendDraft,
  truncateDecimals,
  walletFeatures
} from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { errorText } from '../hooks/textOr.js'
import { errorWords } from '../hooks/errorWords.js'
import { WalletImage } from '../components/WalletImage.js'
import { ChevronIcon } from '../components/Icons.js'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'
import { useDebouncedEffect } from '../hooks/useDebouncedEffect.js'
import { AmountInput } from '../components/AmountInput.js'
import { AmountHint } from '../components/AmountHint.js'
import { withSendStyles } from './sendStyles.js'
import { formatUsdIn } from '../hooks/formatUsdIn.js'
import { SwitchNetworkButton } from '../components/SwitchNetworkButton.js'

/**
 * Send: token (opens the token list), amount with Max and its fiat value, receiver (an address of
 * the active namespace or a name, shown with its avatar once resolved), then Preview. The draft's
 * rules (checks, Max, the Preview gate) are flows; this view renders the draft and calls them.
 */
export function WalletSendView() {
  const core = useCore()
  const t = useEnglishT(core, sendEnglish)
  const { send } = walletFeatures(core)
  const s = useSnapshot(send.state)
  const chain = useSnapshot(core.chain.state)
  useSnapshot(core.blockchainApi.state)
  const [problem, setProblem] = useState<string>()
  const amountId = useId()
  const receiverId = useId()
  const ns = chain.activeNamespace
  const supported = sendSupported(core)

  // The native token picked when none is, and fresh balances for the list and Max.
  useEffect(() => void startSendDraft(core), [core])
  // The typed receiver is kept in the draft at once (so it survives a trip to the token list);
  // resolving it waits until typing pauses (the default debounce, 500 ms).
  const typed = s.receiverInput ?? ''
  useDebouncedEffect(() => {
    if (receiverPending(core) && send.state.receiverInput === typed) void resolveReceiver(core, typed)
  }, [core, send, typed])
  // A token picked from the list may have changed its balance since: the list's copy is shown.
  const token = s.token ? currentSendToken(core) : undefined

  if (!supported) {
    return (
      <>
        <p className="wm-alert" data-variant="error" role="alert" data-testid="send-error">
          {errorText(t, new WalletModalError('SEND_UNSUPPORTED_CHAIN'))}
        </p>
        <SwitchNetworkButton label={t('send.switchNetwork')} />
      </>
    )
  }

  const amountProblem = amountError(token, s.sendTokenAmount)
  const fiat =
    token && s.sendTokenAmount && !amountProblem && token.price ? formatUsdIn(core.i18n.state.locale, Number(s.sendTokenAmount) * token.price) : undefined
  const origins = serviceOrigins(core)
  const onPreview = async () => setProblem(await previewSend(core))
  return (
    <form
      className="wm-send"
      onSubmit={e => {
        e.preventDefault()
        void onPreview()
      }}
      noValidate
    >
      <div className="wm-field">
        <label htmlFor={amountId}>{t('send.amount')}</label>
        <div className="wm-input-row">
          <AmountInput
            id={amountId}
            value={s.sendTokenAmount}
            invalid={!!amountProblem}
            testId="send-amount"
            onChange={amount => {
              setProblem(undefined)
              send.setAmount(amount)
            }}
          />
          <button
            type="button"
            className="wm-token-pick"
            onClick={() => core.router.push('WalletSendSelectToken')}
            data-testid="send-token"
            aria-label={token ? t('send.changeToken', { symbol: token.symbol }) : t('send.selectToken')}
          >
            {token ? <WalletImage name={token.symbol} src={token.iconUrl ?? undefined} allowOrigins={origins} /> : null}
            <span>{token ? token.symbol : t('send.selectToken')}</span>
            <ChevronIcon />
          </button>
        </div>
        <AmountHint
          id={amountId}
          testPrefix="send"
          problem={amountProblem ? errorText(t, new WalletModalError(amountProblem)) : undefined}
          fiat={fiat}
          balance={token ? `${core.i18n.format.amount(truncateDecimals(token.quantity.numeric, 3))} ${token.symbol}` : undefined}
          balanceTestId="send-token-balance"
          onMax={() => fillMaxAmount(core)}
        />
      </div>
      <div className="wm-field">
        <label htmlFor={receiverId}>{t('send.to')}</label>
        <input
          id={receiverId}
          className="wm-search"
          autoComplete="off"
          spellCheck={false}
          placeholder={namespaceSupports(ns, 'names') ? t('send.addressOrName') : t('send.address')}
          value={s.receiverInput ?? ''}
          aria-invalid={s.receiverError ? 'true' : undefined}
          aria-describedby={`${receiverId}-hint`}
          onChange={e => {
            setProblem(undefined)
            send.setReceiverInput(e.target.value)
          }}
          data-testid="send-receiver"
        />
        <p className="wm-muted wm-hint" id={`${receiverId}-hint`} aria-live="polite">
          {s.receiverResolving ? t('send.lookingUpName') : null}
          {s.receiverError ? (
            <span className="wm-error-text" data-testid="send-receiver-error">
              {errorWords(core, s.receiverError)}
            </span>
          ) : null}
          {s.receiverAddress && s.receiverProfileName ? (
            <span ref={withSendStyles} className="wm-receiver" data-testid="send-receiver-profile">
              {s.receiverProfileImageUrl ? <img className="wm-avatar-small" src={s.receiverProfileImageUrl} alt="" width={20} height={20} /> : null}
              <span>{s.receiverProfileName}</span>
              <span title={s.receiverAddress}>{shortenAddress(s.receiverAddress)}</span>
            </span>
          ) : null}
        </p>
      </div>
      {problem ? (
        <p className="wm-alert" data-variant="error" role="alert" data-testid="send-error">
          {errorWords(core, problem)}
        </p>
      ) : null}
      <button type="submit" className="wm-button wm-full" part="button" disabled={s.receiverResolving} data-testid="send-preview">
        {t('send.previewSend')}
      </button>
    </form>
  )
}
