import { RpcError } from '../RpcError.js'
import { defaultWalletStorage } from '../wallet/bestEffortStore.js'
import { showPrompt } from '../wallet/showPrompt.js'
import { BITCOIN_NETWORK_NAMES, BITCOIN_NETWORKS, isBitcoinNetwork, type DevnetBitcoinNetwork } from './bitcoinNetworks.js'
import { bitcoinWalletErrors } from './bitcoinWalletErrors.js'
import { bitcoinWalletStorage } from './bitcoinWalletStorage.js'
import { DEVNET_BITCOIN_SEED, deriveDevnetBitcoinKeys, type DevnetBitcoinKey, type DevnetBitcoinPurpose } from './deriveDevnetBitcoinAccounts.js'
import { canSignBitcoinMessage, signBitcoinMessage, type BitcoinMessageProtocol } from './signBitcoinMessage.js'
import type {
  BitcoinListenerInfo,
  BitcoinNetworkInfo,
  BitcoinRpcResponse,
  BitcoinWalletEvent,
  BitcoinWalletEventName,
  DevnetBitcoinProvider,
  SatsConnectAddress,
  StorageLike,
  WalletMode
} from './types.js'

/** Options of {@link createDevnetBitcoinProvider}. */
export interface CreateDevnetBitcoinProviderOptions {
  /** The network the wallet starts on (default 'Regtest'); a network stored by an earlier `wallet_changeNetwork` wins. */
  network?: DevnetBitcoinNetwork
  /**
   * The networks the wallet can serve and switch to (default: all five sats-connect names).
   * Pass e.g. `['Mainnet']` for "a wallet without the requested chain": it then reports Mainnet
   * from `wallet_getNetwork` and refuses `wallet_connect` / `wallet_changeNetwork` to Regtest.
   */
  supportedNetworks?: readonly DevnetBitcoinNetwork[]
  /** How consent requests are answered (default 'approve'); see {@link WalletMode}. */
  mode?: WalletMode
  /** BIP-32 seed as hex (default {@link DEVNET_BITCOIN_SEED}). */
  seed?: string
  /** Where the permission and network persist (default `localStorage` when there is one; null: memory only). */
  storage?: StorageLike | null
  /** Storage key prefix (default 'devnet-bitcoin-wallet'); two wallets in one page need different ones. */
  storageKey?: string
  /** Document for `prompt` mode (default the global `document`). */
  document?: Document
  /** Origin named in prompts and permissions (default `location.origin`). */
  origin?: string
}

/** The wallet version `getInfo` reports: above 1.4 so sats-connect forwards requests unchanged. */
export const DEVNET_BITCOIN_WALLET_VERSION = '2.0.0'

/** The id `wallet_connect` / `wallet_getAccount` give the wallet's one account. */
export const DEVNET_BITCOIN_ACCOUNT_ID = 'devnet-bitcoin-account-0'

/** The methods the wallet answers (also listed by `getInfo`). */
export const DEVNET_BITCOIN_METHODS = Object.freeze([
  'getInfo',
  'getAccounts',
  'getAddresses',
  'signMessage',
  'wallet_connect',
  'wallet_disconnect',
  'wallet_getAccount',
  'wallet_getNetwork',
  'wallet_changeNetwork',
  'wallet_requestPermissions',
  'wallet_renouncePermissions',
  'wallet_getCurrentPermissions',
  'wallet_getWalletType'
] as const)

// sats-connect 4.2.1 methods the wallet knows of but does not implement: answered with
// METHOD_NOT_SUPPORTED rather than METHOD_NOT_FOUND, as a real wallet lacking a feature would.
const KNOWN_UNSUPPORTED = new Set(['getBalance', 'sendTransfer', 'signPsbt', 'wallet_addNetwork', 'wallet_changeNetworkById'])
const KNOWN_UNSUPPORTED_PREFIXES = ['ord_', 'runes_', 'stx_', 'spark_']
// Every purpose sats-connect's AddressPurpose allows; only the Bitcoin ones yield accounts.
const ADDRESS_PURPOSES = new Set(['payment', 'ordinals', 'stacks', 'starknet', 'spark'])
const MODES: readonly WalletMode[] = ['approve', 'prompt', 'reject']
const BOTH: readonly DevnetBitcoinPurpose[] = ['payment', 'ordinals']

/**
 * Creates the Devnet Bitcoin wallet: a sats-connect 4.2.1 Bitcoin provider (what Xverse puts at
 * `window.XverseProviders.BitcoinProvider`) with fixed keys (see {@link deriveDevnetBitcoinKeys}).
 * Browser-safe: no Node APIs, no network; the DOM only for a prompt in `prompt` mode.
 *
 * `request(method, params)` resolves with `{ jsonrpc: '2.0', id, result }` or
 * `{ jsonrpc: '2.0', id, error: { code, message } }` (sats-connect's `RpcErrorCode`s):
 *
 * - `getInfo` → `{ version, platform: 'web', methods, supports: [] }`.
 * - `getAccounts({ purposes, message? })` → `[{ address, publicKey, purpose, addressType, walletType }]`,
 *   payment first, only the requested Bitcoin purposes ('stacks', 'starknet', 'spark' are ignored).
 *   Asks consent unless those purposes were granted before; then grants them.
 * - `getAddresses(same)` → `{ addresses, network }`.
 * - `wallet_connect({ addresses?, network?, message?, permissions? })` → `{ id, addresses, walletType, network }`.
 *   With `network` it switches first; a network outside `supportedNetworks` is INVALID_PARAMS.
 * - `wallet_getAccount` → like wallet_connect's result for the granted purposes; ACCESS_DENIED when not connected.
 * - `wallet_getNetwork` → `{ bitcoin: { name }, stacks: { name }, spark: { name } }`, with no permission
 *   needed: this is how a site learns the wallet's network, before or after connecting.
 *   (Do not use `getInfo` for that: sats-connect caches the first `getInfo` answer of any provider.)
 * - `wallet_changeNetwork({ name })` → null after consent; emits 'networkChange'.
 * - `signMessage({ address, message, protocol? })` → `{ signature, messageHash, address, protocol }`;
 *   protocol 'BIP322' (default) for both addresses, 'ECDSA' (BIP-137) for the payment address only.
 *   Needs a connection (ACCESS_DENIED) and an address of this wallet on the current network (INVALID_PARAMS).
 * - `wallet_requestPermissions` → true; `wallet_renouncePermissions` / `wallet_disconnect` → null
 *   (forget the permission, emit 'disconnect'); `wallet_getCurrentPermissions`; `wallet_getWalletType` → 'software'.
 * - Other sats-connect methods → METHOD_NOT_SUPPORTED (-32001); anything else → METHOD_NOT_FOUND (-32601).
 * - Declined consent (reject mode, or Reject in the prompt) → USER_REJECTION (-32000).
 *
 * @param options - See {@link CreateDevnetBitcoinProviderOptions}.
 */
export function createDevnetBitcoinProvider(options: CreateDevnetBitcoinProviderOptions = {}): DevnetBitcoinProvider {
  const supportedNetworks = Object.freeze([...(options.supportedNetworks ?? BITCOIN_NETWORK_NAMES)])
  if (supportedNetworks.length === 0 || !supportedNetworks.every(isBitcoinNetwork)) {
    throw new Error(`Devnet Bitcoin: supportedNetworks must be a non-empty list of ${BITCOIN_NETWORK_NAMES.join(', ')}`)
  }
  const initialNetwork = options.network ?? (supportedNetworks.includes('Regtest') ? 'Regtest' : supportedNetworks[0]!)
  if (!supportedNetworks.includes(initialNetwork)) {
    throw new Error(`Devnet Bitcoin: network ${initialNetwork} is not in supportedNetworks (${supportedNetworks.join(', ')})`)
  }
  const seed = options.seed ?? DEVNET_BITCOIN_SEED
  const store = bitcoinWalletStorage(options.storage === undefined ? defaultWalletStorage() : options.storage, options.storageKey ?? 'devnet-bitcoin-wallet')
  let mode = checkMode(options.mode ?? 'approve')
  let consentQueue: Promise<unknown> = Promise.resolve()
  let requestCount = 0
  const listeners = new Map<BitcoinWalletEventName, Set<(event: BitcoinWalletEvent) => void>>()
  // Deriving costs a few milliseconds of elliptic-curve work: once per network.
  const keyCache = new Map<DevnetBitcoinNetwork, DevnetBitcoinKey[]>()

  const network = (): DevnetBitcoinNetwork => {
    const stored = store.network()
    return isBitcoinNetwork(stored) && supportedNetworks.includes(stored) ? stored : initialNetwork
  }
  const keys = (on: DevnetBitcoinNetwork = network()): DevnetBitcoinKey[] => {
    let found = keyCache.get(on)
    if (!found) keyCache.set(on, (found = deriveDevnetBitcoinKeys(on, seed)))
    return found
  }
  // Exactly sats-connect's address shape: a site must not come to rely on fields Xverse lacks.
  const accounts = (purposes: readonly DevnetBitcoinPurpose[], on?: DevnetBitcoinNetwork): SatsConnectAddress[] =>
    keys(on)
      .filter(key => purposes.includes(key.purpose))
      .map(({ address, publicKey, purpose, addressType, walletType }) => ({ address, publicKey, purpose, addressType, walletType }))
  const networkInfo = (on: DevnetBitcoinNetwork = network()): BitcoinNetworkInfo => ({
    bitcoin: { name: on },
    stacks: { name: BITCOIN_NETWORKS[on].stacks },
    spark: { name: BITCOIN_NETWORKS[on].spark }
  })
  const origin = (): string => options.origin ?? (typeof location !== 'undefined' ? location.origin : 'This site')

  const emit = (event: BitcoinWalletEvent): boolean => {
    const set = listeners.get(event.type)
    if (!set?.size) return false
    for (const listener of [...set]) {
      try {
        listener(event)
      } catch (error) {
        // A throwing page listener must not break the wallet or the other listeners.
        console.error('Devnet Bitcoin: event listener failed', error)
      }
    }
    return true
  }

  // One consent at a time, like an extension's popup window.
  const consent = (what: string, details: readonly string[]): Promise<void> => {
    const ask = async (): Promise<void> => {
      if (mode === 'approve') return
      if (mode === 'reject') throw bitcoinWalletErrors.userRejected()
      const doc = options.document ?? (typeof document !== 'undefined' ? document : undefined)
      if (!doc) throw bitcoinWalletErrors.internal('prompt mode needs a DOM document')
      if (!(await showPrompt({ title: `Devnet Bitcoin: ${origin()} wants ${what}`, details }, doc))) {
        throw bitcoinWalletErrors.userRejected()
      }
    }
    const answer = consentQueue.then(ask, ask)
    consentQueue = answer.catch(() => undefined)
    return answer
  }

  const switchNetwork = (to: DevnetBitcoinNetwork): void => {
    if (to === network()) return
    store.setNetwork(to)
    emit({ type: 'networkChange', ...networkInfo(to), addresses: accounts(store.permittedPurposes(), to) })
  }

  /** Grants `purposes` (and switches to `to`) after consent, unless nothing new is asked for. */
  const connect = async (purposes: readonly DevnetBitcoinPurpose[], message: string | undefined, to?: DevnetBitcoinNetwork): Promise<void> => {
    const granted = store.permittedPurposes()
    const switching = to !== undefined && to !== network()
    const missing = purposes.filter(purpose => !granted.includes(purpose))
    if (!switching && missing.length === 0 && granted.length > 0) return
    const shown = accounts(purposes.length ? purposes : BOTH, to)
    await consent('to connect', [
      ...(message ? [`Message: ${message}`] : []),
      ...(switching ? [`Network: ${to}`] : []),
      ...shown.map(account => `${account.purpose}: ${account.address}`)
    ])
    if (to) switchNetwork(to)
    // A grant with no Bitcoin purpose (e.g. only 'stacks') still connects: it grants both.
    store.setPermittedPurposes(BOTH.filter(p => granted.includes(p) || purposes.includes(p) || purposes.length === 0))
  }

  const revoke = (): null => {
    const wasConnected = store.permittedPurposes().length > 0
    store.setPermittedPurposes([])
    if (wasConnected) emit({ type: 'disconnect' })
    return null
  }

  const requireConnected = (): DevnetBitcoinPurpose[] => {
    const granted = store.permittedPurposes()
    if (granted.length === 0) throw bitcoinWalletErrors.accessDenied()
    return granted
  }

  const handle = async (method: string, params: unknown): Promise<unknown> => {
    switch (method) {
      case 'getInfo':
        return { version: DEVNET_BITCOIN_WALLET_VERSION, platform: 'web', methods: [...DEVNET_BITCOIN_METHODS], supports: [] }
      case 'getAccounts':
      case 'getAddresses': {
        const { purposes, message } = purposeParams(params)
        await connect(purposes, message)
        const result = accounts(purposes)
        return method === 'getAccounts' ? result : { addresses: result, network: networkInfo() }
      }
      case 'wallet_connect': {
        const { purposes, message, network: to } = connectParams(params)
        if (to !== undefined && !supportedNetworks.includes(to)) throw unsupportedNetwork(to, supportedNetworks)
        await connect(purposes, message, to)
        return { id: DEVNET_BITCOIN_ACCOUNT_ID, addresses: accounts(purposes), walletType: 'software', network: networkInfo() }
      }
      case 'wallet_requestPermissions':
        if (params !== null && params !== undefined && !Array.isArray(params))
          throw bitcoinWalletErrors.invalidParams('expected an array of permissions or null')
        await connect(BOTH, undefined)
        return true
      case 'wallet_getAccount':
        return { id: DEVNET_BITCOIN_ACCOUNT_ID, addresses: accounts(requireConnected()), walletType: 'software', network: networkInfo() }
      case 'wallet_getNetwork':
        return networkInfo()
      case 'wallet_getWalletType':
        return 'software'
      case 'wallet_getCurrentPermissions': {
        if (store.permittedPurposes().length === 0) return []
        const clientId = origin()
        return [
          { type: 'account', resourceId: DEVNET_BITCOIN_ACCOUNT_ID, clientId, actions: { read: true } },
          { type: 'wallet', resourceId: 'devnet-bitcoin', clientId, actions: { readNetwork: true } }
        ]
      }
      case 'wallet_renouncePermissions':
      case 'wallet_disconnect':
        return revoke()
      case 'wallet_changeNetwork': {
        const name = (isObject(params) ? params : {}).name
        if (!isBitcoinNetwork(name)) throw bitcoinWalletErrors.invalidParams(`expected { name: ${BITCOIN_NETWORK_NAMES.join(' | ')} }`)
        if (!supportedNetworks.includes(name)) throw unsupportedNetwork(name, supportedNetworks)
        if (name === network()) return null
        await consent(`to switch to Bitcoin ${name}`, [`Network: ${network()} → ${name}`])
        switchNetwork(name)
        return null
      }
      case 'signMessage': {
        const { address, message, protocol } = signParams(params)
        const key = keys().find(candidate => candidate.address === address)
        if (!key) throw bitcoinWalletErrors.invalidParams(`${address} is not an address of this wallet on ${network()}`)
        if (!canSignBitcoinMessage(key.addressType, protocol)) {
          throw bitcoinWalletErrors.invalidParams(
            `${protocol} signing needs the payment (p2wpkh) address; sign with BIP322 for the ${key.purpose} (${key.addressType}) address`
          )
        }
        requireConnected()
        await consent('you to sign a message', [`Address: ${address}`, `Protocol: ${protocol}`, `Message: ${clip(message)}`])
        return { ...signBitcoinMessage(key, message, protocol), address }
      }
    }
    if (KNOWN_UNSUPPORTED.has(method) || KNOWN_UNSUPPORTED_PREFIXES.some(prefix => method.startsWith(prefix))) {
      throw bitcoinWalletErrors.methodNotSupported(method)
    }
    throw bitcoinWalletErrors.methodNotFound(method)
  }

  const provider: DevnetBitcoinProvider = {
    isDevnetBitcoinWallet: true,
    async request(method: string, params?: unknown): Promise<BitcoinRpcResponse> {
      const id = `devnet-bitcoin-${++requestCount}`
      try {
        if (typeof method !== 'string' || method === '') throw bitcoinWalletErrors.invalidRequest('method must be a non-empty string')
        return { jsonrpc: '2.0', id, result: await handle(method, params) }
      } catch (error) {
        const rpc = error instanceof RpcError ? error : bitcoinWalletErrors.internal(error instanceof Error ? error.message : String(error))
        return { jsonrpc: '2.0', id, error: { code: rpc.code, message: rpc.message } }
      }
    },
    addListener(infoOrName: BitcoinListenerInfo | BitcoinWalletEventName, cb?: (event: BitcoinWalletEvent) => void): () => void {
      const info = typeof infoOrName === 'string' ? { eventName: infoOrName, cb: cb! } : infoOrName
      if (typeof info?.cb !== 'function') throw new TypeError('addListener needs a callback')
      let set = listeners.get(info.eventName)
      if (!set) listeners.set(info.eventName, (set = new Set()))
      set.add(info.cb)
      return () => void listeners.get(info.eventName)?.delete(info.cb)
    },
    supportedNetworks,
    getNetwork: network,
    getAccounts: () => keys().map(({ privateKey: _privateKey, ...account }) => account),
    getPermittedPurposes: () => store.permittedPurposes(),
    setMode(next) {
      mode = checkMode(next)
    },
    getMode: () => mode,
    emit,
    reset() {
      store.clear()
    }
  }
  return provider
}

function purposeParams(params: unknown): { purposes: DevnetBitcoinPurpose[]; message?: string } {
  if (!isObject(params) || !Array.isArray(params.purposes)) throw bitcoinWalletErrors.invalidParams('expected { purposes: string[], message?: string }')
  const message = optionalString(params.message, 'message')
  return { purposes: bitcoinPurposes(params.purposes), message }
}

function connectParams(params: unknown): { purposes: DevnetBitcoinPurpose[]; message?: string; network?: DevnetBitcoinNetwork } {
  if (params === null || params === undefined) return { purposes: [...BOTH] }
  if (!isObject(params)) throw bitcoinWalletErrors.invalidParams('expected { addresses?, network?, message?, permissions? } or null')
  const message = optionalString(params.message, 'message')
  // sats-connect's connectParamsSchema caps the message at 80 characters.
  if (message !== undefined && message.length > 80) throw bitcoinWalletErrors.invalidParams('The message must not exceed 80 characters.')
  if (params.network !== undefined && !isBitcoinNetwork(params.network)) {
    throw bitcoinWalletErrors.invalidParams(`network must be one of ${BITCOIN_NETWORK_NAMES.join(', ')}`)
  }
  if (params.addresses !== undefined && !Array.isArray(params.addresses)) throw bitcoinWalletErrors.invalidParams('addresses must be an array of purposes')
  const purposes = params.addresses === undefined ? [...BOTH] : bitcoinPurposes(params.addresses)
  return { purposes, message, network: params.network as DevnetBitcoinNetwork | undefined }
}

function signParams(params: unknown): { address: string; message: string; protocol: BitcoinMessageProtocol } {
  if (!isObject(params) || typeof params.address !== 'string' || typeof params.message !== 'string') {
    throw bitcoinWalletErrors.invalidParams("expected { address: string, message: string, protocol?: 'ECDSA' | 'BIP322' }")
  }
  const protocol = params.protocol ?? 'BIP322'
  if (protocol !== 'ECDSA' && protocol !== 'BIP322') throw bitcoinWalletErrors.invalidParams("protocol must be 'ECDSA' or 'BIP322'")
  return { address: params.address, message: params.message, protocol }
}

function bitcoinPurposes(values: readonly unknown[]): DevnetBitcoinPurpose[] {
  for (const value of values) {
    if (typeof value !== 'string' || !ADDRESS_PURPOSES.has(value)) {
      throw bitcoinWalletErrors.invalidParams(`unknown address purpose ${JSON.stringify(value)}; use ${[...ADDRESS_PURPOSES].join(', ')}`)
    }
  }
  return BOTH.filter(purpose => values.includes(purpose))
}

function unsupportedNetwork(network: string, supported: readonly string[]): RpcError {
  return bitcoinWalletErrors.invalidParams(`Devnet Bitcoin does not support the ${network} network (it serves ${supported.join(', ')})`)
}

function optionalString(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string') throw bitcoinWalletErrors.invalidParams(`${name} must be a string`)
  return value
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function clip(text: string): string {
  return text.length > 600 ? `${text.slice(0, 600)}…` : text
}

function checkMode(mode: WalletMode): WalletMode {
  if (!MODES.includes(mode)) throw new Error(`Devnet Bitcoin: unknown mode ${String(mode)}; use ${MODES.join(', ')}`)
  return mode
}
