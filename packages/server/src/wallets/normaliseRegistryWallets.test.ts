// Checking the registry's wallets: what is kept, normalised, and dropped (with why).
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { normaliseRegistryWallets, registryWalletHash } from './normaliseRegistryWallets.js'

const base = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Wallet ${id}`,
  homepage: 'https://wallet.example',
  image_id: `img-${id}`,
  order: 1,
  mobile_link: null,
  desktop_link: null,
  webapp_link: null,
  app_store: null,
  play_store: null,
  injected: null,
  ...extra
})

describe('normaliseRegistryWallets', () => {
  it('normalises: empty links are none, rdns from the eip155 injected id when it is a reverse-DNS name, valid chains only', () => {
    const { wallets, dropped } = normaliseRegistryWallets([
      base('a', {
        homepage: '',
        mobile_link: 'alpha://',
        webapp_link: 'https://app.example',
        injected: [
          { namespace: 'eip155', injected_id: 'isAlpha' },
          { namespace: 'eip155', injected_id: 'io.alpha' }
        ],
        chains: ['eip155:1', 'bad chain', 'eip155:1']
      }),
      base('b', {
        rdns: 'com.beta',
        injected: [{ namespace: 'eip155', injected_id: 'io.other' }],
        badge_type: 'certified',
        app_store: 'https://apps.example/b',
        play_store: 'market://details?id=b'
      }),
      base('c', { badge_type: 'gold', injected: [{ namespace: 'solana', injected_id: 'io.gamma' }] })
    ])
    assert.deepEqual(dropped, [])
    const [a, b, c] = wallets.map(w => w.wallet)
    assert.equal(a!.homepage, null)
    assert.equal(a!.rdns, 'io.alpha', 'isAlpha is a legacy flag, not an rdns')
    assert.deepEqual(a!.chains, ['eip155:1'])
    assert.equal(b!.rdns, 'com.beta', "the registry's own rdns first")
    assert.equal(b!.badge_type, 'certified')
    assert.equal(b!.app_store, 'https://apps.example/b')
    assert.equal(b!.play_store, null, 'store links are https only')
    assert.equal(c!.rdns, null)
    assert.equal(c!.badge_type, null)
    assert.deepEqual(c!.chains, [])
    assert.equal(wallets[0]!.hash, registryWalletHash(a!))
    assert.notEqual(wallets[0]!.hash, wallets[1]!.hash)
  })

  it('drops what the modal must not show or open, keeping the rest', () => {
    const { wallets, dropped } = normaliseRegistryWallets([
      base('ok', { mobile_link: 'okwallet://' }),
      base('ok'),
      base('bad id!'),
      { name: 'no id' },
      'not an object',
      base('js', { desktop_link: 'javascript://x' }),
      base('intent', { mobile_link: 'intent://scan#Intent;end' }),
      base('thief', { mobile_link: 'okwallet://wc' }),
      base('web', { webapp_link: 'okwallet://open' }),
      base('long', { name: 'x'.repeat(101) })
    ])
    assert.deepEqual(
      wallets.map(w => w.wallet.id),
      ['ok']
    )
    const reasons = Object.fromEntries(dropped.map(d => [d.id, d.reason]))
    assert.equal(reasons.ok, 'repeated id')
    assert.match(reasons['bad id!']!, /^id: /)
    assert.match(reasons['#3']!, /^id: /)
    assert.ok('#4' in reasons)
    assert.match(reasons.js!, /^desktop_link: javascript: links are not allowed/)
    assert.match(reasons.intent!, /^mobile_link: intent: links are not allowed/)
    assert.match(reasons.thief!, /okwallet:\/\/ is the app scheme of wallet ok/)
    assert.match(reasons.web!, /^webapp_link: this wallet has no registered app scheme/)
    assert.match(reasons.long!, /^name: /)
  })
})
