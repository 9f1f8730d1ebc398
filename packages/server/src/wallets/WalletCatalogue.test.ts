import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadWalletCatalogue } from './WalletCatalogue.js'

describe('bundled wallet catalogue', () => {
  const catalogue = loadWalletCatalogue()

  it('is marked as sample data and has at least 200 wallets, the Devnet Wallet first', () => {
    const raw = JSON.parse(readFileSync(new URL('../data/wallets.json', import.meta.url), 'utf8')) as { note: string }
    assert.match(raw.note, /^SAMPLE DATA/)
    assert.ok(catalogue.wallets.length >= 200)
    const [devnet] = catalogue.wallets
    assert.equal(devnet!.name, 'Devnet Wallet')
    assert.equal(devnet!.rdns, 'dev.wallet-modal.devnet')
    assert.deepEqual(devnet!.chains, ['eip155:31337', 'eip155:31338'])
    assert.equal(devnet!.mobile_link, null)
  })

  it('spans eip155, solana and bip122 with mobile, desktop and web links on .example domains', () => {
    const namespaces = new Set(catalogue.wallets.flatMap(w => w.chains.map(c => c.split(':')[0])))
    assert.deepEqual([...namespaces].sort(), ['bip122', 'eip155', 'solana'])
    for (const key of ['mobile_link', 'desktop_link', 'webapp_link'] as const) assert.ok(catalogue.wallets.filter(w => w[key]).length > 20, key)
    for (const w of catalogue.wallets.slice(1)) {
      assert.match(w.homepage ?? '', /^https:\/\/[a-z0-9]+\.example$/, w.name)
      assert.match(w.rdns ?? '', /^example\.[a-z0-9]+$/)
    }
    assert.equal(new Set(catalogue.wallets.map(w => w.image_id)).size, catalogue.wallets.length)
  })

  it('rejects a catalogue file with a bad entry', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wm-catalogue-'))
    const file = join(dir, 'wallets.json')
    try {
      writeFileSync(file, JSON.stringify({ version: '1', wallets: [{ ...catalogue.wallets[0], mobile_link: 'javascript:alert(1)' }] }))
      assert.throws(() => loadWalletCatalogue(file), /Invalid wallet catalogue .* at wallets\.0\.mobile_link/)
      writeFileSync(file, JSON.stringify({ version: '1', wallets: [catalogue.wallets[0], catalogue.wallets[0]] }))
      assert.throws(() => loadWalletCatalogue(file), /duplicate id/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
