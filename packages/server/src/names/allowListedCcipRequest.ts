import { isHex, type CcipRequestParameters, type Hex } from 'viem'
import { readCappedBody } from '../http/readCappedBody.js'

/** Largest gateway answer read (a resolver's answer is an address, a name or a short text, with a proof). */
const MAX_GATEWAY_BODY_BYTES = 64 * 1024

/** No gateway a contract named is allowed: the name has no off-chain answer here (not a failure of the node). */
export class CcipGatewayRefused extends Error {
  override name = 'CcipGatewayRefused'
}

/**
 * Whether `url` is under one of the allowed gateways: the same origin, and a path that starts with
 * the entry's path. Compared on parsed URLs, so `https://gw.example.com.evil.test/` or
 * `https://gw.example.com@evil.test/` never pass for `https://gw.example.com/`.
 *
 * @param url - A URL a contract named in its `OffchainLookup` revert.
 * @param allowed - The operator's gateways (`ens.gateways`).
 */
export function gatewayAllowed(url: string, allowed: readonly string[]): boolean {
  let target: URL
  try {
    target = new URL(url)
  } catch {
    return false
  }
  if (target.username || target.password) return false
  return allowed.some(entry => {
    const base = new URL(entry)
    return target.origin === base.origin && target.pathname.startsWith(base.pathname)
  })
}

/**
 * The CCIP-Read (EIP-3668) request function the ENS client is given: a contract's
 * `OffchainLookup` revert names the gateway URLs, so a name's owner chooses them; only the
 * operator's allow-listed gateways are ever asked (this server must not fetch URLs of a
 * stranger's choosing: its network can reach hosts the internet cannot). Each one tried gets
 * `timeoutMs` for the whole answer, which is capped in size; redirects are refused (they could
 * leave the allow-list). GET when the URL template has `{data}`, POST `{ data, sender }` otherwise,
 * as EIP-3668 says; the answer is `{ "data": "0x…" }`.
 *
 * @param allowed - Gateway URL prefixes (`https://gateway.example.com/`).
 * @param timeoutMs - Time for one gateway's whole answer.
 * @returns A function for viem's `ccipRead.request`.
 * @example
 * ```ts
 * createPublicClient({ transport: http(rpcUrl), ccipRead: { request: allowListedCcipRequest(['https://gw.example.com/'], 3000) } })
 * ```
 */
export function allowListedCcipRequest(allowed: readonly string[], timeoutMs: number): (params: CcipRequestParameters) => Promise<Hex> {
  return async ({ data, sender, urls }) => {
    const candidates = urls.filter(url => gatewayAllowed(url, allowed))
    if (candidates.length === 0) throw new CcipGatewayRefused(`CCIP-Read gateway not allowed: ${urls.slice(0, 3).join(', ') || 'none given'}`)
    let lastError: unknown
    for (const template of candidates) {
      const url = template.replace('{sender}', sender.toLowerCase()).replace('{data}', data)
      try {
        const response = await fetch(url, {
          method: template.includes('{data}') ? 'GET' : 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          ...(template.includes('{data}') ? {} : { body: JSON.stringify({ data, sender }) }),
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs)
        })
        const body = await readCappedBody(response, MAX_GATEWAY_BODY_BYTES)
        if (!body) throw new Error(`CCIP-Read gateway answer over ${MAX_GATEWAY_BODY_BYTES} bytes: ${new URL(url).origin}`)
        // EIP-3668: a 4xx is final (the request is wrong); a 5xx lets the next gateway try.
        if (!response.ok) {
          lastError = new Error(`CCIP-Read gateway ${new URL(url).origin} answered ${response.status}`)
          if (response.status < 500) break
          continue
        }
        const answer = JSON.parse(body.toString('utf8')) as { data?: unknown }
        if (typeof answer.data !== 'string' || !isHex(answer.data)) throw new Error(`CCIP-Read gateway ${new URL(url).origin} answered no data`)
        return answer.data
      } catch (err) {
        lastError = err
      }
    }
    throw lastError instanceof Error ? lastError : new Error('CCIP-Read failed')
  }
}
