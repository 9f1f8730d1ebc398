import type { Core } from '../createCore.js'
import { WalletModalError } from '../errors/WalletModalError.js'
import { parseUnits } from 'viem'
import { refreshBalance } from './accountState.js'

/**
 * Signs a text message with the active namespace's account: `personal_sign` on eip155 (hex
 * signature), `solana:signMessage` on solana (base58), sats-connect `signMessage` on bip122.
 * @throws WalletModalError `CONNECTOR_NOT_FOUND` when not connected, `USER_REJECTED` when declined
 */
export async function signMessage(core: Core, message: string): Promise<string> {
  const ns = core.chain.state.activeNamespace
  if (ns !== 'eip155') return (await import('./namespaces.js')).signNamespaceMessage(core, ns, message)
  const provider = core.getWalletProvider('eip155')
  const address = core.chain.state.namespaces.eip155.account.address
  if (!provider || !address) throw new WalletModalError('CONNECTOR_NOT_FOUND', { details: 'eip155' })
  const hex = `0x${[...new TextEncoder().encode(message)].map(b => b.toString(16).padStart(2, '0')).join('')}`
  return (await provider.request({ method: 'personal_sign', params: [hex, address] })) as string
}

/**
 * Sends the active network's native currency (`amount` in whole units, e.g. '0.01') from the
 * connected account: a transaction on eip155, a transfer on solana; other namespaces are an
 * error (spec §4 sending). Resolves with the transaction hash or signature.
 */
export async function sendNative(core: Core, { to, amount }: { to: string; amount: string }): Promise<string> {
  const ns = core.chain.state.activeNamespace
  const network = core.chain.activeNetwork()
  const from = core.chain.state.namespaces[ns].account.address
  if (!network || !from) throw new WalletModalError('CONNECTOR_NOT_FOUND', { details: ns })
  const value = parseUnits(amount, network.nativeCurrency.decimals)
  if (ns === 'solana') return (await import('./namespaces.js')).sendNamespaceNative(core, ns, to, value)
  if (ns !== 'eip155') throw new WalletModalError('CHAIN_NOT_SUPPORTED', { details: `sending on ${ns}` })
  const provider = core.getWalletProvider('eip155')
  if (!provider) throw new WalletModalError('CONNECTOR_NOT_FOUND', { details: ns })
  const hash = (await provider.request({ method: 'eth_sendTransaction', params: [{ from, to, value: `0x${value.toString(16)}` }] })) as string
  void refreshBalance(core, ns, { force: true })
  return hash
}
