#!/usr/bin/env node
// Generates the wallet directory's seed catalogue: packages/server/src/data/wallets.json.
//
// Everything in it is SAMPLE DATA for demos and tests (no wallet here exists, every domain is
// under the reserved `.example` TLD) except the Devnet Wallet, the dev wallet of this repo, and
// the hardware wallets (Ledger Live, Trezor Suite) with their real links.
// The output is deterministic (seeded PRNG, hashes for ids), so re-running the script yields the
// same file and the diff of a change to this script shows exactly what moved.
//
// Usage: node packages/server/scripts/generate-wallets.mjs
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'

const OUT = new URL('../src/data/wallets.json', import.meta.url)
const SAMPLE_COUNT = 228

const CHAINS = {
  ethereum: 'eip155:1',
  optimism: 'eip155:10',
  bsc: 'eip155:56',
  polygon: 'eip155:137',
  base: 'eip155:8453',
  arbitrum: 'eip155:42161',
  solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  solanaDevnet: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  bitcoin: 'bip122:000000000019d6689c085ae165831e93'
}
const EVM = [CHAINS.ethereum, CHAINS.optimism, CHAINS.bsc, CHAINS.polygon, CHAINS.base, CHAINS.arbitrum]

// mulberry32: tiny, seeded, good enough to spread sample fields; Math.random would change the
// file on every run.
function prng(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const random = prng(20240517)
const pick = list => list[Math.floor(random() * list.length)]
const chance = p => random() < p

const sha256 = text => createHash('sha256').update(text).digest('hex')
// Directory ids are 64 hex digits (like the vendor's); image ids are UUID-shaped. Both derive
// from the wallet's rdns so they never change while the rdns does not.
const walletId = rdns => sha256(`wallet:${rdns}`)
const imageId = rdns => {
  const h = sha256(`image:${rdns}`)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

function chainsFor(kind) {
  const evm = EVM.filter((_, i) => i === 0 || chance(0.6))
  if (kind === 'evm') return evm
  if (kind === 'solana') return chance(0.5) ? [CHAINS.solana, CHAINS.solanaDevnet] : [CHAINS.solana]
  if (kind === 'bitcoin') return [CHAINS.bitcoin]
  if (kind === 'evm+solana') return [...evm, CHAINS.solana]
  return [...evm, CHAINS.solana, CHAINS.bitcoin]
}

/** One wallet entry with links that follow its platform mix. */
function wallet({ name, slug, kind, platforms, certified }) {
  const rdns = `example.${slug}`
  const site = `https://${slug}.example`
  return {
    id: walletId(rdns),
    name,
    image_id: imageId(rdns),
    rdns,
    chains: chainsFor(kind),
    // Mobile apps are reached by a custom scheme or by a universal link, as real wallets are.
    mobile_link: platforms.includes('mobile') ? (chance(0.5) ? `${slug}://` : `${site}/wc`) : null,
    desktop_link: platforms.includes('desktop') ? `${slug}-desktop://` : null,
    webapp_link: platforms.includes('web') ? `https://app.${slug}.example` : null,
    homepage: site,
    badge_type: certified ? 'certified' : 'none'
  }
}

// A few plausible-looking (still fictional, `.example`) wallets first, as a catalogue's most used.
const PLAUSIBLE = [
  ['Harbor Wallet', 'harborwallet', 'all'],
  ['Lumen Keys', 'lumenkeys', 'evm+solana'],
  ['Northstar Vault', 'northstarvault', 'evm'],
  ['Pebble Wallet', 'pebblewallet', 'evm'],
  ['Saltmarsh', 'saltmarsh', 'solana'],
  ['Copperleaf Wallet', 'copperleaf', 'evm+solana'],
  ['Tidepool', 'tidepool', 'evm'],
  ['Orchard Safe', 'orchardsafe', 'evm'],
  ['Granite Ledger', 'graniteledger', 'all'],
  ['Satoshi Sample Wallet', 'satoshisample', 'bitcoin'],
  ['Kestrel Wallet', 'kestrelwallet', 'evm+solana'],
  ['Mosaic Wallet', 'mosaicwallet', 'evm']
]
const PLATFORM_MIXES = [['mobile'], ['mobile', 'desktop'], ['mobile', 'web'], ['desktop'], ['web'], ['mobile', 'desktop', 'web'], []]
const KINDS = ['evm', 'evm', 'evm', 'evm+solana', 'solana', 'bitcoin', 'all']

const devnetRdns = 'dev.wallet-modal.devnet'
const wallets = [
  {
    // The repo's own dev wallet (packages/devnet): a browser extension stand-in, so no mobile link.
    id: walletId(devnetRdns),
    name: 'Devnet Wallet',
    image_id: imageId(devnetRdns),
    rdns: devnetRdns,
    chains: ['eip155:31337', 'eip155:31338'],
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    homepage: null,
    badge_type: 'none'
  },
  ...PLAUSIBLE.map(([name, slug, kind], i) =>
    wallet({ name, slug, kind, platforms: i % 3 === 2 ? ['mobile', 'desktop'] : ['mobile', 'web'], certified: i < 6 })
  )
]
for (let n = 1; n <= SAMPLE_COUNT; n++) {
  const num = String(n).padStart(3, '0')
  wallets.push(
    wallet({ name: `Sample Wallet ${num}`, slug: `samplewallet${num}`, kind: pick(KINDS), platforms: pick(PLATFORM_MIXES), certified: chance(0.1) })
  )
}

// The hardware wallets (real products, their real links): Ledger through Ledger Live, which pairs
// over WalletConnect (its app takes `ledgerlive://wc?uri=`); no app link is published for Trezor
// Suite, so it lists with its homepage only (a Trezor is usually driven by an extension wallet).
const EVM_MAIN = [CHAINS.ethereum, CHAINS.optimism, CHAINS.bsc, CHAINS.polygon, CHAINS.base, CHAINS.arbitrum]
wallets.push(
  {
    id: walletId('com.ledger.live'),
    name: 'Ledger Live',
    image_id: imageId('com.ledger.live'),
    rdns: null,
    chains: [...EVM_MAIN, CHAINS.solana, CHAINS.bitcoin],
    mobile_link: 'ledgerlive://',
    desktop_link: 'ledgerlive://',
    webapp_link: null,
    homepage: 'https://www.ledger.com/ledger-live',
    badge_type: 'none'
  },
  {
    id: walletId('io.trezor.suite'),
    name: 'Trezor Suite',
    image_id: imageId('io.trezor.suite'),
    rdns: null,
    chains: [...EVM_MAIN, CHAINS.solana, CHAINS.bitcoin],
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    homepage: 'https://trezor.io/trezor-suite',
    badge_type: 'none'
  }
)

const catalogue = {
  note:
    'SAMPLE DATA for demos and tests, generated by packages/server/scripts/generate-wallets.mjs. ' +
    'These wallets do not exist (every domain is under the reserved .example TLD), except the Devnet Wallet of this repo and the hardware wallets Ledger Live and Trezor Suite (real links). ' +
    'Order = featured / most-used order of the directory.',
  generatedBy: 'packages/server/scripts/generate-wallets.mjs',
  wallets
}
const text = `${JSON.stringify(catalogue, null, 1)}\n`
// The version lets the server reload the catalogue into an existing database only when it changed.
catalogue.version = sha256(text).slice(0, 16)
writeFileSync(OUT, `${JSON.stringify({ note: catalogue.note, generatedBy: catalogue.generatedBy, version: catalogue.version, wallets }, null, 1)}\n`)
console.log(`wrote ${wallets.length} wallets to ${OUT.pathname} (version ${catalogue.version})`)
