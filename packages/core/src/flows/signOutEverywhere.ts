import type { Core } from '../core/Core.js'
import { isAuthConnectorId } from '../adapters/embedded/constants.js'
import { embeddedError } from '../errors/embeddedErrors.js'
import { WalletModalError } from '../errors/WalletModalError.js'
import { WIRED_NAMESPACES } from '../types/network.js'
import { disconnect } from './disconnect.js'
import { closeModal } from './openModal.js'
import { EMBEDDED_WALLET } from '../core/featureKeys.js'

/**
 * "Log out on every device" (Account, for an e-mail or social account): the secure site ends
 * every session of the account (on every device, browser and site), then this page disconnects
 * the embedded wallet as Disconnect does, and the modal closes. A wallet of another kind connected
 * on another namespace stays. When the secure site cannot end the sessions, nothing changes here
 * (the person is still logged in, and may try again) and the error says why.
 * @throws WalletModalError 'Not connected to email or social' without an embedded connection;
 *   'Failed to disconnect' (details: the secure site's reason) when the sessions were not ended
 */
export async function signOutEverywhere(core: Core): Promise<void> {
  const embedded = WIRED_NAMESPACES.filter(ns => {
    const { account } = core.chain.state.namespaces[ns]
    return account.status !== 'disconnected' && isAuthConnectorId(account.connectorId)
  })
  const wallet = core.runtime.slots.get(EMBEDDED_WALLET) ? await core.runtime.slots.get(EMBEDDED_WALLET)?.catch(() => undefined) : undefined
  if (!wallet || !embedded.length) throw embeddedError('NOT_CONNECTED_EMAIL')
  try {
    await wallet.frame.request('SIGN_OUT', { everywhere: true })
  } catch (err) {
    throw new WalletModalError('DISCONNECT_FAILED', { cause: err, details: err instanceof Error ? err.message : undefined })
  }
  // The session is gone: what follows is Disconnect's (its own sign-out finds nothing left to end).
  const others = WIRED_NAMESPACES.some(ns => !embedded.includes(ns) && core.chain.state.namespaces[ns].account.status !== 'disconnected')
  try {
    if (!others) await disconnect(core)
    else for (const ns of embedded) await disconnect(core, { namespace: ns })
  } finally {
    closeModal(core)
  }
}
