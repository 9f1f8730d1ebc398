import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import * as v from 'valibot'
import { CatalogueWalletSchema, loadWalletCatalogue } from './WalletCatalogue.js'

// A fixed seed: every run tries the same inputs, so a failure reproduces and CI is never flaky.
fc.configureGlobal({ seed: 20261123 })

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

  it('spans eip155, solana and bip122 with mobile, desktop and web links on .example domains (but the real hardware wallets)', () => {
    const namespaces = new Set(catalogue.wallets.flatMap(w => w.chains.map(c => c.split(':')[0])))
    assert.deepEqual([...namespaces].sort(), ['bip122', 'eip155', 'solana'])
    for (const key of ['mobile_link', 'desktop_link', 'webapp_link'] as const) assert.ok(catalogue.wallets.filter(w => w[key]).length > 20, key)
    const HARDWARE = ['Ledger Live', 'Trezor Suite']
    assert.deepEqual(
      catalogue.wallets.slice(-2).map(w => w.name),
      HARDWARE
    )
    for (const w of catalogue.wallets.slice(1, -2)) {
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

  it('refuses a catalogue whose links are not https or a plain app scheme, naming the field and the reason', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wm-catalogue-'))
    const file = join(dir, 'wallets.json')
    // Each of these has the `scheme://` shape the previous check asked for.
    const cases: [string, string, RegExp][] = [
      ['mobile_link', 'javascript://%0aalert(document.domain)', /at wallets\.0\.mobile_link: javascript: links are not allowed/],
      ['desktop_link', 'JavaScript://x', /at wallets\.0\.desktop_link: javascript: links are not allowed/],
      ['mobile_link', 'intent://scan#Intent;scheme=zxing;end', /at wallets\.0\.mobile_link: intent: links are not allowed/],
      ['webapp_link', 'data://text/html,<script>1</script>', /at wallets\.0\.webapp_link: data: links are not allowed/],
      ['homepage', 'http://wallet.example', /at wallets\.0\.homepage: http: links are not allowed/],
      ['mobile_link', ' https://wallet.example', /at wallets\.0\.mobile_link: a wallet link must not contain whitespace/]
    ]
    try {
      for (const [field, link, message] of cases) {
        writeFileSync(file, JSON.stringify({ version: '1', wallets: [{ ...catalogue.wallets[1], [field]: link }] }))
        assert.throws(() => loadWalletCatalogue(file), message, link)
      }
      writeFileSync(
        file,
        JSON.stringify({ version: '1', wallets: [{ ...catalogue.wallets[1], mobile_link: 'harbor+x://open', desktop_link: 'https://w.example/app' }] })
      )
      assert.equal(loadWalletCatalogue(file).wallets[0]!.mobile_link, 'harbor+x://open')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('attack: a catalogue entry with an itms-services:// or search-ms:// link', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wm-catalogue-'))
    const file = join(dir, 'wallets.json')
    // Both had the `name://` shape the old deny-list let through.
    const cases: [string, string, RegExp][] = [
      [
        'mobile_link',
        'itms-services://?action=download-manifest&url=https://evil.example/app.plist',
        /at wallets\.0\.mobile_link: itms-services: links are not allowed/
      ],
      [
        'desktop_link',
        'search-ms://query=invoice&crumb=location:%5C%5Cevil.example@SSL%5Cshare',
        /at wallets\.0\.desktop_link: search-ms: links are not allowed/
      ],
      ['desktop_link', 'ms-msdt://id', /at wallets\.0\.desktop_link: ms-msdt: links are not allowed/]
    ]
    try {
      for (const [field, link, message] of cases) {
        writeFileSync(file, JSON.stringify({ version: '1', wallets: [{ ...catalogue.wallets[1], [field]: link }] }))
        assert.throws(() => loadWalletCatalogue(file), message, link)
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("attack: a wallet's link using another wallet's scheme", () => {
    const dir = mkdtempSync(join(tmpdir(), 'wm-catalogue-'))
    const file = join(dir, 'wallets.json')
    const first = { ...catalogue.wallets[1]!, id: 'first', mobile_link: 'harbor://', desktop_link: null, webapp_link: null }
    const other = { ...catalogue.wallets[2]!, id: 'other', mobile_link: 'https://other.example/wc', desktop_link: null, webapp_link: null }
    try {
      writeFileSync(file, JSON.stringify({ version: '1', wallets: [first, { ...other, desktop_link: 'Harbor://wc' }] }))
      assert.throws(() => loadWalletCatalogue(file), /at wallets\.1\.desktop_link: harbor:\/\/ is the app scheme of wallet first/)
      // A web link may not open an app scheme the wallet itself does not register either.
      writeFileSync(file, JSON.stringify({ version: '1', wallets: [first, { ...other, webapp_link: 'harbor://wc' }] }))
      assert.throws(() => loadWalletCatalogue(file), /at wallets\.1\.webapp_link: this wallet has no registered app scheme/)
      // Its own scheme, on both of its links, is fine.
      writeFileSync(file, JSON.stringify({ version: '1', wallets: [{ ...first, desktop_link: 'harbor://desk' }, other] }))
      assert.equal(loadWalletCatalogue(file).wallets.length, 2)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('property: no entry with a forbidden-scheme link passes, in any case, with any whitespace before it', () => {
    const entry = catalogue.wallets[1]!
    fc.assert(
      fc.property(
        fc.constantFrom('javascript', 'data', 'blob', 'file', 'intent', 'vbscript', 'about', 'chrome'),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 10 }),
        fc.constantFrom('', ' ', '\t', '\n', '\u0000', '\ufeff'),
        fc.constantFrom('mobile_link', 'desktop_link', 'webapp_link', 'homepage'),
        fc.string({ maxLength: 20 }),
        (scheme, mask, lead, field, rest) => {
          const link = lead + [...scheme].map((c, i) => (mask[i % mask.length] ? c.toUpperCase() : c)).join('') + '://' + rest
          assert.equal(v.safeParse(CatalogueWalletSchema, { ...entry, [field]: link }).success, false, JSON.stringify(link))
        }
      ),
      { numRuns: 1000 }
    )
  })
})
