import { parseUnits } from 'viem'
import type { Core } from '../core/Core.js'
import { WalletModalError, isWalletModalError, toWalletModalError } from '../errors/WalletModalError.js'
import { walletFeatures } from './walletFeatures.js'
import { refreshBalance } from './accountState.js'
import { activeWallet } from './walletActions.js'
import { currentSendToken, decimalsOf, sendDraftError, tokenContract } from './sendDraft.js'
import { trackPendingTransaction } from './pendingTransactions.js'
import { popTransactionStack, pushTransactionStack } from './transactionStack.js'

/**
 * Sends the draft (spec §4 Sending): checks it ('An amount and receiver address are required',
 * 'A token is required', 'Unsupported chain', amount), sets loading, has the active namespace's
 * adapter ask the wallet (a native transfer, or the token's), then emits SEND_SUCCESS, counts the
 * transaction as pending until mined, refreshes the balance, resets the draft and puts Account in
 * place of the top view. A rejection in the wallet becomes 'Signature declined' and keeps the
 * draft. Resolves with the transaction hash or signature.
 */
export async function sendTokens(core: Core): Promise<string> {
  const { send } = walletFeatures(core)
  const { sendTokenAmount, receiverAddress } = send.state
  const network = core.chain.activeNetwork()
  const fail = (err: WalletModalError): never => {
    send.setLoading(false)
    send.setError(err.shortMessage)
    core.events.emit({ type: 'SEND_ERROR', data: { caipNetworkId: network?.caipNetworkId ?? '', code: err.code, message: err.shortMessage } })
    throw err
  }
  const invalid = sendDraftError(core)
  if (invalid) {
    // An invalid action shakes the modal (spec §3; it clears after 500 ms).
    core.modal.shake()
    return fail(invalid)
  }
  const token = currentSendToken(core)!
  send.setLoading(true)
  send.setError(undefined)
  // Spec §2: the send waits on the transaction stack (an embedded wallet's approval goes on top of
  // it); once it succeeds, Account replaces the top of the stack and the snack says so.
  pushTransactionStack(core, { replace: 'Account', onSuccess: () => core.snack.showSuccess('Transaction sent', 'snack.transactionSent') })
  let sent: { id: string; wallet: Awaited<ReturnType<typeof activeWallet>> }
  try {
    const wallet = await activeWallet(core)
    if (!wallet.adapter.transfers) throw new WalletModalError('SEND_UNSUPPORTED_CHAIN', { details: wallet.adapter.namespace })
    const contract = tokenContract(token)
    const id = await wallet.adapter.transfers.send(wallet.connector, {
      network: wallet.network,
      from: wallet.address,
      to: receiverAddress!,
      token: contract ? { address: contract, decimals: decimalsOf(token) } : undefined,
      amount: parseUnits(sendTokenAmount!.replace(/\.$/, ''), decimalsOf(token))
    })
    sent = { id, wallet }
  } catch (err) {
    popTransactionStack(core, 'cancel')
    return fail(
      isWalletModalError(err, 'USER_REJECTED') ? new WalletModalError('SIGNATURE_DECLINED', { cause: err }) : toWalletModalError(err, 'TRANSACTION_FAILED')
    )
  }
  const { id, wallet } = sent
  core.events.emit({
    type: 'SEND_SUCCESS',
    data: { caipNetworkId: wallet.network.caipNetworkId, hash: id, token: token.symbol, amount: sendTokenAmount!, to: receiverAddress! }
  })
  void trackPendingTransaction(core, wallet.adapter, wallet.network, id)
  void refreshBalance(core, wallet.adapter.namespace, { force: true })
  send.resetSend()
  popTransactionStack(core, 'success')
  return id
}
