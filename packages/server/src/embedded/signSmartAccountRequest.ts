import { privateKeyToAccount } from 'viem/accounts'
import type { Bundler } from '../bundler/Bundler.js'
import { BundlerError } from '../bundler/BundlerError.js'
import { ApiError } from '../http/ApiError.js'
import type { OpenedKeys } from './EmbeddedAccounts.js'
import { evmChainId, sendSmartAccountCalls, smartAccountClient, toEmbeddedSmartAccount, type SmartAccountChain } from './embeddedSmartAccount.js'
import type { SigningRequest } from './signEmbeddedRequest.js'
import { asArray, badRequest as bad, callsOf, messageOf, transactionOf, typedDataOf } from './signingParams.js'

/**
 * Performs an approved request as the person's smart account (the WalletModalAccount their eip155
 * key owns) on a chain with smart accounts: `personal_sign` and `eth_signTypedData_v4` give the
 * account's ERC-1271 signature (ERC-6492-wrapped while it is not deployed);
 * `eth_sendTransaction` becomes one user operation through the chain's bundler (the first one
 * deploys the account) and answers the transaction hash once mined; `wallet_sendCalls` (EIP-5792)
 * makes all its calls one user operation, atomic, and answers `{ id }`, the operation's hash. The
 * chain's paymaster, if any, pays for the first operation. A bundler refusal is a 502 with its
 * reason.
 *
 * @param request - The method, its params and the chain.
 * @param target - The chain and its smart-account contracts.
 * @param bundler - The chain's bundler.
 * @param keys - The user's opened keys.
 * @param timeoutMs - Time the chain's node gets for each call.
 */
export async function signSmartAccountRequest(
  request: SigningRequest,
  target: SmartAccountChain,
  bundler: Bundler,
  keys: OpenedKeys,
  timeoutMs: number
): Promise<unknown> {
  const client = smartAccountClient(target, timeoutMs)
  const account = await toEmbeddedSmartAccount(target, privateKeyToAccount(keys.eip155), client)
  const { method, params } = request
  if (method === 'personal_sign') return account.signMessage({ message: messageOf(asArray(params)[0]) })
  if (method === 'eth_signTypedData_v4') return account.signTypedData(typedDataOf(params, evmChainId(target.chain)))
  if (method === 'eth_sendTransaction') {
    // The same checked fields Approve showed (describeRequest reads them with transactionOf too).
    const tx = transactionOf(asArray(params)[0])
    if (tx.from && tx.from.toLowerCase() !== account.address.toLowerCase()) bad('from is not this account')
    if (!tx.to) bad('to must be an address (a smart account does not create contracts)')
    const sent = await send(account, client, bundler, [{ to: tx.to!, value: tx.value, data: tx.data }], target.paymaster)
    return sent.transactionHash
  }
  if (method === 'wallet_sendCalls') {
    const batch = callsOf(params)
    if (batch.from && batch.from.toLowerCase() !== account.address.toLowerCase()) bad('from is not this account')
    if (batch.chainId && Number(batch.chainId) !== evmChainId(target.chain)) bad(`chainId ${batch.chainId} is not ${target.chain.name}`)
    // EIP-5792: the batch's id is the user operation's hash (wallet_getCallsStatus asks the bundler by it).
    const sent = await send(
      account,
      client,
      bundler,
      batch.calls.map(call => ({ to: call.to, value: call.value, data: call.data })),
      target.paymaster
    )
    return { id: sent.userOpHash }
  }
  return bad(`${method} is not supported by the smart account yet`)
}

/** Sends calls as one user operation; a refusal of the bundler or the chain is a 502 with its reason. */
async function send(...args: Parameters<typeof sendSmartAccountCalls>): Promise<Awaited<ReturnType<typeof sendSmartAccountCalls>>> {
  try {
    return await sendSmartAccountCalls(...args)
  } catch (error) {
    const reason = error instanceof BundlerError ? error.message : ((error as { details?: string; shortMessage?: string }).details ?? (error as Error).message)
    throw new ApiError(502, `The network refused the transaction: ${reason}`)
  }
}
