// Test fixtures for flows: the running devnet (started by the browser test runner) and the
// Devnet Wallet, which speaks real EIP-1193 / EIP-6963 against real anvil chains.
import { createDevnetWallet, announceDevnetWallet } from '../../../devnet/src/wallet/index.js'
import type { NetworkInput } from '../types/network.js'
import type { StorageBackend } from '../utils/storage.js'

export { createDevnetWallet, announceDevnetWallet }

/** The devnet the runner started. */
export interface DevnetInfo {
  chains: { chainId: number; name: string; rpcUrl: string }[]
  tokens: Record<string, string>
  walletAccount: string
  /** The wallet-modal server running on the devnet (faults enabled). */
  serviceUrl: string
  /** The server's WalletConnect relay. */
  relayUrl: string
  /** The local Solana network (the runtime in-process behind JSON-RPC). */
  solana: {
    rpcUrl: string
    wsUrl: string
    caipNetworkId: `${string}:${string}`
    name: string
    walletAddress: string
    receiverAddress: string
    splMint?: string
  }
}

/** The local Solana network as a site network. */
export function solanaNetwork(info: DevnetInfo): NetworkInput {
  return {
    id: info.solana.caipNetworkId.split(':')[1]!,
    caipNetworkId: info.solana.caipNetworkId,
    chainNamespace: 'solana',
    name: info.solana.name,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [info.solana.rpcUrl] } }
  }
}

let cached: DevnetInfo | undefined
/** Reads the devnet description once per test file. */
export async function getDevnet(): Promise<DevnetInfo> {
  cached ??= (await (await fetch('/__devnet.json')).json()) as DevnetInfo
  return cached
}

/** The devnet chains as site networks. */
export function devnetNetworks(info: DevnetInfo): NetworkInput[] {
  return info.chains.map(c => ({
    id: c.chainId,
    name: c.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [c.rpcUrl] } }
  }))
}

/** Isolated storage per test. */
export function memoryStorage(): StorageBackend & { map: Map<string, string> } {
  const map = new Map<string, string>()
  return { map, getItem: k => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: k => void map.delete(k) }
}

/** A storage backend that throws on every call (privacy modes, full quota). */
export function brokenStorage(): StorageBackend {
  const fail = (why: string) => () => {
    throw new Error(why)
  }
  return { getItem: fail('denied'), setItem: fail('quota'), removeItem: fail('denied') }
}

/** Plain JSON-RPC from the test itself (independent of the product's client). */
export async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
  })
  const body = await r.json()
  if (body.error) throw new Error(body.error.message)
  return body.result as T
}

/** Polls until `check` is truthy (an async check is awaited: a pending promise is not an answer). */
export async function waitFor<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 5000,
  what = 'condition'
): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const v = await check()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise(r => setTimeout(r, 10))
  }
}

/** Makes the server misbehave for a path prefix (its fault API); `clear` undoes every fault. */
export async function setFault(
  serviceUrl: string,
  fault: { path: string; mode: 'status' | 'hang' | 'malformed' | 'clear'; status?: number; retryAfter?: number; times?: number }
): Promise<void> {
  const r = await fetch(new URL('/__faults', serviceUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) })
  if (!r.ok) throw new Error(`fault API answered ${r.status}`)
}

/** How many requests reached a path prefix on the server. */
export async function faultHits(serviceUrl: string, path: string): Promise<number> {
  const r = await fetch(new URL(`/__faults/hits?path=${encodeURIComponent(path)}`, serviceUrl))
  return ((await r.json()) as { hits: number }).hits
}

/**
 * The requests that reached a path prefix on the server since its faults were last cleared, oldest
 * first, as it received them (path and query): what a client really sent.
 */
export async function serverRequests(serviceUrl: string, path: string): Promise<URL[]> {
  const r = await fetch(new URL(`/__faults/requests?path=${encodeURIComponent(path)}`, serviceUrl))
  if (!r.ok) throw new Error(`fault API answered ${r.status}`)
  return ((await r.json()) as { requests: string[] }).requests.map(url => new URL(url, serviceUrl))
}

/**
 * Analytics events the server stored for a project, newest first. Read through the test server
 * (from Node): the service rightly refuses this read to a page of another origin (CORS).
 */
export async function storedEvents(
  _serviceUrl: string,
  projectId: string,
  event?: string
): Promise<{ props: { event: string; type?: string; errorType?: string; errorMessage?: string; stackTrace?: string } }[]> {
  const u = new URL('/__events', location.origin)
  u.searchParams.set('projectId', projectId)
  if (event) u.searchParams.set('event', event)
  const r = await fetch(u)
  if (!r.ok) throw new Error(`events read failed: ${r.status}`)
  return ((await r.json()) as { events: { props: { event: string } }[] }).events
}

/** Drives the WalletConnect dev wallet (a Node sign-client in wallet mode on the relay). */
export async function wcWallet<T = any>(action: 'pair' | 'mode' | 'disconnect' | 'state', params: Record<string, string> = {}): Promise<T> {
  const q = new URLSearchParams({ action, ...params })
  const body = await (await fetch(`/__wcwallet?${q}`)).json()
  if (body?.error) throw new Error(body.error)
  return body as T
}

/**
 * A core with the Devnet Wallet announced (EIP-6963) and connected on the devnet, for flows that
 * need a connected account. `services: false` leaves the wallet-modal server out; `account` picks
 * another unlocked anvil account than the Devnet Wallet's (a test whose trades others must not see).
 */
export async function connectedDevnetCore(
  info: DevnetInfo,
  opts: { services?: boolean; account?: `0x${string}`; extra?: Partial<import('../types/options.js').WalletModalOptions> } = {}
) {
  const { createCore } = await import('../createCore.js')
  const { connectExternal } = await import('../flows/connect.js')
  const wallet = createDevnetWallet({ chains: info.chains, mode: 'approve', storage: null, account: opts.account })
  const stopWallet = announceDevnetWallet(wallet, { setWindowEthereum: false })
  const core = createCore({
    projectId: 'demo',
    networks: devnetNetworks(info),
    storage: memoryStorage(),
    serviceUrl: opts.services === false ? undefined : info.serviceUrl,
    enableInjected: false,
    ...opts.extra
  })
  await core.servicesReady
  await waitFor(() => core.connector.get('dev.wallet-modal.devnet'))
  await connectExternal(core, 'dev.wallet-modal.devnet')
  return {
    core,
    wallet,
    stop() {
      core.destroy()
      stopWallet()
    }
  }
}
