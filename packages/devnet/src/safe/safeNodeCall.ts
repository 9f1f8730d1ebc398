import { EIP155_READ_METHODS } from '@wallet-modal/wire'
import { DEVNET_SAFE_ADDRESS } from './devnetSafeAddress.js'

/** Read methods the page may forward to the node (the accounts are unlocked: nothing else). */
const READ_METHODS = new Set([...EIP155_READ_METHODS, 'eth_chainId', 'net_version'])

/** A node's JSON-RPC answer, as the page reads it. */
export interface SafeNodeAnswer {
  result?: unknown
  error?: { message?: string }
}

/**
 * Whether the page may make this call through the stand-in: a read, or the Safe's own transaction
 * or signature (`eth_sendTransaction` from it, `personal_sign` and `eth_signTypedData_v4` by it).
 * The node's accounts are unlocked, so anything else would act as another account.
 *
 * @example isSafeNodeCallAllowed('personal_sign', ['0x68656c6c6f', DEVNET_SAFE_ADDRESS]) // true
 */
export function isSafeNodeCallAllowed(method: string, params: readonly unknown[]): boolean {
  const own = (p: unknown) => typeof p === 'string' && p.toLowerCase() === DEVNET_SAFE_ADDRESS.toLowerCase()
  return (
    READ_METHODS.has(method) ||
    (method === 'eth_sendTransaction' && own((params[0] as { from?: unknown } | undefined)?.from)) ||
    (method === 'personal_sign' && own(params[1])) ||
    (method === 'eth_signTypedData_v4' && own(params[0]))
  )
}

/**
 * One JSON-RPC call to a chain's node, its whole answer within 10 s; the answer (result or error)
 * as the node gave it. Throws when the node does not answer JSON in time.
 *
 * @example await safeNodeCall(chain.rpcUrl, 'eth_chainId', []) // { jsonrpc: '2.0', id: 1, result: '0x7a69' }
 */
export async function safeNodeCall(rpcUrl: string, method: string, params: unknown[]): Promise<SafeNodeAnswer> {
  const r = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(10_000)
  })
  return (await r.json()) as SafeNodeAnswer
}
