import { createRequire } from 'node:module'
import type { ChainConfig, TokenConfig } from '../config/ServerConfig.js'
import type { Store } from '../db/Store.js'
import { fetchTokenList, type FetchTokenListOptions } from './fetchTokenList.js'
import { parseTokenList, type ListedToken, type TokenList } from './parseTokenList.js'
import type { TokenListsConfig } from '../config/TokenListsConfig.js'

export type { TokenListsConfig } from '../config/TokenListsConfig.js'

/** Default of {@link TokenListsConfig.refreshHours}. */
export const TOKEN_LISTS_REFRESH_HOURS = 24
/** After a failed fetch, the next try comes this much later (or after `refreshHours`, if sooner). */
const RETRY_MS = 60 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000

/** Options of {@link TokenLists} besides the config. */
export interface TokenListsOptions {
  /** Passed to each {@link fetchTokenList} (tests shorten timeouts and sizes). */
  fetch?: Omit<FetchTokenListOptions, 'signal'>
  /** How often to check whether a list is due, in ms (default: a tenth of the refresh period, at most an hour). */
  checkMs?: number
  /** The default list's JSON (default: the `@uniswap/default-token-list` package). */
  defaultList?: () => unknown
  /** Told each fetch's outcome (default: failures to console.error). */
  onResult?: (url: string, result: TokenList | Error) => void
}

/** What is known of one URL list. */
interface ListState {
  list?: TokenList
  lastSuccessAt?: number
  lastAttemptAt?: number
}

/**
 * Holds the configured token lists and answers which tokens a chain's balances are read for
 * ({@link tokensFor}). {@link load} reads the stored copies and the `file:` lists; {@link start}
 * then fetches the URL lists that are due, and again on a timer that does not keep the process
 * alive; {@link stop} aborts a fetch in progress.
 */
export class TokenLists {
  private readonly states = new Map<string, ListState>()
  private defaultList: TokenList | undefined
  private readonly hidden: Set<string>
  private readonly refreshMs: number
  private readonly byChain = new Map<string, TokenConfig[]>()
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private readonly stopping = new AbortController()

  /**
   * @param store - The database (migrations applied).
   * @param config - `tokenLists` of the server config (undefined: the default list only).
   * @param options - See {@link TokenListsOptions}.
   */
  constructor(
    private readonly store: Store,
    private readonly config: TokenListsConfig = {},
    private readonly options: TokenListsOptions = {}
  ) {
    this.hidden = new Set((config.hide ?? []).map(id => id.toLowerCase()))
    this.refreshMs = (config.refreshHours ?? TOKEN_LISTS_REFRESH_HOURS) * HOUR_MS
    for (const url of config.urls ?? []) this.states.set(url, {})
  }

  /**
   * Reads the default list, the stored copies of the URL lists, and the `file:` lists (local, so
   * read at once); resolves when done. A list that fails is told and left out.
   */
  async load(): Promise<void> {
    if (this.config.default !== false) {
      try {
        this.defaultList = parseTokenList((this.options.defaultList ?? loadUniswapDefaultList)(), '@uniswap/default-token-list')
      } catch (error) {
        this.tell('@uniswap/default-token-list', error)
      }
    }
    const urls = [...this.states.keys()]
    if (urls.length > 0) {
      const { rows } = await this.store.query<{ url: string; list: TokenList | null; fetched_at: string | Date | null; last_attempt_at: string | Date | null }>(
        'SELECT url, list, fetched_at, last_attempt_at FROM token_lists WHERE url = ANY($1::text[])',
        [urls]
      )
      for (const row of rows) {
        const state = this.states.get(row.url)!
        if (row.list && Array.isArray(row.list.tokens)) state.list = row.list
        if (row.fetched_at) state.lastSuccessAt = new Date(row.fetched_at).getTime()
        if (row.last_attempt_at) state.lastAttemptAt = new Date(row.last_attempt_at).getTime()
      }
    }
    for (const url of urls) if (url.startsWith('file:')) await this.refresh(url)
    this.byChain.clear()
  }

  /** Fetches every URL list that is due now (none are fetched twice at once); resolves when done. */
  async refreshDue(): Promise<void> {
    if (this.running || this.stopping.signal.aborted) return this.running
    const now = Date.now()
    const retryMs = Math.min(RETRY_MS, this.refreshMs)
    const due = [...this.states].filter(
      ([, state]) =>
        !(state.lastSuccessAt !== undefined && now - state.lastSuccessAt < this.refreshMs) &&
        !(state.lastAttemptAt !== undefined && now - state.lastAttemptAt < retryMs)
    )
    this.running = (async () => {
      for (const [url] of due) await this.refresh(url)
    })().finally(() => {
      this.running = undefined
    })
    return this.running
  }

  /**
   * Fetches one URL list now: on success it replaces the stored copy; on failure the last good
   * copy stays and the error is stored beside it.
   *
   * @param url - One of the configured `urls`.
   * @returns The list, or undefined when the fetch failed.
   */
  async refresh(url: string): Promise<TokenList | undefined> {
    const state = this.states.get(url)
    if (!state) throw new Error(`TokenLists.refresh: ${url} is not configured`)
    state.lastAttemptAt = Date.now()
    try {
      const list = await fetchTokenList(url, { ...this.options.fetch, signal: this.stopping.signal })
      if (this.stopping.signal.aborted) return undefined
      await this.store.query(
        `INSERT INTO token_lists (url, list, fetched_at, last_attempt_at) VALUES ($1, $2::jsonb, now(), now())
         ON CONFLICT (url) DO UPDATE SET list = EXCLUDED.list, fetched_at = now(), last_attempt_at = now(), last_error = NULL, last_error_at = NULL`,
        [url, JSON.stringify(list)]
      )
      state.list = list
      state.lastSuccessAt = Date.now()
      this.byChain.clear()
      this.options.onResult?.(url, list)
      return list
    } catch (error) {
      if (this.stopping.signal.aborted) return undefined
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000)
      await this.store
        .query(
          `INSERT INTO token_lists (url, last_attempt_at, last_error, last_error_at) VALUES ($1, now(), $2, now())
           ON CONFLICT (url) DO UPDATE SET last_attempt_at = now(), last_error = $2, last_error_at = now()`,
          [url, message]
        )
        .catch(() => {})
      this.tell(url, error)
      return undefined
    }
  }

  /**
   * The tokens a chain's balances are read for: its configured `tokens`, then those the lists
   * name for its eip155 chain id (URL lists in their order, then the default list), each
   * contract once (a configured token wins), less the hidden ones.
   *
   * @param chain - A configured chain.
   */
  tokensFor(chain: ChainConfig): TokenConfig[] {
    const cached = this.byChain.get(chain.caipNetworkId)
    if (cached) return cached
    const visible = (address: string) => !this.hidden.has(`${chain.caipNetworkId}:${address}`.toLowerCase())
    const tokens = (chain.tokens ?? []).filter(token => visible(token.address))
    const match = /^eip155:(\d+)$/.exec(chain.caipNetworkId)
    if (match) {
      const chainId = Number(match[1])
      const seen = new Set((chain.tokens ?? []).map(token => token.address.toLowerCase()))
      const lists = [...[...this.states.values()].map(state => state.list), this.defaultList]
      for (const list of lists) {
        for (const token of list?.tokens ?? []) {
          const key = token.address.toLowerCase()
          if (token.chainId !== chainId || seen.has(key) || !visible(token.address)) continue
          seen.add(key)
          tokens.push(toTokenConfig(token))
        }
      }
    }
    this.byChain.set(chain.caipNetworkId, tokens)
    return tokens
  }

  /** Loads nothing more: fetches the due lists now, then every `checkMs` (the timer does not keep the process alive). */
  start(): void {
    if (this.states.size === 0) return
    const checkMs = this.options.checkMs ?? Math.max(1000, Math.min(HOUR_MS, this.refreshMs / 10))
    void this.refreshDue()
    this.timer = setInterval(() => void this.refreshDue(), checkMs)
    this.timer.unref()
  }

  /** Stops the timer, aborts a fetch in progress and waits for it. */
  async stop(): Promise<void> {
    clearInterval(this.timer)
    this.timer = undefined
    this.stopping.abort()
    await this.running?.catch(() => {})
  }

  private tell(url: string, error: unknown): void {
    const failure = error instanceof Error ? error : new Error(String(error))
    if (this.options.onResult) this.options.onResult(url, failure)
    else console.error(`wallet-modal-server: token list ${url} not loaded (the last good copy is kept): ${failure.message}`)
  }
}

/** A list token in the shape of a configured one (what `readBalances` takes). */
function toTokenConfig(token: ListedToken): TokenConfig {
  return { address: token.address, symbol: token.symbol, name: token.name, decimals: token.decimals, ...(token.iconUrl ? { iconUrl: token.iconUrl } : {}) }
}

/** The Uniswap default token list, from its npm package (loaded on first use only). */
function loadUniswapDefaultList(): unknown {
  return createRequire(import.meta.url)('@uniswap/default-token-list') as unknown
}
