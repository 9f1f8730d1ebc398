import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import { appSchemeOf, walletLinkProblem } from '@wallet-modal/wire'
import bundled from '../data/wallets.json' with { type: 'json' }

// The modal's own allow-list (wire's walletLinkProblem): https universal links and plain app
// schemes only, so a catalogue can never hand a page a javascript:, data: or intent: link.
const nullableLink = v.nullable(
  v.pipe(
    v.string(),
    v.maxLength(500),
    v.check(
      link => walletLinkProblem(link) === undefined,
      issue => walletLinkProblem(issue.input) ?? 'not an allowed wallet link'
    )
  )
)

/** Schema of one catalogue entry (the directory's Wallet of spec §3, without the image URL). */
export const CatalogueWalletSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,100}$/)),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  image_id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,100}$/)),
  rdns: v.nullable(v.pipe(v.string(), v.maxLength(200))),
  chains: v.array(v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/))),
  mobile_link: nullableLink,
  desktop_link: nullableLink,
  webapp_link: nullableLink,
  homepage: nullableLink,
  badge_type: v.nullable(v.picklist(['none', 'certified']))
})

/** Schema of a catalogue file (`src/data/wallets.json` or `ServerConfig.walletsFile`). */
export const WalletCatalogueSchema = v.object({
  note: v.optional(v.string()),
  version: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  wallets: v.array(CatalogueWalletSchema)
})

/** A catalogue entry. */
export type CatalogueWallet = v.InferOutput<typeof CatalogueWalletSchema>

/** A wallet catalogue: its version (to know when to reload it) and its wallets, in order. */
export type WalletCatalogue = v.InferOutput<typeof WalletCatalogueSchema>

/**
 * Loads and checks a wallet catalogue (links by wire's allow-list; an app scheme belongs to the
 * one wallet whose `mobile_link` or `desktop_link` registers it first, and no other wallet's link
 * may use it): the bundled sample catalogue (240 generated sample wallets
 * and the Devnet Wallet), or a file of the same shape.
 *
 * @param file - Path of a catalogue JSON file; undefined for the bundled one.
 */
export function loadWalletCatalogue(file?: string): WalletCatalogue {
  const raw: unknown = file ? JSON.parse(readFileSync(file, 'utf8')) : bundled
  const result = v.safeParse(WalletCatalogueSchema, raw)
  if (!result.success) {
    const issue = result.issues[0]
    const path = issue?.path?.map(p => String(p.key)).join('.') ?? ''
    throw new Error(`Invalid wallet catalogue${file ? ` ${file}` : ''} at ${path}: ${issue?.message ?? 'invalid'}`)
  }
  const ids = new Set<string>()
  // Each app scheme belongs to the first wallet whose mobile_link or desktop_link registers it.
  const owners = new Map<string, string>()
  for (const [index, wallet] of result.output.wallets.entries()) {
    if (ids.has(wallet.id)) throw new Error(`Invalid wallet catalogue: duplicate id ${wallet.id}`)
    ids.add(wallet.id)
    const at = (field: string) => `Invalid wallet catalogue${file ? ` ${file}` : ''} at wallets.${index}.${field}`
    for (const field of ['mobile_link', 'desktop_link'] as const) {
      const scheme = appSchemeOf(wallet[field])
      if (scheme === undefined) continue
      // Opened, another wallet's scheme would hand the pairing to that wallet's app.
      const owner = owners.get(scheme)
      if (owner !== undefined && owner !== wallet.id) throw new Error(`${at(field)}: ${scheme}:// is the app scheme of wallet ${owner}`)
      owners.set(scheme, wallet.id)
    }
    // The web links open pages: https, or at most the wallet's own registered scheme.
    for (const field of ['webapp_link', 'homepage'] as const) {
      const problem = wallet[field] === null ? undefined : walletLinkProblem(wallet[field], [wallet.mobile_link, wallet.desktop_link])
      if (problem) throw new Error(`${at(field)}: ${problem}`)
    }
  }
  return result.output
}
