import { classifyEmbeddedMethod } from '@wallet-modal/wire'
import type { Eip1193Provider } from '../../types/connector.js'
import { FrameRequestError, type FrameClient } from './FrameClient.js'
import { ProviderEvents } from '../ProviderEvents.js'
import { embeddedError } from '../../errors/embeddedErrors.js'

/**
 * The embedded wallet as an EIP-1193 provider: what the eip155 adapter connects, signs and sends
 * with, as it does with any wallet. Requests are classified first (spec §6): unknown methods
 * never reach the frame ('Requested RPC call is not allowed', code 4200, and `onRefused` so the
 * modal shows 'Action not allowed'), and the signing requests still pending are rejected with
 * them ('Request was aborted'); safe reads and signing requests go to the frame, which
 * answers reads silently and asks the person, in its approval frame, for the others.
 *
 * One translation: revoking the `eth_accounts` permission (how the adapter disconnects any
 * wallet, EIP-2255) signs out of the embedded wallet.
 */
export class EmbeddedProvider extends ProviderEvents implements Eip1193Provider {
  private chainId = 1
  /** The account the wallet last answered (its smart account or the key's own). */
  private address: string | undefined

  constructor(
    private readonly frame: FrameClient,
    private readonly hooks: { onRefused(method: string): void; onSignOut(): void }
  ) {
    super('e-mail wallet')
  }

  async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    if (method === 'wallet_revokePermissions' && Array.isArray(params) && params.length === 1 && Object.keys(params[0] ?? {}).join() === 'eth_accounts') {
      await this.frame.request('SIGN_OUT', {})
      this.hooks.onSignOut()
      return null
    }
    if (classifyEmbeddedMethod(method) === 'refused') {
      const refused = embeddedError('RPC_NOT_ALLOWED', { details: method })
      console.error(`[wallet-modal] ${refused.message}`)
      this.hooks.onRefused(method)
      // Spec §8: the other pending requests are rejected too.
      this.frame.abortPendingRpc()
      // EIP-1193's "unsupported method", with the spec's words.
      throw new FrameRequestError(refused.shortMessage, 4200)
    }
    if (method === 'wallet_switchEthereumChain') {
      const hex = (params as [{ chainId?: unknown }] | undefined)?.[0]?.chainId
      if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(hex)) throw new FrameRequestError('Invalid chainId', -32602)
      const id = Number.parseInt(hex, 16)
      await this.frame.request('SWITCH_NETWORK', { chainId: id })
      if (id !== this.chainId) {
        this.chainId = id
        this.emit('chainChanged', hex)
        // A network without smart accounts has the key's own account: the address may change.
        if (this.address) {
          const { result } = await this.frame.request('RPC_REQUEST', { method: 'eth_accounts', chainId: `eip155:${id}` })
          const [address] = Array.isArray(result) ? (result as string[]) : []
          if (address) this.accountSwitched(address)
        }
      }
      return null
    }
    const { result } = await this.frame.request('RPC_REQUEST', { method, params, chainId: `eip155:${this.chainId}` })
    if (method === 'eth_chainId' && typeof result === 'string') this.chainId = Number.parseInt(result, 16)
    if ((method === 'eth_accounts' || method === 'eth_requestAccounts') && Array.isArray(result) && typeof result[0] === 'string') this.address = result[0]
    return result
  }

  /** The wallet's account changed (a switch between the smart account and the key's own): listeners hear `accountsChanged`. */
  accountSwitched(address: string): void {
    if (address.toLowerCase() === this.address?.toLowerCase()) return
    this.address = address
    this.emit('accountsChanged', [address])
  }

  /** The session ended in the secure site: the adapter's `disconnect` listeners hear it (EIP-1193 4900). */
  signedOut(): void {
    this.address = undefined
    this.emit('disconnect', { code: 4900, message: 'Signed out of the e-mail wallet' })
  }

  /** The network the wallet is on (set by connect, restore and switches). */
  setChainId(id: number): void {
    this.chainId = id
  }
}
