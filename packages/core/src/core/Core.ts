import type { HttpClient } from '../api/HttpClient.js'
import type { I18nController } from '../i18n/I18nController.js'
import type { ServiceClient } from '../api/ServiceClient.js'
import type { DirectoryClient } from '../api/DirectoryClient.js'
import type { AdapterContext, ChainAdapter } from '../adapters/ChainAdapter.js'
import type { AlertController } from '../controllers/AlertController.js'
import type { ApiController } from '../controllers/ApiController.js'
import type { BlockchainApiController } from '../controllers/BlockchainApiController.js'
import type { ChainController } from '../controllers/ChainController.js'
import type { ConnectionController } from '../controllers/ConnectionController.js'
import type { ConnectorController } from '../controllers/ConnectorController.js'
import type { EventsController } from '../controllers/EventsController.js'
import type { ModalController } from '../controllers/ModalController.js'
import type { OptionsController } from '../controllers/OptionsController.js'
import type { RouterController } from '../controllers/RouterController.js'
import type { SnackController } from '../controllers/SnackController.js'
import type { TelemetryController } from '../controllers/TelemetryController.js'
import type { ThemeController } from '../controllers/ThemeController.js'
import type { Connector } from '../types/connector.js'
import type { WiredNamespace } from '../types/network.js'
import type { RecordStorage, StorageBackend } from '../utils/storage.js'
import type { WalletModal } from './WalletModal.js'
import type { Lifetime } from '../utils/lifetime.js'
import type { FeatureSlots } from './FeatureSlots.js'

/** Wiring of a running core that is not state: adapters, listeners, lazily made parts. */
export interface CoreRuntime {
  /** Every timer and page listener the core starts is tied to this; `destroy()` ends it. */
  lifetime: Lifetime
  /** Adapters made so far, by namespace (flows/adapters.ts makes them on first use). */
  adapters: Partial<Record<WiredNamespace, Promise<ChainAdapter>>>
  /** Namespaces whose wallet discovery has started. */
  discovering: Set<WiredNamespace>
  /** Functions that stop each discovery. */
  stopDiscovery: (() => void)[]
  /** Listener teardowns of connected wallets, by connector id. */
  unlisten: Map<string, () => void>
  /** Stops the telemetry subscription. */
  stopTracking?: () => void
  /**
   * The lazily made parts (a feature's state, a client, the embedded wallet), by key: each is
   * declared where it is made (core/featureKeys.ts for the shared ones), so this interface names
   * no feature.
   */
  slots: FeatureSlots
  /** Whether the wallet lists were prefetched (once per core, spec §4). */
  prefetched: boolean
  imagesPreloaded: boolean
  /** Adds a discovered connector (every adapter's discovery reports here). */
  addConnector(connector: Connector): void
  /** Calls `cb` for every connector added from now on; returns the unsubscribe. */
  onConnectorAdded(cb: (connector: Connector) => void): () => void
}

/**
 * One modal's core: the controllers (state), the loaders of its lazily loaded parts, the runtime
 * wiring, and the site-facing {@link WalletModal} API. Flows take it as their first argument;
 * views read its controllers' state and call flows. Internal: sites get {@link WalletModal}.
 */
export interface Core extends WalletModal {
  readonly options: OptionsController
  readonly modal: ModalController
  readonly router: RouterController
  readonly chain: ChainController
  readonly connector: ConnectorController
  readonly connection: ConnectionController
  readonly theme: ThemeController
  /** The active language and the message catalogue (`t`). */
  readonly i18n: I18nController
  readonly snack: SnackController
  readonly events: EventsController
  readonly api: ApiController
  readonly blockchainApi: BlockchainApiController
  readonly alert: AlertController
  readonly telemetry: TelemetryController
  /** Records with timestamps and lifetimes, over the site's storage backend. */
  readonly storage: RecordStorage
  /** The storage backend itself (the WalletConnect client keeps its session there too). */
  readonly storageBackend: StorageBackend
  /** Whether the site configured services (directory, balances, analytics). */
  readonly hasServices: boolean
  /** The one HTTP client every remote call goes through (loaded on first use). */
  loadHttp(): Promise<HttpClient>
  /** The typed client of the configured services (loaded on first use); undefined without services. */
  loadServices(): Promise<ServiceClient | undefined>
  /**
   * The wallet directory's client (loaded on first use): the site's directory, else the public
   * registry. There is always one: a site without a server lists the registry's wallets.
   */
  loadDirectory(): Promise<DirectoryClient>
  /** What adapters are made with. */
  readonly adapterContext: AdapterContext
  readonly runtime: CoreRuntime
  /** Resolves when the start-up reconnect attempt has finished. */
  ready: Promise<boolean>
  /** Resolves when the start-up calls to the services have finished (or failed). */
  servicesReady: Promise<void>
}
