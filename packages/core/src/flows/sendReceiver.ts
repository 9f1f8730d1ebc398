import type { Core } from '../core/Core.js'
import { WalletModalError, isWalletModalError } from '../errors/WalletModalError.js'
import { NAMESPACE_INFO } from '../adapters/namespaces.js'
import { safeImageUrl } from '../utils/image.js'
import { walletFeatures } from './walletFeatures.js'
import { adapterOf } from './adapters.js'

/** An avatar from the services, kept only when it is safe to show (https:, data:, or a configured service). */
function safeAvatar(core: Core, value: unknown): string | undefined {
  const s = core.options.state.services
  return safeImageUrl(value, s ? [s.directoryUrl, s.blockchainApiUrl].map(u => new URL(u).origin) : [])
}

/** Whether `input` looks like a name (`alice.reown.id`) rather than an address. */
const looksLikeName = (input: string) => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(input)

/** Whether the typed receiver has not been resolved (nor found wrong, nor is being looked up) yet. */
export function receiverPending(core: Core): boolean {
  const s = walletFeatures(core).send.state
  return !!s.receiverInput?.trim() && !s.receiverAddress && !s.receiverError && !s.receiverResolving
}

/**
 * Spec §8: a name lookup that fails shows the service's first reason, otherwise 'Error resolving
 * name'.
 */
function nameError(err: unknown): string {
  if (isWalletModalError(err, 'HTTP_ERROR') && err.details) return err.details
  return new WalletModalError('NAME_RESOLVE_FAILED').shortMessage
}

/**
 * Resolves what the user typed as the receiver (spec §3 send draft): an address of the active
 * namespace (with the identity service's name and avatar when it has them), or, where the
 * namespace has names (spec §9: eip155), a name through the profile service. The result goes to
 * the send state; a stale answer (the input changed meanwhile) is dropped.
 */
export async function resolveReceiver(core: Core, input: string): Promise<void> {
  const { send } = walletFeatures(core)
  const value = input.trim()
  send.setReceiverInput(input)
  if (!value) return
  const ns = core.chain.state.activeNamespace
  const stillCurrent = () => send.state.receiverInput === input
  const transfers = (await adapterOf(core, ns)).transfers
  if (!transfers) return send.setReceiverError(new WalletModalError('SEND_UNSUPPORTED_CHAIN').shortMessage)
  const names = NAMESPACE_INFO[ns].supports.names
  const api = names ? await core.loadServices() : undefined
  // The adapter or the services load on first use: the visitor may have typed on meanwhile.
  if (!stillCurrent()) return
  if (transfers.isAddress(value)) {
    send.setReceiver(value)
    if (!api) return
    try {
      // The sender is the connected account asking (spec §7), not the receiver looked up.
      const identity = await api.getIdentity(value, { sender: core.chain.activeAccount().address })
      if (stillCurrent() && identity.name) send.setReceiver(value, { name: identity.name, imageUrl: safeAvatar(core, identity.avatar) })
    } catch {
      // The name is a nicety: the address alone is enough to send.
    }
    return
  }
  if (!api || !looksLikeName(value)) return send.setReceiverError(new WalletModalError('INVALID_RECEIVER').shortMessage)
  send.setReceiverResolving(true)
  try {
    const profile = await api.getProfile(value.toLowerCase())
    if (!stillCurrent()) return
    // The address on this network (a smart account's), else the namespace's (a key's, on every network).
    const info = NAMESPACE_INFO[ns]
    const networkId = Number(core.chain.state.namespaces[ns].network.caipNetwork?.id)
    const onNetwork = info.networkCoinType && Number.isInteger(networkId) ? profile?.addresses[info.networkCoinType(networkId)]?.address : undefined
    const address = onNetwork ?? profile?.addresses[info.coinType]?.address
    if (!address || !transfers.isAddress(address)) return send.setReceiverError(new WalletModalError('NAME_RESOLVE_FAILED').shortMessage)
    send.setReceiver(address, { name: profile?.name ?? value, imageUrl: safeAvatar(core, profile?.attributes?.avatar) })
  } catch (err) {
    if (stillCurrent()) send.setReceiverError(nameError(err))
  }
}
