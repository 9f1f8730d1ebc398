import type { Core } from '../core/Core.js'
import { WalletModalError, toWalletModalError } from '../errors/WalletModalError.js'
import type { Wallet } from '../api/schemas.js'
import type { Connector } from '../types/connector.js'
import type { WalletConnectClient } from '../adapters/walletconnect/WalletConnectClient.js'
import type { WcSession } from '../adapters/walletconnect/types.js'
import { PAIRING_EXPIRY_MS, PAIRING_RETRY_GAP_MS, WALLET_CONNECT_CONNECTOR_ID, isPairingExpired } from '../adapters/walletconnect/constants.js'
import { completeConnection, failConnection } from './completeConnection.js'
import { openModal } from './openModal.js'
import { adapterOf } from './adapters.js'
import { relayProblemOf } from './relayProblemOf.js'
import { showIfUnverifiedDomain } from './unverifiedDomain.js'
import type { AdapterConnection, ChainAdapter } from '../adapters/ChainAdapter.js'
import { WALLET_CONNECT } from '../core/featureKeys.js'

/**
 * How long making a pairing may take before the relay counts as unreachable. On loopback it takes
 * about 50 ms, over the internet well under a second; the user is staring at a spinner meanwhile.
 */
export const PAIRING_TIMEOUT_MS = 8_000

/** Automatic retries of a pairing the relay failed to make (then the view offers 'Try again'). */
export const PAIRING_AUTO_RETRIES = 1

/** `p`, or 'Request timed out' after `ms` (at once when the core is destroyed meanwhile). */
function withTimeout<T>(core: Core, p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const cancel = core.runtime.lifetime.setTimeout(() => reject(new WalletModalError('REQUEST_TIMEOUT', { details: what })), ms, { runAtEnd: true })
    p.then(
      v => (cancel(), resolve(v)),
      e => (cancel(), reject(e))
    )
  })
}

/**
 * The core's WalletConnect client, loaded and started on first use (the sign-client is a chunk of
 * its own). A failed start is forgotten, so the next use tries again.
 * @throws WalletModalError 'WalletConnectConnector not found' when no relay is configured
 */
export function loadWalletConnectClient(core: Core): Promise<WalletConnectClient> {
  const { relayUrl, projectId, metadata } = core.options.state
  if (!relayUrl) return Promise.reject(new WalletModalError('WALLET_CONNECT_NOT_FOUND'))
  let client = core.runtime.slots.get(WALLET_CONNECT)
  if (!client) {
    const loading = withTimeout(
      core,
      import('../adapters/walletconnect/WalletConnectClient.js').then(m =>
        m.createWalletConnectClient({ projectId, relayUrl, metadata, storage: core.storageBackend, signal: core.runtime.lifetime.signal })
      ),
      PAIRING_TIMEOUT_MS,
      'WalletConnect relay'
    )
    core.runtime.slots.set(WALLET_CONNECT, loading)
    loading.catch(() => {
      if (core.runtime.slots.get(WALLET_CONNECT) === loading) core.runtime.slots.delete(WALLET_CONNECT)
    })
    client = loading
  }
  return client
}

/**
 * Closes and forgets the core's WalletConnect client when its relay refused it.
 * @returns the relay's refusal, or undefined when the client was not refused (or never started)
 */
async function dropRefusedClient(core: Core): Promise<Error | undefined> {
  const loading = core.runtime.slots.get(WALLET_CONNECT)
  const client = loading ? await loading.catch(() => undefined) : undefined
  const refused = client?.refused()
  if (!client || !refused) return undefined
  if (core.runtime.slots.get(WALLET_CONNECT) === loading) core.runtime.slots.delete(WALLET_CONNECT)
  await client.close().catch(() => undefined)
  return refused
}

function walletConnectConnector(core: Core): Connector {
  const c = core.connector.get(WALLET_CONNECT_CONNECTOR_ID)
  if (!c) throw new WalletModalError('WALLET_CONNECT_NOT_FOUND')
  return c
}

/** A WalletConnect session in use: its namespace's adapter, the connector carrying it, the account. */
export interface SessionConnection {
  adapter: ChainAdapter
  connector: Connector
  connection: AdapterConnection
}

/**
 * Puts a session's provider on the WalletConnect connector and connects through it with the
 * connector's namespace adapter, as any wallet of that namespace (the account and chain come
 * from the session, no prompt).
 */
export async function useSession(core: Core, client: WalletConnectClient, session: WcSession): Promise<SessionConnection> {
  const base = walletConnectConnector(core)
  const active = core.chain.state.namespaces[base.chain].network.caipNetwork
  ;(base.provider as { close?: () => void } | undefined)?.close?.()
  const provider = client.provider(session, typeof active?.id === 'number' ? active.id : undefined)
  core.connector.add({ ...base, provider })
  const connector = walletConnectConnector(core)
  const adapter = await adapterOf(core, connector.chain)
  const connection = await adapter.connect(connector, core.options.networksOf(connector.chain))
  // The wallet may approve more (or fewer) networks later (session_update): the namespace follows
  // while this session is its connection. The listener goes with the provider when the session ends.
  const ns = connector.chain
  provider.on?.('sessionUpdate', (updated: WcSession) => {
    if (core.chain.state.namespaces[ns].account.connectorId !== WALLET_CONNECT_CONNECTOR_ID) return
    const terms = sessionTerms(updated, ns)
    core.chain.setApprovedNetworkIds(ns, terms.approvedCaipNetworkIds ?? [], terms.supportsAllNetworks ?? true)
  })
  return { adapter, connector, connection: { ...connection, ...sessionTerms(session, ns) } }
}

/**
 * What a session says of the wallet on a namespace (spec §3): the networks it approved (its
 * `chains`, else those of its accounts), whether it takes others (it offers
 * `wallet_addEthereumChain`), and the phone wallet's own name and icon (https only).
 */
export function sessionTerms(session: WcSession, ns: string): Pick<AdapterConnection, 'approvedCaipNetworkIds' | 'supportsAllNetworks' | 'peer'> {
  // Everything here is the remote wallet's, unchecked by the sign-client: read defensively. The
  // name is untrusted text (never HTML), the icon an https URL or nothing.
  const space = session.namespaces?.[ns]
  const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])
  const fromAccounts = strings(space?.accounts).map(a => a.split(':').slice(0, 2).join(':'))
  const approved = [...new Set([...strings(space?.chains), ...fromAccounts])].filter(id => id.startsWith(`${ns}:`))
  const metadata = session.peer?.metadata as { name?: unknown; icons?: unknown } | undefined
  const name = typeof metadata?.name === 'string' ? metadata.name.trim().slice(0, 60) : ''
  const icon = strings(metadata?.icons).find(i => /^https:\/\//.test(i))
  return {
    approvedCaipNetworkIds: approved,
    supportsAllNetworks: strings(space?.methods).includes('wallet_addEthereumChain'),
    ...(name ? { peer: { name, ...(icon ? { icon } : {}) } } : {})
  }
}

/**
 * Shows a WalletConnect pairing while a WalletConnect view is on screen: makes a URI, replaces it
 * once it counts as expired (4 minutes, minus 10 s; checked every 1 s, spec §4 and §9), and
 * connects when a wallet approves. A declined proposal shows 'Connection rejected' and a fresh
 * URI. A site whose `metadata.url` is not the page's origin gets the 'Unverified Domain' alert
 * (spec §8; see {@link showIfUnverifiedDomain}). Returns the function that stops it (the view
 * unmounting); approvals after that are ignored.
 *
 * @param now - The clock (tests).
 */
export function startWalletConnect(core: Core, now: () => number = Date.now): () => void {
  const life = core.runtime.lifetime
  let stopped = false
  let failures = 0
  let current: string | undefined
  core.connection.setError(undefined)
  showIfUnverifiedDomain(core)

  const pair = async (): Promise<void> => {
    if (stopped || core.connection.state.wcPairing) return
    core.connection.setWcPairingLoading()
    let client: WalletConnectClient
    let uri: string
    let approval: Promise<WcSession>
    try {
      client = await loadWalletConnectClient(core)
      const networks = core.options.state.networks.map(n => n.caipNetworkId)
      ;({ uri, approval } = await withTimeout(core, client.pair(networks), PAIRING_TIMEOUT_MS, 'WalletConnect pairing'))
    } catch (err) {
      if (stopped) return
      core.connection.clearWcPairing()
      failures++
      // A relay that refused this client (project, key, origin) says so once and for all: the
      // client is dropped (the next attempt starts a new one) and nothing is retried behind the
      // visitor's back.
      const refused = await dropRefusedClient(core)
      if (!refused && failures <= PAIRING_AUTO_RETRIES) {
        life.setTimeout(() => void pair(), PAIRING_RETRY_GAP_MS)
        return
      }
      core.connection.setWcProblem(relayProblemOf(refused ?? err))
      failConnection(core, WALLET_CONNECT_CONNECTOR_ID, err)
      return
    }
    // An answer to a pairing nobody shows any more still settles; never let it go unhandled.
    approval.catch(() => {})
    if (stopped) return
    failures = 0
    current = uri
    core.connection.setWcPairing(uri, now() + PAIRING_EXPIRY_MS)
    approval.then(
      async session => {
        if (stopped) {
          // The user left the view: a late approval must not connect behind their back.
          await client
            .provider(session)
            .disconnect()
            .catch(() => {})
          return
        }
        try {
          const { adapter, connector, connection } = await useSession(core, client, session)
          stopped = true
          stopTimer()
          completeConnection(core, adapter, connector, connection)
          core.connection.clearWcPairing()
        } catch (err) {
          failConnection(core, WALLET_CONNECT_CONNECTOR_ID, err)
        }
      },
      (err: unknown) => {
        // Only the URI on screen speaks for the user; a replaced one expiring is not a rejection.
        if (stopped || current !== uri) return
        // The client has already said whether it was a "no" (USER_REJECTED) or a failure.
        failConnection(core, WALLET_CONNECT_CONNECTOR_ID, toWalletModalError(err, 'CONNECT_FAILED'))
        void pair()
      }
    )
  }

  const stopTimer = life.setInterval(() => {
    const s = core.connection.state
    if (!stopped && !s.wcPairing && s.wcUri && isPairingExpired(s.wcPairingExpiry, now())) void pair()
  }, PAIRING_RETRY_GAP_MS)
  void pair()

  return () => {
    stopped = true
    stopTimer()
    core.connection.clearWcPairing()
  }
}

/**
 * Connects with WalletConnect from code (`core.connect('walletConnect')`): opens the modal on the
 * QR code and resolves with the address once a wallet approves.
 * @throws WalletModalError 'Modal closed' when the user closes the modal first
 */
export function connectWalletConnect(core: Core, wallet?: Wallet): Promise<string> {
  walletConnectConnector(core)
  return new Promise<string>((resolve, reject) => {
    const off = core.events.subscribe(event => {
      if (event.type === 'CONNECT_SUCCESS' && event.data.connectorId === WALLET_CONNECT_CONNECTOR_ID) {
        off()
        resolve(event.data.address)
      } else if (event.type === 'MODAL_CLOSE') {
        off()
        reject(new WalletModalError('MODAL_CLOSED'))
      }
    })
    const data = wallet ? { wallet } : { connector: walletConnectConnector(core) }
    // From inside the modal (Connect's entry) the QR code is one step forward, with a way back.
    if (core.modal.state.open) core.router.push('ConnectingWalletConnect', data)
    else openModal(core, { view: 'ConnectingWalletConnect', data })
  })
}

/**
 * Restores a WalletConnect session kept from an earlier visit (no pairing, no prompt).
 * @returns the connection, or undefined when there is no live session
 */
export async function restoreWalletConnect(core: Core): Promise<SessionConnection | undefined> {
  const client = await loadWalletConnectClient(core)
  const session = client.restore()
  return session ? useSession(core, client, session) : undefined
}
