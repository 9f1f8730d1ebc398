import type { Core } from '../core/Core.js'
import { WalletModalError, toWalletModalError } from '../errors/WalletModalError.js'
import { toCaipAddress } from '../utils/caip.js'
import { STORAGE_KEYS } from '../utils/storage.js'
import type { CaipNetwork, CaipNetworkId } from '../types/network.js'
import { refreshBalance } from './accountState.js'
import { closeModal, openModal } from './openModal.js'
import { adapterOf } from './adapters.js'

/** The details of the refusal when the site turned network switching off. */
export const NETWORK_SWITCH_DISABLED = 'network switching is turned off (enableNetworkSwitch: false)'

/**
 * Switches to one of the site's networks (spec §4). Not connected: the network simply becomes the
 * active one. Connected: the wallet is asked (SwitchNetwork view while it decides); on success the
 * modal returns to where the user came from, or closes when the previous network was not the
 * site's; on failure it goes back and says why. A network the site does not list fails with
 * 'Network not found' and shows the 'Network Not Found' alert (spec §8 "switch network not found").
 * With the site's `enableNetworkSwitch: false` nothing is switched: it rejects with 'Failed to
 * switch network' (details: {@link NETWORK_SWITCH_DISABLED}), shown in the modal when it is open.
 * @throws WalletModalError `NETWORK_NOT_FOUND`, `SWITCH_NETWORK_REJECTED`, `SWITCH_NETWORK_FAILED`
 */
export async function switchNetwork(core: Core, target: CaipNetwork | CaipNetworkId | string): Promise<void> {
  const id = typeof target === 'string' ? target : target.caipNetworkId
  if (!core.options.state.enableNetworkSwitch) {
    // The site turned switching off: refused before anything moves (no view, no wallet prompt).
    // The catalogue's code, with the reason in the details, so callers need no new code to match.
    const e = new WalletModalError('SWITCH_NETWORK_FAILED', { details: `${NETWORK_SWITCH_DISABLED} (${id})` })
    if (core.modal.state.open) core.snack.showError(e, 'SWITCH_NETWORK_FAILED')
    throw e
  }
  const network = core.options.findNetwork(id)
  if (!network) {
    // The site asked for a network it never listed: a configuration mistake, said where the site's
    // developer looks (the modal's alert), besides the rejection the caller gets.
    core.alert.show('SWITCH_NETWORK_NOT_FOUND')
    throw new WalletModalError('NETWORK_NOT_FOUND', { details: id })
  }
  const ns = network.chainNamespace
  const { account } = core.chain.state.namespaces[ns]
  // Spec §2: connected on another chain family but not yet on this one -> SwitchActiveChain,
  // which connects a wallet of the target family (the current connection stays). The auth
  // wallet's case ("SwitchNetwork when the auth wallet is connected and the chain supports it")
  // never gets here: e-mail and social login connect every family the embedded wallet serves and
  // the site lists (flows/embedded.ts), so the target family is connected and is switched below.
  if (ns !== core.chain.state.activeNamespace && account.status !== 'connected' && core.chain.isConnected()) {
    core.chain.setNetwork(ns, network)
    // The site's `ignoreSwitchConfirmation` skips the question and goes where its answer leads.
    // (Spec §2 words this rule "SwitchNetwork ... when confirmation is not ignored"; read
    // literally, SwitchActiveChain could then never open with the default, so the "not" is taken as
    // a slip: ignoring the confirmation is what skips it. SwitchNetwork here is the wait for a
    // wallet's approval, and no wallet of this family is connected to approve anything: skipping
    // the question therefore lands on Connect for the family.)
    const view = core.options.state.ignoreSwitchConfirmation === true ? 'Connect' : 'SwitchActiveChain'
    const data = view === 'Connect' ? { network } : { network, switchToChain: ns, navigateTo: 'Connect' as const, navigateWithReplace: true }
    if (core.modal.state.open) core.router.push(view, data)
    else openModal(core, { view, data })
    return
  }
  const adapter = account.status === 'connected' ? await adapterOf(core, ns) : undefined
  // Wallets with no switch request (Solana, Bitcoin): the site's network simply becomes active.
  if (adapter && !adapter.switchNetwork) {
    core.chain.setNetwork(ns, network)
    core.chain.setActiveNamespace(ns)
    if (account.address) core.chain.setAccount(ns, { caipAddress: toCaipAddress(network.caipNetworkId, account.address), balance: undefined })
    core.storage.set(STORAGE_KEYS.activeNetwork, network.caipNetworkId)
    core.storage.set(STORAGE_KEYS.activeNamespace, ns)
    core.events.emit({ type: 'SWITCH_NETWORK', data: { caipNetworkId: network.caipNetworkId, supported: true } })
    void refreshBalance(core, ns)
    if (core.modal.state.open) closeModal(core)
    return
  }
  const wasSupported = core.chain.isNetworkSupported(ns)
  const done = () => {
    core.chain.setNetwork(ns, network)
    core.chain.setActiveNamespace(ns)
    if (account.address) core.chain.setAccount(ns, { caipAddress: toCaipAddress(network.caipNetworkId, account.address), balance: undefined })
    core.storage.set(STORAGE_KEYS.activeNetwork, network.caipNetworkId)
    core.events.emit({ type: 'SWITCH_NETWORK', data: { caipNetworkId: network.caipNetworkId, supported: true } })
    void refreshBalance(core, ns)
  }
  if (!adapter?.switchNetwork || !account.connectorId) {
    done()
    return
  }
  const connector = core.connector.get(account.connectorId)
  if (!connector) throw new WalletModalError('CONNECTOR_NOT_FOUND', { details: account.connectorId })
  if (core.modal.state.open) core.router.push('SwitchNetwork', { network })
  try {
    await adapter.switchNetwork(connector, network)
    // The wallet's chainChanged event may already have applied it; applying twice is harmless.
    if (core.chain.state.namespaces[ns].network.caipNetwork?.caipNetworkId !== network.caipNetworkId || !wasSupported) done()
    if (!core.modal.state.open) return
    // Back to the view the user chose the network from (e.g. Account); when the modal was opened
    // straight on the network list, or the old network was not the site's, the job is done: close.
    const from = core.router.state.history.lastIndexOf('Networks')
    if (wasSupported && from > 0) {
      core.router.goBackTo('Networks')
      core.router.goBack()
    } else closeModal(core)
  } catch (err) {
    const e = toWalletModalError(err, 'SWITCH_NETWORK_FAILED')
    if (core.modal.state.open && core.router.state.view === 'SwitchNetwork') core.router.goBack()
    core.snack.showError(e, 'SWITCH_NETWORK_FAILED')
    core.events.emit({ type: 'ERROR', data: { code: e.code, message: e.shortMessage } })
    throw e
  }
}

/**
 * What choosing a row of the network list does: nothing for the network already in use (when the
 * site lists it), else {@link switchNetwork}; its failures are shown by the flow itself (a
 * snackbar, and going back), so nothing is thrown.
 */
export function chooseNetwork(core: Core, caipNetworkId: string): void {
  const ns = core.chain.state.activeNamespace
  if (caipNetworkId === core.chain.state.namespaces[ns].network.caipNetwork?.caipNetworkId && core.chain.isNetworkSupported(ns)) return
  switchNetwork(core, caipNetworkId).catch(() => {})
}
