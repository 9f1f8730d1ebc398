import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Queryable, Store } from '../db/Store.js'
import { normaliseRegistryWallets, type NormalisedRegistryWallet } from './normaliseRegistryWallets.js'
import { forgetActiveWalletTable } from './queryWallets.js'
import { readCappedBody } from '../http/readCappedBody.js'

/** The public registry (WalletConnect's "Web3Modal API"). */
export const DEFAULT_REGISTRY_URL = 'https://api.web3modal.org'
/** The SDK type this server names itself with (`st`, `x-sdk-type`). */
export const REGISTRY_SDK_TYPE = 'wallet-modal'
/** Default time one registry request may take, whole answer included. */
export const REGISTRY_TIMEOUT_MS = 30_000
/** Default largest `/getWallets` page read (100 wallets are some 100 KB). */
export const REGISTRY_MAX_PAGE_BYTES = 4 * 1024 * 1024
/** Default largest wallet image read. */
export const REGISTRY_MAX_IMAGE_BYTES = 256 * 1024
/** Default most image bytes one sync holds before writing; images past it wait for the next sync. */
export const REGISTRY_MAX_IMAGES_BYTES = 64 * 1024 * 1024
/** Default most pages read (of 100): a registry claiming more is refused rather than read for hours. */
export const REGISTRY_MAX_PAGES = 200
/** Advisory lock every sync's write takes, so two processes never interleave theirs. */
export const REGISTRY_LOCK_KEY = 72_616_102

/** Image types kept, and how to recognise each from its first bytes (the header alone is not believed). */
const IMAGE_TYPES: Record<string, (bytes: Buffer) => boolean> = {
  'image/png': b => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': b => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': b => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  // Served later with a CSP that runs no script (routes/imageRoutes.ts), like every SVG here.
  'image/svg+xml': b => /^(\uFEFF)?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(b.subarray(0, 4096).toString('utf8'))
}

/** Options of {@link RegistrySync}. */
export interface RegistrySyncOptions {
  /** The database (its migrations applied). */
  store: Store
  /** The project id the registry knows this operator by (sent as `projectId` and `x-project-id`). */
  projectId: string
  /** Registry base URL (default {@link DEFAULT_REGISTRY_URL}). */
  sourceUrl?: string
  /** `sv` / `x-sdk-version` (default `wallet-modal-server-<version>`). */
  sdkVersion?: string
  /** Page size asked for (1..100, default 100). */
  entries?: number
  /** Time each request may take, whole answer included (default {@link REGISTRY_TIMEOUT_MS}). */
  timeoutMs?: number
  /** Largest page read (default {@link REGISTRY_MAX_PAGE_BYTES}). */
  maxPageBytes?: number
  /** Largest image read (default {@link REGISTRY_MAX_IMAGE_BYTES}); a larger one is skipped. */
  maxImageBytes?: number
  /** Most image bytes fetched in one sync (default {@link REGISTRY_MAX_IMAGES_BYTES}); the rest wait for the next sync. */
  maxImagesBytes?: number
  /** Most pages read (default {@link REGISTRY_MAX_PAGES}). */
  maxPages?: number
  /** Where progress and dropped entries are told (default console.log). */
  log?: (line: string) => void
  /** Ends a sync early (e.g. the server is closing); it then fails and changes nothing. */
  signal?: AbortSignal
}

/** What one sync changed. */
export interface RegistrySyncResult {
  /** Ids of wallets new in this sync. */
  added: string[]
  /** Ids of wallets whose content changed. */
  changed: string[]
  /** Ids of wallets no longer in the registry (deleted). */
  removed: string[]
  /** Images fetched and stored now. */
  images: number
  /** Wallets stored after the sync. */
  count: number
  /** Registry entries refused (bad ids, links...), with why. */
  dropped: Array<{ id: string; reason: string }>
}

/** A sync that failed: nothing was written but the error (in `registry_sync`). */
export class RegistrySyncError extends Error {
  override readonly name = 'RegistrySyncError'
}

/** The last sync's record (`registry_sync`), or undefined before the first attempt. */
export interface RegistrySyncState {
  sourceUrl: string | null
  walletCount: number
  lastSuccessAt: Date | null
  lastAttemptAt: Date | null
  lastError: string | null
  lastErrorAt: Date | null
}

let version: string | undefined
/** This package's version, from its package.json (found upward from this file, sources or build). */
export function serverVersion(): string {
  if (version) return version
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 5; i++) {
    const file = join(dir, 'package.json')
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string }
      if (pkg.name === '@wallet-modal/server' && pkg.version) return (version = pkg.version)
    }
    dir = dirname(dir)
  }
  return (version = '0.0.0')
}

/** A body, at most `maxBytes` of it (see `readCappedBody`). */
async function readCapped(response: Response, maxBytes: number, what: string): Promise<Buffer> {
  const body = await readCappedBody(response, maxBytes)
  if (!body) throw new RegistrySyncError(`${what}: answer larger than ${maxBytes} bytes`)
  return body
}

/**
 * Reads the state of the last sync (for the CLI, the refresh job and tests).
 *
 * @param db - The database.
 */
export async function readRegistrySyncState(db: Queryable): Promise<RegistrySyncState | undefined> {
  const { rows } = await db.query<{
    source_url: string | null
    wallet_count: number
    last_success_at: string | null
    last_attempt_at: string | null
    last_error: string | null
    last_error_at: string | null
  }>(`SELECT source_url, wallet_count, last_success_at::text, last_attempt_at::text, last_error, last_error_at::text FROM registry_sync WHERE id = 1`)
  const row = rows[0]
  if (!row) return undefined
  const date = (value: string | null) => (value === null ? null : new Date(value))
  return {
    sourceUrl: row.source_url,
    walletCount: row.wallet_count,
    lastSuccessAt: date(row.last_success_at),
    lastAttemptAt: date(row.last_attempt_at),
    lastError: row.last_error,
    lastErrorAt: date(row.last_error_at)
  }
}

/**
 * Imports the public wallet registry into the database (`registry_wallets`, `registry_images`),
 * from which the directory is then served (`/getWallets`, `/getWalletImage/{id}`).
 *
 * One {@link RegistrySync.run}: reads every `/getWallets` page (`entries` at a time, with
 * `projectId`, `st`, `sv` as query parameters and the v1 `x-project-id`, `x-sdk-type`,
 * `x-sdk-version` headers), each request bounded in time (whole answer) and size; checks the
 * wallets (invalid ones are dropped and logged, see `normaliseRegistryWallets`); fetches the
 * images of new image ids (PNG, JPEG, WebP or SVG, checked by their bytes, at most
 * `maxImageBytes`; one that fails is skipped: the directory draws a tile for it and the next sync
 * tries again). Only when every page was read does it write, in one transaction: new and changed
 * wallets (by content hash), the removed ones deleted, the new order, the new images, and the
 * success in `registry_sync`. A failure (an error status, a timeout, a body that is not JSON,
 * fewer wallets than `count` said) writes nothing but the error, and throws
 * {@link RegistrySyncError}.
 *
 * @example
 * ```ts
 * const result = await new RegistrySync({ store, projectId: 'my-cloud-project-id' }).run()
 * console.log(`${result.added.length} added, ${result.changed.length} changed, ${result.removed.length} removed`)
 * ```
 */
export class RegistrySync {
  private readonly sourceUrl: string
  private readonly entries: number
  private readonly timeoutMs: number
  private readonly sdkVersion: string
  private readonly log: (line: string) => void

  /** @param options - See {@link RegistrySyncOptions}. */
  constructor(private readonly options: RegistrySyncOptions) {
    this.sourceUrl = (options.sourceUrl ?? DEFAULT_REGISTRY_URL).replace(/\/+$/, '')
    this.entries = Math.min(100, Math.max(1, Math.floor(options.entries ?? 100)))
    this.timeoutMs = options.timeoutMs ?? REGISTRY_TIMEOUT_MS
    this.sdkVersion = options.sdkVersion ?? `wallet-modal-server-${serverVersion()}`
    this.log = options.log ?? (line => console.log(line))
  }

  /** Syncs once; resolves to what changed, or rejects with a {@link RegistrySyncError} having changed nothing. */
  async run(): Promise<RegistrySyncResult> {
    const { store } = this.options
    await store.query(`INSERT INTO registry_sync (id, last_attempt_at) VALUES (1, now()) ON CONFLICT (id) DO UPDATE SET last_attempt_at = now()`)
    try {
      return await this.sync()
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000)
      await store.query(
        `INSERT INTO registry_sync (id, source_url, last_error, last_error_at) VALUES (1, $1, $2, now())
         ON CONFLICT (id) DO UPDATE SET last_error = EXCLUDED.last_error, last_error_at = EXCLUDED.last_error_at`,
        [this.sourceUrl, message]
      )
      throw error instanceof RegistrySyncError ? error : new RegistrySyncError(message, { cause: error })
    }
  }

  private async sync(): Promise<RegistrySyncResult> {
    const raw = await this.readAllPages()
    const { wallets, dropped } = normaliseRegistryWallets(raw)
    for (const { id, reason } of dropped) this.log(`wallet registry: dropped ${id}: ${reason}`)
    if (wallets.length === 0) throw new RegistrySyncError(`${this.sourceUrl}: no usable wallet in the registry's answer`)

    const stored = await this.options.store.query<{ image_id: string }>('SELECT image_id FROM registry_images')
    const have = new Set(stored.rows.map(r => r.image_id))
    const wanted = [...new Set(wallets.map(w => w.wallet.image_id))].filter(id => !have.has(id))
    const images = await this.fetchImages(wanted)

    const result = await this.options.store.transaction(tx => this.write(tx, wallets, images))
    // This process's directory serves the new copy at its next request.
    forgetActiveWalletTable(this.options.store)
    const summary = { ...result, dropped }
    this.log(
      `wallet registry: ${summary.count} wallets from ${this.sourceUrl} (${summary.added.length} added, ${summary.changed.length} changed, ${summary.removed.length} removed, ${summary.images} images fetched, ${dropped.length} dropped)`
    )
    for (const id of summary.changed) this.log(`wallet registry: changed ${id}`)
    return summary
  }

  /** A registry URL with the query and SDK parameters, and the v1 headers. */
  private request(path: string, query: Record<string, string> = {}): { url: string; init: RequestInit } {
    const url = new URL(`${this.sourceUrl}${path}`)
    for (const [key, value] of Object.entries({ ...query, projectId: this.options.projectId, st: REGISTRY_SDK_TYPE, sv: this.sdkVersion }))
      url.searchParams.set(key, value)
    const signals = [AbortSignal.timeout(this.timeoutMs), ...(this.options.signal ? [this.options.signal] : [])]
    return {
      url: url.toString(),
      init: {
        headers: { 'x-project-id': this.options.projectId, 'x-sdk-type': REGISTRY_SDK_TYPE, 'x-sdk-version': this.sdkVersion, accept: 'application/json' },
        // Covers the whole answer: the body read below fails too when it fires.
        signal: AbortSignal.any(signals)
      }
    }
  }

  /** Fetches a path; throws a RegistrySyncError naming the URL for a network error or timeout. */
  private async get(path: string, query?: Record<string, string>): Promise<{ response: Response; read: (max: number) => Promise<Buffer> }> {
    const { url, init } = this.request(path, query)
    const what = `${this.sourceUrl}${path}${query?.page ? ` page ${query.page}` : ''}`
    const failed = (error: unknown): never => {
      if (error instanceof RegistrySyncError) throw error
      const name = error instanceof Error ? error.name : ''
      if (name === 'TimeoutError') throw new RegistrySyncError(`${what}: no complete answer within ${this.timeoutMs} ms`)
      if (name === 'AbortError') throw new RegistrySyncError(`${what}: stopped`)
      throw new RegistrySyncError(`${what}: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`)
    }
    const response = await fetch(url, init).catch(failed)
    return { response, read: max => readCapped(response, max, what).catch(failed) }
  }

  private async readAllPages(): Promise<unknown[]> {
    const maxPages = this.options.maxPages ?? REGISTRY_MAX_PAGES
    const all: unknown[] = []
    let count: number | undefined
    for (let page = 1; count === undefined || all.length < count; page++) {
      if (page > maxPages) throw new RegistrySyncError(`${this.sourceUrl}: more than ${maxPages} pages of ${this.entries}`)
      const { response, read } = await this.get('/getWallets', { page: String(page), entries: String(this.entries) })
      const body = await read(this.options.maxPageBytes ?? REGISTRY_MAX_PAGE_BYTES)
      const what = `${this.sourceUrl}/getWallets page ${page}`
      if (!response.ok) {
        let message = ''
        try {
          const parsed = JSON.parse(body.toString('utf8')) as { message?: unknown }
          if (typeof parsed.message === 'string') message = `: ${parsed.message.slice(0, 200)}`
        } catch {}
        const hint =
          response.status === 401 ? ' (unknown project id)' : response.status === 403 ? ' (project refused)' : response.status === 429 ? ' (rate-limited)' : ''
        throw new RegistrySyncError(`${what}: HTTP ${response.status}${hint}${message}`)
      }
      let parsed: unknown
      try {
        parsed = JSON.parse(body.toString('utf8'))
      } catch {
        throw new RegistrySyncError(`${what}: the answer is not JSON`)
      }
      const { count: pageCount, data } = (parsed ?? {}) as { count?: unknown; data?: unknown }
      if (!Number.isSafeInteger(pageCount) || (pageCount as number) < 0 || !Array.isArray(data))
        throw new RegistrySyncError(`${what}: not a { count, data } page`)
      if (data.length > this.entries) throw new RegistrySyncError(`${what}: ${data.length} wallets on a page of ${this.entries}`)
      if (count !== undefined && pageCount !== count) throw new RegistrySyncError(`${what}: count changed from ${count} to ${pageCount} while paging`)
      count = pageCount as number
      if (count > maxPages * this.entries) throw new RegistrySyncError(`${this.sourceUrl}: ${count} wallets is more than ${maxPages} pages of ${this.entries}`)
      // A short page before the end means wallets are missing: the copy would be incomplete.
      if (all.length + data.length < count && data.length < this.entries) {
        throw new RegistrySyncError(`${what}: ${data.length} wallets where ${this.entries} were due (count ${count}, ${all.length + data.length} read)`)
      }
      all.push(...data)
    }
    if (all.length > (count ?? 0)) throw new RegistrySyncError(`${this.sourceUrl}: ${all.length} wallets read, count said ${count}`)
    return all
  }

  /** Fetches images (four at a time); each one that fails is logged and left out. */
  private async fetchImages(imageIds: string[]): Promise<Array<{ imageId: string; contentType: string; bytes: Buffer }>> {
    const fetched: Array<{ imageId: string; contentType: string; bytes: Buffer }> = []
    const queue = [...imageIds]
    const maxBytes = this.options.maxImageBytes ?? REGISTRY_MAX_IMAGE_BYTES
    // Held in memory until the write: bounded in all, not only one by one.
    let budget = this.options.maxImagesBytes ?? REGISTRY_MAX_IMAGES_BYTES
    let told = false
    const worker = async () => {
      for (let imageId = queue.shift(); imageId !== undefined && budget > 0; imageId = queue.shift()) {
        try {
          const { response, read } = await this.get(`/getWalletImage/${encodeURIComponent(imageId)}`)
          const bytes = await read(maxBytes)
          if (!response.ok) throw new RegistrySyncError(`HTTP ${response.status}`)
          const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
          const looksRight = IMAGE_TYPES[contentType]
          if (!looksRight) throw new RegistrySyncError(`content type ${JSON.stringify(contentType.slice(0, 50))} is not png, jpeg, webp or svg+xml`)
          if (!looksRight(bytes)) throw new RegistrySyncError(`the bytes are not ${contentType}`)
          budget -= bytes.length
          if (budget < 0) {
            if (!told) this.log('wallet registry: image budget of one sync reached; the remaining images wait for the next sync')
            told = true
            break
          }
          fetched.push({ imageId, contentType, bytes })
        } catch (error) {
          // The stop signal ends the whole sync; any other failure skips this image only.
          if (this.options.signal?.aborted) throw error
          this.log(`wallet registry: image ${imageId} skipped: ${error instanceof Error ? error.message : String(error)}`)
        }
      }
    }
    await Promise.all([worker(), worker(), worker(), worker()])
    return fetched
  }

  /** Writes the new set in the caller's transaction; returns what changed. */
  private async write(
    tx: Queryable,
    wallets: Array<{ wallet: NormalisedRegistryWallet; hash: string }>,
    images: Array<{ imageId: string; contentType: string; bytes: Buffer }>
  ): Promise<Omit<RegistrySyncResult, 'dropped'>> {
    // Another process's sync waits here; its diff is then taken against this one's result.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [REGISTRY_LOCK_KEY])
    const current = new Map((await tx.query<{ id: string; hash: string }>('SELECT id, hash FROM registry_wallets')).rows.map(r => [r.id, r.hash]))
    const next = new Set(wallets.map(w => w.wallet.id))
    const added: string[] = []
    const changed: string[] = []
    const upserts: Array<NormalisedRegistryWallet & { position: number; hash: string; wallet: NormalisedRegistryWallet }> = []
    wallets.forEach(({ wallet, hash }, position) => {
      const old = current.get(wallet.id)
      if (old === hash) return
      ;(old === undefined ? added : changed).push(wallet.id)
      upserts.push({ ...wallet, position, hash, wallet })
    })
    const removed = [...current.keys()].filter(id => !next.has(id))
    if (removed.length) await tx.query('DELETE FROM registry_wallets WHERE id = ANY($1::text[])', [removed])
    if (upserts.length) {
      await tx.query(
        `INSERT INTO registry_wallets (id, position, name, image_id, rdns, chains, mobile_link, desktop_link, webapp_link, homepage, badge_type, wallet, hash, updated_at)
         SELECT id, position, name, image_id, rdns, chains, mobile_link, desktop_link, webapp_link, homepage, badge_type, wallet, hash, now()
         FROM json_to_recordset($1::json) AS w(id text, position integer, name text, image_id text, rdns text, chains text[],
           mobile_link text, desktop_link text, webapp_link text, homepage text, badge_type text, wallet jsonb, hash text)
         ON CONFLICT (id) DO UPDATE SET position = EXCLUDED.position, name = EXCLUDED.name, image_id = EXCLUDED.image_id, rdns = EXCLUDED.rdns,
           chains = EXCLUDED.chains, mobile_link = EXCLUDED.mobile_link, desktop_link = EXCLUDED.desktop_link, webapp_link = EXCLUDED.webapp_link,
           homepage = EXCLUDED.homepage, badge_type = EXCLUDED.badge_type, wallet = EXCLUDED.wallet, hash = EXCLUDED.hash, updated_at = now()`,
        [JSON.stringify(upserts)]
      )
    }
    // The registry's order moves without being a change of content (updated_at stays).
    await tx.query(
      `UPDATE registry_wallets AS r SET position = o.position
       FROM json_to_recordset($1::json) AS o(id text, position integer)
       WHERE r.id = o.id AND r.position IS DISTINCT FROM o.position`,
      [JSON.stringify(wallets.map(({ wallet }, position) => ({ id: wallet.id, position })))]
    )
    for (const image of images) {
      await tx.query(
        `INSERT INTO registry_images (image_id, content_type, bytes, hash) VALUES ($1, $2, decode($3, 'base64'), $4)
         ON CONFLICT (image_id) DO UPDATE SET content_type = EXCLUDED.content_type, bytes = EXCLUDED.bytes, hash = EXCLUDED.hash, updated_at = now()`,
        [image.imageId, image.contentType, image.bytes.toString('base64'), createHash('sha256').update(image.bytes).digest('hex')]
      )
    }
    // Images no wallet shows any more.
    await tx.exec('DELETE FROM registry_images i WHERE NOT EXISTS (SELECT 1 FROM registry_wallets w WHERE w.image_id = i.image_id)')
    await tx.query(
      `INSERT INTO registry_sync (id, source_url, wallet_count, last_success_at, last_error, last_error_at) VALUES (1, $1, $2, now(), NULL, NULL)
       ON CONFLICT (id) DO UPDATE SET source_url = EXCLUDED.source_url, wallet_count = EXCLUDED.wallet_count, last_success_at = now(), last_error = NULL, last_error_at = NULL`,
      [this.sourceUrl, wallets.length]
    )
    return { added, changed, removed, images: images.length, count: wallets.length }
  }
}
