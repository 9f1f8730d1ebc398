import type { Address } from 'viem'
import { defaultWalletStorage } from './bestEffortStore.js'
import { WALLET_ACCOUNT } from '../constants.js'
import { jsonRpc } from '../jsonRpc.js'
import { RpcError } from '../RpcError.js'
import { chainIdHex, parseChainIdHex } from './chainIdHex.js'
import { describeSignRequest } from './describeSignRequest.js'
import { showPrompt, type PromptContent } from './showPrompt.js'
import type { DevnetWalletProvider, RequestArguments, StorageLike, WalletChain, WalletListener, WalletMode } from './types.js'
import { validateAddChainParams } from './validateAddChainParams.js'
import { walletErrors } from './walletErrors.js'
import { walletStorage } from './walletStorage.js'

/** Options of {@link createDevnetWallet}. */
export interface CreateDevnetWalletOptions {
  /** Known chains; the first is the default chain. At least one. */
  chains: readonly WalletChain[]
  /** How consent requests are answered (default `approve`). */
  mode?: WalletMode
  /** The account to connect with (default anvil account 1, {@link WALLET_ACCOUNT}); must be unlocked on the chains. */
  account?: Address
  /** Where permission and chain persist (default `localStorage` when present; `null` = memory only). */
  storage?: StorageLike | null
  /** Document for the prompt (default the global `document`). Only touched when a prompt is shown. */
  document?: Document
  /** Origin named in prompts (default `location.origin`). */
  origin?: string
}

const MODES: readonly WalletMode[] = ['approve', 'prompt', 'reject']
const SIGN_METHODS = new Set(['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction'])

/**
 * Creates the Devnet Wallet: an EIP-1193 provider that behaves like a browser-extension wallet
 * (permissions, chain switching, consent per request, events) and forwards node calls and signing
 * to the devnet's unlocked anvil accounts over JSON-RPC.
 *
 * Creating it touches neither the DOM nor the network; the DOM is used only when `prompt` mode
 * shows a prompt. Requests needing consent are answered one at a time, like an extension's popup.
 *
 * @param options - See {@link CreateDevnetWalletOptions}.
 */
export function createDevnetWallet(options: CreateDevnetWalletOptions): DevnetWalletProvider {
  const defaultChain = options.chains[0]
  if (!defaultChain) throw new Error('createDevnetWallet: at least one chain is required')
  const account = options.account ?? WALLET_ACCOUNT
  const store = walletStorage(options.storage === undefined ? defaultWalletStorage() : options.storage)
  let mode = checkMode(options.mode ?? 'approve')
  const listeners = new Map<string, Set<WalletListener>>()
  let consentQueue: Promise<unknown> = Promise.resolve()
  let connected = true

  const knownChains = (): Map<number, WalletChain> => {
    const chains = new Map(options.chains.map(chain => [chain.chainId, chain]))
    for (const chain of store.addedChains()) if (!chains.has(chain.chainId)) chains.set(chain.chainId, chain)
    return chains
  }
  const currentChain = (): WalletChain => {
    const stored = store.chainId()
    return (stored !== undefined ? knownChains().get(stored) : undefined) ?? defaultChain
  }
  const origin = (): string => options.origin ?? (typeof location !== 'undefined' ? location.origin : 'This site')

  const emit = (event: string, ...args: unknown[]): boolean => {
    const set = listeners.get(event)
    if (!set?.size) return false
    for (const listener of [...set]) {
      try {
        listener(...args)
      } catch (error) {
        // A throwing page listener must not break the wallet or the other listeners.
        console.error('Devnet Wallet: event listener failed', error)
      }
    }
    return true
  }

  const consent = (what: string, details?: readonly string[]): Promise<void> => {
    const ask = async (): Promise<void> => {
      if (mode === 'approve') return
      if (mode === 'reject') throw walletErrors.userRejected()
      const doc = options.document ?? (typeof document !== 'undefined' ? document : undefined)
      if (!doc) throw walletErrors.internal('prompt mode needs a DOM document')
      const content: PromptContent = { title: `Devnet Wallet: ${origin()} wants ${what}`, details }
      if (!(await showPrompt(content, doc))) throw walletErrors.userRejected()
    }
    const answer = consentQueue.then(ask, ask)
    consentQueue = answer.catch(() => undefined)
    return answer
  }

  const forward = async (method: string, params: unknown): Promise<unknown> => {
    const chain = currentChain()
    try {
      const result = await jsonRpc(chain.rpcUrl, method, params ?? [])
      if (!connected) {
        connected = true
        emit('connect', { chainId: chainIdHex(chain.chainId) })
      }
      return result
    } catch (error) {
      if (error instanceof RpcError) throw error
      // fetch failed: the node (or the demo server) is gone. EIP-1193 says to emit disconnect.
      const disconnected = walletErrors.disconnected(`cannot reach ${chain.name} (${chain.rpcUrl})`)
      if (connected) {
        connected = false
        emit('disconnect', disconnected)
      }
      throw disconnected
    }
  }

  const connect = async (): Promise<Address[]> => {
    if (store.permitted()) return [account]
    await consent('to connect', [`Account: ${account}`])
    if (!store.permitted()) {
      store.setPermitted(true)
      emit('accountsChanged', [account])
    }
    return [account]
  }

  const permissions = (): object[] =>
    store.permitted() ? [{ parentCapability: 'eth_accounts', invoker: origin(), caveats: [{ type: 'restrictReturnedAccounts', value: [account] }] }] : []

  const handle = async (method: string, params: readonly unknown[], raw: unknown): Promise<unknown> => {
    switch (method) {
      case 'eth_requestAccounts':
        return connect()
      case 'eth_accounts':
        return store.permitted() ? [account] : []
      case 'eth_chainId':
        return chainIdHex(currentChain().chainId)
      case 'wallet_requestPermissions':
        await connect()
        return permissions()
      case 'wallet_getPermissions':
        return permissions()
      case 'wallet_revokePermissions':
        if (store.permitted()) {
          store.setPermitted(false)
          emit('accountsChanged', [])
        }
        return null
      case 'wallet_switchEthereumChain': {
        const requested = (params[0] ?? {}) as { chainId?: unknown }
        const chainId = parseChainIdHex(requested.chainId)
        if (chainId === undefined) throw walletErrors.invalidParams('expected [{ chainId: "0x..." }]')
        const target = knownChains().get(chainId)
        if (!target) throw walletErrors.unrecognizedChain(String(requested.chainId))
        if (chainId === currentChain().chainId) return null
        await consent(`to switch to ${target.name}`, [`Chain ID: ${chainId}`])
        if (chainId !== currentChain().chainId) {
          store.setChainId(chainId)
          emit('chainChanged', chainIdHex(chainId))
        }
        return null
      }
      case 'wallet_addEthereumChain': {
        const chain = validateAddChainParams(params)
        // EIP-3085: a chain the wallet already knows is not added again.
        if (knownChains().has(chain.chainId)) return null
        await consent(`to add the network ${chain.name}`, [`Chain ID: ${chain.chainId}`, `RPC: ${chain.rpcUrl}`])
        if (!knownChains().has(chain.chainId)) store.setAddedChains([...store.addedChains(), chain])
        return null
      }
    }
    if (SIGN_METHODS.has(method)) {
      if (!store.permitted()) throw walletErrors.unauthorized()
      const forwarded = withSigner(method, params, account)
      const { action, details } = describeSignRequest(method, forwarded)
      await consent(action, [`Account: ${account}`, ...details])
      return forward(method, forwarded)
    }
    if (method.startsWith('wallet_')) throw walletErrors.unsupportedMethod(method)
    return forward(method, raw)
  }

  const provider: DevnetWalletProvider = {
    isDevnetWallet: true,
    account,
    async request(args: RequestArguments): Promise<unknown> {
      if (typeof args !== 'object' || args === null || typeof args.method !== 'string' || args.method === '') {
        throw walletErrors.invalidRequest('expected { method: string, params?: array | object }')
      }
      const { method, params } = args
      if (params !== undefined && (typeof params !== 'object' || params === null)) {
        throw walletErrors.invalidRequest('params must be an array or an object')
      }
      return handle(method, Array.isArray(params) ? params : [], params)
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
    off(event, listener) {
      return provider.removeListener(event, listener)
    },
    isConnected: () => connected,
    setMode(next) {
      mode = checkMode(next)
    },
    getMode: () => mode,
    emit,
    reset() {
      store.clear()
    }
  }
  // EIP-1193: announce the connection to the chain once the page had a chance to listen.
  queueMicrotask(() => emit('connect', { chainId: chainIdHex(currentChain().chainId) }))
  return provider
}

// Signing goes to anvil as the wallet's account: the request must name that account (or, for a
// transaction, may leave `from` out); naming another account is refused like a real wallet does.
function withSigner(method: string, params: readonly unknown[], account: Address): unknown[] {
  const same = (value: unknown): boolean => typeof value === 'string' && value.toLowerCase() === account.toLowerCase()
  if (method === 'personal_sign') {
    if (!same(params[1])) throw walletErrors.unauthorized()
    return [params[0], account]
  }
  if (method === 'eth_signTypedData_v4') {
    if (!same(params[0])) throw walletErrors.unauthorized()
    return [account, params[1]]
  }
  const tx = params[0]
  if (typeof tx !== 'object' || tx === null) throw walletErrors.invalidParams('expected [transaction]')
  const from = (tx as { from?: unknown }).from
  if (from !== undefined && !same(from)) throw walletErrors.unauthorized()
  return [{ ...tx, from: account }]
}

function checkMode(mode: WalletMode): WalletMode {
  if (!MODES.includes(mode)) throw new Error(`Devnet Wallet: unknown mode ${String(mode)}; use ${MODES.join(', ')}`)
  return mode
}
