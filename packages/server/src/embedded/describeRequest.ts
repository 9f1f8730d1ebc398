import { base64 } from '@scure/base'
import { formatEther, hexToString, isHex, type PublicClient } from 'viem'
import { createChainClient } from '../chain/createChainClient.js'
import { ApiError } from '../http/ApiError.js'
import { describeEvmCall, type DescriptionRow } from './describeEvmCall.js'
import { describeSolanaTransaction } from './describeSolanaTransaction.js'
import { describeTypedData } from './describeTypedData.js'
import { parseSolanaTransaction } from './parseSolanaTransaction.js'
import type { SigningRequest } from './signEmbeddedRequest.js'
import { asArray, callsOf, solanaTextMessageOf, transactionOf, typedDataOf, type TransactionFields } from './signingParams.js'

/** What the approval frame shows a person before they sign: plain text only, never HTML. */
export interface RequestDescription {
  title: string
  /** Label and value pairs (receiver, amount, fee, typed-data fields...), all of them: nothing is cut. */
  rows: DescriptionRow[]
  /** A message to sign, as text (or hex when its bytes are not text), whole. */
  message?: string
  /**
   * Why signing would refuse this request: the frame shows it and offers no Approve. Set when
   * the request's params do not pass the very checks the signing makes.
   */
  refused?: string
}

/** A message's text: hex that decodes to printable UTF-8 is shown as text, other hex as hex. */
function readableMessage(value: unknown): string {
  if (typeof value !== 'string') return ''
  if (!isHex(value)) return value
  try {
    const text = hexToString(value)
    return /^[\P{C}\n\r\t]*$/u.test(text) ? text : value
  } catch {
    return value
  }
}

const evmChainId = (request: SigningRequest) => Number(request.chain.caipNetworkId.slice('eip155:'.length))

/** The fee of a transaction as the network estimates it now, or why it could not be. */
async function feeRow(client: PublicClient, tx: TransactionFields, symbol: string): Promise<DescriptionRow> {
  try {
    const [gas, price] = await Promise.all([client.estimateGas({ account: tx.from, to: tx.to, value: tx.value, data: tx.data }), client.getGasPrice()])
    return { label: 'Network fee (estimated)', value: `${formatEther(gas * price)} ${symbol}` }
  } catch (error) {
    return { label: 'Network fee', value: `could not be estimated: ${(error as { shortMessage?: string }).shortMessage ?? 'the transaction may fail'}` }
  }
}

async function describeTransaction(request: SigningRequest, client: PublicClient, smartAccount: boolean): Promise<RequestDescription> {
  const tx = transactionOf(asArray(request.params)[0])
  if (smartAccount && !tx.to) throw new ApiError(400, 'to must be an address (a smart account does not create contracts)')
  const symbol = request.chain.nativeCurrency.symbol
  const rows = [{ label: 'Network', value: request.chain.name }, ...(await describeEvmCall(tx, symbol, client)), await feeRow(client, tx, symbol)]
  const title = rows.some(r => r.label === 'Allow spending' || r.label.startsWith('Allow moving')) ? 'Approve token spending' : 'Send a transaction'
  return { title, rows }
}

/**
 * An EIP-5792 batch in words: how many calls, that they go together (one transaction, all or
 * none), and every call described as a transaction is, numbered. A batch signing would refuse
 * (too many calls, a bad call) is refused here too.
 */
async function describeCalls(request: SigningRequest, client: PublicClient): Promise<RequestDescription> {
  const { calls } = callsOf(request.params)
  const symbol = request.chain.nativeCurrency.symbol
  const rows: DescriptionRow[] = [
    { label: 'Network', value: request.chain.name },
    { label: 'Calls', value: `${calls.length}, made together in one transaction (all or none)` }
  ]
  const described = await Promise.all(calls.map(call => describeEvmCall(call, symbol, client)))
  described.forEach((one, i) => {
    for (const row of one) rows.push({ label: `${i + 1}. ${row.label}`, value: row.value })
  })
  const total = calls.reduce((sum, call) => sum + call.value, 0n)
  if (total > 0n) rows.push({ label: 'Total amount', value: `${formatEther(total)} ${symbol}` })
  return { title: `Approve ${calls.length} call${calls.length === 1 ? '' : 's'} at once`, rows }
}

function describeSolana(request: SigningRequest): RequestDescription {
  const serialized = (request.params as { transaction?: unknown } | undefined)?.transaction
  if (typeof serialized !== 'string') throw new ApiError(400, 'transaction must be base64')
  let bytes: Uint8Array
  try {
    bytes = base64.decode(serialized)
  } catch {
    throw new ApiError(400, 'transaction must be base64')
  }
  const rows = [{ label: 'Network', value: request.chain.name }, ...describeSolanaTransaction(parseSolanaTransaction(bytes), request.chain.nativeCurrency.symbol)]
  return { title: request.method === 'solana_signTransaction' ? 'Sign a Solana transaction' : 'Send a Solana transaction', rows }
}

async function describe(request: SigningRequest, timeoutMs: number, smartAccount: boolean): Promise<RequestDescription> {
  const network = { label: 'Network', value: request.chain.name }
  switch (request.method) {
    case 'personal_sign':
      return { title: 'Sign this message', rows: [network], message: readableMessage(asArray(request.params)[0]) }
    case 'eth_signTypedData_v4': {
      const typed = typedDataOf(request.params, evmChainId(request))
      return { title: `Sign typed data: ${typed.primaryType}`, rows: [network, ...describeTypedData(typed)] }
    }
    case 'eth_sendTransaction':
      return describeTransaction(request, createChainClient(request.chain.rpcUrl, timeoutMs), smartAccount)
    case 'wallet_sendCalls':
      return describeCalls(request, createChainClient(request.chain.rpcUrl, timeoutMs))
    case 'solana_signMessage':
      return { title: 'Sign this message', rows: [network], message: solanaTextMessageOf(request.params).text }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction':
      return describeSolana(request)
    default:
      throw new ApiError(400, `${request.method} is not supported by this wallet`)
  }
}

/**
 * Describes a signing request in human terms for the approval frame (spec §6), from the same
 * checked values the signing uses: a message's whole text; typed data's domain and every field
 * of its primary type; a transaction's receiver, native amount (always), decoded call and fee;
 * every call of a batch; a Solana transaction's instructions. A request the signing would refuse
 * comes back with `refused` (its reason), so the frame offers no Approve for it.
 *
 * @param request - The request and its chain.
 * @param timeoutMs - Time the chain's node gets for each read.
 * @param smartAccount - The person's smart account acts (it makes calls only: no contract creation).
 * @example
 * ```ts
 * const d = await describeRequest({ method: 'personal_sign', params: ['0x68656c6c6f', me], chain }, 5000)
 * d.message // 'hello'
 * ```
 */
export async function describeRequest(request: SigningRequest, timeoutMs: number, smartAccount = false): Promise<RequestDescription> {
  try {
    return await describe(request, timeoutMs, smartAccount)
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error
    return { title: 'This request cannot be signed', rows: [{ label: 'Network', value: request.chain.name }], refused: error.reason }
  }
}
