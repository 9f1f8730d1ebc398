import type { Core } from '../core/Core.js'
import { WalletModalError, isWalletModalError } from '../errors/WalletModalError.js'
import type { ChainAdapter } from '../adapters/ChainAdapter.js'
import type { CaipNetwork } from '../types/network.js'
import type { Connector } from '../types/connector.js'
import { parseUnits } from 'viem'
import { refreshBalance } from './accountState.js'
import { adapterOf } from './adapters.js'

/** The active namespace's connected wallet: its adapter, connector, address and network. */
export interface ActiveWallet {
  adapter: ChainAdapter
  connector: Connector
  address: string
  network: CaipNetwork
}

/**
 * The active namespace's connected wallet.
 * @throws WalletModalError `CONNECTOR_NOT_FOUND` when the active namespace is not connected
 */
export async function activeWallet(core: Core): Promise<ActiveWallet> {
  const ns = core.chain.state.activeNamespace
  const { account, network } = core.chain.state.namespaces[ns]
  const connector = account.connectorId ? core.connector.get(account.connectorId) : undefined
  if (account.status !== 'connected' || !connector || !account.address || !network.caipNetwork)
    throw new WalletModalError('CONNECTOR_NOT_FOUND', { details: ns })
  return { adapter: await adapterOf(core, ns), connector, address: account.address, network: network.caipNetwork }
}

/**
 * Signs a text message with the active namespace's account: `personal_sign` on eip155 (hex
 * signature), `solana:signMessage` on solana (base58), sats-connect `signMessage` on bip122.
 * @throws WalletModalError `CONNECTOR_NOT_FOUND` when not connected, `SIGNATURE_DECLINED` when declined
 */
export async function signMessage(core: Core, message: string): Promise<string> {
  const { adapter, connector, address } = await activeWallet(core)
  return adapter.signMessage(connector, address, message).catch(declined)
}

/** The wallet's "no" to a signature or a transaction reads 'Signature declined' (spec §8). */
function declined(err: unknown): never {
  throw isWalletModalError(err, 'USER_REJECTED') ? new WalletModalError('SIGNATURE_DECLINED', { cause: err }) : err
}

/**
 * Sends the active network's native currency (`amount` in whole units, e.g. '0.01') from the
 * connected account, on namespaces that support Send (spec §4 sending: others are 'Chain is not supported').
 * Resolves with the transaction hash or signature.
 * @throws WalletModalError `CONNECTOR_NOT_FOUND`, `CHAIN_NOT_SUPPORTED`, `INVALID_RECEIVER`, `SIGNATURE_DECLINED`
 */
export async function sendNative(core: Core, { to, amount }: { to: string; amount: string }): Promise<string> {
  const { adapter, connector, address, network } = await activeWallet(core)
  if (!adapter.transfers) throw new WalletModalError('CHAIN_NOT_SUPPORTED', { details: `sending on ${adapter.namespace}` })
  if (!adapter.transfers.isAddress(to)) throw new WalletModalError('INVALID_RECEIVER', { details: to })
  const id = await adapter.transfers
    .send(connector, { network, from: address, to, amount: parseUnits(amount, network.nativeCurrency.decimals) })
    .catch(declined)
  void refreshBalance(core, adapter.namespace, { force: true })
  return id
}
