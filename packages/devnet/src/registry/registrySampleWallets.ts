import { createHash } from 'node:crypto'
import { deflateSync } from 'node:zlib'

/** An `injected` entry of the public registry (walletconnect-specs types.md, ApiWallet). */
export interface RegistryInjected {
  namespace: string
  injected_id: string
}

/**
 * A wallet as the public registry's `GET /getWallets` answers it (walletconnect-specs
 * `ApiWallet`), with the optional fields the live API adds when it has them.
 */
export interface RegistryWallet {
  /** 64 hex digits in the real registry. */
  id: string
  name: string
  homepage: string | null
  image_id: string
  /** Sort key: lower first. */
  order: number
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  app_store: string | null
  play_store: string | null
  injected: RegistryInjected[] | null
  /** CAIP-2 ids. */
  chains?: string[]
  rdns?: string | null
  badge_type?: 'none' | 'certified' | null
}

/** An image the stand-in serves at `/getWalletImage/{image_id}`. */
export interface RegistryImage {
  contentType: string
  bytes: Uint8Array
}

/** A registry data set: wallets, and images by `image_id`. */
export interface RegistryData {
  wallets: RegistryWallet[]
  images: Map<string, RegistryImage>
}

const hex = (text: string) => createHash('sha256').update(text).digest('hex')

/** A registry-shaped wallet id (64 hex digits), the same for the same seed. */
export const registryWalletId = (seed: string): string => hex(`wallet:${seed}`)

/** A registry-shaped image id (a UUID-like string), the same for the same seed. */
export function registryImageId(seed: string): string {
  const h = hex(`image:${seed}`)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 30)}00`
}

/** The colour of a seed's tile: a hue from its hash, mid saturation and lightness. */
function hueOf(seed: string): number {
  return parseInt(hex(`hue:${seed}`).slice(0, 4), 16) % 360
}

/**
 * A small square SVG tile with a label (the stand-in's own drawing; no real logo). The label is
 * reduced to letters and digits, so it never needs escaping.
 *
 * @param label - One to three characters shown in the middle.
 * @param seed - Picks the colour.
 */
export function registryTileSvg(label: string, seed: string): Uint8Array {
  const text = label.replace(/[^A-Za-z0-9]/g, '').slice(0, 3) || '?'
  const hue = hueOf(seed)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="24" fill="hsl(${hue} 55% 45%)"/><circle cx="76" cy="20" r="8" fill="hsl(${(hue + 180) % 360} 60% 70%)"/><text x="48" y="60" font-family="sans-serif" font-size="32" font-weight="700" text-anchor="middle" fill="#fff">${text}</text></svg>`
  return new TextEncoder().encode(svg)
}

let crcTable: Uint32Array | undefined
function crc32(bytes: Uint8Array): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  let crc = 0xffffffff
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/**
 * A small PNG tile (16×16, two colours in a diagonal split) drawn from a seed: a real PNG file,
 * so a sync's content checks and a browser both see an image.
 *
 * @param seed - Picks the colours.
 */
export function registryTilePng(seed: string): Uint8Array {
  const size = 16
  const h = hex(`png:${seed}`)
  const a = [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)]
  const b = [255 - a[0]!, 255 - a[1]!, 255 - a[2]!]
  const rows: number[] = []
  for (let y = 0; y < size; y++) {
    rows.push(0) // filter: none
    for (let x = 0; x < size; x++) rows.push(...(x + y < size ? a : b))
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.from(rows))),
    pngChunk('IEND', new Uint8Array())
  ])
}

const COLOURS = [
  'Amber',
  'Basalt',
  'Cobalt',
  'Dune',
  'Ember',
  'Fjord',
  'Garnet',
  'Harbor',
  'Indigo',
  'Jade',
  'Kelp',
  'Lumen',
  'Marble',
  'Nimbus',
  'Onyx',
  'Pebble',
  'Quartz',
  'Reef',
  'Slate',
  'Tundra',
  'Umber',
  'Velvet',
  'Willow',
  'Xenon',
  'Yarrow',
  'Zephyr',
  'Aurora',
  'Birch',
  'Cinder',
  'Delta',
  'Estuary',
  'Flint'
] as const

const EVM = ['eip155:1', 'eip155:10', 'eip155:137', 'eip155:8453', 'eip155:31337']
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const BITCOIN = 'bip122:000000000019d6689c085ae165831e93'

/**
 * One sample wallet of the stand-in's default data set, from its position: every wallet is
 * plainly a devnet one ("Devnet … Wallet", `.example` sites, `devnet…://` schemes), and the set
 * mixes what the filters need: mobile-only, iOS-only, Android-only, desktop and web wallets,
 * EVM, Solana and Bitcoin chains, injected (EIP-6963) wallets and certified badges.
 *
 * @param index - Position in the set (any non-negative integer; past the named colours, a number is added).
 */
export function registrySampleWallet(index: number): RegistryWallet {
  const colour = COLOURS[index % COLOURS.length]!
  const round = Math.floor(index / COLOURS.length)
  const name = `Devnet ${colour}${round ? ` ${round + 1}` : ''} Wallet`
  const slug = `${colour.toLowerCase()}${round ? round + 1 : ''}`
  const kind = index % 6
  const chains = kind === 3 ? [SOLANA] : kind === 4 ? [BITCOIN, EVM[0]!] : EVM.slice(0, 2 + (index % 4))
  const site = `https://${slug}.devnet-wallets.example`
  return {
    id: registryWalletId(slug),
    name,
    homepage: site,
    image_id: registryImageId(slug),
    order: (index + 1) * 10,
    // 0, 3: mobile app with its own scheme; 1: iOS store only; 2: Android store only; 4: desktop; 5: web.
    mobile_link: kind === 0 || kind === 3 ? `devnet${slug}://` : null,
    desktop_link: kind === 4 ? `devnet${slug}desktop://` : null,
    webapp_link: kind === 5 ? `${site}/app` : null,
    app_store: kind === 0 || kind === 1 || kind === 3 ? `https://apps.example/ios/devnet-${slug}` : null,
    play_store: kind === 0 || kind === 2 || kind === 3 ? `https://apps.example/android/example.devnet.${slug}` : null,
    injected:
      kind === 0 || kind === 4
        ? [{ namespace: 'eip155', injected_id: `example.devnet.${slug}` }]
        : kind === 3
          ? [{ namespace: 'solana', injected_id: `devnet${colour}` }]
          : null,
    chains,
    ...(index % 5 === 0 ? { badge_type: 'certified' as const } : {})
  }
}

/**
 * The image of a sample wallet: SVG tiles for even positions, PNG tiles for odd ones, so both
 * content types are served.
 *
 * @param wallet - The wallet.
 * @param index - Its position.
 */
export function registrySampleImage(wallet: RegistryWallet, index: number): RegistryImage {
  const initials = wallet.name
    .replace(/^Devnet /, '')
    .replace(/ Wallet$/, '')
    .split(/\s+/)
    .map(w => w[0])
    .join('')
  return index % 2 === 0
    ? { contentType: 'image/svg+xml', bytes: registryTileSvg(initials, wallet.id) }
    : { contentType: 'image/png', bytes: registryTilePng(wallet.id) }
}

/**
 * A registry data set of `count` sample wallets ({@link registrySampleWallet}) with their images:
 * the stand-in's default is 32 wallets; tests of paging ask for more.
 *
 * @example
 * ```ts
 * const { wallets, images } = registrySampleData(250)
 * ```
 *
 * @param count - How many wallets (default 32).
 */
export function registrySampleData(count = 32): RegistryData {
  const wallets = Array.from({ length: count }, (_, i) => registrySampleWallet(i))
  return { wallets, images: new Map(wallets.map((w, i) => [w.image_id, registrySampleImage(w, i)])) }
}
