import type { OnRampProvider, PaymentCurrency, PurchaseCurrency } from '@wallet-modal/wire'
import type { Core } from '../core/Core.js'
import { createOnRampController, type OnRampController } from '../controllers/OnRampController.js'
import type { OnRampClient } from '../api/OnRampClient.js'
import { WalletModalError, isWalletModalError } from '../errors/WalletModalError.js'
import { fetchTokenBalances } from './balances.js'
import { NAMESPACE_INFO } from '../adapters/namespaces.js'
import { reasonOf } from '../api/serviceReason.js'
import { featureKey, getOrMake } from '../core/FeatureSlots.js'

/** The on-ramp's state of one core: its controller, client, the quote and the wait in flight. */
export interface OnRampFeature {
  controller: OnRampController
  client?: Promise<OnRampClient>
  quoteSeq: number
  quoteAbort?: AbortController
  /** Counts purchases: a newer one (or leaving) ends the wait of an older one. */
  purchaseSeq: number
}

/** The on-ramp's controller and client, made when Buy first loads. */
const ONRAMP = featureKey<OnRampFeature>()

/** Spec §9's built-in sample limits, used when the provider's options cannot be read. */
export const ONRAMP_FALLBACK_PAYMENT_CURRENCIES: PaymentCurrency[] = ['USD', 'EUR'].map(id => ({
  id,
  payment_method_limits: [
    { id: 'card', min: '10.00', max: '7500.00' },
    { id: 'bank', min: '10.00', max: '25000.00' }
  ]
}))
/** Spec §9's sample purchase currency (USDC on Ethereum and Polygon), with the fallback limits. */
export const ONRAMP_FALLBACK_PURCHASE_CURRENCIES: PurchaseCurrency[] = [
  {
    id: 'USDC',
    name: 'USD Coin',
    symbol: 'USDC',
    networks: [
      { name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
      { name: 'polygon', display_name: 'Polygon', chain_id: '137', contract_address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359' }
    ]
  }
]
/**
 * Spec §9's providers (fee ranges and families), listed when the service's options cannot be read:
 * the view then says the limits are samples, and a purchase is attempted with the service anyway.
 */
export function onrampFallbackProviders(core: Core): OnRampProvider[] {
  // Which families each sells on is the namespace registry's (its `onrampProviders`).
  const on = (id: string) => core.options.state.networks.filter(n => NAMESPACE_INFO[n.chainNamespace].onrampProviders?.includes(id)).map(n => n.caipNetworkId)
  return [
    { id: 'meld', name: 'Meld', feeRange: '1-2%', networks: on('meld') },
    { id: 'coinbase', name: 'Coinbase', feeRange: '1-2%', networks: on('coinbase') }
  ]
}

/** How often the balance is read while a purchase is awaited, and for how long at most. */
export const ONRAMP_POLL_MS = 2_000
export const ONRAMP_WAIT_MS = 15 * 60_000
/** The provider's fee the estimate assumes when the quote fails (the top of the advertised 1–2%). */
const ESTIMATE_FEE = 0.02
/** How the provider's checkout opens when the view opened no window of its own. */
export const CHECKOUT_WINDOW_FEATURES = 'popup,width=480,height=720'

/** The on-ramp's state of this core, made on first use (its code loads with the on-ramp views). */
export function onrampFeature(core: Core): OnRampFeature {
  return getOrMake(core.runtime.slots, ONRAMP, () => ({ controller: createOnRampController(), quoteSeq: 0, purchaseSeq: 0 }))
}

/** The on-ramp client on the site's blockchain data API (its own chunk, loaded once). */
function onrampClient(core: Core): Promise<OnRampClient> {
  const feature = onrampFeature(core)
  const opts = core.adapterContext.options()
  const urls = opts.services
  if (!urls) return Promise.reject(new WalletModalError('CHAIN_NOT_SUPPORTED', { details: 'no blockchain data API configured' }))
  const made = (feature.client ??= Promise.all([core.loadHttp(), import('../api/OnRampClient.js')]).then(([http, m]) =>
    m.createOnRampClient(http, urls.blockchainApiUrl, opts.projectId)
  ))
  made.catch(() => {
    if (feature.client === made) feature.client = undefined
  })
  return made
}

/** The active network's CAIP-2 reference ('31337'), as providers' `chain_id` write it. */
function activeChainRef(core: Core): string | undefined {
  const id = core.chain.activeNetwork()?.caipNetworkId
  return id?.slice(id.indexOf(':') + 1)
}

/** The purchase currency's network on the active chain, if it sells there. */
export function onrampNetwork(core: Core, currency: PurchaseCurrency | undefined = onrampFeature(core).controller.state.purchaseCurrency) {
  const ref = activeChainRef(core)
  return currency?.networks.find(n => n.chain_id === ref)
}

/** The assets of `currencies` one can buy on the active network (spec: USDC first, as its default). */
export function purchasableHere(
  core: Core,
  currencies: readonly PurchaseCurrency[] = onrampFeature(core).controller.state.purchaseCurrencies
): PurchaseCurrency[] {
  const here = currencies.filter(c => onrampNetwork(core, c))
  return [...here.filter(c => c.symbol === 'USDC'), ...here.filter(c => c.symbol !== 'USDC')]
}

/**
 * Opens the on-ramp (spec §4): reads the providers and the selected (else first) provider's
 * options; when they cannot be read, the built-in sample limits apply and the view says so
 * (`optionsFallback`). Then picks what the network offers (USDC first), USD and card.
 */
export async function startOnRamp(core: Core, providerId?: string): Promise<void> {
  const onramp = onrampFeature(core).controller
  onramp.setOptionsLoading(true)
  onramp.setError(undefined)
  try {
    const options = await (await onrampClient(core)).options(providerId)
    onramp.setOptions(options.providers, options.purchaseCurrencies, options.paymentCurrencies, false)
    const provider = options.providers.find(p => p.id === providerId) ?? options.providers[0]
    if (onramp.state.selectedProvider?.id !== provider?.id) onramp.selectProvider(provider)
  } catch (err) {
    console.warn('[wallet-modal] on-ramp options unavailable; sample limits apply', err)
    onramp.setOptions(
      onramp.state.providers.length ? onramp.state.providers : onrampFallbackProviders(core),
      ONRAMP_FALLBACK_PURCHASE_CURRENCIES,
      ONRAMP_FALLBACK_PAYMENT_CURRENCIES,
      true
    )
  } finally {
    onramp.setOptionsLoading(false)
  }
  const s = onramp.state
  if (!s.purchaseCurrency || !s.purchaseCurrencies.some(c => c.id === s.purchaseCurrency!.id))
    onramp.setPurchaseCurrency(purchasableHere(core)[0] ?? s.purchaseCurrencies[0])
  if (!s.paymentCurrency || !s.paymentCurrencies.some(c => c.id === s.paymentCurrency!.id))
    onramp.setPaymentCurrency(s.paymentCurrencies.find(c => c.id === 'USD') ?? s.paymentCurrencies[0])
  const methods = s.paymentCurrency?.payment_method_limits ?? []
  if (!methods.some(m => m.id === s.paymentMethod) && methods[0]) onramp.setPaymentMethod(methods[0].id)
}

/** Picks a provider (the providers view) and reads its options. */
export async function chooseOnRampProvider(core: Core, provider: OnRampProvider): Promise<void> {
  onrampFeature(core).controller.selectProvider(provider)
  core.router.push('OnRampBuy')
  await startOnRamp(core, provider.id)
}

/** The payment method's limits in the payment currency, if known. */
export function onrampLimits(core: Core): { min: string; max: string } | undefined {
  const s = onrampFeature(core).controller.state
  return s.paymentCurrency?.payment_method_limits.find(l => l.id === s.paymentMethod)
}

/** What the buy form refuses before asking the provider: no token or amount yet. */
export const ONRAMP_CHOOSE_FIRST = 'Choose what to buy and an amount'

/**
 * What is wrong with the typed amount, in English (`text`) and as the catalogue's message (`key`
 * with its `values`, for other locales): not a money amount, or outside the payment method's
 * limits ('Amount must be between 20.00 and 5,000.00 USD').
 */
export function onrampAmountProblem(
  core: Core
): { text: string; key: 'onramp.amountFormat' | 'onramp.amountRange'; values?: { min: string; max: string; currency: string } } | undefined {
  const s = onrampFeature(core).controller.state
  if (!s.paymentAmount) return undefined
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s.paymentAmount)) return { text: 'Enter an amount like 50 or 49.99', key: 'onramp.amountFormat' }
  const limits = onrampLimits(core)
  const value = Number(s.paymentAmount)
  if (limits && (value < Number(limits.min) || value > Number(limits.max))) {
    const values = { min: money(limits.min), max: money(limits.max), currency: s.paymentCurrency!.id }
    return { text: `Amount must be between ${values.min} and ${values.max} ${values.currency}`, key: 'onramp.amountRange', values }
  }
  return undefined
}

/** {@link onrampAmountProblem}'s English text. */
export function onrampAmountError(core: Core): string | undefined {
  return onrampAmountProblem(core)?.text
}

/** `7500` → `7,500.00`. */
function money(amount: string): string {
  return Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
}

/** The balances service's entry for the asset being bought on the active network, if listed. */
function heldAsset(core: Core) {
  const network = onrampNetwork(core)
  const id = core.chain.activeNetwork()?.caipNetworkId
  if (!network || !id) return undefined
  const contract = network.contract_address.toLowerCase()
  return core.blockchainApi.state.tokenBalances.find(t => t.chainId === id && (contract ? t.address?.toLowerCase() === `${id}:${contract}` : !t.address))
}

/**
 * The USD price of the asset being bought: the balances service's (when the account holds it),
 * else the data API's price of it (`/v1/fungible/price`, a chunk loaded only then), else a dollar
 * for a dollar stablecoin; undefined when nobody knows it.
 */
async function assetPriceUsd(core: Core): Promise<number | undefined> {
  const held = heldAsset(core)?.price
  if (held) return held
  const network = onrampNetwork(core)
  const id = core.chain.activeNetwork()?.caipNetworkId
  const priced =
    network && id
      ? await import('./fungiblePrice.js').then(m => m.fungiblePriceUsd(core, `${id}:${network.contract_address || 'native'}`)).catch(() => undefined)
      : undefined
  if (priced) return priced
  // A dollar stablecoin is a dollar.
  return ['USDC', 'USDT', 'DAI'].includes(onrampFeature(core).controller.state.purchaseCurrency?.symbol ?? '') ? 1 : undefined
}

/**
 * Quotes the typed amount (the view calls it once typing pauses; only the newest answer is kept).
 * Spec §8's failed-quote rule: a failed quote still gives a quote, the modal's own, not an
 * invented one: the purchase amount is estimated from the asset's price (see `assetPriceUsd`: the
 * balances, else `/v1/fungible/price`) less the top of the advertised fee, marked as an estimate,
 * with the reason the provider's quote failed (`quoteError`, spec §4's error of the quote). Only
 * when no price is known (or the payment currency is not USD, the one the prices are in) is
 * there no amount to show: the reason alone then, and Buy still opens the provider's own quote.
 */
export async function requestOnRampQuote(core: Core): Promise<void> {
  const feature = onrampFeature(core)
  const onramp = feature.controller
  feature.quoteAbort?.abort()
  const seq = ++feature.quoteSeq
  const s = onramp.state
  const network = onrampNetwork(core)
  if (!s.paymentAmount || onrampAmountError(core) || !s.purchaseCurrency || !s.paymentCurrency || !network) {
    onramp.setQuotesLoading(false)
    return
  }
  const abort = (feature.quoteAbort = new AbortController())
  onramp.setQuotesLoading(true)
  try {
    const quote = await (await onrampClient(core)).quote(
      {
        provider: s.selectedProvider?.id,
        purchaseCurrency: s.purchaseCurrency.id,
        paymentCurrency: s.paymentCurrency.id,
        paymentMethod: s.paymentMethod,
        amount: s.paymentAmount,
        network: network.name
      },
      { signal: abort.signal }
    )
    if (seq === feature.quoteSeq) onramp.setQuote(quote, quote.purchaseAmount.amount)
  } catch (err) {
    if (seq !== feature.quoteSeq || isWalletModalError(err, 'REQUEST_ABORTED')) return
    const why = reasonOf(err)
    // The payment currency's USD rate is not known here: the estimate is given for USD only.
    const price = s.paymentCurrency.id === 'USD' ? await assetPriceUsd(core) : undefined
    if (seq !== feature.quoteSeq) return
    if (price) onramp.setQuote(undefined, estimateText((Number(s.paymentAmount) * (1 - ESTIMATE_FEE)) / price), { why })
    else onramp.setQuoteError(why)
  } finally {
    if (seq === feature.quoteSeq) onramp.setQuotesLoading(false)
  }
}

/** An estimated amount for display: cents from 1 up, 3 significant digits below (0.0163 ETH, not 0.02). */
function estimateText(amount: number): string {
  return String(Number(amount >= 1 ? amount.toFixed(2) : amount.toPrecision(3)))
}

/** The account's balance of the asset being bought (whole units), from the balances service. */
function heldAmount(core: Core): number {
  const held = heldAsset(core)
  return held ? Number(held.quantity.numeric) : 0
}

/**
 * Buy (spec §4 on-ramp): asks the service for the provider's checkout for this purchase (the
 * account's address, the network, the asset, the amount) and opens it in `popup` (a window the
 * view opened inside the click, so it is not blocked; cut off from this page) or, without one, in
 * a new window. Then waits for the funds: the balance is read every {@link ONRAMP_POLL_MS} until
 * the asset's balance grows (status `received`, with what arrived; balances and Activity are
 * fresh) or {@link ONRAMP_WAIT_MS} pass (`timedOut`). A failure is shown; the form is kept.
 *
 * @returns the checkout URL (the view offers it as a link when no window could open)
 */
export async function buyOnRamp(core: Core, popup?: Window | null): Promise<string | undefined> {
  const feature = onrampFeature(core)
  const onramp = feature.controller
  const s = onramp.state
  const seq = ++feature.purchaseSeq
  const account = core.chain.state.namespaces[core.chain.state.activeNamespace].account
  const network = onrampNetwork(core)
  onramp.setError(undefined)
  if (!account.address || !network || !s.purchaseCurrency || !s.paymentAmount || onrampAmountError(core)) {
    popup?.close()
    onramp.setError(onrampAmountError(core) ?? ONRAMP_CHOOSE_FIRST)
    return undefined
  }
  onramp.setStatus('opening')
  let url: string
  try {
    await fetchTokenBalances(core, { force: true })
    const before = heldAmount(core)
    url = await (await onrampClient(core)).checkoutUrl({
      provider: s.selectedProvider?.id,
      destinationWallets: [{ address: account.address, blockchains: [network.name], assets: [s.purchaseCurrency.id] }],
      defaultNetwork: network.name,
      defaultAsset: s.purchaseCurrency.id,
      partnerUserId: account.address.slice(0, 128),
      defaultExperience: 'buy',
      presetFiatAmount: s.paymentAmount,
      fiatCurrency: s.paymentCurrency?.id,
      paymentMethod: s.paymentMethod
    })
    const win = popup && !popup.closed ? popup : window.open('', '_blank', CHECKOUT_WINDOW_FEATURES)
    if (win) {
      // The provider's page must not reach back into this one.
      win.opener = null
      win.location.href = url
    }
    onramp.setStatus('waiting')
    void waitForFunds(core, seq, before)
    return url
  } catch (err) {
    popup?.close()
    onramp.setStatus('idle')
    onramp.setError(reasonOf(err))
    return undefined
  }
}

/** Reads the balance until the asset arrives, the wait runs out, or another purchase starts. */
async function waitForFunds(core: Core, seq: number, before: number): Promise<void> {
  const feature = onrampFeature(core)
  const onramp = feature.controller
  const started = Date.now()
  const life = core.runtime.lifetime
  while (feature.purchaseSeq === seq && onramp.state.status === 'waiting' && !life.signal.aborted) {
    if (Date.now() - started > ONRAMP_WAIT_MS) return onramp.setStatus('timedOut')
    await life.sleep(ONRAMP_POLL_MS)
    await fetchTokenBalances(core, { force: true }).catch(() => {})
    const now = heldAmount(core)
    if (now > before && feature.purchaseSeq === seq) {
      onramp.setStatus('received', String(Number((now - before).toFixed(6))))
      const received = { amount: Number((now - before).toFixed(6)), symbol: onramp.state.purchaseCurrency?.symbol ?? '' }
      core.snack.showSuccess(`Received ${received.amount} ${received.symbol}`.trim(), 'snack.received', received)
      return
    }
  }
}

/**
 * Leaves a purchase wait (the view's Cancel or Done): the form stays; once the funds arrived,
 * Account replaces the view.
 */
export function endOnRampPurchase(core: Core): void {
  const feature = onrampFeature(core)
  const received = feature.controller.state.status === 'received'
  feature.purchaseSeq++
  feature.controller.setStatus('idle')
  if (received) core.router.replace('Account')
}
