import { EIP155_READ_METHODS } from '@wallet-modal/wire'
import type { Eip1193Provider } from '../../../types/connector.js'

/** The Safe Apps SDK version this client speaks (the host reads `env.sdkVersion`). */
export const SAFE_SDK_VERSION = '9.1.0'

/** How long a read (Safe info, RPC call, transaction lookup) may take before it fails. */
export const SAFE_READ_TIMEOUT_MS = 10_000
/**
 * How long the Safe's owners have to confirm a transaction or signature in Safe{Wallet}: the
 * request still ends (a closed tab never answers), but a person can take their time.
 */
export const SAFE_CONFIRM_TIMEOUT_MS = 10 * 60_000

/** What Safe{Wallet} says about the Safe this app runs in (`getSafeInfo`). */
export interface SafeInfo {
  safeAddress: string
  chainId: number
  threshold?: number
  owners?: string[]
  isReadOnly?: boolean
}

/** An EIP-1193 error: what the eip155 adapter translates (4001 rejected, 4200 unsupported). */
function rpcError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code })
}

/**
 * Read methods the Safe answers through its own node (`rpcCall`); anything else the app asks is
 * refused with 4200 (RPC methods are allow-listed).
 */
const READ_METHODS = new Set([...EIP155_READ_METHODS, 'net_version'])

/** A response of the host: `{ id, success, data | error, version }`. */
interface HostResponse {
  id: string
  success: boolean
  data?: unknown
  error?: unknown
}

const isResponse = (data: unknown): data is HostResponse =>
  !!data && typeof data === 'object' && typeof (data as HostResponse).id === 'string' && typeof (data as HostResponse).success === 'boolean'

const isHex = (v: unknown): v is string => typeof v === 'string' && /^0x[0-9a-fA-F]*$/.test(v)

/**
 * An EIP-1193 provider for a site running as a Safe app: it speaks the Safe Apps protocol
 * (`{ id, method, params, env }` requests, `{ id, success, data | error }` answers) with the
 * Safe{Wallet} page framing this one. Written here rather than taken from
 * `@safe-global/safe-apps-sdk` because the SDK posts to any origin (`'*'`); this client posts only
 * to the Safe{Wallet} origin it was given and takes answers only from `window.parent` on that
 * origin. The account is the Safe; transactions become Safe transactions its owners confirm in
 * Safe{Wallet} (`eth_sendTransaction` returns the Safe transaction hash, as Safe's own provider
 * does); there is one network, the Safe's.
 *
 * @example
 * ```ts
 * const provider = new SafeAppsProvider('https://app.safe.global')
 * const [safe] = (await provider.request({ method: 'eth_requestAccounts' })) as string[]
 * ```
 */
export class SafeAppsProvider implements Eip1193Provider {
  private readonly pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> }>()
  private info?: Promise<SafeInfo>
  private seq = 0
  private readonly onMessage = (event: MessageEvent) => {
    // Only the framing Safe{Wallet}, on its origin, answers.
    if (event.source !== this.win.parent || event.origin !== this.safeOrigin || !isResponse(event.data)) return
    const waiting = this.pending.get(event.data.id)
    if (!waiting) return
    this.pending.delete(event.data.id)
    clearTimeout(waiting.timer)
    if (event.data.success) waiting.resolve(event.data.data)
    else {
      const message = typeof event.data.error === 'string' ? event.data.error.slice(0, 200) : 'The Safe refused the request'
      // Safe{Wallet} answers a person's refusal with "... was rejected".
      waiting.reject(rpcError(/rejected/i.test(message) ? 4001 : -32000, message))
    }
  }

  /**
   * @param safeOrigin - The Safe{Wallet} origin framing this page (messages go there only).
   * @param win - The window (tests pass their own).
   */
  constructor(
    readonly safeOrigin: string,
    private readonly win: Window = window
  ) {
    win.addEventListener('message', this.onMessage)
  }

  /** Sends one request to Safe{Wallet}; fails after `timeoutMs`. */
  call<T>(method: string, params: unknown, timeoutMs = SAFE_READ_TIMEOUT_MS): Promise<T> {
    const id = `wm-safe-${Date.now().toString(36)}-${++this.seq}`
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id)
        reject(rpcError(-32603, `Safe{Wallet} did not answer ${method}`))
      }, timeoutMs)
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer })
      this.win.parent.postMessage({ id, method, params, env: { sdkVersion: SAFE_SDK_VERSION } }, this.safeOrigin)
    })
  }

  /** The Safe's address and network, asked once (again only after a failure). */
  safeInfo(timeoutMs = SAFE_READ_TIMEOUT_MS): Promise<SafeInfo> {
    this.info ??= this.call<SafeInfo>('getSafeInfo', undefined, timeoutMs).then(info => {
      if (!info || !/^0x[0-9a-fA-F]{40}$/.test(String(info.safeAddress)) || !Number.isSafeInteger(Number(info.chainId))) {
        throw rpcError(-32603, 'Safe{Wallet} sent malformed Safe information')
      }
      return { ...info, chainId: Number(info.chainId) }
    })
    // A failed ask is asked again next time.
    this.info.catch(() => (this.info = undefined))
    return this.info
  }

  async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    const list = Array.isArray(params) ? params : []
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [(await this.safeInfo()).safeAddress]
      case 'eth_chainId':
        return `0x${(await this.safeInfo()).chainId.toString(16)}`
      case 'wallet_switchEthereumChain': {
        const wanted = String((list[0] as { chainId?: unknown } | undefined)?.chainId ?? '')
        if (isHex(wanted) && BigInt(wanted) === BigInt((await this.safeInfo()).chainId)) return null
        throw rpcError(4200, 'A Safe lives on one network: switch it in Safe{Wallet}')
      }
      case 'wallet_revokePermissions':
        return null
      case 'personal_sign': {
        const [message] = list
        if (!isHex(message)) throw rpcError(-32602, 'personal_sign: the message must be hex')
        return this.signature(await this.call('signMessage', { message }, SAFE_CONFIRM_TIMEOUT_MS))
      }
      case 'eth_signTypedData_v4': {
        const raw = list[1]
        const typedData = typeof raw === 'string' ? JSON.parse(raw) : raw
        return this.signature(await this.call('signTypedMessage', { typedData }, SAFE_CONFIRM_TIMEOUT_MS))
      }
      case 'eth_sendTransaction': {
        const tx = (list[0] ?? {}) as { to?: unknown; value?: unknown; data?: unknown; gas?: unknown }
        if (typeof tx.to !== 'string') throw rpcError(-32602, 'eth_sendTransaction: a Safe transaction needs a "to" address')
        const value = isHex(tx.value) ? BigInt(tx.value).toString() : '0'
        const answer = await this.call<{ safeTxHash?: unknown }>(
          'sendTransactions',
          { txs: [{ to: tx.to, value, data: isHex(tx.data) ? tx.data : '0x' }], params: isHex(tx.gas) ? { safeTxGas: Number(BigInt(tx.gas)) } : undefined },
          SAFE_CONFIRM_TIMEOUT_MS
        )
        if (!isHex(answer?.safeTxHash)) throw rpcError(-32603, 'Safe{Wallet} returned no transaction hash')
        return answer.safeTxHash
      }
      case 'eth_getTransactionReceipt':
      case 'eth_getTransactionByHash': {
        // A Safe transaction's hash is not the chain's: once executed, look up the real one.
        const executed = await this.call<{ txHash?: unknown }>('getTxBySafeTxHash', { safeTxHash: list[0] }).catch(() => undefined)
        return this.call('rpcCall', { call: method, params: [isHex(executed?.txHash) ? executed.txHash : list[0]] })
      }
      default:
        if (READ_METHODS.has(method)) return this.call('rpcCall', { call: method, params: list })
        throw rpcError(4200, `The Safe does not support ${method}`)
    }
  }

  /** A signature, or the reason there is none yet (more owners must sign in Safe{Wallet}). */
  private signature(answer: unknown): string {
    const signature = (answer as { signature?: unknown } | undefined)?.signature
    if (isHex(signature) && signature.length > 2) return signature
    throw rpcError(-32000, "The Safe's owners have not all signed yet: the message is waiting for them in Safe{Wallet}")
  }

  /** Stops listening and fails what is still waiting. */
  close(): void {
    this.win.removeEventListener('message', this.onMessage)
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer)
      waiting.reject(rpcError(4900, 'Disconnected from Safe{Wallet}'))
      this.pending.delete(id)
    }
  }
}
