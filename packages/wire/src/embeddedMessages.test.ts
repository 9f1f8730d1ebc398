// The frame protocol's SIGN_OUT: a plain sign-out, or "log out everywhere"; nothing else passes.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import * as v from 'valibot'
import { classifyEmbeddedMethod, EMBEDDED_UNSUPPORTED_SIGNING_METHODS, FRAME_REQUESTS, FRAME_RESPONSES } from './embeddedMessages.js'

describe('SIGN_OUT', () => {
  it('is a sign-out of this browser without a payload, and of every device with everywhere: true', () => {
    assert.deepEqual(v.parse(FRAME_REQUESTS.SIGN_OUT, {}), {})
    assert.deepEqual(v.parse(FRAME_REQUESTS.SIGN_OUT, { everywhere: true }), { everywhere: true })
    assert.deepEqual(v.parse(FRAME_REQUESTS.SIGN_OUT, { everywhere: false }), { everywhere: false })
    assert.deepEqual(v.parse(FRAME_RESPONSES.SIGN_OUT, {}), {})
  })

  it('refuses an everywhere that is not a boolean (a page cannot slip in "yes" or 1)', () => {
    for (const everywhere of ['true', 1, null, {}])
      assert.equal(v.safeParse(FRAME_REQUESTS.SIGN_OUT, { everywhere }).success, false, JSON.stringify(everywhere))
  })
})

// Spec §6: what runs silently, what Approve shows, what is refused before anything is shown.
describe('classifyEmbeddedMethod', () => {
  it('runs net_listening and wallet_getAssets (EIP-7811) silently, like the other reads', () => {
    assert.equal(classifyEmbeddedMethod('net_listening'), 'safe')
    assert.equal(classifyEmbeddedMethod('wallet_getAssets'), 'safe')
    assert.equal(classifyEmbeddedMethod('eth_getBalance'), 'safe')
  })

  it('shows the signing methods it can perform in Approve, several Solana transactions and batches included', () => {
    for (const method of [
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'wallet_sendCalls',
      'solana_signMessage',
      'solana_signTransaction',
      'solana_signAllTransactions',
      'solana_signAndSendTransaction'
    ]) {
      assert.equal(classifyEmbeddedMethod(method), 'approve', method)
    }
  })

  it('refuses permissions (ERC-7715) and site-built user operations before Approve: they are never shown and then refused', () => {
    assert.deepEqual([...EMBEDDED_UNSUPPORTED_SIGNING_METHODS].sort(), ['eth_sendUserOperation', 'wallet_grantPermissions', 'wallet_revokePermissions'])
    for (const method of EMBEDDED_UNSUPPORTED_SIGNING_METHODS) assert.equal(classifyEmbeddedMethod(method), 'refused', method)
    assert.equal(classifyEmbeddedMethod('eth_sign'), 'refused')
  })
})
