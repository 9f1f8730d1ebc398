import { useEffect, useId, useState } from 'react'
import { useSnapshot } from 'valtio/react'
import {
  PRICE_IMPACT_WARNING,
  SWAP_ERROR_MESSAGES,
  ERROR_MESSAGES,
  WalletModalError,
  approveSwap,
  executeSwap,
  fillMaxSwap,
  flipSwap,
  formatSwapAmount,
  minimumReceived,
  requestSwapQuote,
  setSwapSlippage,
  startSwap,
  swapAmountError,
  swapBalance,
  swapFeature,
  swapNetworkFee,
  swapEnglish,
  swapRate,
  truncateDecimals,
  type SwapToken
} from '@wallet-modal/core/internal'
import { useCore } from '../hooks/CoreContext.js'
import { useEnglishT } from '../hooks/useEnglishT.js'
import { errorText } from '../hooks/textOr.js'
import { errorWords } from '../hooks/errorWords.js'
import { formatPercentIn } from '../hooks/formatPercentIn.js'
import { WalletImage } from '../components/WalletImage.js'
import { ChevronIcon, FlipIcon } from '../components/Icons.js'
import { serviceOrigins } from '../hooks/useServiceOrigins.js'
import { useDebouncedEffect } from '../hooks/useDebouncedEffect.js'
import { AmountInput } from '../components/AmountInput.js'
import { AmountHint } from '../components/AmountHint.js'
import { withSwapStyles } from './swapStyles.js'
import { formatUsdIn } from '../hooks/formatUsdIn.js'
import { SwitchNetworkButton } from '../components/SwitchNetworkButton.js'

/** The catalogues whose words Swap's errors may be (shown in the active locale). */
const SWAP_ERRORS = [ERROR_MESSAGES, SWAP_ERROR_MESSAGES]

/**
 * Swap (spec §2, §4 swap): the token sold with its amount, Max and balance, the arrow that swaps
 * the sides, the token bought with the live quote (asked once typing pauses), then price impact
 * (warned above {@link PRICE_IMPACT_WARNING}%), network fee, slippage (1% by default, editable),
 * minimum received, and one button that reads what comes next: Approve, then Swap. The rules are
 * the swap flows'; this view renders the draft and calls them.
 */
export function SwapView() {
  const core = useCore()
  const t = useEnglishT(core, swapEnglish)
  const swap = swapFeature(core).controller
  const s = useSnapshot(swap.state)
  const chain = useSnapshot(core.chain.state)
  useSnapshot(core.blockchainApi.state)
  const [slippageText, setSlippageText] = useState(String(s.slippage))
  const [slippageProblem, setSlippageProblem] = useState<string>()
  const amountId = useId()
  const slippageId = useId()
  const network = chain.namespaces[chain.activeNamespace].network.caipNetwork
  const origins = serviceOrigins(core)

  useEffect(() => void startSwap(core), [core, network?.caipNetworkId])
  // A quote is asked once typing pauses (the default debounce, 500 ms), and again when a side changes.
  useDebouncedEffect(() => void requestSwapQuote(core), [core, s.from?.address, s.to?.address, s.amount, s.network])

  if (s.tokensError) {
    return (
      <>
        <p className="wm-alert" data-variant="error" role="alert" data-testid="swap-unavailable">
          {errorWords(core, s.tokensError, SWAP_ERRORS)}
        </p>
        <SwitchNetworkButton label={t('swap.switchNetwork')} />
      </>
    )
  }
  if (s.tokensLoading && !s.tokens.length)
    return (
      <p className="wm-muted" role="status">
        {t('swap.loadingTokens')}
      </p>
    )

  const amountProblem = swapAmountError(core)
  const busy = s.step !== 'idle'
  const pick = (side: 'from' | 'to') => core.router.push('SwapSelectToken', { swapSide: side })
  const tokenButton = (token: SwapToken | undefined, side: 'from' | 'to') => (
    <button
      type="button"
      className="wm-token-pick"
      onClick={() => pick(side)}
      disabled={busy}
      data-testid={`swap-${side}-token`}
      aria-label={
        token
          ? side === 'from'
            ? t('swap.changeTokenToSwap', { symbol: token.symbol })
            : t('swap.changeTokenToReceive', { symbol: token.symbol })
          : side === 'from'
            ? t('swap.selectTokenToSwap')
            : t('swap.selectTokenToReceive')
      }
    >
      {token ? <WalletImage name={token.symbol} src={token.logoUri || undefined} allowOrigins={origins} /> : null}
      <span>{token ? token.symbol : t('swap.selectToken')}</span>
      <ChevronIcon />
    </button>
  )
  const fromBalance = s.from ? swapBalance(core, s.from) : undefined
  const toBalance = s.to ? swapBalance(core, s.to) : undefined
  const fiat = s.from && s.amount && !amountProblem && s.from.price ? formatUsdIn(core.i18n.state.locale, Number(s.amount) * s.from.price) : undefined
  const quote = s.quote
  const received = quote && s.to ? formatSwapAmount(quote.toAmount, s.to.decimals) : ''
  const highImpact = quote !== undefined && quote.priceImpact > PRICE_IMPACT_WARNING
  const fee = quote ? swapNetworkFee(core, quote) : undefined

  // The one button says what comes next.
  let action: { label: string; run?: () => Promise<unknown> }
  if (!s.from || !s.to) action = { label: t('swap.selectToken') }
  else if (!s.amount) action = { label: t('swap.enterAmount') }
  else if (amountProblem === 'INSUFFICIENT_FUNDS') action = { label: t('swap.insufficientBalance', { symbol: s.from.symbol }) }
  else if (amountProblem) action = { label: t('swap.invalidAmount') }
  else if (s.step === 'approving') action = { label: s.confirming ? t('swap.waitingForApproval') : t('swap.approveInWallet') }
  else if (s.step === 'swapping') action = { label: s.confirming ? t('swap.waitingForSwap') : t('swap.confirmInWallet') }
  else if (s.quoteLoading || (!quote && !s.quoteError)) action = { label: t('swap.gettingQuote') }
  else if (!quote) action = { label: t('swap.noQuote') }
  else if (s.needsApproval && !s.batchesApproval) action = { label: t('swap.approve', { symbol: s.from.symbol }), run: () => approveSwap(core) }
  else action = { label: t('swap.swap'), run: () => executeSwap(core) }

  return (
    <form
      ref={withSwapStyles}
      className="wm-send"
      noValidate
      onSubmit={e => {
        e.preventDefault()
        void action.run?.()
      }}
    >
      <div className="wm-field">
        <label htmlFor={amountId}>{t('swap.youPay')}</label>
        <div className="wm-input-row">
          <AmountInput
            id={amountId}
            value={s.amount}
            invalid={!!amountProblem}
            readOnly={busy}
            testId="swap-amount"
            onChange={amount => swap.setAmount(amount)}
          />
          {tokenButton(s.from, 'from')}
        </div>
        <AmountHint
          id={amountId}
          testPrefix="swap"
          problem={amountProblem ? errorText(t, new WalletModalError(amountProblem)) : undefined}
          fiat={fiat}
          balance={
            s.from && fromBalance
              ? t('swap.balance', { amount: core.i18n.format.amount(truncateDecimals(fromBalance.quantity, 4)), symbol: s.from.symbol })
              : undefined
          }
          balanceTestId="swap-from-balance"
          onMax={() => fillMaxSwap(core)}
          maxDisabled={busy}
        />
      </div>
      <button
        type="button"
        className="wm-icon-button wm-flip"
        aria-label={t('swap.flip')}
        disabled={busy}
        onClick={() => flipSwap(core)}
        data-testid="swap-flip"
      >
        <FlipIcon />
      </button>
      <div className="wm-field">
        <span className="wm-label">{t('swap.youReceive')}</span>
        <div className="wm-input-row">
          <output className="wm-search wm-amount" aria-live="polite" aria-busy={s.quoteLoading ? 'true' : undefined} data-testid="swap-to-amount">
            {s.quoteLoading ? '…' : received || '0'}
          </output>
          {tokenButton(s.to, 'to')}
        </div>
        <p className="wm-muted wm-hint">
          <span />
          {s.to && toBalance ? (
            <span data-testid="swap-to-balance">
              {t('swap.balance', { amount: core.i18n.format.amount(truncateDecimals(toBalance.quantity, 4)), symbol: s.to.symbol })}
            </span>
          ) : null}
        </p>
      </div>
      {s.quoteError ? (
        <p className="wm-alert" data-variant="error" role="alert" data-testid="swap-quote-error">
          {errorWords(core, s.quoteError, SWAP_ERRORS)}
        </p>
      ) : null}
      {quote && s.from && s.to ? (
        <dl className="wm-details" data-testid="swap-details">
          <div>
            <dt>{t('swap.rate')}</dt>
            <dd data-testid="swap-rate">
              1 {s.from.symbol} = {swapRate(quote, s.from, s.to)} {s.to.symbol}
            </dd>
          </div>
          <div>
            <dt>{t('swap.priceImpact')}</dt>
            <dd data-testid="swap-price-impact" data-variant={highImpact ? 'warning' : undefined}>
              {formatPercentIn(core.i18n.state.locale, quote.priceImpact)}
            </dd>
          </div>
          <div>
            <dt>{t('swap.networkFee')}</dt>
            <dd data-testid="swap-network-fee">{fee ? `≈ ${fee}` : t('swap.feeUnavailable')}</dd>
          </div>
          <div>
            <dt>
              <label htmlFor={slippageId}>{t('swap.slippage')}</label>
            </dt>
            <dd className="wm-slippage">
              <input
                id={slippageId}
                className="wm-search"
                inputMode="decimal"
                autoComplete="off"
                size={4}
                value={slippageText}
                readOnly={busy}
                aria-invalid={slippageProblem ? 'true' : undefined}
                aria-describedby={slippageProblem ? `${slippageId}-error` : undefined}
                onChange={e => {
                  setSlippageText(e.target.value)
                  setSlippageProblem(setSwapSlippage(core, e.target.value.replace(',', '.')))
                }}
                data-testid="swap-slippage"
              />
              %
            </dd>
          </div>
          <div>
            <dt>{t('swap.minimumReceived')}</dt>
            <dd data-testid="swap-minimum">
              {formatSwapAmount(minimumReceived(quote, s.slippage), s.to.decimals)} {s.to.symbol}
            </dd>
          </div>
          <div>
            <dt>{t('swap.provider')}</dt>
            <dd>{quote.provider}</dd>
          </div>
        </dl>
      ) : null}
      {slippageProblem ? (
        <p className="wm-error-text" id={`${slippageId}-error`} role="alert" data-testid="swap-slippage-error">
          {errorWords(core, slippageProblem, SWAP_ERRORS)}
        </p>
      ) : null}
      {highImpact ? (
        <p className="wm-alert" data-variant="warning" role="alert" data-testid="swap-impact-warning">
          {t('swap.highImpact', { impact: core.i18n.format.amount(quote!.priceImpact.toFixed(2)) })}
        </p>
      ) : null}
      {s.error ? (
        <p className="wm-alert" data-variant="error" role="alert" data-testid="swap-error">
          {errorWords(core, s.error, SWAP_ERRORS)}
        </p>
      ) : null}
      <button
        type="submit"
        className="wm-button wm-full"
        part="button"
        disabled={!action.run || !!slippageProblem}
        aria-busy={busy ? 'true' : undefined}
        data-testid="swap-action"
      >
        {action.label}
      </button>
    </form>
  )
}
