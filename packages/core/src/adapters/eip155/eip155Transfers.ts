// Loaded on first use of Send (adapters/lazyTransfers.ts): viem's ABI encoder stays out of the
// first chunk.
import { encodeFunctionData } from 'viem'
import { WalletModalError } from '../../errors/WalletModalError.js'
import type { Connector, Eip1193Provider } from '../../types/connector.js'
import type { AdapterContext, BatchCalls, ContractCall, Transfer, TransferSupport } from '../ChainAdapter.js'
import { fromProviderError } from './providerErrors.js'
import { networkRpc } from './networkRpc.js'
import { isTransactionResponse } from '../../utils/rpcResponse.js'

/**
 * `transfer(address,uint256)` of ERC-20. USDT-like tokens declare it without the bool return;
 * the calldata is the same, so one ABI serves both: it is only encoded here, never decoded.
 */
const ERC20_TRANSFER_ABI = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' }
    ],
    outputs: []
  }
] as const

/** Gas of a plain native transfer on EVM chains. */
export const NATIVE_TRANSFER_GAS = 21_000n
/** Max keeps this many times the expected fee back, so a fee rise between estimate and signing still fits. */
export const FEE_HEADROOM = 2n

/** The transaction a transfer is: a native value transfer, or the token's `transfer` call. */
export function eip155Transaction({ from, to, token, amount }: Transfer) {
  if (!token) return { from, to, value: `0x${amount.toString(16)}` }
  const data = encodeFunctionData({ abi: ERC20_TRANSFER_ABI, functionName: 'transfer', args: [to as `0x${string}`, amount] })
  return { from, to: token.address, value: '0x0', data }
}

const quantity = (value: unknown, what: string): bigint => {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) throw new WalletModalError('RPC_ERROR', { details: `${what}: not a quantity` })
  return BigInt(value)
}

/** Send on eip155: `eth_sendTransaction` through the wallet, fees and receipts from the site's RPC. */
export function createEip155Transfers(ctx: AdapterContext): Omit<TransferSupport, 'isAddress'> {
  // The site's RPC (several URLs ranked, spec §9).
  const rpc = <T>(network: Transfer['network'], method: string, params: unknown[]) => networkRpc<T>(ctx, network, method, params)
  return {
    async readNativeBalance(network, address) {
      return quantity(await rpc(network, 'eth_getBalance', [address, 'latest']), 'eth_getBalance')
    },
    async feeReserve(network) {
      return NATIVE_TRANSFER_GAS * quantity(await rpc(network, 'eth_gasPrice', []), 'eth_gasPrice') * FEE_HEADROOM
    },
    async estimateFee(transfer) {
      const [gas, gasPrice] = await Promise.all([
        rpc(transfer.network, 'eth_estimateGas', [eip155Transaction(transfer)]),
        rpc(transfer.network, 'eth_gasPrice', [])
      ])
      return quantity(gas, 'eth_estimateGas') * quantity(gasPrice, 'eth_gasPrice')
    },
    async send(connector: Connector, transfer) {
      if (!connector.provider) throw new WalletModalError('CONNECTOR_NOT_FOUND', { details: connector.id })
      try {
        return sentTransaction(await connector.provider.request({ method: 'eth_sendTransaction', params: [eip155Transaction(transfer)] }))
      } catch (err) {
        throw fromProviderError(err, 'TRANSACTION_FAILED')
      }
    },
    async status(network, id) {
      const receipt = await rpc<{ status?: string } | null>(network, 'eth_getTransactionReceipt', [id])
      if (!receipt) return undefined
      return receipt.status === '0x1'
    }
  }
}

/**
 * The wallet's answer to `eth_sendTransaction`, which must be a transaction response (spec §5: a
 * hash, or a 62+ hex signature): an object answer is no transaction the modal can follow to its
 * receipt, so the send fails here rather than later as an endless pending one.
 */
function sentTransaction(answer: unknown): string {
  if (!isTransactionResponse(answer))
    throw new WalletModalError('TRANSACTION_FAILED', { details: 'the wallet answered eth_sendTransaction with no transaction hash' })
  return answer
}

/** A quantity as EIP-1193 wallets take it. */
const hex = (n: bigint) => `0x${n.toString(16)}`

/**
 * Sends a contract call through the wallet (`eth_sendTransaction` with the caller's gas limit when
 * it has one); the wallet's "no" becomes `USER_REJECTED`.
 *
 * @param provider - The connected wallet.
 * @param call - See {@link ContractCall}.
 */
export async function sendEip155Call(provider: Eip1193Provider, { from, to, data, value, gas }: ContractCall): Promise<string> {
  try {
    return sentTransaction(
      await provider.request({ method: 'eth_sendTransaction', params: [{ from, to, data, value: hex(value), ...(gas ? { gas: hex(gas) } : {}) }] })
    )
  } catch (err) {
    throw fromProviderError(err, 'TRANSACTION_FAILED')
  }
}

/** EIP-5792: a chain id as wallets take it in batches. */
const chainHex = (network: { id: string | number }) => `0x${Number(network.id).toString(16)}`

/** Whether the wallet says it makes calls atomically on `network` (`wallet_getCapabilities`); a wallet without the method cannot. */
export async function eip155BatchSupported(provider: Eip1193Provider, network: { id: string | number }, from: string): Promise<boolean> {
  const id = chainHex(network)
  try {
    const capabilities = (await provider.request({ method: 'wallet_getCapabilities', params: [from, [id]] })) as
      | Record<string, { atomic?: { status?: string } }>
      | undefined
    const status = capabilities?.[id]?.atomic?.status
    return status === 'supported' || status === 'ready'
  } catch {
    return false
  }
}

/** Sends calls as one atomic batch (`wallet_sendCalls`, version 2.0.0); resolves with the batch id. The wallet's "no" becomes `USER_REJECTED`. */
export async function sendEip155Calls(provider: Eip1193Provider, calls: readonly ContractCall[]): Promise<string> {
  const [first] = calls
  if (!first) throw new WalletModalError('TRANSACTION_FAILED', { details: 'an empty batch' })
  try {
    const answer = await provider.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: chainHex(first.network),
          from: first.from,
          atomicRequired: true,
          calls: calls.map(({ to, data, value }) => ({ to, data, value: hex(value) }))
        }
      ]
    })
    // Spec §5: a transaction response is the batch's id itself (wallets of EIP-5792's first
    // version answer a hash); an object response carries it as `id`.
    if (isTransactionResponse(answer)) return answer
    const id = (answer as { id?: unknown } | null)?.id
    if (typeof id !== 'string' || !id || id.length > 4096) throw new WalletModalError('TRANSACTION_FAILED', { details: 'the wallet gave no batch id' })
    return id
  } catch (err) {
    throw fromProviderError(err, 'TRANSACTION_FAILED')
  }
}

/** A batch's status (`wallet_getCallsStatus`): done from 200 on (200 succeeded), with its first transaction's hash. */
export async function eip155CallsStatus(provider: Eip1193Provider, id: string): Promise<{ done: boolean; success?: boolean; hash?: string }> {
  const answer = (await provider
    .request({ method: 'wallet_getCallsStatus', params: [id] })
    .catch(err => Promise.reject(fromProviderError(err, 'TRANSACTION_FAILED')))) as {
    status?: unknown
    receipts?: { transactionHash?: unknown }[]
  }
  const status = typeof answer?.status === 'number' ? answer.status : 0
  const hash = answer?.receipts?.[0]?.transactionHash
  return status < 200 ? { done: false } : { done: true, success: status === 200, hash: typeof hash === 'string' ? hash : undefined }
}

/** The eip155 adapter's atomic batches over a connector's EIP-1193 provider (see `BatchCalls`). */
export function eip155BatchCalls(provider: (connector: Connector) => Eip1193Provider): BatchCalls {
  return {
    supported: (connector, network, from) => eip155BatchSupported(provider(connector), network, from),
    send: (connector, calls) => sendEip155Calls(provider(connector), calls),
    status: (connector, id) => eip155CallsStatus(provider(connector), id)
  }
}
