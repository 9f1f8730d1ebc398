import { isHex, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { Bundler } from '../bundler/Bundler.js'
import { BundlerError } from '../bundler/BundlerError.js'
import { ApiError } from '../http/ApiError.js'
import type { OpenedKeys } from './EmbeddedAccounts.js'
import { sendSmartAccountCalls, smartAccountClient, toEmbeddedSmartAccount, type SmartAccountChain } from './embeddedSmartAccount.js'
import type { SigningRequest } from './signEmbeddedRequest.js'
import { asArray, badRequest as bad, messageOf, quantity, typedDataOf } from './signingParams.js'

/**
 * Performs an approved request as the person's smart account (the WalletModalAccount their eip155
 * key owns) on a chain with smart accounts: `personal_sign` and `eth_signTypedData_v4` give the
 * account's ERC-1271 signature (ERC-6492-wrapped while it is not deployed), and
 * `eth_sendTransaction` becomes one user operation through the chain's bundler (the first one
 * deploys the account) and answers the transaction hash once mined. A bundler refusal is a 502
 * with its reason.
 *
 * @param request - The method, its params and the chain.
 * @param target - The chain and its smart-account contracts.
 * @param bundler - The chain's bundler.
 * @param keys - The user's opened keys.
 * @param timeoutMs - Time the chain's node gets for each call.
 */
export async function signSmartAccountRequest(request: SigningRequest, target: SmartAccountChain, bundler: Bundler, keys: OpenedKeys, timeoutMs: number): Promise<unknown> {
  const client = smartAccountClient(target, timeoutMs)
  const account = await toEmbeddedSmartAccount(target, privateKeyToAccount(keys.eip155), client)
  const { method, params } = request
  if (method === 'personal_sign') return account.signMessage({ message: messageOf(asArray(params)[0]) })
  if (method === 'eth_signTypedData_v4') return account.signTypedData(typedDataOf(params))
  if (method === 'eth_sendTransaction') {
    const tx = asArray(params)[0] as { from?: string; to?: string; value?: string; data?: string }
    if (!tx || typeof tx !== 'object') bad('a transaction object is needed')
    if (tx.from && tx.from.toLowerCase() !== account.address.toLowerCase()) bad('from is not this account')
    if (tx.to === undefined || !/^0x[0-9a-fA-F]{40}$/.test(tx.to)) bad('to must be an address (a smart account does not create contracts)')
    if (tx.data !== undefined && !isHex(tx.data)) bad('data must be hex')
    try {
      const sent = await sendSmartAccountCalls(account, client, bundler, [{ to: tx.to as Address, value: quantity(tx.value, 'value'), data: tx.data as Hex | undefined }])
      return sent.transactionHash
    } catch (error) {
      const reason = error instanceof BundlerError ? error.message : ((error as { details?: string; shortMessage?: string }).details ?? (error as Error).message)
      throw new ApiError(502, `The network refused the transaction: ${reason}`)
    }
  }
  return bad(`${method} is not supported by the smart account yet`)
}
