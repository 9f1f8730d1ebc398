// The key export alone (exportRoutes on 127.0.0.1): the signed-in person's own keys, in the forms
// wallets import, and nothing without that person's session for the frame's project.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { privateKeyToAddress } from 'viem/accounts'
import { startSecureRoutes } from '../../__fixtures__/startSecureRoutes.js'
import { useStarted } from '../../__fixtures__/useStarted.js'
import { exportRoutes } from './exportRoutes.js'

describe('exportRoutes', () => {
  const site = useStarted(
    () =>
      startSecureRoutes(exportRoutes, {
        projects: [
          { id: 'demo', allowedOrigins: [] },
          { id: 'shop', allowedOrigins: [] }
        ]
      }),
    s => s.close()
  )

  it("answers the person's EVM key as hex and Solana key as the 64-byte secret key wallets import, each opening their own address", async () => {
    const { token, account } = await site.signIn('keys@example.com')
    const exported = await site.client(token)('/api/export', {})
    assert.equal(exported.status, 200)
    assert.deepEqual(Object.keys(exported.json).sort(), ['eip155', 'solana'])
    assert.match(exported.json.eip155, /^0x[0-9a-f]{64}$/)
    assert.equal(privateKeyToAddress(exported.json.eip155), account.addresses.eip155)
    const secret = base58.decode(exported.json.solana)
    assert.equal(secret.length, 64)
    // Seed, then public key, as Phantom and the Solana CLI keep it.
    assert.deepEqual(ed25519.getPublicKey(secret.slice(0, 32)), secret.slice(32))
    assert.equal(base58.encode(secret.slice(32)), account.addresses.solana)
    // The same keys every time (nothing is made on export), and another person's are their own.
    assert.deepEqual((await site.client(token)('/api/export', {})).json, exported.json)
    const other = await site.signIn('other@example.com')
    assert.notEqual((await site.client(other.token)('/api/export', {})).json.eip155, exported.json.eip155)
  })

  it('gives nothing without a session, or with one made for another project', async () => {
    const { token } = await site.signIn('guarded@example.com')
    for (const [api, reason] of [
      [site.client(), 'Not connected to email or social'],
      [site.client(token, 'shop'), 'This session was made for another project: log in again']
    ] as const) {
      const refused = await api('/api/export', {})
      assert.deepEqual([refused.status, refused.json], [401, { error: 'unauthorized', reason }])
    }
    // Ended sessions too.
    await site.accounts.endSession(token)
    assert.equal((await site.client(token)('/api/export', {})).status, 401)
    // A POST only: a link cannot fetch keys.
    assert.equal((await site.client(token)('/api/export')).status, 404)
  })
})
