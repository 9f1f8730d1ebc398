import { formatUnits } from 'viem'
import type { Core } from '../core/Core.js'
import type { SwapTrade } from '../api/SwapClient.js'
import { WalletModalError, isWalletModalError, toWalletModalError } from '../errors/WalletModalError.js'
import { activeWallet, type ActiveWallet } from './walletActions.js'
import type { BatchCalls, ContractCall } from '../adapters/ChainAdapter.js'
import { popTransactionStack, pushTransactionStack } from './transactionStack.js'
import { trackPendingTransaction } from './pendingTransactions.js'
import { reasonOf } from '../api/serviceReason.js'
import { quoteExpired, requestSwapQuote, swapClient, swapError, swapFeature, swapTrade } from './swapDraft.js'

/** A wallet's "no" reads 'Signature declined' (spec §8); anything else keeps its words. */
function walletFailure(err: unknown): WalletModalError {
  return isWalletModalError(err, 'USER_REJECTED') ? new WalletModalError('SIGNATURE_DECLINED', { cause: err }) : toWalletModalError(err, 'TRANSACTION_FAILED')
}

/** The connected wallet, able to send contract calls on the active network. */
async function callingWallet(core: Core): Promise<ActiveWallet & { sendCall: NonNullable<ActiveWallet['adapter']['sendCall']> }> {
  const wallet = await activeWallet(core)
  const sendCall = wallet.adapter.sendCall?.bind(wallet.adapter)
  if (!sendCall || !wallet.adapter.transfers) throw swapError('SWAP_UNSUPPORTED_NETWORK', { details: wallet.adapter.namespace })
  return { ...wallet, sendCall }
}

/** How long a batch may take to be mined before Swap says it is still pending. */
const BATCH_WAIT_MS = 60_000
/** How often a batch's status is asked. */
const BATCH_POLL_MS = 500

/**
 * Sends calls as one batch and waits (through the core's lifetime) until the wallet reports it
 * mined; resolves with its transaction. A reverted batch reads 'SWAP_REVERTED'.
 */
async function sendBatch(core: Core, wallet: ActiveWallet, batch: BatchCalls, calls: ContractCall[]): Promise<string> {
  const id = await batch.send(wallet.connector, calls).catch(err => Promise.reject(walletFailure(err)))
  swapFeature(core).controller.setStep('swapping', true)
  const until = Date.now() + BATCH_WAIT_MS
  while (Date.now() < until) {
    const status = await batch.status(wallet.connector, id)
    if (status.done && status.success && status.hash) return status.hash
    if (status.done) throw swapError('SWAP_REVERTED', { details: status.hash ?? id })
    await core.runtime.lifetime.sleep(BATCH_POLL_MS)
  }
  throw swapError('SWAP_STILL_PENDING')
}

/** The draft's trade, or the error that says what is missing. */
function tradeOrThrow(core: Core): SwapTrade {
  const trade = swapTrade(core)
  if (!trade) throw new WalletModalError('INVALID_AMOUNT')
  return trade
}

/**
 * Approve (spec §4 swap): has the wallet allow the exchange to spend exactly the draft's amount
 * of the token sold, waits until that is mined (counted as pending on the button), then Swap may
 * follow. A "no" in the wallet reads 'Signature declined'; a failure is shown; the draft is kept
 * either way.
 * @returns whether the approval was mined
 */
export async function approveSwap(core: Core): Promise<boolean> {
  const swap = swapFeature(core).controller
  swap.setError(undefined)
  swap.setStep('approving')
  try {
    const trade = tradeOrThrow(core)
    const wallet = await callingWallet(core)
    const tx = await (await swapClient(core)).buildApprove(trade)
    const hash = await wallet
      .sendCall(wallet.connector, { network: wallet.network, from: wallet.address, to: tx.to, data: tx.data, value: tx.value })
      .catch(err => Promise.reject(walletFailure(err)))
    swap.setStep('approving', true)
    const mined = await trackPendingTransaction(core, wallet.adapter, wallet.network, hash, { quiet: true })
    if (mined === false) throw swapError('APPROVAL_REVERTED')
    if (mined === undefined) throw swapError('SWAP_STILL_PENDING')
    swap.setNeedsApproval(false)
    return true
  } catch (err) {
    swap.setError(reasonOf(err))
    return false
  } finally {
    swap.setStep('idle')
  }
}

/**
 * Swap (spec §4 swap): builds the swap of the quote the visitor saw, within the draft's slippage
 * (with a wallet that batches calls and an approval still needed, the approval goes in the same
 * batch: one approval in the wallet, one transaction)
 * (a quote about to expire is asked again instead, and the new one shown first), has the wallet
 * send it with the service's gas limit, and waits until it is mined, counted as pending on the
 * button. Mined: SWAP_SUCCESS, the balances refresh (the pending tracker does it), the draft's
 * amount is cleared and Account replaces the top view. Reverted (the price moved past the
 * slippage): the view says so and quotes again. Declined: 'Signature declined'. The draft is
 * kept on every failure.
 * @returns the transaction hash once mined, else undefined
 */
export async function executeSwap(core: Core): Promise<string | undefined> {
  const swap = swapFeature(core).controller
  const { quote, slippage, from, to, amount } = swap.state
  const network = core.chain.activeNetwork()?.caipNetworkId ?? ''
  swap.setError(undefined)
  swap.setStep('swapping')
  // Spec §2: the swap waits on the transaction stack; mined, Account replaces the top of the stack.
  let swapped = ''
  let swappedValues: Record<string, string | number> = {}
  pushTransactionStack(core, { replace: 'Account', onSuccess: () => core.snack.showSuccess(swapped, 'snack.swapped', swappedValues) })
  try {
    const trade = tradeOrThrow(core)
    if (!quote || !from || !to) throw new WalletModalError('INVALID_AMOUNT')
    if (quoteExpired(quote)) {
      await requestSwapQuote(core)
      throw swapError('QUOTE_EXPIRED')
    }
    const wallet = await callingWallet(core)
    const client = await swapClient(core)
    const { tx } = await client.buildTransaction(trade, quote, slippage)
    const call = { network: wallet.network, from: wallet.address, to: tx.to, data: tx.data, value: tx.value, gas: tx.gas }
    const batch = swap.state.needsApproval && swap.state.batchesApproval ? await wallet.adapter.batchCalls?.() : undefined
    let hash: string
    if (batch) {
      // The approval and the swap together, approved once (EIP-5792): all or none.
      const approve = await client.buildApprove(trade)
      hash = await sendBatch(core, wallet, batch, [
        { network: wallet.network, from: wallet.address, to: approve.to, data: approve.data, value: approve.value },
        call
      ])
      swap.setNeedsApproval(false)
    } else {
      hash = await wallet.sendCall(wallet.connector, call).catch(err => Promise.reject(walletFailure(err)))
    }
    swap.setStep('swapping', true)
    const mined = await trackPendingTransaction(core, wallet.adapter, wallet.network, hash, { quiet: true })
    if (mined === undefined) throw swapError('SWAP_STILL_PENDING')
    if (mined === false) {
      void requestSwapQuote(core)
      throw swapError('SWAP_REVERTED', { details: hash })
    }
    const toAmount = formatUnits(BigInt(quote.toAmount), to.decimals)
    core.events.emit({ type: 'SWAP_SUCCESS', data: { caipNetworkId: network, hash, from: from.symbol, to: to.symbol, fromAmount: amount!, toAmount } })
    swap.setAmount(undefined)
    swappedValues = { amount: amount!, from: from.symbol, received: Number(Number(toAmount).toPrecision(6)), to: to.symbol }
    swapped = `Swapped ${amount} ${from.symbol} for ${swappedValues.received} ${to.symbol}`
    popTransactionStack(core, 'success')
    return hash
  } catch (err) {
    popTransactionStack(core, 'cancel')
    const e = toWalletModalError(err, 'TRANSACTION_FAILED')
    if (isWalletModalError(err, 'HTTP_ERROR') && /expired/i.test(reasonOf(err))) void requestSwapQuote(core)
    swap.setError(reasonOf(e))
    core.events.emit({ type: 'SWAP_ERROR', data: { caipNetworkId: network, code: e.code, message: reasonOf(e) } })
    return undefined
  } finally {
    swap.setStep('idle')
  }
}
