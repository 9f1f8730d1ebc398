import { formatUnits } from 'viem'
import type { Core } from '../core/Core.js'
import type { TokenBalance } from '../api/schemas.js'
import { WalletModalError, toWalletModalError } from '../errors/WalletModalError.js'
import { namespaceSupports } from '../adapters/namespaces.js'
import { walletFeatures } from './walletFeatures.js'
import { activeWallet } from './walletActions.js'
import { fetchTokenBalances } from './balances.js'
import { resolveReceiver, receiverPending } from './sendReceiver.js'
import { amountError, decimalsOf, listedUnits, tokenContract, usableDecimals } from './sendAmounts.js'

export { amountError, decimalsOf, tokenContract }

/** Whether the active namespace supports Send (spec §9: eip155 and solana). */
export const sendSupported = (core: Core): boolean => namespaceSupports(core.chain.state.activeNamespace, 'send')

/**
 * The tokens the active account can send: its balances on the active network (native and
 * ERC-20 on eip155; SOL and SPL/Token-2022 tokens on solana), or, without a balance service, the
 * native coin alone.
 */
export function sendableTokens(core: Core): TokenBalance[] {
  const ns = core.chain.state.activeNamespace
  const network = core.chain.activeNetwork()
  if (!network || !sendSupported(core)) return []
  const account = core.chain.state.namespaces[ns].account
  const listed = core.blockchainApi.state.balancesFor === account.caipAddress ? core.blockchainApi.state.tokenBalances : []
  const tokens = listed.filter(t => t.chainId === network.caipNetworkId)
  if (tokens.some(t => !t.address)) return [...tokens]
  const native: TokenBalance = {
    name: network.nativeCurrency.name,
    symbol: network.nativeCurrency.symbol,
    chainId: network.caipNetworkId,
    quantity: { decimals: String(network.nativeCurrency.decimals), numeric: account.balance ?? '0' },
    iconUrl: network.assets?.imageUrl
  }
  return [native, ...tokens]
}

/**
 * The draft's token as the balances list has it now (a send or a refresh may have changed its
 * quantity since it was picked); the draft's own copy when the list no longer has it.
 */
export function currentSendToken(core: Core): TokenBalance | undefined {
  const picked = walletFeatures(core).send.state.token
  if (!picked) return undefined
  return sendableTokens(core).find(t => t.address === picked.address && t.symbol === picked.symbol) ?? picked
}

/**
 * Opens a send draft (the Send view's start): the network's native token is picked when none is,
 * so the visitor can type an amount at once, and the balances are refreshed (from the 30 s cache
 * when recent; the listed token then stands for the picked one, see {@link currentSendToken}),
 * then the draft's `networkBalanceInUSD` is filled (`fillNetworkBalanceInUSD`).
 */
export async function startSendDraft(core: Core): Promise<void> {
  const { send } = walletFeatures(core)
  const native = sendableTokens(core).find(t => !t.address)
  if (!send.state.token && native) send.setToken(native)
  await fetchTokenBalances(core)
  // The coin's balance in USD (spec §3 `networkBalanceInUSD`), priced once the balances are in.
  await import('./sendFee.js').then(m => m.fillNetworkBalanceInUSD(core)).catch(err => console.warn('[wallet-modal] network balance in USD not priced', err))
}

/**
 * The first problem with the draft, in spec §5's order ('An amount and receiver address are
 * required', 'A token is required', 'Unsupported chain'), then the amount's own problem.
 * @returns the error, or undefined when the draft can be previewed and sent
 */
export function sendDraftError(core: Core): WalletModalError | undefined {
  const s = walletFeatures(core).send.state
  if (!s.sendTokenAmount || !s.receiverAddress) return new WalletModalError('SEND_FIELDS_REQUIRED')
  if (!s.token) return new WalletModalError('SEND_TOKEN_REQUIRED')
  if (!sendSupported(core)) return new WalletModalError('SEND_UNSUPPORTED_CHAIN', { details: core.chain.state.activeNamespace })
  const bad = amountError(currentSendToken(core), s.sendTokenAmount)
  return bad ? new WalletModalError(bad) : undefined
}

/**
 * The most the draft's token can send: the whole balance of a token, or the native balance minus
 * the fee it will cost (so Max never produces a transaction the wallet must refuse). '0' when
 * the fee is more than the balance.
 */
export async function maxSendAmount(core: Core): Promise<string> {
  const token = currentSendToken(core)
  if (!token) throw new WalletModalError('SEND_TOKEN_REQUIRED')
  const decimals = usableDecimals(token)
  if (decimals === undefined) throw new WalletModalError('INVALID_RESPONSE', { details: `${token.symbol}: decimals ${token.quantity.decimals}` })
  const listed = listedUnits(token, decimals)
  let spendable = listed
  if (!token.address) {
    const { adapter, address, network } = await activeWallet(core)
    if (!adapter.transfers) throw new WalletModalError('SEND_UNSUPPORTED_CHAIN', { details: adapter.namespace })
    const [balance, reserve] = await Promise.all([adapter.transfers.readNativeBalance(network, address), adapter.transfers.feeReserve(network, address)])
    // Never above the balance the form checks against (a truncated one without a balance service).
    spendable = balance - reserve < listed ? balance - reserve : listed
  }
  return formatUnits(spendable > 0n ? spendable : 0n, decimals)
}

/**
 * Max: puts {@link maxSendAmount} in the draft, unless another token was picked meanwhile; a
 * failed balance read is shown.
 */
export async function fillMaxAmount(core: Core): Promise<void> {
  const { send } = walletFeatures(core)
  const picked = send.state.token
  try {
    const max = await maxSendAmount(core)
    if (send.state.token === picked) send.setAmount(max)
  } catch (err) {
    core.snack.showError(toWalletModalError(err, 'BALANCE_UNAVAILABLE'), 'BALANCE_UNAVAILABLE')
  }
}

/**
 * Preview: a receiver typed within the debounce window is resolved now (rather than judged
 * unresolved); then the draft is checked and, when sound, Review Send is shown.
 * @returns the problem to show in the form, or undefined when Review Send opened (or a lookup is still running)
 */
export async function previewSend(core: Core): Promise<string | undefined> {
  const { send } = walletFeatures(core)
  if (receiverPending(core)) await resolveReceiver(core, send.state.receiverInput!)
  if (send.state.receiverResolving) return undefined
  const error = sendDraftError(core)
  if (error) return error.shortMessage
  core.router.push('WalletSendPreview')
  return undefined
}
