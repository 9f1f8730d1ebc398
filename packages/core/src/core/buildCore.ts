import { createOptionsController } from '../controllers/OptionsController.js'
import type { WalletModalOptions } from '../types/options.js'
import { createModalController } from '../controllers/ModalController.js'
import { createRouterController } from '../controllers/RouterController.js'
import { createChainController } from '../controllers/ChainController.js'
import { createConnectorController } from '../controllers/ConnectorController.js'
import { createConnectionController, type RecentWallet } from '../controllers/ConnectionController.js'
import { createThemeController } from '../controllers/ThemeController.js'
import { createI18nController } from '../i18n/I18nController.js'
import { createSnackController } from '../controllers/SnackController.js'
import { createEventsController } from '../controllers/EventsController.js'
import { createApiController } from '../controllers/ApiController.js'
import { createBlockchainApiController } from '../controllers/BlockchainApiController.js'
import { createAlertController } from '../controllers/AlertController.js'
import { createTelemetryController } from '../controllers/TelemetryController.js'
import type { HttpClient } from '../api/HttpClient.js'
import type { ServiceClient } from '../api/ServiceClient.js'
import type { DirectoryClient } from '../api/DirectoryClient.js'
import { createStorage, defaultStorageBackend, STORAGE_KEYS } from '../utils/storage.js'
import type { Connector } from '../types/connector.js'
import type { Core, CoreRuntime } from './Core.js'
import { createLifetime } from '../utils/lifetime.js'
import type { WalletModal } from './WalletModal.js'
import { createFeatureSlots } from './FeatureSlots.js'

function isRecentList(v: unknown): v is { id: string; name: string }[] {
  return Array.isArray(v) && v.every(w => !!w && typeof w.id === 'string' && typeof w.name === 'string')
}

/** A core without its public API yet: what {@link buildCore} makes. */
export type CoreParts = Omit<Core, keyof WalletModal> & { ready: Promise<boolean> }

/**
 * Builds a core's state: every controller (the last active network restored from storage), the
 * storage, the lazily loaded HTTP and service clients, and the runtime wiring. Touches no
 * `window`: safe in Node.
 */
export function buildCore(options: WalletModalOptions): CoreParts {
  const optionsController = createOptionsController(options)
  const opts = optionsController.state
  const storageBackend = options.storage ?? defaultStorageBackend()
  const storage = createStorage(storageBackend)
  const recent: RecentWallet[] = storage.get(STORAGE_KEYS.recentWallets, isRecentList) ?? []
  const chain = createChainController(opts.networks, opts.defaultNetwork)
  // The last active network survives a reload when the site still lists it.
  const savedNetwork = storage.get(STORAGE_KEYS.activeNetwork, (v): v is string => typeof v === 'string')
  const saved = savedNetwork ? optionsController.findNetwork(savedNetwork) : undefined
  if (saved) {
    chain.setNetwork(saved.chainNamespace, saved)
    chain.setActiveNamespace(saved.chainNamespace)
  }
  const connector = createConnectorController()
  const lifetime = createLifetime()
  // The HTTP client and the service client load on first use: nothing remote happens before the
  // page has shown its button, so neither belongs in the first chunk a site loads.
  let httpClient: Promise<HttpClient> | undefined
  const loadHttp = () => (httpClient ??= import('../api/HttpClient.js').then(m => m.createHttpClient({ ...opts.http, signal: lifetime.signal })))
  let servicesClient: Promise<ServiceClient | undefined> | undefined
  const loadServices = (): Promise<ServiceClient | undefined> => {
    const urls = opts.services
    if (!urls) return Promise.resolve(undefined)
    servicesClient ??= Promise.all([loadHttp(), import('../api/ServiceClient.js')]).then(([http, m]) => m.createServiceClient(http, urls, opts.projectId))
    return servicesClient
  }
  let directoryClient: Promise<DirectoryClient> | undefined
  const loadDirectory = (): Promise<DirectoryClient> =>
    (directoryClient ??= Promise.all([loadHttp(), import('../api/ServiceClient.js')]).then(([http, m]) =>
      m.createDirectoryClient(http, opts.directory, opts.projectId)
    ))
  const added = new Set<(c: Connector) => void>()
  const runtime: CoreRuntime = {
    lifetime,
    adapters: {},
    discovering: new Set(),
    stopDiscovery: [],
    unlisten: new Map(),
    slots: createFeatureSlots(),
    prefetched: false,
    imagesPreloaded: false,
    addConnector(c) {
      // Spec §3 Connector chains: the site's networks of its family it can be asked to use, unless
      // it says which it serves.
      connector.add(c.chains ? c : { ...c, chains: optionsController.networksOf(c.chain).map(n => n.caipNetworkId) })
      for (const cb of [...added]) cb(c)
    },
    onConnectorAdded(cb) {
      added.add(cb)
      return () => void added.delete(cb)
    }
  }
  return {
    options: optionsController,
    modal: createModalController(),
    router: createRouterController(),
    chain,
    connector,
    connection: createConnectionController(recent),
    theme: createThemeController(opts.themeMode, opts.themeVariables),
    i18n: createI18nController({ messages: opts.messages }),
    snack: createSnackController(),
    events: createEventsController(),
    api: createApiController(),
    blockchainApi: createBlockchainApiController(),
    alert: createAlertController(),
    telemetry: createTelemetryController(),
    storage,
    storageBackend,
    hasServices: !!opts.services,
    loadHttp,
    loadServices,
    loadDirectory,
    adapterContext: { loadHttp, options: () => opts, signal: lifetime.signal },
    runtime,
    ready: Promise.resolve(false),
    servicesReady: Promise.resolve()
  }
}
