import type { Core } from '../core/Core.js'
import type { ChainAdapter } from '../adapters/ChainAdapter.js'
import { WalletModalError } from '../errors/WalletModalError.js'
import type { CaipNetwork, WiredNamespace } from '../types/network.js'
import { walletFeatures } from './walletFeatures.js'
import { refreshBalance } from './accountState.js'
import { fetchTokenBalances } from './balances.js'

/** How often a pending transaction is checked, and for how long at most. */
export const PENDING_POLL_MS = 1_000
export const PENDING_GIVE_UP_MS = 10 * 60_000

/** Updates the pending count shown on the button for `ns`, while `from` is still its account. */
function syncPending(core: Core, ns: WiredNamespace, from: string | undefined): void {
  if (core.chain.state.namespaces[ns].account.address !== from) return
  core.chain.setAccount(ns, { pendingTransactions: walletFeatures(core).send.state.pending.length })
}

/**
 * Counts a sent transaction as pending (spec §9: at most 99 are counted) until it is mined, then
 * refreshes the balances; a transaction that failed on chain is reported. Polls every second
 * through the namespace's adapter and gives up after {@link PENDING_GIVE_UP_MS}. Resolves with
 * the outcome (undefined: gave up). With `quiet`, a failure is left to the caller to explain
 * (Swap says why in its view).
 */
export async function trackPendingTransaction(
  core: Core,
  adapter: ChainAdapter,
  network: CaipNetwork,
  id: string,
  opts: { pollMs?: number; quiet?: boolean } = {}
): Promise<boolean | undefined> {
  const ns = adapter.namespace
  const { send } = walletFeatures(core)
  const from = core.chain.state.namespaces[ns].account.address
  const counted = send.addPending(id)
  syncPending(core, ns, from)
  const started = Date.now()
  let outcome: boolean | undefined
  try {
    const life = core.runtime.lifetime
    while (adapter.transfers && Date.now() - started < PENDING_GIVE_UP_MS && !life.signal.aborted) {
      try {
        outcome = await adapter.transfers.status(network, id)
      } catch {
        // A failed poll is retried: the RPC may be briefly unreachable.
      }
      if (outcome !== undefined) break
      await life.sleep(opts.pollMs ?? PENDING_POLL_MS)
    }
  } finally {
    if (counted) send.removePending(id)
    syncPending(core, ns, from)
  }
  if (outcome === false && !opts.quiet) core.snack.showError(new WalletModalError('TRANSACTION_FAILED'))
  if (outcome !== undefined && core.chain.state.namespaces[ns].account.address === from) {
    void refreshBalance(core, ns, { force: true })
    if (core.chain.state.activeNamespace === ns) void fetchTokenBalances(core, { force: true })
  }
  return outcome
}
