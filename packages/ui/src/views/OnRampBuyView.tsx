import { useId, useState } from 'react'
import { useSnapshot } from 'valtio/react'
import {
  buyOnRamp,
  endOnRampPurchase,
  onrampAmountProblem,
  ONRAMP_CHOOSE_FIRST,
  onrampEnglish,
  onrampFeature,
  onrampLimits,
  onrampNetwork,
  purchasableHere,
  requestOnRampQuote
} from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { textOr } from '../hooks/textOr.js'
import { errorWords } from '../hooks/errorWords.js'
import { useDebouncedEffect } from '../hooks/useDebouncedEffect.js'
import { AmountInput } from '../components/AmountInput.js'
import { CurrencyImage } from '../components/CurrencyImage.js'
import { withCurrencyPickStyles } from '../components/currencyPickStyles.js'

/** How the provider's checkout window opens (inside the click, so it is not blocked). */
const CHECKOUT_WINDOW = 'popup,width=480,height=720'
/** The payment methods' names by id (catalogue keys); an unknown method shows its id. */
const METHOD_LABELS = { card: 'onramp.method.card', bank: 'onramp.method.bank' } as const

/**
 * Buy crypto, step two (spec §2, §4 on-ramp): what to buy on the active network, what to pay
 * (currency, method, amount within the method's limits), the quote with every fee (a failed quote
 * shows a clearly marked estimate, or only why), then Buy: the provider's checkout opens in a
 * window and the view waits until the funds arrive. The rules are the on-ramp flows'.
 */
export function OnRampBuyView() {
  const core = useCore()
  const t = useEnglishT(core, onrampEnglish)
  // A limit in the payment currency: English as before (the maximum with thousands separators),
  // other locales in their digits and separators, 2 decimals.
  const money = (value: number, grouped: boolean) =>
    core.i18n.state.locale === 'en'
      ? grouped
        ? value.toLocaleString('en-US', { minimumFractionDigits: 2 })
        : value.toFixed(2)
      : core.i18n.format.amount(value.toFixed(2))
  const onramp = onrampFeature(core).controller
  const s = useSnapshot(onramp.state)
  const chain = useSnapshot(core.chain.state)
  const [checkout, setCheckout] = useState<string>()
  const amountId = useId()
  const assetId = useId()
  const currencyId = useId()
  const methodId = useId()
  const network = chain.namespaces[chain.activeNamespace].network.caipNetwork
  useDebouncedEffect(
    () => void requestOnRampQuote(core),
    [core, s.paymentAmount, s.paymentMethod, s.paymentCurrency?.id, s.purchaseCurrency?.id, network?.caipNetworkId]
  )

  const here = purchasableHere(core)
  const sold = onrampNetwork(core)
  const limits = onrampLimits(core)
  const problem = onrampAmountProblem(core)
  const amountProblem = problem && textOr(t, problem.key, problem.text, problem.values)
  // What the flow refused, in the active locale: the amount's problem, the form's, else the words
  // of a known error (a provider's own reason is shown as it came).
  const errorShown = (text: string) =>
    text === problem?.text ? amountProblem! : text === ONRAMP_CHOOSE_FIRST ? t('onramp.chooseFirst') : errorWords(core, text)
  const symbol = s.purchaseCurrency?.symbol ?? ''
  const provider = s.selectedProvider?.name ?? t('onramp.theProvider')
  const method = (id: string) => (id in METHOD_LABELS ? t(METHOD_LABELS[id as keyof typeof METHOD_LABELS]) : id)

  if (s.status === 'waiting' || s.status === 'opening' || s.status === 'received' || s.status === 'timedOut') {
    return (
      <div className="wm-send" data-testid="onramp-status">
        {s.status === 'received' ? (
          <p className="wm-alert" role="status" data-testid="onramp-received">
            {t('onramp.received', { amount: s.received ?? '', symbol })}
          </p>
        ) : s.status === 'timedOut' ? (
          <p className="wm-alert" data-variant="error" role="alert">
            {t('onramp.timedOut', { symbol, provider })}
          </p>
        ) : (
          <p className="wm-muted" role="status" aria-live="polite" data-testid="onramp-waiting">
            {s.status === 'opening' ? t('onramp.opening', { provider }) : t('onramp.waiting', { provider, symbol })}
          </p>
        )}
        {checkout && s.status === 'waiting' ? (
          <a className="wm-link" href={checkout} target="_blank" rel="noopener noreferrer" data-testid="onramp-checkout-link">
            {t('onramp.openCheckoutAgain')}
          </a>
        ) : null}
        <button
          type="button"
          className={s.status === 'received' ? 'wm-button wm-full' : 'wm-button wm-button-secondary wm-full'}
          part="button"
          onClick={() => endOnRampPurchase(core)}
        >
          {s.status === 'received' ? t('onramp.done') : t('onramp.cancel')}
        </button>
      </div>
    )
  }

  return (
    <form
      className="wm-send"
      noValidate
      onSubmit={e => {
        e.preventDefault()
        // Opened inside the click so no popup blocker stops it; the flow sends it to the checkout.
        const popup = window.open('', '_blank', CHECKOUT_WINDOW)
        void buyOnRamp(core, popup).then(setCheckout)
      }}
    >
      {s.optionsFallback ? (
        <p className="wm-alert" role="status" data-testid="onramp-fallback">
          {t('onramp.optionsFallback', { provider })}
        </p>
      ) : null}
      {!sold && !s.optionsLoading ? (
        <p className="wm-alert" data-variant="error" role="alert" data-testid="onramp-not-here">
          {network ? t('onramp.notSoldOn', { provider, network: network.name }) : t('onramp.notSoldHere', { provider })}
        </p>
      ) : null}
      <div className="wm-field">
        <label htmlFor={assetId}>{t('onramp.youBuy')}</label>
        <select
          id={assetId}
          className="wm-search"
          value={s.purchaseCurrency?.id ?? ''}
          onChange={e => onramp.setPurchaseCurrency(onramp.state.purchaseCurrencies.find(c => c.id === e.target.value))}
          data-testid="onramp-asset"
        >
          {(here.length ? here : onramp.state.purchaseCurrencies).map(c => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.symbol})
            </option>
          ))}
        </select>
      </div>
      <div className="wm-field">
        <label htmlFor={amountId}>{t('onramp.youPay')}</label>
        <div className="wm-input-row">
          <AmountInput
            id={amountId}
            value={s.paymentAmount}
            invalid={!!amountProblem}
            testId="onramp-amount"
            onChange={amount => onramp.setPaymentAmount(amount)}
          />
          <label className="wm-sr-only" htmlFor={currencyId}>
            {t('onramp.currency')}
          </label>
          {/* The chosen currency's image beside its code (spec §7 currency images; none when it fails). */}
          <span className="wm-token-pick wm-currency-pick" ref={withCurrencyPickStyles}>
            <CurrencyImage id={s.paymentCurrency?.id} />
            <select
              id={currencyId}
              value={s.paymentCurrency?.id ?? ''}
              onChange={e => onramp.setPaymentCurrency(onramp.state.paymentCurrencies.find(c => c.id === e.target.value))}
              data-testid="onramp-currency"
            >
              {s.paymentCurrencies.map(c => (
                <option key={c.id} value={c.id}>
                  {c.id}
                </option>
              ))}
            </select>
          </span>
        </div>
        <p className="wm-muted wm-hint" id={`${amountId}-hint`}>
          {amountProblem ? (
            <span className="wm-error-text" data-testid="onramp-amount-error">
              {amountProblem}
            </span>
          ) : limits ? (
            <span data-testid="onramp-limits">
              {t('onramp.limits', { min: money(Number(limits.min), false), max: money(Number(limits.max), true), currency: s.paymentCurrency?.id ?? '' })}
            </span>
          ) : (
            <span />
          )}
        </p>
      </div>
      <div className="wm-field">
        <label htmlFor={methodId}>{t('onramp.payWith')}</label>
        <select id={methodId} className="wm-search" value={s.paymentMethod} onChange={e => onramp.setPaymentMethod(e.target.value)} data-testid="onramp-method">
          {(s.paymentCurrency?.payment_method_limits ?? []).map(m => (
            <option key={m.id} value={m.id}>
              {method(m.id)}
            </option>
          ))}
        </select>
      </div>
      {s.quotesLoading ? (
        <p className="wm-muted" role="status">
          {t('onramp.gettingQuote')}
        </p>
      ) : s.purchaseAmount ? (
        <dl className="wm-details" data-testid="onramp-quote">
          <div>
            <dt>{s.quoteEstimated ? t('onramp.youReceiveEstimate') : t('onramp.youReceive')}</dt>
            <dd data-testid="onramp-purchase-amount">
              {s.quoteEstimated ? '≈ ' : ''}
              {s.purchaseAmount} {symbol}
            </dd>
          </div>
          {s.quote ? (
            <>
              <div>
                <dt>{t('onramp.price', { symbol })}</dt>
                <dd>
                  {s.quote.paymentSubtotal.amount} {s.quote.paymentSubtotal.currency}
                </dd>
              </div>
              <div>
                <dt>{t('onramp.networkFee')}</dt>
                <dd data-testid="onramp-network-fee">
                  {s.quote.networkFee.amount} {s.quote.networkFee.currency}
                </dd>
              </div>
              <div>
                <dt>{t('onramp.providerFee', { provider })}</dt>
                <dd data-testid="onramp-provider-fee">
                  {s.quote.providerFee.amount} {s.quote.providerFee.currency}
                </dd>
              </div>
              <div>
                <dt>{t('onramp.total')}</dt>
                <dd data-testid="onramp-total">
                  {s.quote.paymentTotal.amount} {s.quote.paymentTotal.currency}
                </dd>
              </div>
            </>
          ) : null}
        </dl>
      ) : null}
      {s.quoteEstimated ? (
        <p className="wm-alert" role="status" data-testid="onramp-estimate">
          {t('onramp.estimate', { provider, reason: s.quoteError ? errorWords(core, s.quoteError) : '' })}
        </p>
      ) : s.quoteError ? (
        <p className="wm-alert" data-variant="error" role="alert" data-testid="onramp-quote-error">
          {errorWords(core, s.quoteError)}
        </p>
      ) : null}
      {s.error ? (
        <p className="wm-alert" data-variant="error" role="alert" data-testid="onramp-error">
          {errorShown(s.error)}
        </p>
      ) : null}
      <button
        type="submit"
        className="wm-button wm-full"
        part="button"
        disabled={!sold || !s.paymentAmount || !!amountProblem || s.quotesLoading}
        data-testid="onramp-buy"
      >
        {s.paymentAmount && !amountProblem ? t('onramp.buy', { symbol }) : t('onramp.enterAmount')}
      </button>
    </form>
  )
}
