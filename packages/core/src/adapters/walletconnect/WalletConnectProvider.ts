import { isEvmAddress } from '../../utils/address.js'
import type { Eip1193Provider } from '../../types/connector.js'
import type { WcSession, WcSignClient } from './types.js'
import { ProviderEvents } from '../ProviderEvents.js'

type Listener = (...args: any[]) => void

/** An EIP-1193 style error (code + message), as the eip155 adapter reads them. */
class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string
  ) {
    super(message)
  }
}

/** The EVM chain ids a session's eip155 namespace covers (from `chains`, else from its accounts). */
export function sessionChainIds(session: WcSession): number[] {
  const ns = session.namespaces.eip155
  if (!ns) return []
  const ids = (ns.chains ?? ns.accounts.map(a => a.split(':').slice(0, 2).join(':'))).map(c => Number(c.split(':')[1]))
  return [...new Set(ids.filter(n => Number.isSafeInteger(n) && n > 0))]
}

/** The session's account on a chain (CAIP-10 `eip155:<id>:<address>`), else its first account. */
export function sessionAddress(session: WcSession, chainId: number): string | undefined {
  const accounts = session.namespaces.eip155?.accounts ?? []
  const on = accounts.find(a => a.startsWith(`eip155:${chainId}:`)) ?? accounts[0]
  const address = on?.split(':')[2]
  return isEvmAddress(address) ? address : undefined
}

function parseChainId(value: unknown): number | undefined {
  const n = typeof value === 'string' ? (value.startsWith('eip155:') ? Number(value.slice(7)) : Number(value)) : typeof value === 'number' ? value : NaN
  return Number.isSafeInteger(n) && n > 0 ? n : undefined
}

/**
 * An EIP-1193 provider over one WalletConnect session, so the eip155 adapter (connect, reconnect,
 * switch network, listeners) works the same for a remote wallet as for an extension. Signing and
 * sending go to the wallet through the relay; the session's accounts and chains answer
 * `eth_accounts` / `eth_chainId` locally; wallet events and a deleted or expired session come out
 * as `accountsChanged`, `chainChanged` and `disconnect`.
 */
export class WalletConnectProvider extends ProviderEvents implements Eip1193Provider {
  private chainId: number
  private closed = false
  private readonly offs: (() => void)[] = []

  constructor(
    private readonly client: WcSignClient,
    public session: WcSession,
    preferredChainId?: number
  ) {
    super('WalletConnect')
    const chains = sessionChainIds(session)
    this.chainId = preferredChainId && chains.includes(preferredChainId) ? preferredChainId : (chains[0] ?? preferredChainId ?? 1)
    this.follow('session_event', ({ topic, params }) => {
      if (topic !== this.session.topic) return
      const { name, data } = params?.event ?? {}
      if (name === 'chainChanged') this.setChain(parseChainId(data) ?? parseChainId(params?.chainId))
      if (name === 'accountsChanged' && Array.isArray(data)) {
        this.emit('accountsChanged', data.map((a: unknown) => (typeof a === 'string' ? (a.split(':')[2] ?? a) : a)).filter(isEvmAddress))
      }
    })
    this.follow('session_update', ({ topic, params }) => {
      if (topic !== this.session.topic || !params?.namespaces) return
      const before = sessionAddress(this.session, this.chainId)
      this.session = { ...this.session, namespaces: params.namespaces }
      const after = sessionAddress(this.session, this.chainId)
      if (after !== before) this.emit('accountsChanged', after ? [after] : [])
      // Not an EIP-1193 event: the modal reads the session's new terms (approved networks) from it.
      this.emit('sessionUpdate', this.session)
    })
    const ended = ({ topic }: { topic: string }) => {
      if (topic !== this.session.topic) return
      this.close()
      this.emit('disconnect', new ProviderRpcError(4900, 'The wallet ended the session'))
    }
    this.follow('session_delete', ended)
    this.follow('session_expire', ended)
  }

  /** The wallet's name (from the session's peer metadata). */
  get walletName(): string {
    return this.session.peer.metadata.name
  }

  async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    if (this.closed) throw new ProviderRpcError(4900, 'The WalletConnect session has ended')
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts': {
        const a = sessionAddress(this.session, this.chainId)
        return a ? [a] : []
      }
      case 'eth_chainId':
        return `0x${this.chainId.toString(16)}`
      case 'wallet_revokePermissions':
        await this.disconnect()
        return null
      case 'wallet_switchEthereumChain': {
        const target = parseChainId((params as [{ chainId?: unknown }] | undefined)?.[0]?.chainId)
        if (!target) throw new ProviderRpcError(-32602, 'Invalid chainId')
        // The session lists the chains the wallet approved; any other must be added by the wallet.
        if (!sessionChainIds(this.session).includes(target)) throw new ProviderRpcError(4902, `Chain ${target} is not in the WalletConnect session`)
        if (target === this.chainId) return null
        if (this.session.namespaces.eip155?.methods.includes('wallet_switchEthereumChain')) await this.send(method, params)
        this.setChain(target)
        return null
      }
      default:
        if (!this.session.namespaces.eip155?.methods.includes(method)) throw new ProviderRpcError(4200, `The wallet does not support ${method}`)
        return this.send(method, params)
    }
  }

  /** Ends the session on both sides (the wallet receives `session_delete`). */
  async disconnect(): Promise<void> {
    if (this.closed) return
    this.close()
    await this.client.disconnect({ topic: this.session.topic, reason: { code: 6000, message: 'User disconnected.' } })
  }

  /** Stops following the client's events (the session is over or replaced). */
  close(): void {
    this.closed = true
    for (const off of this.offs.splice(0)) off()
  }

  private send(method: string, params: unknown): Promise<unknown> {
    return this.client.request({ topic: this.session.topic, chainId: `eip155:${this.chainId}`, request: { method, params } }).catch((err: unknown) => {
      // The sign-client rejects with the wallet's `{code, message}`; keep it an Error with a code.
      if (err instanceof Error) throw err
      const e = err as { code?: unknown; message?: unknown }
      throw new ProviderRpcError(typeof e?.code === 'number' ? e.code : -32603, typeof e?.message === 'string' ? e.message : 'The wallet returned an error')
    })
  }

  private setChain(id: number | undefined): void {
    if (!id || id === this.chainId) return
    this.chainId = id
    this.emit('chainChanged', `0x${id.toString(16)}`)
  }

  private follow(event: string, listener: Listener): void {
    this.client.on(event, listener)
    this.offs.push(() => void this.client.off(event, listener))
  }
}
