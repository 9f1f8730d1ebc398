import type { IncomingMessage, ServerResponse } from 'node:http'
import { BodyTooLargeError, readBody } from './readBody.js'

/** Largest JSON-RPC request body the proxy accepts. */
export const RPC_BODY_LIMIT = 1024 * 1024

/**
 * Forwards one JSON-RPC POST to a devnet node (anvil, or the local Solana network) and relays its reply.
 *
 * The page reaches the chains only through this same-origin proxy, so the demo can keep
 * `connect-src 'self'` in its CSP. Errors are answered as JSON-RPC error objects (so the wallet
 * and viem surface a readable message): 413 for bodies over 1 MB, 400 for invalid JSON, 502 when
 * the node cannot be reached and 504 when it does not answer in time.
 *
 * @param req - The incoming POST request.
 * @param res - Its response.
 * @param target - The node's endpoint and the chain's id (an EIP-155 number, or `solana`).
 * @param timeoutMs - How long to wait for the node.
 */
export async function proxyRpc(
  req: IncomingMessage,
  res: ServerResponse,
  target: { chainId: number | string; rpcUrl: string },
  timeoutMs: number
): Promise<void> {
  let body: Buffer
  try {
    body = await readBody(req, RPC_BODY_LIMIT)
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      sendRpcError(res, 413, null, -32600, `Request body larger than ${RPC_BODY_LIMIT} bytes`, true)
    } else {
      sendRpcError(res, 400, null, -32600, 'Could not read the request body')
    }
    return
  }
  let payload: unknown
  try {
    payload = JSON.parse(body.toString('utf8'))
  } catch {
    sendRpcError(res, 400, null, -32700, 'Parse error: the body is not JSON')
    return
  }
  const id = typeof payload === 'object' && payload !== null && 'id' in payload ? (payload as { id: unknown }).id : null

  let upstream: Response
  let text: string
  try {
    upstream = await fetch(target.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body.toString('utf8'),
      signal: AbortSignal.timeout(timeoutMs)
    })
    text = await upstream.text()
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    sendRpcError(
      res,
      timedOut ? 504 : 502,
      id,
      -32603,
      timedOut
        ? `Devnet chain ${target.chainId} did not answer within ${timeoutMs} ms`
        : `Devnet chain ${target.chainId} is not reachable (is the devnet running?)`
    )
    return
  }
  res.writeHead(upstream.status, {
    'Content-Type': upstream.headers.get('content-type') ?? 'application/json',
    'Content-Length': Buffer.byteLength(text)
  })
  res.end(text)
}

/**
 * Answers with a JSON-RPC error object.
 *
 * @param res - The response.
 * @param status - HTTP status.
 * @param id - The request id, or null if unknown.
 * @param code - JSON-RPC error code.
 * @param message - Error message.
 * @param close - Close the connection afterwards (used when the request body was not read).
 */
export function sendRpcError(
  res: ServerResponse,
  status: number,
  id: unknown,
  code: number,
  message: string,
  close = false
): void {
  const text = JSON.stringify({ jsonrpc: '2.0', id: id ?? null, error: { code, message } })
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...(close ? { Connection: 'close' } : {})
  })
  res.end(text)
}
