import type { ProposalTypes, SessionTypes } from '@walletconnect/types'

/** The JSON-RPC methods the WalletConnect dev wallet approves in every session. */
export const WC_WALLET_METHODS = [
  'personal_sign',
  'eth_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'eth_chainId',
  'eth_accounts'
] as const

/** The session events the WalletConnect dev wallet may emit. */
export const WC_WALLET_EVENTS = ['chainChanged', 'accountsChanged'] as const

/**
 * Why a proposal cannot be approved: the name of the SDK error (`getSdkError(reason)`) to reject
 * it with, and a sentence for the log.
 */
export interface ApprovalRefusal {
  ok: false
  reason: 'UNSUPPORTED_CHAINS' | 'UNSUPPORTED_NAMESPACE_KEY' | 'UNSUPPORTED_METHODS' | 'UNSUPPORTED_EVENTS'
  detail: string
}

/** The namespaces to approve a proposal with. */
export interface ApprovalNamespaces {
  ok: true
  /** One `eip155` namespace: the chains, their accounts, {@link WC_WALLET_METHODS} and {@link WC_WALLET_EVENTS}. */
  namespaces: SessionTypes.Namespaces
  /** The approved chain ids, in the order the dapp listed them. */
  chainIds: number[]
}

type Requested = Pick<ProposalTypes.Struct, 'requiredNamespaces' | 'optionalNamespaces'>

/**
 * Decides what the dev wallet approves for a session proposal.
 *
 * The approved chains are the proposal's required and optional `eip155` chains that the devnet
 * runs, in the dapp's order (dapps treat the first as their default chain). Unknown optional
 * chains are left out quietly, as real wallets do (dapps list mainnet and more in case).
 * Requirements the wallet cannot meet refuse the whole proposal instead, because the SDK would
 * refuse the approval anyway (`isConformingNamespaces`) and the dapp deserves the precise reason:
 * a required non-eip155 namespace, a required chain the devnet lacks, or required methods/events
 * the wallet does not offer. SDK 2.25 dapps move `requiredNamespaces` into the optional ones, so
 * those checks only bite for older dapps.
 *
 * Namespace keys may carry the chain inline (`"eip155:31337": {...}`), which CAIP-25 allows.
 *
 * @param proposal - The proposal's namespaces.
 * @param supportedChainIds - The devnet's chain ids.
 * @param address - The wallet's account (checksummed).
 */
export function buildApprovalNamespaces(proposal: Requested, supportedChainIds: readonly number[], address: string): ApprovalNamespaces | ApprovalRefusal {
  const supported = new Set(supportedChainIds)
  const requested: number[] = []
  const entries = (namespaces: ProposalTypes.RequiredNamespaces | undefined) => Object.entries(namespaces ?? {})

  for (const [key, namespace] of entries(proposal.requiredNamespaces)) {
    const name = key.split(':')[0]
    if (name !== 'eip155') {
      return { ok: false, reason: 'UNSUPPORTED_NAMESPACE_KEY', detail: `Required namespace ${name} is not supported (eip155 only).` }
    }
    const chains = chainsOf(key, namespace)
    const missing = chains.filter(chain => !supported.has(eip155Id(chain) ?? NaN))
    if (missing.length > 0) {
      return { ok: false, reason: 'UNSUPPORTED_CHAINS', detail: `Required chains not on the devnet: ${missing.join(', ')}.` }
    }
    const methods = (namespace.methods ?? []).filter(method => !(WC_WALLET_METHODS as readonly string[]).includes(method))
    if (methods.length > 0) {
      return { ok: false, reason: 'UNSUPPORTED_METHODS', detail: `Required methods not supported: ${methods.join(', ')}.` }
    }
    const events = (namespace.events ?? []).filter(event => !(WC_WALLET_EVENTS as readonly string[]).includes(event))
    if (events.length > 0) {
      return { ok: false, reason: 'UNSUPPORTED_EVENTS', detail: `Required events not supported: ${events.join(', ')}.` }
    }
    requested.push(...chains.map(chain => eip155Id(chain)!))
  }
  for (const [key, namespace] of entries(proposal.optionalNamespaces)) {
    if (key.split(':')[0] !== 'eip155') continue
    for (const chain of chainsOf(key, namespace)) {
      const id = eip155Id(chain)
      if (id !== undefined && supported.has(id)) requested.push(id)
    }
  }

  const chainIds = [...new Set(requested)]
  if (chainIds.length === 0) {
    return {
      ok: false,
      reason: 'UNSUPPORTED_CHAINS',
      detail: `None of the requested chains runs on the devnet (it has ${supportedChainIds.map(id => `eip155:${id}`).join(', ')}).`
    }
  }
  return {
    ok: true,
    chainIds,
    namespaces: {
      eip155: {
        chains: chainIds.map(id => `eip155:${id}`),
        accounts: chainIds.map(id => `eip155:${id}:${address}`),
        methods: [...WC_WALLET_METHODS],
        events: [...WC_WALLET_EVENTS]
      }
    }
  }
}

/** The chains of one namespace entry: its inline chain (`eip155:1` key) or its `chains` list. */
function chainsOf(key: string, namespace: { chains?: string[] }): string[] {
  return key.includes(':') ? [key] : (namespace.chains ?? [])
}

/**
 * The numeric id of a CAIP-2 `eip155:<decimal>` chain, or undefined for anything else.
 *
 * @param chain - A CAIP-2 chain id.
 */
export function eip155Id(chain: string): number | undefined {
  const match = /^eip155:(\d{1,15})$/.exec(chain)
  return match ? Number(match[1]) : undefined
}
