import { formatUnits, parseUnits } from 'viem'
import type { SwapQuote, SwapToken } from '@wallet-modal/wire'
import type { Core } from '../core/Core.js'
import { createSwapController, type SwapController } from '../controllers/SwapController.js'
import type { SwapClient, SwapTrade } from '../api/SwapClient.js'
import { WalletModalError, isWalletModalError, toWalletModalError } from '../errors/WalletModalError.js'
import { SWAP_ERROR_MESSAGES, type SwapErrorCode } from '../errors/swapCodes.js'
import { namespaceSupports } from '../adapters/namespaces.js'
import { reasonOf } from '../api/serviceReason.js'
import { truncateDecimals } from '../utils/format.js'
import { formatFee } from './sendFee.js'
import { fetchTokenBalances } from './balances.js'
import { activeWallet } from './walletActions.js'
import { featureKey, getOrMake } from '../core/FeatureSlots.js'

/** Swap's state of one core: its draft, its service client, the quote in flight. */
export interface SwapFeature {
  controller: SwapController
  client?: Promise<SwapClient>
  /** Counts quote requests: only the newest one's answer is kept. */
  quoteSeq: number
  quoteAbort?: AbortController
  /** Whether the wallet batches calls, for one account on one network. */
  batching?: { key: string; supported: Promise<boolean> }
}

/** Swap's draft and client, made when Swap first loads. */
const SWAP = featureKey<SwapFeature>()

/** A quote shown as about to expire is asked again before building the swap (ms). */
const QUOTE_MARGIN_MS = 5_000
/** Price impact (percent) above which the Swap view warns. */
export const PRICE_IMPACT_WARNING = 5
/** Gas Max keeps back for a swap paid in the native coin (a V2 swap uses about 100k–180k). */
export const SWAP_GAS_RESERVE = 300_000n
/** Symbols offered first in the token list when the network has them (spec §9 suggested tokens). */
export const SWAP_SUGGESTED_SYMBOLS = ['ETH', 'USDC', 'USDT', 'DAI', 'WBTC', 'WETH'] as const
/** Symbols listed before the rest, in this order (spec §9 popular tokens). */
export const SWAP_POPULAR_SYMBOLS = ['ETH', 'WETH', 'USDC', 'USDT', 'DAI', 'WBTC', 'LINK', 'UNI', 'AAVE', 'ARB', 'OP', 'MATIC', 'POL', 'BNB', 'AVAX'] as const

/** Swap's state of this core, made on first use (the code loads with the Swap view). */
export function swapFeature(core: Core): SwapFeature {
  return getOrMake(core.runtime.slots, SWAP, () => ({ controller: createSwapController(), quoteSeq: 0 }))
}

/** A Swap error with its words (its code is outside the first chunk's catalogue). */
export function swapError(code: SwapErrorCode, opts: { details?: string; cause?: unknown } = {}): WalletModalError {
  return new WalletModalError(code, { shortMessage: SWAP_ERROR_MESSAGES[code], ...opts })
}

/** The swap client on the site's blockchain data API (its own chunk, loaded once). */
export function swapClient(core: Core): Promise<SwapClient> {
  const feature = swapFeature(core)
  const opts = core.adapterContext.options()
  const urls = opts.services
  if (!urls) return Promise.reject(swapError('SWAP_UNSUPPORTED_NETWORK', { details: 'no blockchain data API configured' }))
  const made = (feature.client ??= Promise.all([core.loadHttp(), import('../api/SwapClient.js')]).then(([http, m]) =>
    m.createSwapClient(http, urls.blockchainApiUrl, opts.projectId)
  ))
  made.catch(() => {
    if (feature.client === made) feature.client = undefined
  })
  return made
}

/** The CAIP-10 id of the active account, or undefined. */
function userAddress(core: Core): string | undefined {
  return core.chain.state.namespaces[core.chain.state.activeNamespace].account.caipAddress
}

const isNative = (token: SwapToken) => token.address.endsWith(':native')

/** The account's balance of a swap token: whole units and USD value, from the balances service. */
export function swapBalance(core: Core, token: SwapToken): { quantity: string; value: number } {
  const account = core.chain.state.namespaces[core.chain.state.activeNamespace].account
  const chainId = token.address.split(':').slice(0, 2).join(':')
  const listed = core.blockchainApi.state.balancesFor === account.caipAddress ? core.blockchainApi.state.tokenBalances : []
  const held = listed.find(b => b.chainId === chainId && (isNative(token) ? !b.address : b.address?.toLowerCase() === token.address.toLowerCase()))
  const quantity = held && /^\d+(\.\d+)?$/.test(held.quantity.numeric) ? held.quantity.numeric : isNative(token) && account.balance ? account.balance : '0'
  return { quantity, value: held?.value ?? Number(quantity) * token.price }
}

/**
 * Opens the Swap view: a draft for the active network (a new one when the network changed), its
 * swap tokens from the service (a refusal such as 'Network not supported for Swaps' is shown),
 * the network's coin as the token to sell when none is picked, and fresh balances.
 */
export async function startSwap(core: Core): Promise<void> {
  const swap = swapFeature(core).controller
  const network = core.chain.activeNetwork()?.caipNetworkId
  if (swap.state.network !== network) swap.reset(network)
  const balances = fetchTokenBalances(core)
  if (!network || !namespaceSupports(core.chain.state.activeNamespace, 'swaps')) {
    swap.setTokensError(SWAP_ERROR_MESSAGES.SWAP_UNSUPPORTED_NETWORK)
    return
  }
  if (swap.state.tokens.length && !swap.state.tokensError) return void (await balances)
  swap.setTokensLoading(true)
  try {
    const tokens = await (await swapClient(core)).tokens(network)
    if (swap.state.network !== network) return
    swap.setTokens(tokens)
    if (!swap.state.from) swap.setPair(tokens.find(isNative), swap.state.to)
  } catch (err) {
    if (swap.state.network === network) swap.setTokensError(reasonOf(err))
  } finally {
    swap.setTokensLoading(false)
  }
  await balances
}

/**
 * The token list of the picker, filtered by `query` (name, symbol or address): the account's
 * tokens first (by value), then the suggested symbols the network has, then the rest, popular
 * symbols first.
 */
export function swapTokenSections(core: Core, query = ''): { yours: SwapToken[]; suggested: SwapToken[]; rest: SwapToken[] } {
  const q = query.trim().toLowerCase()
  const tokens = swapFeature(core).controller.state.tokens.filter(
    t => !q || t.name.toLowerCase().includes(q) || t.symbol.toLowerCase().includes(q) || t.address.toLowerCase().endsWith(q)
  )
  const held = tokens.map(t => ({ t, b: swapBalance(core, t) })).filter(({ b }) => Number(b.quantity) > 0)
  const yours = held.sort((a, b) => b.b.value - a.b.value).map(({ t }) => t)
  const suggested = SWAP_SUGGESTED_SYMBOLS.flatMap(s => tokens.filter(t => t.symbol.toUpperCase() === s))
  const rank = (t: SwapToken) => {
    const i = (SWAP_POPULAR_SYMBOLS as readonly string[]).indexOf(t.symbol.toUpperCase())
    return i < 0 ? SWAP_POPULAR_SYMBOLS.length : i
  }
  const rest = tokens.filter(t => !yours.includes(t)).sort((a, b) => rank(a) - rank(b) || a.symbol.localeCompare(b.symbol))
  return { yours, suggested, rest }
}

/** Picks a token for one side; picking the other side's token swaps the sides. */
export function pickSwapToken(core: Core, side: 'from' | 'to', token: SwapToken): void {
  const swap = swapFeature(core).controller
  const { from, to } = swap.state
  const other = side === 'from' ? to : from
  if (other?.address === token.address) return flipSwap(core)
  if (side === 'from') swap.setPair(token, to)
  else swap.setPair(from, token)
}

/** Swaps the sides; the quoted amount becomes the amount to sell, as people expect of the arrow. */
export function flipSwap(core: Core): void {
  const swap = swapFeature(core).controller
  const { from, to, quote } = swap.state
  const next = quote && to ? formatUnits(BigInt(quote.toAmount), to.decimals) : swap.state.amount
  swap.setPair(to, from)
  swap.setAmount(next)
}

/**
 * Checks the typed amount of the token to sell: a positive decimal with no more places than the
 * token has, and no more than the account holds.
 */
export function swapAmountError(core: Core): 'INVALID_AMOUNT' | 'INSUFFICIENT_FUNDS' | undefined {
  const { from, amount } = swapFeature(core).controller.state
  if (!from || !amount) return undefined
  const units = baseUnits(amount, from.decimals)
  if (units === undefined || units <= 0n) return 'INVALID_AMOUNT'
  return units > parseUnits(swapBalance(core, from).quantity, from.decimals) ? 'INSUFFICIENT_FUNDS' : undefined
}

/** Whole units as typed ('1.5', '2.') into base units; undefined when not a plain decimal that fits. */
function baseUnits(amount: string, decimals: number): bigint | undefined {
  if (!/^\d*\.?\d+$/.test(amount) && !/^\d+\.$/.test(amount)) return undefined
  if ((amount.split('.')[1] ?? '').length > decimals) return undefined
  return parseUnits(amount.replace(/\.$/, ''), decimals)
}

/** The trade the draft describes, or undefined while it is incomplete or its amount invalid. */
export function swapTrade(core: Core): SwapTrade | undefined {
  const { from, to, amount } = swapFeature(core).controller.state
  const user = userAddress(core)
  if (!from || !to || !amount || !user) return undefined
  const units = baseUnits(amount, from.decimals)
  return units && units > 0n ? { from: from.address, to: to.address, amount: units, userAddress: user } : undefined
}

/**
 * Quotes the draft (the view calls it once typing pauses): the best quote, and for a token sold
 * the allowance, so the view knows whether Approve comes first. Only the newest request's answer
 * is kept; an older one in flight is aborted. A refusal shows the service's reason.
 */
export async function requestSwapQuote(core: Core): Promise<void> {
  const feature = swapFeature(core)
  const swap = feature.controller
  feature.quoteAbort?.abort()
  const seq = ++feature.quoteSeq
  const trade = swapTrade(core)
  if (!trade || swap.state.from?.address === swap.state.to?.address) {
    swap.setQuoteLoading(false)
    return
  }
  const abort = (feature.quoteAbort = new AbortController())
  swap.setQuoteLoading(true)
  try {
    const client = await swapClient(core)
    const [quote, allowance] = await Promise.all([
      client.quote(trade, { signal: abort.signal }),
      trade.from.endsWith(':native') ? undefined : client.allowance(trade.from, trade.userAddress)
    ])
    const needsApproval = allowance ? allowance.allowance < trade.amount : false
    // A wallet that batches approves and swaps in one go (asked once per account and network).
    const batches = needsApproval ? await batchesCalls(core).catch(() => false) : undefined
    if (seq !== feature.quoteSeq) return
    swap.setQuote(quote, needsApproval)
    if (batches !== undefined) swap.setBatchesApproval(batches)
  } catch (err) {
    if (seq === feature.quoteSeq && !isWalletModalError(err, 'REQUEST_ABORTED')) swap.setQuoteError(reasonOf(err))
  } finally {
    if (seq === feature.quoteSeq) swap.setQuoteLoading(false)
  }
}

/** Whether the connected wallet makes calls atomically on the active network (EIP-5792), remembered per account and network. */
async function batchesCalls(core: Core): Promise<boolean> {
  const feature = swapFeature(core)
  const { adapter, connector, address, network } = await activeWallet(core)
  const key = `${network.caipNetworkId}:${address}`
  if (feature.batching?.key !== key)
    feature.batching = {
      key,
      supported: adapter.batchCalls ? adapter.batchCalls().then(batch => batch.supported(connector, network, address)) : Promise.resolve(false)
    }
  return feature.batching.supported
}

/** Whether a quote is too close to its expiry to build a swap on. */
export const quoteExpired = (quote: SwapQuote, now = Date.now()): boolean => now > quote.expiresAt - QUOTE_MARGIN_MS

/**
 * The most the account can sell of the picked token: all of a token, or of the network's coin its
 * balance less what a swap's gas may cost ({@link SWAP_GAS_RESERVE} at the network's fast gas
 * price), so Max never builds a swap the wallet must refuse. '0' when the reserve is more.
 */
export async function maxSwapAmount(core: Core): Promise<string> {
  const from = swapFeature(core).controller.state.from
  if (!from) throw new WalletModalError('SEND_TOKEN_REQUIRED')
  if (!isNative(from)) return swapBalance(core, from).quantity
  const { adapter, address, network } = await activeWallet(core)
  if (!adapter.transfers) throw swapError('SWAP_UNSUPPORTED_NETWORK', { details: adapter.namespace })
  const [balance, prices] = await Promise.all([adapter.transfers.readNativeBalance(network, address), (await swapClient(core)).gasPrice(network.caipNetworkId)])
  const spendable = balance - SWAP_GAS_RESERVE * prices.fast
  return formatUnits(spendable > 0n ? spendable : 0n, from.decimals)
}

/** Max: puts {@link maxSwapAmount} in the draft (unless another token was picked meanwhile); a failure is shown. */
export async function fillMaxSwap(core: Core): Promise<void> {
  const swap = swapFeature(core).controller
  const picked = swap.state.from
  try {
    const max = await maxSwapAmount(core)
    if (swap.state.from === picked) swap.setAmount(max)
  } catch (err) {
    core.snack.showError(toWalletModalError(err, 'BALANCE_UNAVAILABLE'), 'BALANCE_UNAVAILABLE')
  }
}

/**
 * Sets the slippage tolerance from what the visitor typed (percent, up to two decimals, more than
 * 0 and at most 50, as the service accepts).
 * @returns the problem to show, or undefined when set
 */
export function setSwapSlippage(core: Core, typed: string): string | undefined {
  const value = Number(typed)
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(typed.trim()) || !(value > 0) || value > 50) return SWAP_ERROR_MESSAGES.INVALID_SLIPPAGE
  swapFeature(core).controller.setSlippage(value)
  return undefined
}

/** The least the quote may deliver at the draft's slippage, in `to`'s base units. */
export function minimumReceived(quote: Pick<SwapQuote, 'toAmount'>, slippage: number): bigint {
  return (BigInt(quote.toAmount) * BigInt(Math.round((100 - slippage) * 100))) / 10_000n
}

/** A base-unit amount for display: at most 6 significant digits, no exponent (`'0.0328'`, `'1234.57'`). */
export function formatSwapAmount(raw: string | bigint, decimals: number): string {
  const whole = formatUnits(BigInt(raw), decimals)
  const n = Number(whole)
  if (n >= 1e6 || n === 0) return truncateDecimals(whole, 2).replace(/\.00$/, '')
  return String(Number(n.toPrecision(6)))
}

/** What one whole `from` buys of `to` at the quote, for display. */
export function swapRate(quote: Pick<SwapQuote, 'toAmount' | 'fromAmount'>, from: SwapToken, to: SwapToken): string {
  return formatSwapAmount((BigInt(quote.toAmount) * 10n ** BigInt(from.decimals)) / BigInt(quote.fromAmount), to.decimals)
}

/** The quote's estimated network fee for display (its USD value when the coin's price is known); undefined without an estimate. */
export function swapNetworkFee(core: Core, quote: Pick<SwapQuote, 'gasFee'>): string | undefined {
  const network = core.chain.activeNetwork()
  if (!quote.gasFee || !network) return undefined
  const { decimals, symbol } = network.nativeCurrency
  const price = swapFeature(core).controller.state.tokens.find(isNative)?.price
  const raw = BigInt(quote.gasFee)
  return formatFee({ raw, decimals, symbol, usd: price ? Number(formatUnits(raw, decimals)) * price : undefined })
}
