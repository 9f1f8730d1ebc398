import type { Core } from '../core/Core.js'
import type { AccountType } from '../types/account.js'

/**
 * The account type Account offers to switch to (spec §4): the key's own account ('eoa') from a
 * smart account, and a smart account from the key's own only where the network has them. Only
 * the embedded wallet reports an account type (`syncEmbeddedAccountType`), so only its connection
 * is offered one.
 */
export function accountTypeSwitch(core: Core): AccountType | undefined {
  const { account, network } = core.chain.state.namespaces[core.chain.state.activeNamespace]
  if (account.status !== 'connected' || !account.accountType) return undefined
  if (account.accountType === 'smartAccount') return 'eoa'
  return network.smartAccountEnabledNetworks?.includes(Number(network.caipNetwork?.id)) ? 'smartAccount' : undefined
}
