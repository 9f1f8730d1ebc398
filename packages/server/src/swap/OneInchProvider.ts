import { getAddress, type Address, type Hex } from 'viem'
import { ApiError } from '../http/ApiError.js'
import type { ProviderQuote, ProviderTransaction, SwapAsset, SwapBuildRequest, SwapProvider, SwapQuoteRequest } from './SwapProvider.js'

/** The 1inch aggregation API's base (its v6 swap API sits under `/swap/v6.0/{chainId}`). */
export const ONE_INCH_BASE_URL = 'https://api.1inch.dev'

/** How 1inch names a network's coin (lower case: its mixed-case spelling is no valid checksum). */
const ONE_INCH_NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** Options of {@link OneInchProvider}. */
export interface OneInchOptions {
  /** The operator's API key (sent as a bearer token; never to the browser). */
  apiKey: string
  /** Another base (a proxy, or a test's stand-in); default {@link ONE_INCH_BASE_URL}. */
  baseUrl?: string
  /** The eip155 chain id. */
  chainId: number
  /** Time for each call, the whole answer included. */
  timeoutMs: number
}

interface OneInchQuote {
  dstAmount: string
  gas?: number
}
interface OneInchSwap {
  dstAmount: string
  tx: { to: string; data: string; value: string; gas?: number }
}

const isDigits = (value: unknown): value is string => typeof value === 'string' && /^[0-9]{1,78}$/.test(value)

/**
 * Quotes and builds swaps with the 1inch aggregation API (v6): `quote`, `approve/spender` and
 * `swap`, with the operator's API key. 1inch routes across many exchanges and applies the
 * slippage itself; its answers are checked field by field (a remote answer is never trusted).
 *
 * @example
 * ```ts
 * const provider = new OneInchProvider({ apiKey: process.env.ONE_INCH_KEY!, chainId: 8453, timeoutMs: 10_000 })
 * ```
 */
export class OneInchProvider implements SwapProvider {
  readonly name = '1inch'
  private spenderAddress: Promise<Address> | undefined

  constructor(private readonly options: OneInchOptions) {}

  private tokenOf(asset: SwapAsset): string {
    return asset.native ? ONE_INCH_NATIVE : asset.address
  }

  /** GETs `path` of the chain's swap API; 1inch's refusals become 400s with its description. */
  private async get(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const url = new URL(`/swap/v6.0/${this.options.chainId}/${path}`, this.options.baseUrl ?? ONE_INCH_BASE_URL)
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
    const signal = AbortSignal.timeout(this.options.timeoutMs)
    let status: number
    let body: unknown
    try {
      const response = await fetch(url, { headers: { authorization: `Bearer ${this.options.apiKey}`, accept: 'application/json' }, signal })
      status = response.status
      // The timeout covers the body too: the same signal aborts a slow read.
      body = await response.json().catch(() => undefined)
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw new ApiError(504, `1inch did not answer within ${this.options.timeoutMs} ms`)
      throw new ApiError(502, '1inch unreachable')
    }
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined
    if (status === 400 && record) {
      const description = typeof record.description === 'string' ? record.description.slice(0, 200) : 'refused the trade'
      throw new ApiError(400, description === 'insufficient liquidity' ? 'Insufficient liquidity' : `1inch: ${description}`)
    }
    if (status < 200 || status >= 300 || !record) throw new ApiError(502, `1inch answered HTTP ${status}`)
    return record
  }

  spender(): Promise<Address> {
    this.spenderAddress ??= this.get('approve/spender', {}).then(body => {
      if (typeof body.address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(body.address)) throw new ApiError(502, '1inch gave no spender')
      return getAddress(body.address)
    })
    // A failed lookup is tried again next time.
    this.spenderAddress.catch(() => (this.spenderAddress = undefined))
    return this.spenderAddress
  }

  async quote(request: SwapQuoteRequest): Promise<ProviderQuote> {
    const from = this.tokenOf(request.from)
    const to = this.tokenOf(request.to)
    if (from.toLowerCase() === to.toLowerCase()) throw new ApiError(400, 'From and to are the same token')
    const body = (await this.get('quote', { src: from, dst: to, amount: request.amount.toString(), includeGas: 'true' })) as Partial<OneInchQuote>
    if (!isDigits(body.dstAmount)) throw new ApiError(502, '1inch gave no amount')
    const toAmount = BigInt(body.dstAmount)
    if (toAmount === 0n) throw new ApiError(400, 'Amount too small to swap')
    const gas = typeof body.gas === 'number' && Number.isSafeInteger(body.gas) && body.gas > 0 ? BigInt(body.gas) : 200_000n
    // 1inch reports no mid price: the impact is left to the prices the modal shows beside it.
    return { toAmount, priceImpact: 0, feeAmount: 0n, path: [getAddress(from), getAddress(to)], gasEstimate: gas }
  }

  async buildSwap(request: SwapBuildRequest): Promise<ProviderTransaction> {
    const slippage = (Number(request.slippageBps) / 100).toString()
    const body = (await this.get('swap', {
      src: this.tokenOf(request.from),
      dst: this.tokenOf(request.to),
      amount: request.amount.toString(),
      from: request.recipient,
      origin: request.recipient,
      slippage,
      disableEstimate: String(request.disableEstimate)
    })) as Partial<OneInchSwap>
    const tx = body.tx
    if (!tx || typeof tx.to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(tx.to) || typeof tx.data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(tx.data) || !isDigits(tx.value)) {
      throw new ApiError(502, '1inch gave no transaction')
    }
    // 1inch's minimum comes from its own fresh quote: it must still cover the visitor's.
    if (isDigits(body.dstAmount) && (BigInt(body.dstAmount) * (10_000n - request.slippageBps)) / 10_000n < request.minOut) {
      throw new ApiError(409, 'The price moved past the slippage tolerance; quote again')
    }
    return { to: getAddress(tx.to), data: tx.data as Hex, value: BigInt(tx.value), ...(typeof tx.gas === 'number' && tx.gas > 0 ? { gas: BigInt(tx.gas) } : {}) }
  }
}
