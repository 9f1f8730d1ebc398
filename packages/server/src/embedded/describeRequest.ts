import { base58 } from '@scure/base'
import { formatEther, hexToString, isHex, type PublicClient } from 'viem'
import { createChainClient } from '../chain/createChainClient.js'
import { ApiError } from '../http/ApiError.js'
import { describeEvmCall, type DescriptionRow } from './describeEvmCall.js'
import { describeSolanaTransaction } from './describeSolanaTransaction.js'
import { describeTypedData } from './describeTypedData.js'
import type { SigningRequest } from './signEmbeddedRequest.js'
import {
  asArray,
  badRequest,
  callsOf,
  EOA_NOT_ATOMIC,
  eoaCanSend,
  solanaSignerSlot,
  solanaTextMessageOf,
  solanaTransactionsOf,
  transactionOf,
  typedDataOf,
  type TransactionFields
} from './signingParams.js'

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
 * An EIP-5792 batch in words: how many calls and how they go (the smart account: together in one
 * transaction, all or none; the key's own account: one transaction each, in order, stopping at
 * the first that fails), and every call described as a transaction is, numbered. A batch signing
 * would refuse (too many calls, a bad call, atomicity the account cannot give) is refused here too.
 */
async function describeCalls(request: SigningRequest, client: PublicClient, smartAccount: boolean): Promise<RequestDescription> {
  const batch = callsOf(request.params)
  const { calls } = batch
  if (!smartAccount && !eoaCanSend(batch)) badRequest(EOA_NOT_ATOMIC)
  const symbol = request.chain.nativeCurrency.symbol
  const together = smartAccount || calls.length === 1
  const rows: DescriptionRow[] = [
    { label: 'Network', value: request.chain.name },
    {
      label: 'Calls',
      value: together
        ? `${calls.length}, made together in one transaction (all or none)`
        : `${calls.length}, sent one after another as ${calls.length} transactions: if one fails, the ones after it are not sent, and the ones before it stay done`
    }
  ]
  const described = await Promise.all(calls.map(call => describeEvmCall(call, symbol, client)))
  described.forEach((one, i) => {
    for (const row of one) rows.push({ label: `${i + 1}. ${row.label}`, value: row.value })
  })
  const total = calls.reduce((sum, call) => sum + call.value, 0n)
  if (total > 0n) rows.push({ label: 'Total amount', value: `${formatEther(total)} ${symbol}` })
  const plural = calls.length === 1 ? '' : 's'
  return { title: together ? `Approve ${calls.length} call${plural} at once` : `Approve ${calls.length} calls, one after another`, rows }
}

/**
 * Solana transactions in words, each as `solana_signTransaction` shows one; several
 * (`solana_signAllTransactions`) are numbered, and signed all or none. With the person's address,
 * a transaction they are not a signer of is refused here, as the signing would.
 */
function describeSolana(request: SigningRequest, signer: string | undefined): RequestDescription {
  const parsed = solanaTransactionsOf(request.method, request.params)
  const publicKey = signer ? base58.decode(signer) : undefined
  for (const [i, { tx }] of publicKey ? parsed.entries() : []) {
    try {
      solanaSignerSlot(tx, publicKey!)
    } catch (error) {
      if (parsed.length > 1 && error instanceof ApiError) badRequest(`transaction ${i + 1}: ${error.reason}`)
      throw error
    }
  }
  const symbol = request.chain.nativeCurrency.symbol
  const network = { label: 'Network', value: request.chain.name }
  if (request.method !== 'solana_signAllTransactions') {
    return {
      title: request.method === 'solana_signTransaction' ? 'Sign a Solana transaction' : 'Send a Solana transaction',
      rows: [network, ...describeSolanaTransaction(parsed[0]!.tx, symbol)]
    }
  }
  const rows: DescriptionRow[] = [network, { label: 'Transactions', value: `${parsed.length}, all signed together (all or none); this site sends them` }]
  parsed.forEach(({ tx }, i) => {
    for (const row of describeSolanaTransaction(tx, symbol)) rows.push({ label: `${i + 1}. ${row.label}`, value: row.value })
  })
  return { title: `Sign ${parsed.length} Solana transaction${parsed.length === 1 ? '' : 's'}`, rows }
}

async function describe(request: SigningRequest, timeoutMs: number, smartAccount: boolean, solanaSigner: string | undefined): Promise<RequestDescription> {
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
      return describeCalls(request, createChainClient(request.chain.rpcUrl, timeoutMs), smartAccount)
    case 'solana_signMessage':
      return { title: 'Sign this message', rows: [network], message: solanaTextMessageOf(request.params).text }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction':
    case 'solana_signAllTransactions':
      return describeSolana(request, solanaSigner)
    default:
      throw new ApiError(400, `${request.method} is not supported by this wallet`)
  }
}

/**
 * Describes a signing request in human terms for the approval frame (spec §6), from the same
 * checked values the signing uses: a message's whole text; typed data's domain and every field
 * of its primary type; a transaction's receiver, native amount (always), decoded call and fee;
 * every call of a batch (and whether they go together or one after another); each Solana
 * transaction's instructions. A request the signing would refuse comes back with `refused` (its
 * reason), so the frame offers no Approve for it.
 *
 * @param request - The request and its chain.
 * @param timeoutMs - Time the chain's node gets for each read.
 * @param smartAccount - The person's smart account acts (it makes calls only: no contract creation;
 *   batches are atomic). Otherwise the key's own account acts.
 * @param solanaSigner - The person's Solana address: a transaction they do not sign is refused.
 * @example
 * ```ts
 * const d = await describeRequest({ method: 'personal_sign', params: ['0x68656c6c6f', me], chain }, 5000)
 * d.message // 'hello'
 * ```
 */
export async function describeRequest(request: SigningRequest, timeoutMs: number, smartAccount = false, solanaSigner?: string): Promise<RequestDescription> {
  try {
    return await describe(request, timeoutMs, smartAccount, solanaSigner)
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error
    return { title: 'This request cannot be signed', rows: [{ label: 'Network', value: request.chain.name }], refused: error.reason }
  }
}
