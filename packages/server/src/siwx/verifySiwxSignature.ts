import type { ChainConfig } from '../config/ServerConfig.js'
import type { SiwxMessage } from './SiwxMessage.js'
import { verifyEvmSignature } from './verifyEvmSignature.js'
import { verifySolanaSignature } from './verifySolanaSignature.js'

/**
 * Whether `signature` is the message's account signing `text`, by the rules of the message's
 * chain family: EIP-191 on eip155 (accounts and contract wallets, see
 * {@link verifyEvmSignature}), ed25519 on solana (see {@link verifySolanaSignature}). Other
 * namespaces are refused before this is reached ('Chain not supported').
 *
 * @param message - The parsed message (its namespace and address).
 * @param text - The message as signed.
 * @param signature - The signature as submitted.
 * @param chain - The configured chain the message names.
 * @param timeoutMs - How long a chain node gets, when one is asked.
 */
export async function verifySiwxSignature(message: SiwxMessage, text: string, signature: string, chain: ChainConfig, timeoutMs: number): Promise<boolean> {
  switch (message.namespace) {
    case 'eip155':
      return verifyEvmSignature(chain, message.address, text, signature, timeoutMs)
    case 'solana':
      return verifySolanaSignature(message.address, text, signature)
    default:
      return false
  }
}
