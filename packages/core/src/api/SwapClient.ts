import { blockchainEndpoints, convertEndpoints, type EndpointRequest, type SwapQuote, type SwapToken, type SwapTransaction } from '@wallet-modal/wire'
import { WalletModalError } from '../errors/WalletModalError.js'
import { createCheckedCalls } from './checkedCalls.js'
import type { HttpClient } from './HttpClient.js'

export type { SwapQuote, SwapToken, SwapTransaction }

/** What a swap is: `amount` (base units) of `from` into `to`, for `userAddress` (all CAIP-10). */
export interface SwapTrade {
  from: string
  to: string
  amount: bigint
  userAddress: string
}

/**
 * The swap calls of spec §7 (`/v1/convert/*`) on the blockchain data API, with projectId, st and
 * sv on every call and every answer checked against the wire contract. Its own module, so only
 * a site whose visitor opens Swap loads it.
 *
 * @param http - The HTTP client (timeouts, retries).
 * @param blockchainApiUrl - The blockchain data API's base URL.
 * @param projectId - The site's project id.
 */
export function createSwapClient(http: HttpClient, blockchainApiUrl: string, projectId: string) {
  const { getChecked, postChecked } = createCheckedCalls(http, projectId)
  const base = blockchainApiUrl
  return {
    /** The tokens one can swap on a network (its coin first). */
    async tokens(caipNetworkId: string): Promise<SwapToken[]> {
      return (await getChecked(base, convertEndpoints.tokens, undefined, { chainId: caipNetworkId }, 'swap tokens')).tokens
    },
    /** The best quote for a trade (a 400 carries the service's reason, e.g. 'Insufficient liquidity'). */
    async quote(trade: SwapTrade, opts: { gasPrice?: bigint; signal?: AbortSignal } = {}): Promise<SwapQuote> {
      const query = { amount: trade.amount.toString(), from: trade.from, to: trade.to, userAddress: trade.userAddress, gasPrice: opts.gasPrice?.toString() }
      // A quote is asked again as the visitor types: no retries, the next keystroke asks anew.
      const { quotes } = await getChecked(base, convertEndpoints.quotes, undefined, query, 'swap quotes', { retries: 0, signal: opts.signal })
      const best = quotes[0]
      if (!best) throw new WalletModalError('INVALID_RESPONSE', { details: 'swap quotes: none' })
      return best
    },
    /** What `userAddress` lets the exchange spend of `token` (base units), and who the spender is. */
    async allowance(token: string, userAddress: string): Promise<{ allowance: bigint; spender: string }> {
      const answer = await getChecked(base, convertEndpoints.allowance, undefined, { tokenAddress: token, userAddress }, 'swap allowance')
      return { allowance: BigInt(answer.allowance), spender: answer.spender }
    },
    /** The approval of exactly the trade's amount (all of it with `unlimited`). */
    async buildApprove(trade: SwapTrade, opts: { unlimited?: boolean } = {}): Promise<SwapCall> {
      const query = { from: trade.from, to: trade.to, userAddress: trade.userAddress, amount: opts.unlimited ? undefined : trade.amount.toString() }
      return toSwapCall((await getChecked(base, convertEndpoints.buildApprove, undefined, query, 'swap approval')).tx)
    },
    /** The swap of the quote the visitor saw, within `slippage` percent of it. */
    async buildTransaction(trade: SwapTrade, quote: SwapQuote, slippage: number): Promise<{ tx: SwapCall; minimumReceived: bigint }> {
      const body: EndpointRequest<typeof convertEndpoints.buildTransaction>['body'] = {
        amount: trade.amount.toString(),
        eip155: { slippage: String(slippage) },
        projectId,
        from: trade.from,
        to: trade.to,
        userAddress: trade.userAddress,
        quoteId: quote.id
      }
      // Building is not idempotent in effect (a new deadline): no automatic retry.
      const answer = await postChecked(base, convertEndpoints.buildTransaction, body, 'swap transaction', { retries: 0 })
      return { tx: toSwapCall(answer.tx), minimumReceived: BigInt(answer.minimumReceived) }
    },
    /** The network's gas prices (wei). */
    async gasPrice(caipNetworkId: string): Promise<{ standard: bigint; fast: bigint; instant: bigint }> {
      const answer = await getChecked(base, blockchainEndpoints.gasPrice, undefined, { chainId: caipNetworkId }, 'gas price')
      return { standard: BigInt(answer.standard), fast: BigInt(answer.fast), instant: BigInt(answer.instant) }
    }
  }
}

/**
 * A swap's transaction as a wallet is asked to send it. The service's answer keeps per-namespace
 * fields under the namespace's name (`eip155.gas`); they are read here, so flows stay
 * namespace-neutral (docs/ARCHITECTURE.md, Layers).
 */
export interface SwapCall {
  from: string
  to: string
  data: string
  value: bigint
  /** The gas the service estimated, when it did (EVM). */
  gas?: bigint
}

/** The service's transaction as a {@link SwapCall}. */
export function toSwapCall(tx: SwapTransaction): SwapCall {
  return { from: tx.from, to: tx.to, data: tx.data, value: BigInt(tx.value), gas: tx.eip155?.gas ? BigInt(tx.eip155.gas) : undefined }
}

/** The swap client's type. */
export type SwapClient = ReturnType<typeof createSwapClient>
