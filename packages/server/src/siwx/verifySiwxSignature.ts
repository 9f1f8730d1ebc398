import { bitcoinNetworkOf } from '../bitcoin/bitcoinNetworks.js'
import type { ChainConfig } from '../config/ServerConfig.js'
import type { SiwxMessage } from './SiwxMessage.js'
import { verifyEvmSignature } from './verifyEvmSignature.js'
import { verifySolanaSignature } from './verifySolanaSignature.js'

/**
 * Whether `signature` is the message's account signing `text`, by the rules of the message's
 * chain family: EIP-191 on eip155 (accounts and contract wallets, see
 * {@link verifyEvmSignature}), ed25519 on solana (see {@link verifySolanaSignature}), BIP-322
 * "simple" or BIP-137 on bip122 (see `verifyBitcoinMessage`; the address must be of the
 * message's Bitcoin network). Other namespaces are refused before this is reached ('Chain not supported').
 *
 * @param message - The parsed message (its namespace and address).
 * @param text - The message as signed.
 * @param signature - The signature as submitted.
 * @param chain - The configured chain the message names (none for Bitcoin networks).
 * @param timeoutMs - How long a chain node gets, when one is asked.
 */
export async function verifySiwxSignature(
  message: SiwxMessage,
  text: string,
  signature: string,
  chain: ChainConfig | undefined,
  timeoutMs: number
): Promise<boolean> {
  switch (message.namespace) {
    case 'eip155':
      return chain !== undefined && verifyEvmSignature(chain, message.address, text, signature, timeoutMs)
    case 'solana':
      return verifySolanaSignature(message.address, text, signature)
    case 'bip122': {
      const network = bitcoinNetworkOf(message.chainId)
      if (network === undefined) return false
      // BIP-322's code (@scure/btc-signer, about 13 MB resident) loads with the first Bitcoin sign-in.
      const { verifyBitcoinMessage } = await import('../bitcoin/verifyBitcoinMessage.js')
      return verifyBitcoinMessage({ address: message.address, message: text, signature, network })
    }
    default:
      return false
  }
}
