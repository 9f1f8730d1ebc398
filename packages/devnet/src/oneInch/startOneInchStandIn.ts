// A stand-in for the 1inch Classic Swap API v6.0 (https://api.1inch.dev/swap/v6.0/{chain}/…),
// answering as its published reference does:
// - the OpenAPI description (https://api.1inch.io/swagger; the types 1inch generates from it in
//   its Go SDK, github.com/1inch/1inch-sdk-go sdk-clients/aggregation/aggregation_types.gen.go:
//   QuoteResponse, SwapResponse, TransactionData, SpenderResponse, AllowanceResponse,
//   ApproveCallDataResponse, QuoteRequestError/SwapRequestError, HttpExceptionMeta), and
// - "Common API Error Messages Explained" (https://help.1inch.com/en/articles/8422842).
// Implemented (GET, `Authorization: Bearer <key>`; parameters case sensitive, booleans 'true'):
//   /approve/spender                         -> { address }
//   /approve/allowance?tokenAddress&walletAddress -> { allowance }
//   /approve/transaction?tokenAddress[&amount] -> { data, gasPrice, to, value: '0' }
//   /quote?src&dst&amount[&includeTokensInfo][&includeProtocols][&includeGas]
//                                            -> { dstAmount, srcToken?, dstToken?, protocols?, gas? }
//   /swap?src&dst&amount&from&origin&slippage[&receiver][&disableEstimate][&include…]
//                                            -> { dstAmount, tx: { from, to, data, value, gas, gasPrice }, … }
// The coin is 0xeeee…eeee. Refusals are 1inch's envelope { error, description, statusCode,
// requestId, meta: [{ type, value }] }: 400 'Src is not set' / 'Dst is not set' / 'Amount is not
// set', 'Cannot sync token', 'insufficient liquidity', 'Not enough <symbol> balance. Amount: …
// Balance: …', 'Not enough allowance. Amount: … Allowance: … Spender: …', 'cannot estimate';
// 500 with the same envelope. The docs name 401 (bad key), 429 (rate limit; 1 request a second on
// the free plan) and 503 (banned IP) without a body: the stand-in answers them in the same
// envelope, and a client must not rely on it.
// Quotes are real: each chain's Uniswap V2 pools (the devnet's, `deployUniswap`) read through the
// chain's RPC with the router's getAmountsOut; `/swap`'s `tx` is a UniswapV2Router02 swap that
// executes on that chain, delivering at least the quote less the slippage. The router is the
// spender. Gas in quotes (and in swaps with disableEstimate) is an approximation, as 1inch's is.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createPublicClient, encodeFunctionData, erc20Abi, getAddress, http, isAddress, maxUint256, type Address, type PublicClient } from 'viem'
import { listenLoopback } from '../server/listenLoopback.js'
import { bestUniswapV2Route, encodeUniswapV2Swap, type UniswapV2Exchange } from './uniswapV2Route.js'
import { FailureSchedule } from '../server/FailureSchedule.js'

/** How 1inch names a network's coin. */
export const ONE_INCH_NATIVE_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** A swap's validity the stand-in gives its transactions (seconds after the latest block). */
const DEADLINE_SECONDS = 1200n

/** One chain the stand-in serves. */
export interface OneInchStandInChain {
  /** The chain's node. */
  rpcUrl: string
  /** Its Uniswap V2 exchange (the devnet's: `DEVNET_UNISWAP`). */
  exchange: UniswapV2Exchange
  /** The coin's name and symbol (default Ether, ETH). */
  coin?: { name: string; symbol: string }
}

/** Options of {@link startOneInchStandIn}. */
export interface OneInchStandInOptions {
  /** Port (default: a free one). */
  port?: number
  /** API keys accepted as `Authorization: Bearer <key>`. */
  apiKeys: readonly string[]
  /** The chains served, by chain id (the `{chain}` of the path). */
  chains: Readonly<Record<number, OneInchStandInChain>>
  /** Calls a key may make per second before 429 (1inch's free plan: 1); default unlimited. */
  requestsPerSecond?: number
  /** The clock of the rate limit (ms; default `Date.now`). */
  now?: () => number
}

/** One `meta` entry of 1inch's error envelope. */
export interface OneInchErrorMeta {
  type: string
  value: string
}

/** A failure the stand-in answers with instead of the real answer. */
export type OneInchFailure =
  /** A 400 refusal in 1inch's envelope ('insufficient liquidity', …). */
  | { status: 400; description: string; meta?: OneInchErrorMeta[] }
  /** 401 (a key it does not accept), 429 (rate limit), 503 (banned IP). */
  | { status: 401 | 429 | 503 }
  /** 500 in 1inch's envelope. */
  | { status: 500; description?: string }
  /** Never answers ('headers'), or sends the status and the start of the body, then stalls ('body'). */
  | { slow: 'headers' | 'body' }
  /** 200 with a body that is not JSON ('garbage'), or one of 8 MB ('oversized'). */
  | { malformed: 'garbage' | 'oversized' }

/** The API's endpoints, as the last part of their path. */
export type OneInchEndpoint = 'quote' | 'swap' | 'approve/spender' | 'approve/allowance' | 'approve/transaction'

/** A call the stand-in received. */
export interface OneInchCall {
  chainId: number
  endpoint: string
  query: Record<string, string>
  /** The bearer key it carried. */
  key?: string
}

/** A running {@link startOneInchStandIn}. */
export interface OneInchStandIn {
  /** The API's base, as `https://api.1inch.dev` (`http://127.0.0.1:<port>`). */
  readonly url: string
  /** Every call received, oldest first. */
  readonly calls: OneInchCall[]
  /**
   * Answers the next `times` calls (default every call until {@link recover}) to `endpoint`
   * (default any) with `failure`.
   */
  fail(failure: OneInchFailure, times?: number, endpoint?: OneInchEndpoint): void
  /** Answers normally again. */
  recover(): void
  /** Stops the server, dropping the calls it holds. */
  close(): Promise<void>
}

/** A refusal thrown inside a handler, answered in 1inch's envelope. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly meta: OneInchErrorMeta[] = []
  ) {
    super(description)
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable'
}
const DEFAULT_DESCRIPTION: Record<number, string> = { 401: 'Unauthorized', 429: 'Too Many Requests', 500: 'Internal Server Error', 503: 'Service Unavailable' }

/** A token as 1inch describes it (TokenInfo). */
interface TokenInfo {
  address: string
  symbol: string
  name: string
  decimals: number
  logoURI: string
}

/**
 * Starts the 1inch stand-in on 127.0.0.1 (see the file's header for what it implements and where
 * the reference is). It answers real quotes from the chains' Uniswap V2 pools and swap
 * transactions that execute there; `fail` switches it to each documented failure, a silent or
 * stalling answer, or a malformed one.
 *
 * @example
 * const oneInch = await startOneInchStandIn({ apiKeys: ['key'], chains: { 8453: { rpcUrl: anvil.url, exchange: DEVNET_UNISWAP } } })
 * await fetch(`${oneInch.url}/swap/v6.0/8453/quote?src=0xeeee…&dst=${DUSD}&amount=1000000000000000000`, { headers: { authorization: 'Bearer key' } })
 * // { dstAmount: '2984…' }
 */
export async function startOneInchStandIn(options: OneInchStandInOptions): Promise<OneInchStandIn> {
  const now = options.now ?? Date.now
  const calls: OneInchCall[] = []
  const windows = new Map<string, { second: number; count: number }>()
  const clients = new Map<number, PublicClient>()
  const tokenInfos = new Map<string, TokenInfo>()
  const failures = new FailureSchedule<OneInchFailure, OneInchEndpoint>()

  const clientOf = (chainId: number): PublicClient => {
    let client = clients.get(chainId)
    if (!client) {
      client = createPublicClient({ transport: http(options.chains[chainId]!.rpcUrl, { timeout: 10_000, retryCount: 0 }) })
      clients.set(chainId, client)
    }
    return client
  }

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify(body))
  }
  const refuse = (res: ServerResponse, status: number, description = DEFAULT_DESCRIPTION[status] ?? 'Error', meta: OneInchErrorMeta[] = []) =>
    send(res, status, { error: STATUS_TEXT[status] ?? 'Error', description, statusCode: status, requestId: randomUUID(), meta })

  /** A token parameter: the coin or a contract, in lower case as 1inch writes addresses. */
  const tokenParam = (query: Record<string, string>, name: string, label: string): string => {
    const value = query[name]
    if (value === undefined || value === '') throw new Refusal(400, `${label} is not set`)
    if (!isAddress(value, { strict: false })) throw new Refusal(400, `${name} is not a valid address`)
    return value.toLowerCase()
  }
  const amountParam = (query: Record<string, string>, name = 'amount'): bigint => {
    const value = query[name]
    if (value === undefined || value === '') throw new Refusal(400, 'Amount is not set')
    if (!/^[0-9]{1,78}$/.test(value) || BigInt(value) === 0n) throw new Refusal(400, `${name} must be a positive integer`)
    return BigInt(value)
  }
  const walletParam = (query: Record<string, string>, name: string): Address => {
    const value = query[name]
    if (value === undefined || value === '') throw new Refusal(400, `${name} is not set`)
    if (!isAddress(value, { strict: false })) throw new Refusal(400, `${name} is not a valid address`)
    return getAddress(value)
  }

  const tokenInfo = async (chainId: number, token: string): Promise<TokenInfo> => {
    if (token === ONE_INCH_NATIVE_ADDRESS) {
      const coin = options.chains[chainId]!.coin ?? { name: 'Ether', symbol: 'ETH' }
      return { address: ONE_INCH_NATIVE_ADDRESS, symbol: coin.symbol, name: coin.name, decimals: 18, logoURI: '' }
    }
    const cacheKey = `${chainId}:${token}`
    const known = tokenInfos.get(cacheKey)
    if (known) return known
    const client = clientOf(chainId)
    const address = getAddress(token)
    let info: TokenInfo
    try {
      const [symbol, name, decimals] = await Promise.all([
        client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }),
        client.readContract({ address, abi: erc20Abi, functionName: 'name' }),
        client.readContract({ address, abi: erc20Abi, functionName: 'decimals' })
      ])
      info = { address: token, symbol, name, decimals, logoURI: '' }
    } catch {
      // Not a token on this chain (no contract, or not an ERC-20).
      throw new Refusal(400, 'Cannot sync token')
    }
    tokenInfos.set(cacheKey, info)
    return info
  }

  /** The best route for the trade, or 'insufficient liquidity'. */
  const route = async (chainId: number, src: string, dst: string, amount: bigint) => {
    if (src === dst) throw new Refusal(400, 'src and dst tokens must be different')
    const chain = options.chains[chainId]!
    const [srcInfo, dstInfo] = await Promise.all([tokenInfo(chainId, src), tokenInfo(chainId, dst)])
    const pathToken = (token: string) => (token === ONE_INCH_NATIVE_ADDRESS ? getAddress(chain.exchange.weth) : getAddress(token))
    const best = await bestUniswapV2Route(clientOf(chainId), chain.exchange, pathToken(src), pathToken(dst), amount)
    if (!best) throw new Refusal(400, 'insufficient liquidity')
    return { ...best, srcInfo, dstInfo }
  }
  /** 1inch's rough gas of a route (its quotes say "approximated gas"). */
  const approximateGas = (hops: number) => 90_000 + 60_000 * hops
  const protocolsOf = (path: Address[], src: string, dst: string) => [
    path.slice(1).map((to, i) => [
      {
        name: 'UNISWAP_V2',
        part: 100,
        fromTokenAddress: i === 0 ? src : path[i]!.toLowerCase(),
        toTokenAddress: i === path.length - 2 ? dst : to.toLowerCase()
      }
    ])
  ]
  const extras = (query: Record<string, string>, r: Awaited<ReturnType<typeof route>>, src: string, dst: string) => ({
    ...(query.includeTokensInfo === 'true' ? { srcToken: r.srcInfo, dstToken: r.dstInfo } : {}),
    ...(query.includeProtocols === 'true' ? { protocols: protocolsOf(r.path, src, dst) } : {})
  })

  const quote = async (chainId: number, query: Record<string, string>) => {
    const src = tokenParam(query, 'src', 'Src')
    const dst = tokenParam(query, 'dst', 'Dst')
    const amount = amountParam(query)
    const r = await route(chainId, src, dst, amount)
    return {
      dstAmount: r.amountOut.toString(),
      ...extras(query, r, src, dst),
      ...(query.includeGas === 'true' ? { gas: approximateGas(r.path.length - 1) } : {})
    }
  }

  const swap = async (chainId: number, query: Record<string, string>) => {
    const src = tokenParam(query, 'src', 'Src')
    const dst = tokenParam(query, 'dst', 'Dst')
    const amount = amountParam(query)
    const from = walletParam(query, 'from')
    walletParam(query, 'origin')
    if (query.slippage === undefined || query.slippage === '') throw new Refusal(400, 'Slippage is not set')
    const slippage = Number(query.slippage)
    if (!/^\d+(\.\d+)?$/.test(query.slippage) || slippage > 50) throw new Refusal(400, 'slippage must be a number between 0 and 50')
    const receiver = query.receiver ? walletParam(query, 'receiver') : from
    const chain = options.chains[chainId]!
    const client = clientOf(chainId)
    const router = getAddress(chain.exchange.router)
    const r = await route(chainId, src, dst, amount)
    const sellsCoin = src === ONE_INCH_NATIVE_ADDRESS
    const estimate = query.disableEstimate !== 'true'
    if (estimate) {
      // 1inch checks what the swap needs before simulating it, and says which is missing.
      const balance = sellsCoin
        ? await client.getBalance({ address: from })
        : await client.readContract({ address: getAddress(src), abi: erc20Abi, functionName: 'balanceOf', args: [from] })
      if (balance < amount) {
        throw new Refusal(400, `Not enough ${r.srcInfo.symbol} balance. Amount: ${amount}. Balance: ${balance}.`, [
          { type: 'amount', value: amount.toString() },
          { type: 'balance', value: balance.toString() }
        ])
      }
      if (!sellsCoin) {
        const allowance = await client.readContract({ address: getAddress(src), abi: erc20Abi, functionName: 'allowance', args: [from, router] })
        if (allowance < amount) {
          throw new Refusal(400, `Not enough allowance. Amount: ${amount}. Allowance: ${allowance}. Spender: ${router.toLowerCase()}`, [
            { type: 'amount', value: amount.toString() },
            { type: 'allowance', value: allowance.toString() }
          ])
        }
      }
    }
    // The slippage in hundredths of a percent, applied to the quote as 1inch applies it.
    const bps = BigInt(Math.round(slippage * 100))
    const amountOutMin = (r.amountOut * (10_000n - bps)) / 10_000n
    const block = await client.getBlock()
    const data = encodeUniswapV2Swap({
      path: r.path,
      amountIn: amount,
      amountOutMin,
      sellsCoin,
      buysCoin: dst === ONE_INCH_NATIVE_ADDRESS,
      to: receiver,
      deadline: block.timestamp + DEADLINE_SECONDS
    })
    const value = sellsCoin ? amount : 0n
    let gas = approximateGas(r.path.length - 1)
    if (estimate) {
      try {
        // Half as much again as the node's estimate, as an aggregator's answer leaves room: the
        // estimate is made in the latest block's context, and a V2 swap mined in a later block
        // than its pool's last trade also writes the price accumulators (about 24,000 gas more).
        gas = Number(((await client.estimateGas({ account: from, to: router, data, value })) * 3n) / 2n)
      } catch {
        throw new Refusal(400, 'cannot estimate')
      }
    }
    const gasPrice = await client.getGasPrice()
    return {
      dstAmount: r.amountOut.toString(),
      tx: { from: from.toLowerCase(), to: router.toLowerCase(), data, value: value.toString(), gas, gasPrice: gasPrice.toString() },
      ...extras(query, r, src, dst)
    }
  }

  const approveTransaction = async (chainId: number, query: Record<string, string>) => {
    const token = tokenParam(query, 'tokenAddress', 'tokenAddress')
    if (token === ONE_INCH_NATIVE_ADDRESS) throw new Refusal(400, 'The native token does not need an approval')
    await tokenInfo(chainId, token)
    const amount = query.amount === undefined ? maxUint256 : amountParam(query)
    const router = getAddress(options.chains[chainId]!.exchange.router)
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, amount] })
    return { data, gasPrice: (await clientOf(chainId).getGasPrice()).toString(), to: token, value: '0' }
  }

  const allowance = async (chainId: number, query: Record<string, string>) => {
    const token = tokenParam(query, 'tokenAddress', 'tokenAddress')
    const wallet = walletParam(query, 'walletAddress')
    if (token === ONE_INCH_NATIVE_ADDRESS) return { allowance: maxUint256.toString() }
    await tokenInfo(chainId, token)
    const router = getAddress(options.chains[chainId]!.exchange.router)
    return {
      allowance: (
        await clientOf(chainId).readContract({ address: getAddress(token), abi: erc20Abi, functionName: 'allowance', args: [wallet, router] })
      ).toString()
    }
  }

  const failWith = (res: ServerResponse, current: OneInchFailure) => {
    if ('slow' in current) {
      // Held until close(); 'body' sends the status and half an answer first.
      if (current.slow === 'body') {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        res.write('{"dstAmount":"')
      }
      return
    }
    if ('malformed' in current) {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
      if (current.malformed === 'garbage') return res.end('<html><body>upstream error</body></html>')
      return res.end(`{"dstAmount":"1","padding":"${'x'.repeat(8 * 1024 * 1024)}"}`)
    }
    if (current.status === 400) return refuse(res, 400, current.description, current.meta ?? [])
    if (current.status === 500) return refuse(res, 500, current.description ?? DEFAULT_DESCRIPTION[500])
    return refuse(res, current.status)
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const query = Object.fromEntries(url.searchParams)
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    const match = /^\/swap\/v6\.0\/(\d{1,12})\/(quote|swap|approve\/spender|approve\/allowance|approve\/transaction)\/?$/.exec(url.pathname)
    calls.push({ chainId: match ? Number(match[1]) : 0, endpoint: match?.[2] ?? url.pathname, query, ...(key === undefined ? {} : { key }) })
    if (calls.length > 10_000) calls.shift()

    if (!key || !options.apiKeys.includes(key)) return refuse(res, 401)
    if (options.requestsPerSecond !== undefined) {
      const second = Math.floor(now() / 1000)
      const window = windows.get(key)
      if (window?.second === second) window.count++
      else windows.set(key, { second, count: 1 })
      if ((windows.get(key)?.count ?? 0) > options.requestsPerSecond) return refuse(res, 429)
    }
    if (req.method !== 'GET' || !match) return refuse(res, 404, 'Not Found')
    const endpoint = match[2] as OneInchEndpoint
    const current = failures.take(endpoint)
    if (current) return failWith(res, current)
    const chainId = Number(match[1])
    if (!options.chains[chainId]) return refuse(res, 400, `Chain ${chainId} is not supported`)
    try {
      switch (endpoint) {
        case 'approve/spender':
          return send(res, 200, { address: options.chains[chainId]!.exchange.router.toLowerCase() })
        case 'approve/allowance':
          return send(res, 200, await allowance(chainId, query))
        case 'approve/transaction':
          return send(res, 200, await approveTransaction(chainId, query))
        case 'quote':
          return send(res, 200, await quote(chainId, query))
        case 'swap':
          return send(res, 200, await swap(chainId, query))
      }
    } catch (error) {
      if (error instanceof Refusal) return refuse(res, error.status, error.description, error.meta)
      // The chain's node failed: 1inch answers its 500 envelope.
      return refuse(res, 500)
    }
  }

  const loopback = await listenLoopback(handle, res => refuse(res, 500), options.port)
  return {
    url: loopback.url,
    calls,
    fail(next, times = Infinity, endpoint) {
      failures.set(next, times, endpoint)
    },
    recover() {
      failures.clear()
    },
    // Held (slow) calls end with their sockets.
    close: loopback.close
  }
}
