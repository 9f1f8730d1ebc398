import { isAddress, isAddressEqual, isHex, toHex, type Address, type Hex, type PrivateKeyAccount, type TypedDataDefinition } from 'viem'
import { RpcError } from '../RpcError.js'

/** What {@link answerWalletRequest} needs from the wallet around it. */
export interface WalletRequestContext {
  /** The wallet's account; it signs locally. */
  account: PrivateKeyAccount
  /** The chain the dapp addressed the request to (from the request's CAIP-2 `chainId`). */
  chainId: number
  /** The chains approved in this request's session. */
  sessionChainIds: readonly number[]
  /** Signs and sends a transaction on a chain; resolves with its hash. */
  sendTransaction(chainId: number, transaction: unknown): Promise<Hex>
  /** Tells the dapp the wallet now uses `chainId` (the session event `chainChanged`). */
  switchChain(chainId: number): Promise<void>
}

/**
 * Answers one session request the way a wallet whose user approves everything would.
 *
 * - `personal_sign` `[message, address]`: EIP-191 signature of the message (hex is signed as the
 *   bytes it encodes, anything else as UTF-8 text); `eth_sign` `[address, message]` likewise.
 * - `eth_signTypedData_v4` `[address, typedData]` (object or JSON string).
 * - `eth_sendTransaction` `[tx]`: signed locally, sent to the request's chain; the hash.
 * - `eth_chainId`, `eth_accounts`.
 * - `wallet_switchEthereumChain` `[{chainId}]`: for a chain in the session, emits `chainChanged`
 *   first and then answers null (dapps update their state from the event, and some wait for the
 *   answer before they read it); other chains fail with 4902, as EIP-3326 prescribes.
 * - `wallet_addEthereumChain`: null for a chain already in the session, else 4200 (the wallet
 *   serves only the devnet chains it approved).
 *
 * @param method - The JSON-RPC method.
 * @param params - Its params.
 * @param context - The wallet around the request.
 * @returns The JSON-RPC result.
 * @throws {@link RpcError} 4200 for unknown methods, 4100 for another account, -32602 for bad params,
 *   4902 for a chain outside the session; sending errors keep the node's code.
 */
export async function answerWalletRequest(method: string, params: unknown, context: WalletRequestContext): Promise<unknown> {
  const { account } = context
  const list = Array.isArray(params) ? (params as unknown[]) : []
  switch (method) {
    case 'personal_sign': {
      // Some dapps put the address first; the message is whichever is not our address.
      const [first, second] = list
      const message = isOwnAddress(first, account.address) && !isOwnAddress(second, account.address) ? second : first
      const address = message === first ? second : first
      assertOwnAddress(address, account.address, method)
      return account.signMessage({ message: messageOf(message, method) })
    }
    case 'eth_sign': {
      const [address, message] = list
      assertOwnAddress(address, account.address, method)
      return account.signMessage({ message: messageOf(message, method) })
    }
    case 'eth_signTypedData_v4': {
      const [address, data] = list
      assertOwnAddress(address, account.address, method)
      try {
        return await account.signTypedData(typedDataOf(data))
      } catch (error) {
        if (error instanceof RpcError) throw error
        // viem refuses data that does not match its types: that is the dapp's mistake, not ours.
        throw new RpcError(-32602, `eth_signTypedData_v4: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
      }
    }
    case 'eth_sendTransaction':
      return context.sendTransaction(context.chainId, list[0])
    case 'eth_chainId':
      return toHex(context.chainId)
    case 'eth_accounts':
      return [account.address]
    case 'wallet_switchEthereumChain': {
      const chainId = chainIdParam(list[0], method)
      if (!context.sessionChainIds.includes(chainId)) {
        throw new RpcError(4902, `Unrecognized chain ID ${toHex(chainId)}: this session has ${describeChains(context.sessionChainIds)}.`)
      }
      await context.switchChain(chainId)
      return null
    }
    case 'wallet_addEthereumChain': {
      const chainId = chainIdParam(list[0], method)
      if (context.sessionChainIds.includes(chainId)) return null
      throw new RpcError(4200, `The WalletConnect dev wallet cannot add chains; this session has ${describeChains(context.sessionChainIds)}.`)
    }
    default:
      throw new RpcError(4200, `The WalletConnect dev wallet does not support ${method}`)
  }
}

function isOwnAddress(value: unknown, own: Address): boolean {
  return typeof value === 'string' && isAddress(value, { strict: false }) && isAddressEqual(value, own)
}

function assertOwnAddress(value: unknown, own: Address, method: string): void {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) {
    throw new RpcError(-32602, `${method}: expected this wallet's address (${own}) as a parameter`)
  }
  if (!isAddressEqual(value, own)) throw new RpcError(4100, `${method}: this wallet only holds ${own}, not ${value}`)
}

function messageOf(value: unknown, method: string): string | { raw: Hex } {
  if (typeof value !== 'string') throw new RpcError(-32602, `${method}: the message must be a string`)
  // Hex is what EIP-1193 dapps send (viem, ethers); plain text comes from hand-written dapps.
  return isHex(value) ? { raw: value } : value
}

function typedDataOf(value: unknown): TypedDataDefinition {
  let data = value
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data)
    } catch {
      throw new RpcError(-32602, 'eth_signTypedData_v4: the typed data is not valid JSON')
    }
  }
  if (typeof data !== 'object' || data === null) throw new RpcError(-32602, 'eth_signTypedData_v4: expected typed data (object or JSON string)')
  const { domain, types, primaryType, message } = data as Record<string, unknown>
  if (typeof types !== 'object' || types === null || typeof primaryType !== 'string' || typeof message !== 'object' || message === null) {
    throw new RpcError(-32602, 'eth_signTypedData_v4: typed data needs types, primaryType and message')
  }
  return { domain: (domain ?? {}) as TypedDataDefinition['domain'], types, primaryType, message } as TypedDataDefinition
}

function chainIdParam(value: unknown, method: string): number {
  const chainId = (value as { chainId?: unknown } | undefined)?.chainId
  if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]{1,13}$/.test(chainId)) {
    throw new RpcError(-32602, `${method}: expected [{ chainId: "0x..." }]`)
  }
  return Number(chainId)
}

function describeChains(chainIds: readonly number[]): string {
  return chainIds.length === 0 ? 'no chains' : chainIds.map(id => `${id} (${toHex(id)})`).join(', ')
}
