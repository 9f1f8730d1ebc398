import { proxy, ref } from 'valtio/vanilla'
import type { OnRampProvider, OnRampQuote, PaymentCurrency, PurchaseCurrency } from '@wallet-modal/wire'

/** Where a purchase stands once the provider's checkout is open. */
export type OnRampPurchaseStatus = 'idle' | 'opening' | 'waiting' | 'received' | 'timedOut'

/** The on-ramp state of spec §3, plus what the views show around it. */
export interface OnRampState {
  providers: OnRampProvider[]
  selectedProvider?: OnRampProvider
  /** Why the last step failed (shown; the form is kept). */
  error?: string
  purchaseCurrency?: PurchaseCurrency
  paymentCurrency?: PaymentCurrency
  purchaseCurrencies: PurchaseCurrency[]
  paymentCurrencies: PaymentCurrency[]
  /** The payment method's id ('card', 'bank'). */
  paymentMethod: string
  optionsLoading: boolean
  /** True when the provider's options could not be read and the built-in sample limits apply. */
  optionsFallback: boolean
  quotesLoading: boolean
  /** What the visitor pays, as typed, in the payment currency. */
  paymentAmount?: string
  /** What the quote says it buys (whole units of the purchase currency). */
  purchaseAmount?: string
  quote?: OnRampQuote
  /** True when `purchaseAmount` is the modal's own estimate because the provider's quote failed. */
  quoteEstimated: boolean
  quoteError?: string
  status: OnRampPurchaseStatus
  /** What arrived once the funds came (whole units). */
  received?: string
}

/** The on-ramp controller (spec §3 on-ramp state, §4 on-ramp). */
export function createOnRampController() {
  const state = proxy<OnRampState>({
    providers: [],
    purchaseCurrencies: [],
    paymentCurrencies: [],
    paymentMethod: 'card',
    optionsLoading: false,
    optionsFallback: false,
    quotesLoading: false,
    quoteEstimated: false,
    status: 'idle'
  })
  const dropQuote = () => Object.assign(state, { quote: undefined, purchaseAmount: undefined, quoteEstimated: false, quoteError: undefined, error: undefined })
  return {
    state,
    setOptionsLoading(loading: boolean): void {
      state.optionsLoading = loading
    },
    /** The providers and one provider's options; `fallback` when they are the built-in sample. */
    setOptions(providers: OnRampProvider[], purchaseCurrencies: PurchaseCurrency[], paymentCurrencies: PaymentCurrency[], fallback: boolean): void {
      state.providers = providers.map(p => ref({ ...p }))
      state.purchaseCurrencies = purchaseCurrencies.map(c => ref({ ...c }))
      state.paymentCurrencies = paymentCurrencies.map(c => ref({ ...c }))
      state.optionsFallback = fallback
    },
    selectProvider(provider: OnRampProvider | undefined): void {
      state.selectedProvider = provider ? ref({ ...provider }) : undefined
      dropQuote()
    },
    setPurchaseCurrency(currency: PurchaseCurrency | undefined): void {
      state.purchaseCurrency = currency ? ref({ ...currency }) : undefined
      dropQuote()
    },
    setPaymentCurrency(currency: PaymentCurrency | undefined): void {
      state.paymentCurrency = currency ? ref({ ...currency }) : undefined
      dropQuote()
    },
    setPaymentMethod(method: string): void {
      state.paymentMethod = method
      dropQuote()
    },
    setPaymentAmount(amount: string | undefined): void {
      state.paymentAmount = amount
      dropQuote()
    },
    setQuotesLoading(loading: boolean): void {
      state.quotesLoading = loading
    },
    /** A provider's quote, or (`estimated`) the modal's own estimate after the quote failed with `why`. */
    setQuote(quote: OnRampQuote | undefined, purchaseAmount: string | undefined, estimated?: { why: string }): void {
      state.quote = quote ? ref({ ...quote }) : undefined
      state.purchaseAmount = purchaseAmount
      state.quoteEstimated = !!estimated
      state.quoteError = estimated?.why
    },
    setQuoteError(message: string): void {
      Object.assign(state, { quote: undefined, purchaseAmount: undefined, quoteEstimated: false, quoteError: message })
    },
    setStatus(status: OnRampPurchaseStatus, received?: string): void {
      state.status = status
      state.received = received
    },
    setError(message: string | undefined): void {
      state.error = message
    }
  }
}

/** The on-ramp controller's type. */
export type OnRampController = ReturnType<typeof createOnRampController>
