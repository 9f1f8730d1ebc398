// A real core in Node for the Node tests of the three binding packages (the Vue composables, the
// Svelte stores, the Angular service): no wallet discovery, no reconnect, no WalletConnect; one
// in-memory EIP-1193 wallet the tests connect with `modal.connect(TEST_WALLET)`, and the site's two
// networks served by a JSON-RPC server on 127.0.0.1 (the balance reads).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { cookieToInitialState, createCore, STORAGE_KEYS, STORAGE_PREFIX, type Core, type WalletModalInitialState } from '@wallet-modal/core/internal'

export const TEST_WALLET = 'test-wallet'
export const ADDRESS = '0x1111111111111111111111111111111111111111'
/** What the RPC server says every balance is: 1 ETH. */
export const ONE_ETH = '0xde0b6b3a7640000'

/** A JSON-RPC server for the networks: balances of 1 ETH, `null` for anything else. */
export async function startRpc(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', chunk => {
      body += chunk
      if (body.length > 65_536) req.destroy()
    })
    req.on('end', () => {
      const answer = (call: { id: unknown; method: string }) => ({
        jsonrpc: '2.0',
        id: call.id,
        result: call.method === 'eth_getBalance' ? ONE_ETH : call.method === 'eth_chainId' ? '0x7a69' : null
      })
      const parsed = JSON.parse(body) as { id: unknown; method: string } | { id: unknown; method: string }[]
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(Array.isArray(parsed) ? parsed.map(answer) : answer(parsed)))
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>(resolve => server.close(() => resolve()))
  }
}

const network = (id: number, name: string, rpc: string) => ({
  id,
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpc] } }
})

/** A wallet in memory: one account, on whichever of the site's chains it was asked for. */
function testWallet() {
  let chainId = '0x7a69'
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  return {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ADDRESS]
      if (method === 'eth_chainId') return chainId
      if (method === 'wallet_switchEthereumChain') {
        chainId = (params as [{ chainId: string }])[0].chainId
        for (const l of listeners.get('chainChanged') ?? []) l(chainId)
        return null
      }
      if (method === 'wallet_revokePermissions') return null
      throw Object.assign(new Error(`the test wallet does not do ${method}`), { code: 4200 })
    },
    on(event: string, listener: (...args: unknown[]) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    removeListener(event: string, listener: (...args: unknown[]) => void) {
      listeners.get(event)?.delete(listener)
    }
  }
}

/** A memory storage backend. */
function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k)
  }
}

/** A core over two networks (Devnet 31337, Devnet 2 31338) with the test wallet; destroy it after the test. */
export function testModal(rpcUrl: string): Core {
  const core = createCore({
    projectId: 'test',
    networks: [network(31337, 'Devnet', rpcUrl), network(31338, 'Devnet 2', rpcUrl)],
    enableInjected: false,
    enableEIP6963: false,
    enableReconnect: false,
    enableWalletConnect: false,
    storage: memoryStorage()
  })
  core.connector.add({ id: TEST_WALLET, name: 'Test Wallet', type: 'ANNOUNCED', chain: 'eip155', provider: testWallet() })
  return core
}

/**
 * The initial state `cookieToInitialState` reads from the cookie `cookieStorage()` writes for a
 * visitor connected with the test wallet on the second network (a server render's input).
 */
export function returningVisitor(): WalletModalInitialState {
  const stored = (key: string, value: unknown) => [STORAGE_PREFIX + key, JSON.stringify({ value, timestamp: Date.now() })]
  const values = Object.fromEntries([
    stored(STORAGE_KEYS.connectionStatus, 'connected'),
    stored(STORAGE_KEYS.connectedConnectorId('eip155'), TEST_WALLET),
    stored(STORAGE_KEYS.connectedAddress('eip155'), `eip155:31338:${ADDRESS}`),
    stored(STORAGE_KEYS.activeNamespace, 'eip155'),
    stored(STORAGE_KEYS.activeNetwork, 'eip155:31338')
  ])
  const initialState = cookieToInitialState(`wallet-modal=${encodeURIComponent(JSON.stringify(values))}`)
  if (!initialState) throw new Error('the cookie does not read as a returning visitor')
  return initialState
}

/**
 * Runs `fn` as if in a browser (`window` and `document` defined), as the bindings decide where they
 * run (a Vue composable when called, a Svelte store or the Angular service when made): the live
 * path, which subscribes.
 */
export function asBrowser<T>(fn: () => T): T {
  const g = globalThis as { window?: unknown; document?: unknown }
  g.window = globalThis
  g.document = {}
  try {
    return fn()
  } finally {
    delete g.window
    delete g.document
  }
}

/** Waits until `condition()` holds (checked every few milliseconds), failing after 5 s with `what`. */
export async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise(resolve => setTimeout(resolve, 5))
  }
}

/**
 * Resolves once every change notification already queued has run: valtio tells its subscribers in
 * a microtask, and `setImmediate` comes after all of them. The sync point before asserting that
 * something did NOT change.
 */
export const settled = (): Promise<void> => new Promise(resolve => setImmediate(resolve))

/** Counts the modal's live subscriptions (state and events), to tell that a scope released its own. */
export function countSubscriptions(modal: Core): { readonly count: number } {
  let count = 0
  for (const name of ['subscribeState', 'subscribeEvents'] as const) {
    const original = modal[name].bind(modal) as (cb: never) => () => void
    ;(modal as unknown as Record<string, unknown>)[name] = (cb: never) => {
      count++
      const off = original(cb)
      let live = true
      return () => {
        if (live) count--
        live = false
        off()
      }
    }
  }
  return {
    get count() {
      return count
    }
  }
}
