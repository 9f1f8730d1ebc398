import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { registrySampleData, type RegistryImage, type RegistryWallet } from './registrySampleWallets.js'

/** A project the stand-in knows: requests naming another `projectId` are answered 401. */
export interface RegistryProject {
  /** Origins a browser may call from (exact, or `*` for any); a request from another `Origin` is answered 403. Default `['*']`. */
  allowedOrigins?: string[]
}

/** Options of {@link startRegistryStandIn}. */
export interface RegistryStandInOptions {
  /** Port (default: a free one). Always on 127.0.0.1. */
  port?: number
  /** The wallets served (default {@link registrySampleData}'s 32). */
  wallets?: RegistryWallet[]
  /** Images by `image_id` (default: the sample images of the default wallets; none for other wallets). */
  images?: Map<string, RegistryImage>
  /** Known projects by id (default one, {@link REGISTRY_STAND_IN_PROJECT}, callable from anywhere). */
  projects?: Record<string, RegistryProject>
}

/** How the stand-in misbehaves (see {@link RegistryStandIn.fail}). */
export interface RegistryFault {
  /**
   * `down`: 500 with a JSON message; `slow`: never answers (the socket stays open until the
   * caller gives up or the stand-in closes); `rate-limited`: 429 with `Retry-After`;
   * `bad-json`: 200 with a body that is not JSON; `short`: `/getWallets` pages answer no wallets
   * (while `count` still says how many there are).
   */
  mode: 'down' | 'slow' | 'rate-limited' | 'bad-json' | 'short'
  /** Which calls (default both). */
  on?: 'wallets' | 'images' | 'all'
  /** Only `/getWallets` pages from this one on (default 1: every page). */
  fromPage?: number
}

/** A request the stand-in received, for tests to check what a client sent. */
export interface RegistryRequest {
  path: string
  query: Record<string, string>
  headers: IncomingMessage['headers']
  status: number
}

/** The running stand-in. */
export interface RegistryStandIn {
  /** Base URL, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  readonly url: string
  /** The wallets served now, in their stored order. */
  wallets(): readonly RegistryWallet[]
  /** Replaces every wallet (and, when given, every image). */
  setWallets(wallets: RegistryWallet[], images?: Map<string, RegistryImage>): void
  /** Changes fields of one wallet; throws for an unknown id. */
  updateWallet(id: string, patch: Partial<RegistryWallet>): void
  /** Adds a wallet (and its image). */
  addWallet(wallet: RegistryWallet, image?: RegistryImage): void
  /** Removes one wallet; throws for an unknown id. */
  removeWallet(id: string): void
  /** Sets the image of an `image_id`. */
  setImage(imageId: string, image: RegistryImage): void
  /** Starts misbehaving as told, or behaves again (`undefined`). */
  fail(fault: RegistryFault | undefined): void
  /** Every request received so far, oldest first. */
  requests(): readonly RegistryRequest[]
  close(): Promise<void>
}

/** The project id the stand-in knows by default. */
export const REGISTRY_STAND_IN_PROJECT = 'devnet-registry'

const ID = /^[A-Za-z0-9._-]{1,100}$/
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
/** Each request log keeps this many entries (a long test run does not grow it without end). */
const MAX_LOGGED = 10_000

class BadRequest extends Error {}

function integer(query: URLSearchParams, name: string, min: number, max: number): number {
  const raw = query.get(name)
  if (raw === null) throw new BadRequest(`${name} is required`)
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new BadRequest(`${name} must be an integer from ${min} to ${max}`)
  return Number(raw)
}

function list(query: URLSearchParams, name: string, pattern: RegExp, max: number): string[] | undefined {
  const raw = query.get(name)
  if (raw === null || raw === '') return undefined
  const items = raw
    .split(',')
    .map(s => s.trim())
    .filter(Boolean)
  if (items.length > max) throw new BadRequest(`${name}: at most ${max} entries`)
  const bad = items.find(item => !pattern.test(item))
  if (bad !== undefined) throw new BadRequest(`${name}: invalid entry ${JSON.stringify(bad.slice(0, 100))}`)
  return items
}

/** Whether a wallet can be installed or opened on the platform (the registry's `platform` filter). */
function onPlatform(wallet: RegistryWallet, platform: 'ios' | 'android'): boolean {
  return platform === 'ios' ? !!(wallet.app_store || wallet.mobile_link) : !!(wallet.play_store || wallet.mobile_link)
}

/** The wallet as the API answers it: the ApiWallet fields, plus chains, rdns and badge_type when present. */
function toApi(wallet: RegistryWallet): Record<string, unknown> {
  const { chains, rdns, badge_type, ...rest } = wallet
  return { ...rest, ...(chains ? { chains } : {}), ...(rdns !== undefined ? { rdns } : {}), ...(badge_type !== undefined ? { badge_type } : {}) }
}

/**
 * A stand-in for the public wallet registry (WalletConnect's "Web3Modal API",
 * `https://api.web3modal.org`, as walletconnect-specs documents it): a real HTTP server on
 * 127.0.0.1 answering `GET /getWallets` and `GET /getWalletImage/{image_id}` from an in-memory list
 * that tests change while it runs, and that can be made to fail.
 *
 * - SDK parameters: `projectId`, `st`, `sv` as query parameters (API v2), or the v1 headers
 *   `x-project-id`, `x-sdk-type`, `x-sdk-version`. Missing ones are a 400; an unknown project a
 *   401; a known project called from an `Origin` outside its allow-list a 403.
 * - `/getWallets`: `page` and `entries` (1..100) required; `search` (case-insensitive part of the
 *   name), `include`, `exclude` (wallet ids), `chains` (CAIP-2 ids: any of them),
 *   `platform` (`ios`: an App Store or mobile link; `android`: a Play Store or mobile link).
 *   Answers `{ count, data }`, wallets by `order`; `count` is every match.
 * - `/getWalletImage/{image_id}`: the image bytes with their content type.
 * - Bad parameters answer 400 `{ message }`; CORS echoes an allowed `Origin`.
 *
 * @example
 * ```ts
 * const registry = await startRegistryStandIn()
 * const page = await fetch(`${registry.url}/getWallets?page=1&entries=10&projectId=${REGISTRY_STAND_IN_PROJECT}&st=test&sv=test-1`)
 * registry.fail({ mode: 'down' })
 * await registry.close()
 * ```
 *
 * @param options - See {@link RegistryStandInOptions}.
 */
export async function startRegistryStandIn(options: RegistryStandInOptions = {}): Promise<RegistryStandIn> {
  const sample = options.wallets ? undefined : registrySampleData()
  let wallets: RegistryWallet[] = structuredClone(options.wallets ?? sample!.wallets)
  const images = new Map(options.images ?? sample?.images ?? [])
  const projects = new Map(Object.entries(options.projects ?? { [REGISTRY_STAND_IN_PROJECT]: {} }))
  let fault: RegistryFault | undefined
  const log: RegistryRequest[] = []
  const sockets = new Set<Socket>()

  const send = (res: ServerResponse, status: number, type: string, body: string | Uint8Array, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': type, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', ...headers }).end(body)
  }
  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    send(res, status, 'application/json', JSON.stringify(body), headers)

  /** Whether a browser at `origin` may call for `projectId` (no Origin: a server, always). */
  const originAllowed = (project: RegistryProject, origin: string | undefined) => {
    if (origin === undefined) return true
    const allowed = project.allowedOrigins ?? ['*']
    return allowed.includes('*') || allowed.includes(origin)
  }

  const handle = (req: IncomingMessage, res: ServerResponse, url: URL): number | undefined => {
    const query = url.searchParams
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined
    const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined)
    const projectId = query.get('projectId') ?? header('x-project-id')
    const project = projectId === undefined || projectId === null ? undefined : projects.get(projectId)
    // CORS: an allowed origin is echoed on every answer (errors included), so a page reads them.
    const cors: Record<string, string> =
      origin !== undefined && (project ? originAllowed(project, origin) : [...projects.values()].some(p => originAllowed(p, origin)))
        ? { 'access-control-allow-origin': origin, vary: 'Origin' }
        : { vary: 'Origin' }
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, {
          ...cors,
          'access-control-allow-methods': 'GET',
          'access-control-allow-headers': 'x-project-id, x-sdk-type, x-sdk-version',
          'access-control-max-age': '600'
        })
        .end()
      return 204
    }
    if (req.method !== 'GET') {
      json(res, 405, { message: `${req.method} is not allowed` }, { ...cors, allow: 'GET' })
      return 405
    }
    const isWallets = url.pathname === '/getWallets'
    const image = /^\/getWalletImage\/([^/]+)$/.exec(url.pathname)
    if (!isWallets && !image) {
      json(res, 404, { message: `Not found: ${url.pathname.slice(0, 100)}` }, cors)
      return 404
    }
    if (!projectId) {
      json(res, 400, { message: 'projectId is required (query parameter, or the x-project-id header)' }, cors)
      return 400
    }
    if (!(query.get('st') ?? header('x-sdk-type')) || !(query.get('sv') ?? header('x-sdk-version'))) {
      json(res, 400, { message: 'st and sv are required (query parameters, or the x-sdk-type and x-sdk-version headers)' }, cors)
      return 400
    }
    if (!project) {
      json(res, 401, { message: 'Project ID does not exist' }, cors)
      return 401
    }
    if (!originAllowed(project, origin)) {
      json(res, 403, { message: 'Origin not allowed for this project' }, cors)
      return 403
    }

    const page = isWallets && /^\d{1,6}$/.test(query.get('page') ?? '') ? Number(query.get('page')) : 1
    const faulty = fault && (fault.on ?? 'all') !== (isWallets ? 'images' : 'wallets') && (!isWallets || page >= (fault.fromPage ?? 1)) ? fault.mode : undefined
    if (faulty === 'slow') return undefined
    if (faulty === 'down') {
      json(res, 500, { message: 'Internal error (stand-in fault)' }, cors)
      return 500
    }
    if (faulty === 'rate-limited') {
      json(res, 429, { message: 'Too many requests (stand-in fault)' }, { ...cors, 'retry-after': '60' })
      return 429
    }
    if (faulty === 'bad-json') {
      send(res, 200, 'application/json', '{"count": 3, "data": [', cors)
      return 200
    }

    if (image) {
      let id: string
      try {
        id = decodeURIComponent(image[1]!)
      } catch {
        json(res, 400, { message: 'image_id: invalid escape' }, cors)
        return 400
      }
      const found = images.get(id)
      if (!found) {
        json(res, 404, { message: `Unknown image id: ${id.slice(0, 100)}` }, cors)
        return 404
      }
      send(res, 200, found.contentType, found.bytes, { ...cors, 'cache-control': 'public, max-age=60' })
      return 200
    }

    try {
      const entries = integer(query, 'entries', 1, 100)
      integer(query, 'page', 1, 100_000)
      const search = (query.get('search') ?? '').trim().toLowerCase()
      if (search.length > 100) throw new BadRequest('search: at most 100 characters')
      const include = list(query, 'include', ID, 500)
      const exclude = list(query, 'exclude', ID, 500)
      const chains = list(query, 'chains', CAIP2, 100)
      const platform = query.get('platform')
      if (platform !== null && platform !== 'ios' && platform !== 'android') throw new BadRequest('platform must be ios or android')
      const matches = wallets
        .map((wallet, index) => ({ wallet, index }))
        .filter(
          ({ wallet }) =>
            (!search || wallet.name.toLowerCase().includes(search)) &&
            (!include || include.includes(wallet.id)) &&
            !exclude?.includes(wallet.id) &&
            (!chains || (wallet.chains ?? []).some(c => chains.includes(c))) &&
            (!platform || onPlatform(wallet, platform))
        )
        .sort((a, b) => a.wallet.order - b.wallet.order || a.index - b.index)
        .map(({ wallet }) => wallet)
      const data = faulty === 'short' ? [] : matches.slice((page - 1) * entries, page * entries).map(toApi)
      json(res, 200, { count: matches.length, data }, cors)
      return 200
    } catch (error) {
      if (!(error instanceof BadRequest)) throw error
      json(res, 400, { message: error.message }, cors)
      return 400
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://registry.invalid')
    let status: number | undefined
    try {
      status = handle(req, res, url)
    } catch (error) {
      status = 500
      json(res, 500, { message: error instanceof Error ? error.message : String(error) })
    }
    log.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, status: status ?? 0 })
    if (log.length > MAX_LOGGED) log.splice(0, log.length - MAX_LOGGED)
  })
  server.on('connection', socket => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo

  const indexOf = (id: string) => {
    const index = wallets.findIndex(w => w.id === id)
    if (index < 0) throw new Error(`registry stand-in: no wallet ${id}`)
    return index
  }
  return {
    url: `http://127.0.0.1:${port}`,
    wallets: () => wallets,
    setWallets(next, nextImages) {
      wallets = structuredClone(next)
      if (nextImages) {
        images.clear()
        for (const [id, image] of nextImages) images.set(id, image)
      }
    },
    updateWallet(id, patch) {
      const index = indexOf(id)
      wallets[index] = { ...wallets[index]!, ...structuredClone(patch), id }
    },
    addWallet(wallet, image) {
      wallets.push(structuredClone(wallet))
      if (image) images.set(wallet.image_id, image)
    },
    removeWallet(id) {
      wallets.splice(indexOf(id), 1)
    },
    setImage(imageId, image) {
      images.set(imageId, image)
    },
    fail(next) {
      fault = next
    },
    requests: () => log,
    close() {
      // Held ("slow") requests would keep close() waiting.
      for (const socket of sockets) socket.destroy()
      return new Promise(resolve => server.close(() => resolve()))
    }
  }
}
