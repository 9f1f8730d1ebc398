import type { IncomingMessage, ServerResponse } from 'node:http'
import { listenLoopback } from '../server/listenLoopback.js'
import { DEVNET_LIST_TOKEN } from '../constants.js'
import { FailureSchedule } from '../server/FailureSchedule.js'

/** The asset platform id the devnet's chains have on the stand-in (CoinGecko has none for them). */
export const DEVNET_COINGECKO_PLATFORM = 'wallet-modal-devnet'

/** The USD price the devnet's stand-in gives 'Devnet Listed' (DLST), the token no static price covers. */
export const DEVNET_LIST_TOKEN_USD = 2

/**
 * What the devnet's stand-in knows: ETH (coin id `ethereum`) at the demo's 3000, and DLST at
 * {@link DEVNET_LIST_TOKEN_USD} on {@link DEVNET_COINGECKO_PLATFORM}.
 */
export function devnetCoinGeckoPrices(): Pick<CoinGeckoStandInOptions, 'coins' | 'tokens'> {
  return { coins: { ethereum: 3000 }, tokens: { [DEVNET_COINGECKO_PLATFORM]: { [DEVNET_LIST_TOKEN.address.toLowerCase()]: DEVNET_LIST_TOKEN_USD } } }
}

/** Most contract addresses one `/simple/token_price` call takes (CoinGecko's documented limit). */
const MAX_ADDRESSES = 515

/** A failure the stand-in answers with, as CoinGecko's documented errors. */
export type CoinGeckoFailure =
  /** 429 Too Many Requests, with `Retry-After` (seconds). */
  | { status: 429; retryAfterSeconds?: number }
  /** A server error (500 Internal Server Error, 503 Service Unavailable). */
  | { status: 500 | 503 }
  /** Accepts the request and never answers (until {@link CoinGeckoStandIn.close}). */
  | { slow: true }

/** Options of {@link startCoinGeckoStandIn}. */
export interface CoinGeckoStandInOptions {
  /** Port (default: a free one). */
  port?: number
  /** Demo keys accepted in `x-cg-demo-api-key` (or `x_cg_demo_api_key`); none: keyless calls are accepted. */
  demoKeys?: readonly string[]
  /** Paid keys accepted in `x-cg-pro-api-key` (or `x_cg_pro_api_key`). */
  proKeys?: readonly string[]
  /** USD prices by coin id (`/simple/price`). */
  coins?: Record<string, number>
  /** USD prices by asset platform, then contract address (`/simple/token_price/{platform}`). */
  tokens?: Record<string, Record<string, number>>
  /** The clock for `last_updated_at` (ms; default `Date.now`). */
  now?: () => number
}

/** A call the stand-in received. */
export interface CoinGeckoCall {
  path: string
  query: Record<string, string>
  /** The key it carried, and in which header or parameter. */
  key?: { kind: 'demo' | 'pro'; value: string }
}

/** A running {@link startCoinGeckoStandIn}. */
export interface CoinGeckoStandIn {
  /** The API root, like `https://api.coingecko.com/api/v3` (`http://127.0.0.1:<port>/api/v3`). */
  readonly url: string
  /** Every call received, oldest first. */
  readonly calls: CoinGeckoCall[]
  /** Answers the next `times` calls (default every call until {@link recover}) with `failure`. */
  fail(failure: CoinGeckoFailure, times?: number): void
  /** Answers normally again. */
  recover(): void
  /** Sets a coin's or (with `platform`) a token's USD price. */
  setPrice(id: string, usd: number, platform?: string): void
  /** Stops the server, dropping the calls it holds. */
  close(): Promise<void>
}

/**
 * A stand-in for CoinGecko's public market-data API (docs.coingecko.com), enough for a price
 * provider: `GET /api/v3/simple/price?ids=…&vs_currencies=usd[&include_last_updated_at=true]` and
 * `GET /api/v3/simple/token_price/{platform}?contract_addresses=…&vs_currencies=usd`, answering
 * the documented shapes (`{ "<id>": { "usd": 1.0, "last_updated_at": 1712345678 } }`, ids it does
 * not know left out) and errors: 400 for a bad request, 401 with CoinGecko's
 * `{ status: { error_code, error_message } }` for a key it does not accept, and on demand 429 with
 * `Retry-After`, 500/503, or no answer at all.
 *
 * @example
 * const gecko = await startCoinGeckoStandIn({ coins: { ethereum: 3000 }, tokens: { ethereum: { '0xa0b8…': 1 } } })
 * await fetch(`${gecko.url}/simple/price?ids=ethereum&vs_currencies=usd`) // { ethereum: { usd: 3000 } }
 */
export async function startCoinGeckoStandIn(options: CoinGeckoStandInOptions = {}): Promise<CoinGeckoStandIn> {
  const now = options.now ?? Date.now
  const coins = new Map(Object.entries(options.coins ?? {}))
  const tokens = new Map(
    Object.entries(options.tokens ?? {}).map(([platform, list]) => [platform, new Map(Object.entries(list).map(([a, usd]) => [a.toLowerCase(), usd]))])
  )
  const calls: CoinGeckoCall[] = []
  const failures = new FailureSchedule<CoinGeckoFailure>()

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
    res.end(JSON.stringify(body))
  }
  const refuse = (res: ServerResponse, status: number, code: number, message: string, headers?: Record<string, string>) =>
    send(res, status, { status: { error_code: code, error_message: message } }, headers)

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const query = Object.fromEntries(url.searchParams)
    const demo = header(req, 'x-cg-demo-api-key') ?? query.x_cg_demo_api_key
    const pro = header(req, 'x-cg-pro-api-key') ?? query.x_cg_pro_api_key
    const key = pro !== undefined ? { kind: 'pro' as const, value: pro } : demo !== undefined ? { kind: 'demo' as const, value: demo } : undefined
    calls.push({ path: url.pathname, query, ...(key ? { key } : {}) })
    if (calls.length > 10_000) calls.shift()

    if (req.method !== 'GET') return refuse(res, 405, 405, 'Method not allowed')
    // Keys first, as the real API checks them before counting the call.
    const keyed = (options.demoKeys?.length ?? 0) + (options.proKeys?.length ?? 0) > 0
    if (key && !(key.kind === 'demo' ? options.demoKeys : options.proKeys)?.includes(key.value)) {
      return refuse(res, 401, key.kind === 'pro' ? 10010 : 10011, 'Invalid API Key: check your key and the root URL of your plan')
    }
    if (!key && keyed) return refuse(res, 401, 10002, 'API Key Missing')

    const current = failures.take()
    if (current) {
      if ('slow' in current) return // held until close()
      if (current.status === 429) {
        return refuse(
          res,
          429,
          429,
          "You've exceeded the Rate Limit. Please visit https://www.coingecko.com/en/api/pricing to subscribe to our API plans for higher rate limits.",
          {
            'retry-after': String(current.retryAfterSeconds ?? 60)
          }
        )
      }
      return refuse(res, current.status, current.status, current.status === 503 ? 'Service Unavailable' : 'Internal Server Error')
    }

    if (query.vs_currencies === undefined) return refuse(res, 400, 400, 'Missing parameter vs_currencies')
    const currencies = query.vs_currencies.toLowerCase().split(',')
    const withTime = query.include_last_updated_at === 'true'
    const entry = (usd: number) => ({ ...(currencies.includes('usd') ? { usd } : {}), ...(withTime ? { last_updated_at: Math.floor(now() / 1000) } : {}) })

    if (url.pathname === '/api/v3/simple/price') {
      if (!query.ids) return refuse(res, 400, 400, 'Missing parameter ids')
      const answer: Record<string, unknown> = {}
      for (const id of query.ids.toLowerCase().split(',')) {
        const usd = coins.get(id.trim())
        if (usd !== undefined) answer[id.trim()] = entry(usd)
      }
      return send(res, 200, answer)
    }
    const token = /^\/api\/v3\/simple\/token_price\/([a-z0-9-]{1,100})$/.exec(url.pathname)
    if (token) {
      if (!query.contract_addresses) return refuse(res, 400, 400, 'Missing parameter contract_addresses')
      const addresses = query.contract_addresses.split(',').map(a => a.trim().toLowerCase())
      if (addresses.length > MAX_ADDRESSES) return refuse(res, 400, 400, `At most ${MAX_ADDRESSES} contract addresses`)
      // An unknown platform answers like an unknown token: nothing.
      const listed = tokens.get(token[1]!)
      const answer: Record<string, unknown> = {}
      for (const address of addresses) {
        const usd = listed?.get(address)
        if (usd !== undefined) answer[address] = entry(usd)
      }
      return send(res, 200, answer)
    }
    if (url.pathname === '/api/v3/ping') return send(res, 200, { gecko_says: '(V3) To the Moon!' })
    return refuse(res, 404, 404, 'Not found')
  }

  const server = await listenLoopback(
    async (req, res) => handle(req, res),
    res => refuse(res, 500, 500, 'Internal Server Error'),
    options.port
  )
  return {
    url: `${server.url}/api/v3`,
    calls,
    fail(next, times = Infinity) {
      failures.set(next, times)
    },
    recover() {
      failures.clear()
    },
    setPrice(id, usd, platform) {
      if (platform === undefined) coins.set(id.toLowerCase(), usd)
      else {
        const list = tokens.get(platform) ?? new Map<string, number>()
        list.set(id.toLowerCase(), usd)
        tokens.set(platform, list)
      }
    },
    // Held (slow) calls end with their sockets.
    close: () => server.close()
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value
}
