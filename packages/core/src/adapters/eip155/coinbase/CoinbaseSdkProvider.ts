import type { Eip1193Provider } from '../../../types/connector.js'

/**
 * How Coinbase's popup is used (the site's `coinbaseWalletSDK` option). `options` says which
 * Coinbase wallets the popup offers: `all` (default: the Smart Wallet and the mobile app),
 * `smartWalletOnly` (passkeys in the popup; under a strict CSP, see docs/guide/options.md) or `eoaOnly` (the
 * mobile app). `keysUrl` replaces the popup's address, `https://keys.coinbase.com/connect`
 * (Coinbase's development popup is `https://keys-dev.coinbase.com/connect`); it must be `https:`,
 * or `http:` on loopback for a local stand-in.
 */
export interface CoinbaseSdkOptions {
  options?: 'all' | 'smartWalletOnly' | 'eoaOnly'
  keysUrl?: string
}

/** What the SDK is told about the site (shown in Coinbase's popup). */
export interface CoinbaseSdkApp {
  appName: string
  /** `https:` logo URL; Coinbase's popup falls back to the site's favicon. */
  appLogoUrl?: string
  /** The site's EVM chain ids; the first is the one the wallet starts on. */
  appChainIds: number[]
}

/**
 * How long one request through Coinbase's popup may take: it waits for a person (passkey, approval),
 * so it is long, but it ends (a popup that never loads, or is left open, never answers).
 */
export const COINBASE_PROMPT_TIMEOUT_MS = 10 * 60_000

/** The SDK's provider, as far as this wrapper uses it. */
interface SdkProvider extends Eip1193Provider {
  disconnect(): Promise<void>
  on(event: string, listener: (...args: any[]) => void): unknown
}

/** The part of `@coinbase/wallet-sdk`'s module this wrapper calls. */
export interface CoinbaseSdkModule {
  createCoinbaseWalletSDK(params: { appName?: string; appLogoUrl?: string | null; appChainIds?: number[]; preference?: Record<string, unknown> }): {
    getProvider(): unknown
  }
}

/** The EIP-1193 events the SDK emits and the modal follows. */
const EVENTS = ['accountsChanged', 'chainChanged', 'connect', 'disconnect'] as const

/** Loads Coinbase's SDK: a chunk of its own, fetched on the first request, never before. */
const loadSdk = (): Promise<CoinbaseSdkModule> => import('@coinbase/wallet-sdk') as Promise<CoinbaseSdkModule>

const rpcError = (code: number, message: string): Error & { code: number } => Object.assign(new Error(message), { code })

/**
 * An EIP-1193 provider for Coinbase Wallet through Coinbase's SDK, which loads on the first request
 * (the click on its row, or a reload restoring it): the SDK opens Coinbase's popup
 * (`keys.coinbase.com`) and speaks its protocol (ECDH key exchange, then AES-GCM messages over
 * `postMessage`, answers taken from the popup's origin only). Where the Coinbase Wallet extension is
 * installed the SDK hands back the extension itself; the modal then lists the extension instead
 * (watchCoinbaseSdk.ts). Listeners may be added before the SDK has loaded. Disconnecting
 * (`wallet_revokePermissions`, which the modal sends) ends the SDK's session: its keys and
 * accounts leave `localStorage`. Each request ends within `timeoutMs`.
 *
 * @example
 * ```ts
 * const provider = new CoinbaseSdkProvider({ appName: 'My dapp', appChainIds: [8453] }, { options: 'smartWalletOnly' })
 * const [address] = (await provider.request({ method: 'eth_requestAccounts' })) as string[]
 * ```
 */
export class CoinbaseSdkProvider implements Eip1193Provider {
  private sdk?: Promise<SdkProvider>
  private readonly listeners = new Map<string, Set<(...args: any[]) => void>>()

  /**
   * @param app - What the popup shows about the site.
   * @param preference - The site's `coinbaseWalletSDK` choices.
   * @param timeoutMs - The longest one request may take.
   * @param load - Loads the SDK's module (tests pass a failing one).
   */
  constructor(
    private readonly app: CoinbaseSdkApp,
    private readonly preference: CoinbaseSdkOptions = {},
    private readonly timeoutMs = COINBASE_PROMPT_TIMEOUT_MS,
    private readonly load: () => Promise<CoinbaseSdkModule> = loadSdk
  ) {}

  async request(args: { method: string; params?: unknown }): Promise<unknown> {
    if (args.method === 'wallet_revokePermissions') {
      // The SDK has no such method (it would send it to the chain's RPC): its disconnect ends the
      // session. Nothing loaded, nothing to end.
      if (this.sdk) await (await this.provider()).disconnect()
      return null
    }
    const provider = await this.provider()
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(rpcError(-32603, `Coinbase Wallet did not answer ${args.method} in time`)), this.timeoutMs)
      provider.request(args).then(
        value => (clearTimeout(timer), resolve(value)),
        err => (clearTimeout(timer), reject(err))
      )
    })
  }

  on(event: string, listener: (...args: any[]) => void): this {
    let set = this.listeners.get(event)
    if (!set) this.listeners.set(event, (set = new Set()))
    set.add(listener)
    return this
  }

  removeListener(event: string, listener: (...args: any[]) => void): this {
    this.listeners.get(event)?.delete(listener)
    return this
  }

  /**
   * Loads the SDK ahead of the click (Connect calls it when it shows): the popup must open within
   * the click's user activation, which a chunk fetched after the click could outlast (Safari).
   */
  preload(): void {
    void this.provider().catch(() => {})
  }

  /** The SDK's provider, created once; a failed start (offline, a stale chunk) is tried again next time. */
  private provider(): Promise<SdkProvider> {
    this.sdk ??= this.load()
      .then(m => {
        const sdk = m.createCoinbaseWalletSDK({
          appName: this.app.appName,
          appLogoUrl: this.app.appLogoUrl ?? null,
          appChainIds: this.app.appChainIds,
          // No telemetry: SDK versions that have it inject an inline <script> into document.head
          // (blocked by a strict CSP) that reports to Coinbase.
          preference: { options: this.preference.options ?? 'all', telemetry: false, ...(this.preference.keysUrl ? { keysUrl: this.preference.keysUrl } : {}) }
        })
        const provider = sdk.getProvider() as SdkProvider
        for (const event of EVENTS) provider.on(event, (...a: unknown[]) => this.listeners.get(event)?.forEach(l => l(...a)))
        return provider
      })
      .catch(err => {
        this.sdk = undefined
        throw rpcError(-32603, `Coinbase Wallet SDK could not start: ${err instanceof Error ? err.message : String(err)}`)
      })
    return this.sdk
  }
}
