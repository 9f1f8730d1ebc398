// The embedded wallet's keys at rest: sealed with AES-256-GCM under the operator's KEK, never
// readable from what is stored, bound to their account, and refused under another KEK.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { hexToBytes, bytesToHex } from 'viem'
import { KEK_ENV, KeyVault } from './KeyVault.js'

describe('KeyVault', () => {
  const vault = KeyVault.fromEnv({ [KEK_ENV]: KeyVault.generateKek() })

  it('seals a private key so that nothing of it shows, and opens it back to the same account', () => {
    const key = generatePrivateKey()
    const sealed = vault.seal(hexToBytes(key), 'user:1:eip155')
    assert.match(sealed, /^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/)
    for (const form of [
      key.slice(2),
      key.slice(2).toUpperCase(),
      Buffer.from(hexToBytes(key)).toString('base64'),
      Buffer.from(hexToBytes(key)).toString('base64url')
    ]) {
      assert.equal(sealed.includes(form), false, form)
    }
    const opened = bytesToHex(vault.open(sealed, 'user:1:eip155'))
    assert.equal(privateKeyToAccount(opened).address, privateKeyToAccount(key).address)
    // A fresh IV each time: the same key seals differently.
    assert.notEqual(vault.seal(hexToBytes(key), 'user:1:eip155'), sealed)
  })

  it('refuses another account, another KEK, and any altered byte', () => {
    const sealed = vault.seal(randomBytes(32), 'user:1:solana')
    assert.throws(() => vault.open(sealed, 'user:2:solana'), /does not open: altered, or sealed for another account/)
    const other = new KeyVault(randomBytes(32))
    assert.throws(() => other.open(sealed, 'user:1:solana'), /Sealed under another key-encryption key/)
    const parts = sealed.split('.')
    const body = Buffer.from(parts[3]!, 'base64url')
    body[0]! ^= 1
    assert.throws(() => vault.open([...parts.slice(0, 3), body.toString('base64url')].join('.'), 'user:1:solana'), /does not open/)
    for (const bad of ['', 'v1', 'v2.a.b.c', `v1.${parts[1]}.${parts[2]}.AA`])
      assert.throws(() => vault.open(bad, 'user:1:solana'), /Not a sealed key|does not open/, bad)
  })

  it('takes a KEK as 64 hex digits or base64, and refuses a missing or wrong-sized one with the variable named', () => {
    const bytes = randomBytes(32)
    const sealed = new KeyVault(bytes).seal(new Uint8Array([1, 2, 3]), 'c')
    for (const form of [bytes.toString('hex'), bytes.toString('base64'), bytes.toString('base64url')]) {
      assert.deepEqual([...KeyVault.fromEnv({ [KEK_ENV]: form }).open(sealed, 'c')], [1, 2, 3])
    }
    assert.throws(() => KeyVault.fromEnv({}), /WALLET_MODAL_KEK is not set/)
    assert.throws(() => KeyVault.fromEnv({ [KEK_ENV]: '   ' }), /WALLET_MODAL_KEK is not set/)
    assert.throws(() => KeyVault.fromEnv({ [KEK_ENV]: randomBytes(16).toString('base64') }), /WALLET_MODAL_KEK must be 32 bytes/)
    assert.throws(() => KeyVault.fromEnv({ [KEK_ENV]: 'not a key!' }), /WALLET_MODAL_KEK must be 32 bytes/)
  })
})
