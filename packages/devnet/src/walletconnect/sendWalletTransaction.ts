import { BaseError, createWalletClient, defineChain, http, isAddress, isAddressEqual, isHex, type Address, type Hex, type LocalAccount } from 'viem'
import { RpcError } from '../RpcError.js'

/** A devnet chain the WalletConnect dev wallet can send transactions on. */
export interface WalletChain {
  /** EIP-155 chain id. */
  chainId: number
  /** The node's JSON-RPC endpoint (the anvil URL). */
  rpcUrl: string
}

/** Sends one EIP-1193 `eth_sendTransaction` request object; resolves with the transaction hash. */
export type TransactionSender = (transaction: unknown) => Promise<Hex>

/**
 * Makes the `eth_sendTransaction` implementation for one chain: the transaction is filled in
 * (nonce, gas, fees) from the node, signed locally with the wallet's key and sent as a raw
 * transaction, which is what a real wallet does and what proves the dapp's request was complete.
 * Relying on anvil's unlocked accounts instead would accept requests no real wallet could sign.
 *
 * Sends are serialised per chain: two requests arriving together would otherwise read the same
 * pending nonce and the second would be refused.
 *
 * @param account - The wallet's local account (from `privateKeyToAccount`).
 * @param chain - The chain and its node.
 */
export function createTransactionSender(account: LocalAccount, chain: WalletChain): TransactionSender {
  const viemChain = defineChain({
    id: chain.chainId,
    name: `Devnet ${chain.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } }
  })
  // No retries: a devnet node that does not answer is down, and the dapp should hear so at once.
  const client = createWalletClient({ account, chain: viemChain, transport: http(chain.rpcUrl, { retryCount: 0, timeout: 15_000 }) })
  let queue: Promise<unknown> = Promise.resolve()
  return transaction => {
    const fields = parseTransactionRequest(transaction, account.address)
    const sent = queue.then(() => client.sendTransaction({ ...fields, account, chain: viemChain } as Parameters<typeof client.sendTransaction>[0]))
    queue = sent.catch(() => undefined)
    return sent.catch(error => {
      throw toRpcError(error)
    })
  }
}

/** The fields of an EIP-1193 transaction request, converted to viem's types. */
export interface TransactionFields {
  to?: Address
  value?: bigint
  data?: Hex
  gas?: bigint
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  nonce?: number
}

/**
 * Reads an `eth_sendTransaction` parameter object (hex quantities, as EIP-1193 defines them).
 * Fields it does not know are ignored; `input` is accepted as an alias of `data`.
 *
 * @param transaction - `params[0]` of the request.
 * @param address - The wallet's address: `from`, when given, must be it.
 * @throws {@link RpcError} 4100 for another `from`, -32602 for malformed fields.
 */
export function parseTransactionRequest(transaction: unknown, address: Address): TransactionFields {
  if (typeof transaction !== 'object' || transaction === null || Array.isArray(transaction)) {
    throw new RpcError(-32602, 'eth_sendTransaction expects a transaction object as its first parameter')
  }
  const tx = transaction as Record<string, unknown>
  if (tx.from !== undefined && (typeof tx.from !== 'string' || !isAddress(tx.from, { strict: false }) || !isAddressEqual(tx.from, address))) {
    throw new RpcError(4100, `This wallet only holds ${address}; it cannot send from ${String(tx.from)}`)
  }
  const fields: TransactionFields = {}
  if (tx.to !== undefined && tx.to !== null) {
    if (typeof tx.to !== 'string' || !isAddress(tx.to, { strict: false })) throw new RpcError(-32602, `Invalid "to" address: ${String(tx.to)}`)
    fields.to = tx.to as Address
  }
  const data = tx.data ?? tx.input
  if (data !== undefined && data !== null) {
    if (typeof data !== 'string' || !isHex(data)) throw new RpcError(-32602, 'Invalid "data": expected a 0x-prefixed hex string')
    fields.data = data
  }
  for (const name of ['value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
    const quantity = quantityOf(tx[name], name)
    if (quantity !== undefined) fields[name] = quantity
  }
  const nonce = quantityOf(tx.nonce, 'nonce')
  if (nonce !== undefined) fields.nonce = Number(nonce)
  return fields
}

function quantityOf(value: unknown, name: string): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) {
    throw new RpcError(-32602, `Invalid "${name}": expected a hex quantity such as "0x1"`)
  }
  return BigInt(value)
}

/**
 * Turns a viem error into an {@link RpcError}, keeping the node's JSON-RPC code when there is one
 * (insufficient funds, nonce too low, revert) so the dapp sees the same error as from any wallet.
 *
 * @param error - Whatever sending threw.
 */
export function toRpcError(error: unknown): RpcError {
  if (error instanceof RpcError) return error
  if (error instanceof BaseError) {
    const withCode = error.walk(cause => typeof (cause as { code?: unknown }).code === 'number') as { code?: number } | null
    return new RpcError(withCode?.code ?? -32603, error.shortMessage || error.message)
  }
  return new RpcError(-32603, error instanceof Error ? error.message : String(error))
}
