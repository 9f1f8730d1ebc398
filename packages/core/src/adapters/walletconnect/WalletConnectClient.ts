// Loaded on demand only (flows/walletConnect.ts imports it with import()): the sign-client is
// about 120 KB gzip, more than everything a site loads up front.
import { SignClient } from '@walletconnect/sign-client'
import type { StorageBackend } from '../../utils/storage.js'
import type { SiteMetadata } from '../../types/options.js'
import { WalletModalError } from '../../errors/WalletModalError.js'
import { createWalletConnectStorage } from './walletConnectStorage.js'
import { WC_HEARTBEAT_MS, WC_NAMESPACE_REQUESTS } from './constants.js'
import { pacedHeartbeat } from './pacedHeartbeat.js'
import { WalletConnectProvider } from './WalletConnectProvider.js'
import type { WcSession, WcSignClient } from './types.js'

/** A wallet's "no" (SDK code 5000 USER_REJECTED, EIP-1193 4001), as opposed to a failure. */
function isRejection(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code
  if (code === 5000 || code === 4001 || code === 5001 || code === 5002) return true
  const message = (err as { message?: unknown })?.message
  return typeof message === 'string' && /reject/i.test(message)
}

/** The storage prefix of the modal's WalletConnect state, and so the SDK's global Core key. */
const STORAGE_PREFIX = 'wallet-modal'
const GLOBAL_CORE_KEY = `_walletConnectCore_${STORAGE_PREFIX}`

/** What a WalletConnect client is made from. */
export interface WalletConnectClientOptions {
  projectId: string
  /** The relay's WebSocket URL (`ws:` or `wss:`). */
  relayUrl: string
  metadata: SiteMetadata
  storage: StorageBackend
  /**
   * The core's lifetime (`core.runtime.lifetime.signal`): when it ends the client closes (its
   * heartbeat and relay socket), even when it was still starting then.
   */
  signal?: AbortSignal
  /** Time between heartbeats (default {@link WC_HEARTBEAT_MS}; tests pass a short one). */
  heartbeatMs?: number
}

/** A pairing in progress: the URI to show, and the wallet's answer. */
export interface Pairing {
  uri: string
  /** Resolves with the session the wallet approved; rejects with `USER_REJECTED` when it declines, `CONNECT_FAILED` otherwise. */
  approval: Promise<WcSession>
}

/** The modal's WalletConnect client (one per core). */
export interface WalletConnectClient {
  /**
   * Proposes a session for these CAIP-2 networks (each namespace the modal knows becomes an
   * optional namespace); the URI goes into the QR code and links.
   */
  pair(caipNetworkIds: string[]): Promise<Pairing>
  /** The newest live session with an eip155 namespace, kept from an earlier visit. */
  restore(): WcSession | undefined
  /** An EIP-1193 provider over a session. */
  provider(session: WcSession, preferredChainId?: number): WalletConnectProvider
  /** The relay's final refusal (its close reason), once it refused this client; it will not retry. */
  refused(): Error | undefined
  /**
   * Whether the heartbeat (spec §9: every 5 s) beats now: while a pairing is on offer or a session
   * is kept, so their expiry is noticed within a beat; never on an idle page.
   */
  beating(): boolean
  /** Closes the relay socket and stops timers (tests, single-page apps that unmount). Idempotent. */
  close(): Promise<void>
}

/**
 * The sign-client adds `online`/`offline` listeners to `window` while it starts (to reconnect its
 * relay socket) and never removes them: after the modal is destroyed, going back online would
 * reopen a socket for nobody. They are anonymous, so they are noted as they are added (only
 * those two types on window, only while the client starts, only arrow functions of the SDK's
 * shape `() => f(true)`) and removed by close().
 */
function captureNetworkListeners(): { stopCapture(): void; remove(): void } {
  const captured: [string, EventListenerOrEventListenerObject][] = []
  if (typeof window === 'undefined') return { stopCapture() {}, remove() {} }
  const original = window.addEventListener
  const own = Object.hasOwn(window, 'addEventListener')
  const sdkShape = /^\(\)\s*=>\s*[\w$]+\((true|false|!0|!1)\)$/
  const wrapper = function (this: Window, type: string, listener: EventListenerOrEventListenerObject | null, opts?: boolean | AddEventListenerOptions) {
    if ((type === 'online' || type === 'offline') && typeof listener === 'function' && sdkShape.test(String(listener))) captured.push([type, listener])
    return original.call(this, type, listener as EventListenerOrEventListenerObject, opts)
  } as typeof window.addEventListener
  window.addEventListener = wrapper
  return {
    stopCapture() {
      // Only our own wrapper is undone (a script that wrapped it since keeps its wrapper).
      if (window.addEventListener !== wrapper) return
      if (own) window.addEventListener = original
      else delete (window as { addEventListener?: unknown }).addEventListener
    },
    remove() {
      for (const [type, listener] of captured.splice(0)) window.removeEventListener(type, listener)
    }
  }
}

function initSignClient(options: WalletConnectClientOptions) {
  return SignClient.init({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    storage: createWalletConnectStorage(options.storage),
    customStoragePrefix: STORAGE_PREFIX,
    telemetryEnabled: false,
    logger: 'silent',
    metadata: {
      name: options.metadata.name,
      description: options.metadata.description ?? options.metadata.name,
      url: options.metadata.url ?? (typeof location !== 'undefined' ? location.origin : 'http://localhost'),
      icons: options.metadata.icons ?? []
    }
  })
}

/**
 * Starts the sign-client on the site's relay. Telemetry is off and the Verify service is skipped:
 * both call vendor hosts, and Verify would hold every connect up to 5 s when they are unreachable
 * (docs/features/walletconnect.md). A self-hosted relay needs neither. The sign-client's heartbeat is paced by the modal
 * (`pacedHeartbeat`): every 5 s while a pairing is on offer or a session is kept, else not at all.
 */
export async function createWalletConnectClient(options: WalletConnectClientOptions): Promise<WalletConnectClient> {
  // The SDK keeps one Core per storage prefix on globalThis and hands it to every later client,
  // relay URL and storage included. A modal made after another was destroyed (single-page apps,
  // tests) must get its own, so a closed client takes its Core off globalThis (see close()).
  const networkListeners = captureNetworkListeners()
  let client: Awaited<ReturnType<typeof SignClient.init>>
  try {
    client = await initSignClient(options)
  } finally {
    networkListeners.stopCapture()
  }
  // Verify has no switch in 2.25: it is skipped in its "dev environment", which is a flag read at
  // call time. Without this, a connect adds a hidden iframe to a vendor host and waits for it.
  ;(client.core as unknown as { verify: { isDevEnv: boolean } }).verify.isDevEnv = true
  const wc = client as unknown as WcSignClient
  // Pairings whose approval is still awaited (their proposal expires on the beat, among others).
  let offered = 0
  const heartbeat = pacedHeartbeat(client.core.heartbeat, options.heartbeatMs ?? WC_HEARTBEAT_MS, () => offered > 0 || client.session.length > 0)
  // Sessions kept from an earlier visit are live from the start.
  heartbeat.wake()
  // A relay that refuses the client closes the socket with code 3000 and its reason (unknown
  // project, invalid key, origin not allowed); the SDK reports it as a relayer error and stops.
  // A pairing waiting on that socket would only time out: it fails at once with the reason.
  let fatal: Error | undefined
  const waiting = new Set<(err: Error) => void>()
  const relayer = client.core.relayer as unknown as { on(event: string, cb: (err: Error) => void): void; off(event: string, cb: (err: Error) => void): void }
  const onRelayerError = (err: Error) => {
    fatal = err instanceof Error ? err : new Error(String(err))
    for (const reject of [...waiting]) reject(fatal)
  }
  relayer.on('relayer_error', onRelayerError)
  const unlessRefused = <T>(p: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (fatal) return reject(new WalletModalError('CONNECT_FAILED', { details: fatal.message, cause: fatal }))
      const fail = (err: Error) => reject(new WalletModalError('CONNECT_FAILED', { details: err.message, cause: err }))
      waiting.add(fail)
      p.then(resolve, reject).finally(() => waiting.delete(fail))
    })

  // Aborted once close() ran: takes the lifetime's listener off with it.
  const closed = new AbortController()
  let closing: Promise<void> | undefined
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      closed.abort()
      relayer.off('relayer_error', onRelayerError)
      const g = globalThis as Record<string, unknown>
      if (g[GLOBAL_CORE_KEY] === client.core) {
        delete g[GLOBAL_CORE_KEY]
        delete g[`${GLOBAL_CORE_KEY}_count`]
      }
      heartbeat.stop()
      networkListeners.remove()
      await client.core.relayer.transportClose().catch(() => undefined)
    })())

  const api: WalletConnectClient = {
    async pair(caipNetworkIds) {
      const optionalNamespaces: Record<string, { chains: string[]; methods: string[]; events: string[] }> = {}
      for (const id of caipNetworkIds) {
        const ns = id.split(':')[0]!
        const wanted = WC_NAMESPACE_REQUESTS[ns]
        if (!wanted) continue
        optionalNamespaces[ns] ??= { chains: [], methods: [...wanted.methods], events: [...wanted.events] }
        optionalNamespaces[ns].chains.push(id)
      }
      offered++
      heartbeat.wake()
      let proposed: Awaited<ReturnType<typeof client.connect>>
      try {
        proposed = await unlessRefused(client.connect({ optionalNamespaces }))
      } catch (err) {
        offered--
        throw err
      }
      // Counted until the wallet answers or the proposal expires (the session, if any, is live then).
      const answer = (proposed.approval() as Promise<WcSession>).finally(() => void offered--)
      const mapped = answer.catch((err: unknown) => {
        throw new WalletModalError(isRejection(err) ? 'USER_REJECTED' : 'CONNECT_FAILED', { details: (err as { message?: string })?.message, cause: err })
      })
      if (!proposed.uri) {
        mapped.catch(() => {})
        throw new Error('the relay returned no pairing URI')
      }
      return { uri: proposed.uri, approval: mapped }
    },
    restore() {
      const now = Date.now() / 1000
      const live = (client.session.getAll() as WcSession[]).filter(s => s.expiry > now && !!s.namespaces.eip155)
      heartbeat.wake()
      return live.sort((a, b) => b.expiry - a.expiry)[0]
    },
    provider: (session, preferredChainId) => {
      heartbeat.wake()
      return new WalletConnectProvider(wc, session, preferredChainId)
    },
    refused: () => fatal,
    beating: () => heartbeat.beating(),
    close
  }
  options.signal?.addEventListener('abort', () => void close(), { once: true, signal: closed.signal })
  // The lifetime ended while the client started: nobody will use it.
  if (options.signal?.aborted) await close()
  return api
}
