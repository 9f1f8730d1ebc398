// The 1inch Classic Swap API (v6.0) as a swap provider, following its published reference:
// - the OpenAPI description (https://api.1inch.io/swagger, "AggregationController", and the
//   types generated from it in 1inch's own Go SDK, github.com/1inch/1inch-sdk-go,
//   sdk-clients/aggregation/aggregation_types.gen.go) and the portal pages
//   (https://portal.1inch.dev/documentation/apis/swap/classic-swap/introduction);
// - "Common API Error Messages Explained" (https://help.1inch.com/en/articles/8422842).
// Calls (all GET, `Authorization: Bearer <key>`):
//   /swap/v6.0/{chain}/approve/spender   -> { address }
//   /swap/v6.0/{chain}/quote?src&dst&amount&includeGas=true -> { dstAmount, gas? }
//   /swap/v6.0/{chain}/swap?src&dst&amount&from&origin&slippage[&disableEstimate=true]
//                                         -> { dstAmount, tx: { from, to, data, value, gas, gasPrice } }
// Refusals are { error, description, statusCode, requestId, meta: [{ type, value }] } (400, and 500
// for the same envelope); 401 for a bad key, 429 past the rate limit, 503 for a banned address.
import { getAddress, type Address, type Hex } from 'viem'
import * as v from 'valibot'
import { ApiError } from '../http/ApiError.js'
import { providerCall, providerText, type ProviderRefusal } from '../onramp/providerCall.js'
import type { ProviderQuote, ProviderTransaction, SwapAsset, SwapBuildRequest, SwapProvider, SwapQuoteRequest } from './SwapProvider.js'

/** The 1inch API's base (its v6 swap API sits under `/swap/v6.0/{chainId}`). */
export const ONE_INCH_BASE_URL = 'https://api.1inch.dev'

/** How 1inch names a network's coin (lower case: its mixed-case spelling is no valid checksum). */
export const ONE_INCH_NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** Gas assumed for a swap when 1inch gives no estimate (a two-hop aggregated swap uses about this). */
const DEFAULT_SWAP_GAS = 200_000n

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

const AddressSchema = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/))
const UintSchema = v.pipe(v.string(), v.regex(/^[0-9]{1,78}$/))
/** Gas as 1inch writes it: a JSON number (its schema says float; a whole one is expected). */
const GasSchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1e9))

const SpenderSchema = v.object({ address: AddressSchema })
const QuoteSchema = v.object({ dstAmount: UintSchema, gas: v.optional(GasSchema) })
const SwapSchema = v.object({
  dstAmount: UintSchema,
  tx: v.object({
    to: AddressSchema,
    data: v.pipe(v.string(), v.regex(/^0x([0-9a-fA-F]{2})*$/), v.maxLength(200_000)),
    value: UintSchema,
    gas: v.optional(GasSchema)
  })
})

/**
 * 1inch's error envelope: `description` says what is wrong ('insufficient liquidity', 'Not enough
 * allowance. Amount: …'), `meta` carries its numbers.
 */
const ErrorSchema = v.object({ description: v.string(), meta: v.optional(v.array(v.object({ type: v.string(), value: v.string() }))) })

/**
 * What a 1inch refusal means for the visitor. The documented 400s become 400s the modal shows in
 * its own words (liquidity, balance, allowance, a swap that would fail); any other 400 is passed
 * on as '1inch: {description}'. 401/403/429/5xx keep the common reading of `providerCall`
 * (a 500 with a description names it).
 */
function readRefusal({ status, body }: ProviderRefusal): ApiError | undefined {
  const parsed = v.safeParse(ErrorSchema, body)
  if (!parsed.success) return undefined
  const description = providerText(parsed.output.description)
  if (status === 400) {
    if (/insufficient liquidity/i.test(description)) return new ApiError(400, 'Insufficient liquidity')
    if (/not enough allowance/i.test(description)) return new ApiError(400, 'Not enough allowance: approve the token for 1inch first')
    if (/not enough .*balance/i.test(description)) return new ApiError(400, 'Not enough balance for this swap')
    if (/cannot estimate/i.test(description)) return new ApiError(400, 'The swap would fail now (1inch cannot estimate it); quote again')
    if (/cannot sync token/i.test(description)) return new ApiError(400, '1inch does not know this token')
    return new ApiError(400, `1inch: ${description || 'refused the trade'}`)
  }
  if (status >= 500 && description) return new ApiError(502, `1inch failed (HTTP ${status}): ${description}`)
  return undefined
}

/**
 * Quotes and builds swaps with the 1inch Classic Swap API (v6.0): `approve/spender`, `quote` and
 * `swap`, with the operator's API key. 1inch routes across many exchanges and applies the
 * slippage itself; each answer is checked field by field (a remote answer is never trusted), read
 * within the timeout and a size cap, and each refusal becomes an error the modal can show.
 *
 * @example
 * ```ts
 * const provider = new OneInchProvider({ apiKey: process.env.ONE_INCH_KEY!, chainId: 8453, timeoutMs: 10_000 })
 * const quote = await provider.quote({ from: { native: true }, to: { native: false, address: USDC }, amount: 10n ** 18n })
 * ```
 */
export class OneInchProvider implements SwapProvider {
  readonly name = '1inch'
  private spenderAddress: Promise<Address> | undefined

  constructor(private readonly options: OneInchOptions) {}

  private tokenOf(asset: SwapAsset): string {
    return asset.native ? ONE_INCH_NATIVE : asset.address
  }

  /** GETs `path` of the chain's swap API. */
  private get<S extends v.GenericSchema>(path: string, params: Record<string, string>, schema: S): Promise<v.InferOutput<S>> {
    const url = new URL(`/swap/v6.0/${this.options.chainId}/${path}`, this.options.baseUrl ?? ONE_INCH_BASE_URL)
    for (const [k, value] of Object.entries(params)) url.searchParams.set(k, value)
    return providerCall('1inch', url, { method: 'GET', headers: { authorization: `Bearer ${this.options.apiKey}` } }, schema, this.options.timeoutMs, {
      refusal: readRefusal
    })
  }

  spender(): Promise<Address> {
    this.spenderAddress ??= this.get('approve/spender', {}, SpenderSchema).then(body => getAddress(body.address))
    // A failed lookup is tried again next time.
    this.spenderAddress.catch(() => (this.spenderAddress = undefined))
    return this.spenderAddress
  }

  async quote(request: SwapQuoteRequest): Promise<ProviderQuote> {
    const from = this.tokenOf(request.from)
    const to = this.tokenOf(request.to)
    if (from.toLowerCase() === to.toLowerCase()) throw new ApiError(400, 'From and to are the same token')
    const body = await this.get('quote', { src: from, dst: to, amount: request.amount.toString(), includeGas: 'true' }, QuoteSchema)
    const toAmount = BigInt(body.dstAmount)
    if (toAmount === 0n) throw new ApiError(400, 'Amount too small to swap')
    // 1inch reports no mid price: the impact is left to the prices the modal shows beside it.
    return {
      toAmount,
      priceImpact: 0,
      feeAmount: 0n,
      path: [getAddress(from), getAddress(to)],
      gasEstimate: body.gas === undefined ? DEFAULT_SWAP_GAS : BigInt(body.gas)
    }
  }

  async buildSwap(request: SwapBuildRequest): Promise<ProviderTransaction> {
    // 1inch takes the slippage in percent (0 to 50): "0.5" for 50 hundredths of a percent.
    const slippage = (Number(request.slippageBps) / 100).toString()
    const body = await this.get(
      'swap',
      {
        src: this.tokenOf(request.from),
        dst: this.tokenOf(request.to),
        amount: request.amount.toString(),
        from: request.recipient,
        origin: request.recipient,
        slippage,
        // Documented as case sensitive: 'true', never 'True'.
        ...(request.disableEstimate ? { disableEstimate: 'true' } : {})
      },
      SwapSchema
    )
    // 1inch's minimum comes from its own fresh quote: it must still cover the visitor's.
    if ((BigInt(body.dstAmount) * (10_000n - request.slippageBps)) / 10_000n < request.minOut) {
      throw new ApiError(409, 'The price moved past the slippage tolerance; quote again')
    }
    const tx = body.tx
    // The transaction must be the trade the visitor asked for: to 1inch's router (the contract
    // the allowance names), sending the coin only when the coin is sold, and exactly that much.
    if (getAddress(tx.to) !== (await this.spender())) throw new ApiError(502, '1inch answered a swap through another contract than its router')
    if (BigInt(tx.value) !== (request.from.native ? request.amount : 0n)) throw new ApiError(502, '1inch answered a swap sending another amount of the coin')
    return { to: getAddress(tx.to), data: tx.data as Hex, value: BigInt(tx.value), ...(tx.gas === undefined ? {} : { gas: BigInt(tx.gas) }) }
  }
}
