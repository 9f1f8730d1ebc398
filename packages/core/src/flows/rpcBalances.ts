import type { Core } from '../core/Core.js'
import type { TokenBalance } from '../api/schemas.js'
import { WalletModalError } from '../errors/WalletModalError.js'
import type { CaipNetwork, WiredNamespace } from '../types/network.js'
import { adapterOf } from './adapters.js'

/**
 * Reads the account's native balance and the site's listed tokens on `network` from the network's
 * first RPC URL, through the namespace's adapter (EVM: one Multicall3 call; Solana: one JSON-RPC
 * batch), shaped as the data API's balances without USD values (`value` and `price` 0). Loaded with
 * `import()` by `fetchTokenBalances` only in that mode, so neither it nor viem's ABI code is in the
 * first chunk.
 *
 * @param core - The modal's core.
 * @param ns - The namespace of the account.
 * @param network - One of the site's networks.
 * @param address - The account's address on it.
 * @throws WalletModalError when the whole read failed (a token whose reads fail is only left out)
 */
export async function fetchRpcBalances(core: Core, ns: WiredNamespace, network: CaipNetwork, address: string): Promise<TokenBalance[]> {
  const adapter = await adapterOf(core, ns)
  if (!adapter.readRpcBalances) throw new WalletModalError('BALANCE_UNAVAILABLE', { details: `${ns} has no RPC balance reads` })
  // Plain copies (the options' state is a valtio proxy), each token once (hex addresses in any case).
  const seen = new Set<string>()
  const tokens = (core.options.state.tokens?.[network.caipNetworkId] ?? [])
    .filter(({ address }) => {
      const key = /^0x/i.test(address) ? address.toLowerCase() : address
      return !seen.has(key) && !!seen.add(key)
    })
    .map(t => ({ ...t }))
  return adapter.readRpcBalances(network, address, tokens)
}
