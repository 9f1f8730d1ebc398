import { subscribe } from 'valtio/vanilla'
import { createOptionsController, type WalletModalOptions } from './controllers/OptionsController.js'
import { createModalController } from './controllers/ModalController.js'
import { createRouterController } from './controllers/RouterController.js'
import { createChainController } from './controllers/ChainController.js'
import { createConnectorController } from './controllers/ConnectorController.js'
import { createConnectionController, type RecentWallet } from './controllers/ConnectionController.js'
import { createThemeController, type ThemeMode } from './controllers/ThemeController.js'
import { createSnackController } from './controllers/SnackController.js'
import { createEventsController, type ModalEventListener } from './controllers/EventsController.js'
import { createEip155Adapter } from './adapters/eip155/Eip155Adapter.js'
import type { HttpClient } from './api/HttpClient.js'
import type { ServiceClient } from './api/ServiceClient.js'
import { createApiController } from './controllers/ApiController.js'
import { createBlockchainApiController } from './controllers/BlockchainApiController.js'
import { createAlertController } from './controllers/AlertController.js'
import { createTelemetryController } from './controllers/TelemetryController.js'
import { trackModalEvents } from './flows/telemetry.js'
import { INJECTED_CONNECTOR_ID, isWindowEthereum } from './adapters/eip155/discovery.js'
import { createStorage, defaultStorageBackend, STORAGE_KEYS, type RecordStorage, type StorageBackend } from './utils/storage.js'
import type { WalletConnectClient } from './adapters/walletconnect/WalletConnectClient.js'
import { WALLET_CONNECT_CONNECTOR_ID } from './adapters/walletconnect/constants.js'
import { isBrowser } from './utils/platform.js'
import { whenIdle } from './utils/whenIdle.js'
import type { Connector, Eip1193Provider } from './types/connector.js'
import type { AccountStatus } from './types/account.js'
import type { CaipAddress, CaipNetwork, WiredNamespace } from './types/network.js'
import { openModal, closeModal, type OpenModalOptions } from './flows/openModal.js'
import type { DisconnectOptions } from './flows/disconnect.js'
import { connectExternal } from './flows/connect.js'

/** What `getAccount()` returns. */
export interface AccountInfo {
  address?: string
  caipAddress?: CaipAddress
  isConnected: boolean
  status: AccountStatus
  balance?: string
  balanceSymbol?: string
  namespace: WiredNamespace
}

/** What `getState()` returns. */
export interface PublicState {
  open: boolean
  loading: boolean
  selectedNetworkId?: string
  activeChain: WiredNamespace
}

function isRecentList(v: unknown): v is RecentWallet[] {
  return Array.isArray(v) && v.every(w => !!w && typeof w.id === 'string' && typeof w.name === 'string')
}

/**
 * Builds one core: every controller, the storage, the adapters, wired together, plus the public
 * API a site uses. In a browser it starts wallet discovery and restores the last connection.
 * Safe to import and call in Node (no `window` access unless it exists).
 */
export function createCore(options: WalletModalOptions) {
  const optionsController = createOptionsController(options)
  const opts = optionsController.state
  const storageBackend: StorageBackend = options.storage ?? defaultStorageBackend()
  const storage: RecordStorage = createStorage(storageBackend)
  const recent = storage.get(STORAGE_KEYS.recentWallets, isRecentList) ?? []
  const chain = createChainController(opts.networks, opts.defaultNetwork)
  // The last active network survives a reload when the site still lists it.
  const savedNetwork = storage.get(STORAGE_KEYS.activeNetwork, (v): v is string => typeof v === 'string')
  const saved = savedNetwork ? optionsController.findNetwork(savedNetwork) : undefined
  if (saved) {
    chain.setNetwork(saved.chainNamespace, saved)
    chain.setActiveNamespace(saved.chainNamespace)
  }
  const addedListeners = new Set<(c: Connector) => void>()
  // The HTTP client and the service client load on first use: nothing remote happens before the
  // page has shown its button, so neither belongs in the first chunk a site loads.
  let httpClient: Promise<HttpClient> | undefined
  const loadHttp = () => (httpClient ??= import('./api/HttpClient.js').then(m => m.createHttpClient(opts.http)))
  let servicesClient: Promise<ServiceClient> | undefined
  const core = {
    /** The one HTTP client every remote call goes through (loaded on first use). */
    loadHttp,
    /** Whether the site configured services (directory, balances, analytics). */
    hasServices: !!opts.services,
    /**
     * The typed client of the configured services, loaded on first use (it carries the response
     * schemas, which the first chunk a site loads does without); undefined without services.
     */
    loadServices(): Promise<ServiceClient | undefined> {
      const urls = opts.services
      if (!urls) return Promise.resolve(undefined)
      servicesClient ??= Promise.all([loadHttp(), import('./api/ServiceClient.js')]).then(([http, m]) => m.createServiceClient(http, urls, opts.projectId))
      return servicesClient
    },
    api: createApiController(),
    blockchainApi: createBlockchainApiController(),
    alert: createAlertController(),
    telemetry: createTelemetryController(),
    options: optionsController,
    modal: createModalController(),
    router: createRouterController(),
    chain,
    connector: createConnectorController(),
    connection: createConnectionController(recent),
    theme: createThemeController(opts.themeMode, opts.themeVariables),
    snack: createSnackController(),
    events: createEventsController(),
    storage,
    /** The storage backend itself (the WalletConnect client keeps its session there too). */
    storageBackend,
    adapters: { eip155: createEip155Adapter(loadHttp) },
    /** Runtime wiring that is not state: listener teardowns and connector notifications. */
    runtime: {
      unlisten: new Map<string, () => void>(),
      /** Send and Activity state, made when those features first load (flows/walletFeatures.ts). */
      features: undefined as undefined | import('./flows/walletFeatures.js').WalletFeatures,
      stopDiscovery: undefined as undefined | (() => void),
      stopTracking: undefined as undefined | (() => void),
      /** Whether the wallet lists were prefetched (once per core, spec §4). */
      prefetched: false,
      imagesPreloaded: false,
      /** Solana and Bitcoin adapters, once loaded (flows/namespaces.ts). */
      namespaceAdapters: {} as Partial<Record<'solana' | 'bip122', Promise<import('./adapters/NamespaceAdapter.js').NamespaceAdapter>>>,
      namespaceDiscovery: new Set<string>(),
      stopNamespaceDiscovery: [] as (() => void)[],
      /** Adds a discovered connector (every adapter's discovery reports here). */
      addConnector: (c: Connector) => addConnector(c),
      /** The WalletConnect client, once something needed it (loaded on demand). */
      walletConnect: undefined as undefined | Promise<WalletConnectClient>,
      onConnectorAdded(cb: (c: Connector) => void): () => void {
        addedListeners.add(cb)
        return () => void addedListeners.delete(cb)
      }
    },

    // ---- public API ----
    /** Opens the modal (optionally on a given view). */
    open: (o?: OpenModalOptions) => openModal(core, o),
    /** Closes the modal. */
    close: () => closeModal(core),
    /** Disconnects every connected namespace, or only `{ namespace }` (the flow loads on first use). */
    disconnect: (o?: DisconnectOptions): Promise<void> => import('./flows/disconnect.js').then(m => m.disconnect(core, o)),
    /**
     * Signs a text message with the active namespace's account: `personal_sign` on eip155 (hex
     * signature), `solana:signMessage` on solana (base58), sats-connect `signMessage` on bip122.
     */
    signMessage: (message: string): Promise<string> => import('./flows/walletActions.js').then(m => m.signMessage(core, message)),
    /**
     * Sends the active network's native currency (`amount` in whole units, e.g. '0.01') from the
     * connected account: a transaction on eip155, a transfer on solana (spec §4: other
     * namespaces are an error). Resolves with the transaction hash or signature.
     */
    sendNative: (args: { to: string; amount: string }): Promise<string> => import('./flows/walletActions.js').then(m => m.sendNative(core, args)),
    /** Signs in the connected account (SIWX); rejects with 'SIWX is not enabled' without `siwx`/`siweConfig`. */
    signIn: (): Promise<void> => import('./flows/signIn.js').then(m => m.signIn(core)),
    /** Revokes the active account's sign-in session on its network. */
    signOut: (): Promise<void> => import('./flows/signIn.js').then(m => m.signOut(core)),
    /** Offers only these namespaces' wallets (undefined: all; spec §4 namespace filter). */
    setNamespaceFilter: (namespaces?: WiredNamespace[]) => core.connector.setNamespaceFilter(namespaces),
    /** Switches to one of the site's networks (a CAIP-2 id or the network). */
    switchNetwork: (network: CaipNetwork | string): Promise<void> => import('./flows/switchNetwork.js').then(m => m.switchNetwork(core, network)),
    /** Connects a wallet by connector id, without the modal's list (e.g. a site's own button). */
    connect: (connectorId: string) => connectExternal(core, connectorId),
    /** The active (or given) namespace's account. */
    getAccount(ns: WiredNamespace = chain.state.activeNamespace): AccountInfo {
      const a = chain.state.namespaces[ns].account
      return {
        address: a.address,
        caipAddress: a.caipAddress,
        isConnected: a.status === 'connected',
        status: a.status,
        balance: a.balance,
        balanceSymbol: a.balanceSymbol,
        namespace: ns
      }
    },
    /**
     * The connected wallet's EIP-1193 provider (an extension's, or the WalletConnect session's),
     * for the site's own requests: signing, sending, reading. Undefined when not connected.
     */
    getWalletProvider(ns: WiredNamespace = chain.state.activeNamespace): Eip1193Provider | undefined {
      const a = chain.state.namespaces[ns].account
      if (a.status !== 'connected' || !a.connectorId) return undefined
      return core.connector.get(a.connectorId)?.provider
    },
    /** The active network. */
    getNetwork: (): CaipNetwork | undefined => chain.activeNetwork(),
    /** Open state and the selected network. */
    getState(): PublicState {
      return {
        open: core.modal.state.open,
        loading: core.modal.state.loading,
        selectedNetworkId: chain.activeNetwork()?.caipNetworkId,
        activeChain: chain.state.activeNamespace
      }
    },
    /** Calls `cb` with {@link PublicState} whenever the modal or chain state changes. */
    subscribeState(cb: (state: PublicState) => void): () => void {
      const emit = () => cb(core.getState())
      const a = subscribe(core.modal.state, emit)
      const b = subscribe(chain.state, emit)
      return () => (a(), b())
    },
    /** Calls `cb` for every modal event. */
    subscribeEvents: (cb: ModalEventListener) => core.events.subscribe(cb),
    setThemeMode: (mode: ThemeMode) => core.theme.setThemeMode(mode),
    setThemeVariables: (vars: Record<string, string | number>) => core.theme.setThemeVariables(vars),
    /** Stops discovery and wallet listeners (for tests and single-page apps that unmount). */
    destroy(): void {
      core.runtime.stopDiscovery?.()
      core.runtime.stopTracking?.()
      for (const stop of core.runtime.stopNamespaceDiscovery.splice(0)) stop()
      for (const stop of core.runtime.unlisten.values()) stop()
      core.runtime.unlisten.clear()
      addedListeners.clear()
      void core.runtime.walletConnect?.then(c => c.close()).catch(() => {})
      core.runtime.walletConnect = undefined
    },
    /** Resolves when the start-up reconnect attempt has finished. */
    ready: Promise.resolve(false) as Promise<boolean>,
    /** Resolves when the start-up calls to the services have finished (or failed). */
    servicesReady: Promise.resolve() as Promise<void>
  }

  const addConnector = (c: Connector) => {
    if (c.type === 'ANNOUNCED' && isWindowEthereum(c.provider)) core.connector.remove(INJECTED_CONNECTOR_ID)
    core.connector.add(c)
    for (const cb of [...addedListeners]) cb(c)
  }
  // WalletConnect is offered whenever a relay is known; its code loads only when used (its icon
  // comes with the views that show it).
  if (opts.relayUrl) addConnector({ id: WALLET_CONNECT_CONNECTOR_ID, name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' })
  if (isBrowser()) {
    if (opts.adapters.includes('eip155')) core.runtime.stopDiscovery = core.adapters.eip155.watch(addConnector, { eip6963: opts.enableEIP6963, injected: opts.enableInjected })
    // The reconnect flow loads only for a visitor with a stored connection (a returning one);
    // everybody else's first chunk does without it.
    const stored = storage.get(STORAGE_KEYS.connectionStatus, (v): v is 'connected' => v === 'connected')
    core.ready = (stored && opts.enableReconnect ? import('./flows/reconnect.js').then(m => m.reconnect(core)) : Promise.resolve(false)).catch(err => {
      console.warn('[wallet-modal] reconnect failed', err)
      return false
    })
    core.runtime.stopTracking = trackModalEvents(core)
    // Sign-in (spec §4): after a connection, an account change or a switch, a missing session
    // opens SIWXSignMessage. The flow loads only on sites that turned sign-in on.
    if (opts.siwx || opts.siweConfig) {
      core.events.subscribe(e => {
        if (e.type === 'CONNECT_SUCCESS' || e.type === 'ACCOUNT_CHANGED' || e.type === 'SWITCH_NETWORK') {
          void import('./flows/signIn.js').then(m => m.checkSignIn(core)).catch(err => console.warn('[wallet-modal] sign-in check failed', err))
        }
      })
    }
    // Solana and Bitcoin wallets are looked for once the page is idle (their code is a chunk of
    // its own), and only when the site lists networks of those namespaces.
    if (opts.networks.some(n => n.chainNamespace !== 'eip155')) {
      whenIdle(() => void import('./flows/namespaces.js').then(m => m.startNamespaceDiscovery(core)).catch(err => console.warn('[wallet-modal] wallet discovery failed', err)))
    }
    if (core.hasServices) {
      // Background work: after the page has loaded and gone idle, never before its first paint.
      core.servicesReady = new Promise<void>(resolve =>
        whenIdle(() =>
          import('./flows/services.js')
            .then(m => m.initServices(core))
            .catch(err => console.warn('[wallet-modal] services start-up failed', err))
            .finally(resolve)
        )
      )
    }
  }
  return core
}

/** A core object: controllers, adapters and the public API. */
export type Core = ReturnType<typeof createCore>
