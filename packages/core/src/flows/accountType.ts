import type { Core } from '../core/Core.js'
import { isAuthConnectorId } from '../adapters/embedded/constants.js'
import { accountTypeSwitch } from './accountTypeSwitch.js'
import type { EmbeddedWallet } from '../adapters/embedded/createEmbeddedWallet.js'
import { namespaceSupports } from '../adapters/namespaces.js'
import { DEFAULT_ACCOUNT_TYPES } from '../controllers/ChainController.js'
import { WalletModalError, toWalletModalError } from '../errors/WalletModalError.js'
import type { AccountType } from '../types/account.js'
import { WIRED_NAMESPACES, type WiredNamespace } from '../types/network.js'
import { STORAGE_KEYS, is } from '../utils/storage.js'
import { EMBEDDED_WALLET } from '../core/featureKeys.js'

/** The namespace where the embedded wallet's account can be a smart account (the registry says which). */
export const smartAccountNamespace = (): WiredNamespace | undefined => WIRED_NAMESPACES.find(ns => namespaceSupports(ns, 'smartAccounts'))

/**
 * The account type the person chose on a namespace (spec §3 cached records), else the spec §9
 * default for it (eip155: smartAccount).
 */
export function storedAccountType(core: Core, ns: WiredNamespace): AccountType {
  const stored = core.storage.get(STORAGE_KEYS.preferredAccountType(ns), is.oneOf<AccountType>('eoa', 'smartAccount'))
  const fallback = DEFAULT_ACCOUNT_TYPES[ns as keyof typeof DEFAULT_ACCOUNT_TYPES]
  return stored ?? (fallback === 'smartAccount' ? 'smartAccount' : 'eoa')
}

/**
 * Reads the embedded wallet's account type into the chain state: the connected account's type
 * and whether its smart account is deployed, the networks where it has one, and the connection's
 * accounts with their types. Nothing when the namespace's connection is not the embedded wallet's.
 */
export async function syncEmbeddedAccountType(core: Core, wallet: EmbeddedWallet): Promise<void> {
  const ns = smartAccountNamespace()
  if (!ns || !isAuthConnectorId(core.chain.state.namespaces[ns].account.connectorId)) return
  const [user, { smartAccountEnabledNetworks }] = await Promise.all([
    wallet.frame.request('GET_USER', {}),
    wallet.frame.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})
  ])
  core.chain.setSmartAccountNetworks(ns, smartAccountEnabledNetworks)
  core.chain.setAccount(ns, {
    accountType: user.preferredAccountType,
    preferredAccountType: storedAccountType(core, ns),
    smartAccountDeployed: user.smartAccountDeployed
  })
  const connectorId = core.chain.state.namespaces[ns].account.connectorId!
  const connection = core.connection.state.connections[ns].find(c => c.connectorId === connectorId)
  if (connection)
    core.connection.setConnection(ns, {
      ...connection,
      accounts: user.accounts.filter(a => a.namespace === ns).map(({ address, type }) => ({ address, type }))
    })
}

/**
 * Switches the embedded wallet's account between the key's own and its smart account (spec §4),
 * and remembers the choice for the namespace. The wallet announces its new address
 * (`accountsChanged`), so the account, balance and events follow as for any wallet. A failure
 * shows in the snackbar and changes nothing ('CaipNetwork or CaipAddress is undefined' when the
 * namespace has no network or account to switch).
 */
export async function switchAccountType(core: Core, type: AccountType): Promise<void> {
  const ns = core.chain.state.activeNamespace
  const { account, network } = core.chain.state.namespaces[ns]
  // Spec §8: the switch needs the active network and the account (the account may have gone
  // between the offer and the click).
  if (!account.caipAddress || !network.caipNetwork) return core.snack.showError(new WalletModalError('CAIP_UNDEFINED'))
  if (accountTypeSwitch(core) !== type) return
  const wallet = await core.runtime.slots.get(EMBEDDED_WALLET)?.catch(() => undefined)
  if (!wallet) return
  try {
    const { address } = await wallet.frame.request('SET_PREFERRED_ACCOUNT', { type })
    core.storage.set(STORAGE_KEYS.preferredAccountType(ns), type)
    wallet.provider.accountSwitched(address)
    await syncEmbeddedAccountType(core, wallet)
    if (type === 'smartAccount') core.snack.showSuccess('Switched to your smart account', 'snack.switchedToSmartAccount')
    else core.snack.showSuccess('Switched to your EOA', 'snack.switchedToEoa')
  } catch (err) {
    const e = toWalletModalError(err, 'RPC_ERROR')
    // The wallet's reason as it gave it (the words of a failed RPC call when it gave none).
    core.snack.showError(e.shortMessage, undefined, e.shortMessage === 'RPC request failed' ? 'error.RPC_ERROR' : undefined)
  }
}
