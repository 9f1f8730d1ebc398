import { trackModalEvents } from '../flows/telemetry.js'
import { startDiscovery } from '../flows/adapters.js'
import { WALLET_CONNECT_CONNECTOR_ID, WALLET_CONNECT_NAMESPACE } from '../adapters/walletconnect/connectorId.js'
import { STORAGE_KEYS, is } from '../utils/storage.js'
import { WIRED_NAMESPACES, type CaipAddress } from '../types/network.js'
import { whenIdle } from '../utils/whenIdle.js'
import type { Core } from './Core.js'

/**
 * The browser start-up of a core: offers WalletConnect when a relay is known, starts wallet
 * discovery (first-chunk adapters now, the others once the page is idle), restores a stored
 * connection, follows events for telemetry and sign-in, and calls the services once idle. Every
 * feature's code loads only when this start-up or the visitor needs it.
 */
export function startCore(core: Core): void {
  const opts = core.options.state
  // The language: the site's, else the page's or the browser's. English shows until another
  // locale's chunk has arrived (never keys or half a translation); a page whose first preference
  // is English loads nothing for it.
  const hint = opts.locale ?? (globalThis.document?.documentElement.lang || globalThis.navigator?.languages?.[0])
  if (hint && !/^en(-|$)/i.test(hint)) void core.i18n.start(opts.locale)
  // WalletConnect is offered whenever a relay is known; its code loads only when used.
  // The WalletConnect row belongs to the namespace whose adapter holds the modal's sessions (the WalletConnect adapter says which).
  if (opts.relayUrl)
    core.runtime.addConnector({ id: WALLET_CONNECT_CONNECTOR_ID, name: 'WalletConnect', type: 'WALLET_CONNECT', chain: WALLET_CONNECT_NAMESPACE })
  void startDiscovery(core, 'start')
  // The site's own wallets (vendor SDKs' providers): their code loads only on sites that have some.
  if (opts.connectors?.length || opts.customWallets?.length)
    void import('../flows/siteWallets.js').then(m => (m.addSiteConnectors(core), m.customWalletsOf(core)))
  // The reconnect flow loads only for a returning visitor (a stored connection).
  const stored = core.storage.get(STORAGE_KEYS.connectionStatus, (v): v is 'connected' => v === 'connected') && opts.enableReconnect
  // Until the wallet confirms, a returning visitor sees the stored account, not 'Connect Wallet'
  // (and a server-rendered page that read the same cookie matches the first client render).
  if (stored)
    for (const ns of WIRED_NAMESPACES) {
      const caipAddress = core.storage.get(STORAGE_KEYS.connectedAddress(ns), is.string) as CaipAddress | undefined
      if (!caipAddress || !core.storage.get(STORAGE_KEYS.connectedConnectorId(ns), is.string)) continue
      // With its last known balance, whatever its age (the bootstrap paints the same): refreshed once connected.
      const last = core.storage.get(
        STORAGE_KEYS.nativeBalance(caipAddress),
        (v): v is { balance: string; symbol: string } => typeof (v as { balance?: unknown })?.balance === 'string'
      )
      core.chain.setAccount(ns, {
        status: 'reconnecting',
        caipAddress,
        address: caipAddress.split(':')[2],
        balance: last?.balance,
        balanceSymbol: last?.symbol
      })
    }
  core.ready = (stored ? import('../flows/reconnect.js').then(m => m.reconnect(core)) : Promise.resolve(false)).catch(err => {
    console.warn('[wallet-modal] reconnect failed', err)
    return false
  })
  core.runtime.stopTracking = trackModalEvents(core)
  // Sign-in (spec §4): after a connection, an account change or a switch, a missing session
  // opens SIWXSignMessage. The flow loads only on sites that turned sign-in on.
  const life = core.runtime.lifetime
  if (opts.siwx || opts.siweConfig) {
    const off = core.events.subscribe(e => {
      if (e.type === 'CONNECT_SUCCESS' || e.type === 'ACCOUNT_CHANGED' || e.type === 'SWITCH_NETWORK') {
        void import('../flows/signIn.js').then(m => m.checkSignIn(core)).catch(err => console.warn('[wallet-modal] sign-in check failed', err))
      }
    })
    life.onEnd(off)
  }
  // Other namespaces' wallets are looked for once the page is idle (their adapters are chunks of
  // their own), and only when the site lists networks of them.
  whenIdle(() => void startDiscovery(core, 'idle'), undefined, life.signal)
  if (core.hasServices) {
    // Background work: after the page has loaded and gone idle, never before its first paint.
    core.servicesReady = new Promise<void>(resolve => {
      // A core destroyed before the page went idle never calls the services: nothing to wait for.
      const stop = life.onEnd(resolve)
      whenIdle(
        () =>
          void import('../flows/services.js')
            .then(m => m.initServices(core))
            .catch(err => console.warn('[wallet-modal] services start-up failed', err))
            .finally(() => (stop(), resolve())),
        undefined,
        life.signal
      )
    })
  }
}
