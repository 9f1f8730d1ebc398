import { createPublicClient, http, type Hex } from 'viem'
import { ApiError } from '../http/ApiError.js'
import type { ChainConfig } from '../config/ServerConfig.js'

const HEX = /^0x(?:[0-9a-fA-F]{2})+$/

/**
 * Whether `signature` is `address`'s EIP-191 signature of `message` on an eip155 chain. viem's
 * `verifyMessage` is asked to recover the signer locally first (`mode: 'eoa'`): ordinary accounts
 * are checked without a network call. Otherwise the chain's node is asked, through ERC-6492's
 * deployless validator, which covers deployed contract wallets (ERC-1271) and not yet deployed
 * ones (ERC-6492 wrapped signatures). That call gets `timeoutMs` and no retries: a visitor is
 * waiting.
 *
 * viem reports a failed validator call (including an unreachable node) as "not valid", so a
 * contract wallet cannot sign in while its chain's node is down; ordinary accounts still can.
 * Anything else viem throws answers 502.
 *
 * @param chain - The configured chain the message names.
 * @param address - The 0x address from the message.
 * @param message - The text that was signed.
 * @param signature - 0x hex.
 * @param timeoutMs - How long the node gets.
 */
export async function verifyEvmSignature(chain: ChainConfig, address: string, message: string, signature: string, timeoutMs: number): Promise<boolean> {
  if (!HEX.test(signature)) return false
  const client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: timeoutMs, retryCount: 0 }) })
  try {
    return await client.verifyMessage({ address: address as Hex, message, signature: signature as Hex, mode: 'eoa' })
  } catch (error) {
    throw new ApiError(502, `Signature could not be checked on ${chain.caipNetworkId}: ${(error as Error).name}`)
  }
}
