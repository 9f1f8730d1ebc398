// Loaded on the first signature (Eip155Adapter's `signMessage`): its checks stay out of the first chunk.
import { WalletModalError } from '../../errors/WalletModalError.js'
import type { Eip1193Provider } from '../../types/connector.js'
import { isTransactionResponse } from '../../utils/rpcResponse.js'
import { fromProviderError } from './providerErrors.js'

/**
 * Signs a text message with `personal_sign` (the message as UTF-8 hex) and resolves with the
 * wallet's hex signature. Spec §5: the answer must be a transaction response (a signed message is
 * 62 or more hex digits); an object answer is no signature and fails as `INVALID_RESPONSE`. The
 * wallet's "no" becomes `USER_REJECTED`.
 *
 * @example
 * const signature = await signEip155Message(provider, '0xf39F…2266', 'hello') // '0x…' (130 hex digits)
 */
export async function signEip155Message(provider: Eip1193Provider, address: string, message: string): Promise<string> {
  const hex = `0x${[...new TextEncoder().encode(message)].map(b => b.toString(16).padStart(2, '0')).join('')}`
  let answer: unknown
  try {
    answer = await provider.request({ method: 'personal_sign', params: [hex, address] })
  } catch (err) {
    throw fromProviderError(err, 'RPC_ERROR')
  }
  if (!isTransactionResponse(answer)) throw new WalletModalError('INVALID_RESPONSE', { details: 'the wallet answered personal_sign with no signature' })
  return answer
}
