// verifySiwx: a site's own backend verifying sign-ins with no database and no server of ours.
// Messages are formatted as the modal formats them (core's formatSIWXMessage) and signed for real
// (viem personal_sign, node's ed25519, the devnet Bitcoin wallet's BIP-322).
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto'
import { base58 } from '@scure/base'
import { privateKeyToAccount } from 'viem/accounts'
import { formatSIWXMessage, type SIWXMessageData } from '@wallet-modal/core'
import { deriveDevnetBitcoinKeys, signBitcoinMessage } from '@wallet-modal/devnet'
import { verifySiwx, type RefusedSiwx, type VerifiedSiwx, type VerifySiwxOptions } from '../internal.js'

/** Anvil account 1 (its well-known development key). */
const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const NOW = new Date('2030-01-02T03:04:05.000Z')
const DOMAIN = 'shop.example'

/** A nonce as the TSDoc example issues it. */
const newNonce = () => randomUUID().replaceAll('-', '')

/** The modal's message for a sign-in to shop.example at NOW, with `fields` overridden. */
function messageOf(accountAddress: string, chainId: `${string}:${string}`, nonce: string, fields: Partial<SIWXMessageData> = {}): string {
  return formatSIWXMessage({
    domain: DOMAIN,
    accountAddress,
    statement: 'Sign in to the shop',
    uri: 'https://shop.example/account',
    version: '1',
    chainId,
    nonce,
    issuedAt: NOW.toISOString(),
    expirationTime: new Date(NOW.getTime() + 3_600_000).toISOString(),
    ...fields
  })
}

/** An EVM sign-in as a wallet makes it: personal_sign of the formatted message. */
async function evmSignIn(nonce: string, fields: Partial<SIWXMessageData> = {}) {
  const message = messageOf(account.address, 'eip155:1', nonce, fields)
  return { message, signature: await account.signMessage({ message }) }
}

/** verifySiwx for shop.example at NOW; its `reason` can be read without narrowing (undefined when ok). */
const verify = (
  options: Omit<VerifySiwxOptions, 'expectedDomain' | 'now'> & Partial<VerifySiwxOptions>
): Promise<(VerifiedSiwx & { reason?: undefined }) | RefusedSiwx> => verifySiwx({ expectedDomain: DOMAIN, now: NOW, ...options })

describe('verifySiwx', () => {
  it('verifies an EVM personal_sign of the modal message, with no node and no database', async () => {
    const nonce = newNonce()
    const result = await verify({ ...(await evmSignIn(nonce)), nonce, expectedUri: 'https://shop.example' })
    assert.equal(result.ok, true)
    if (!result.ok) return
    assert.equal(result.address, account.address)
    assert.equal(result.chainId, 'eip155:1')
    assert.equal(result.namespace, 'eip155')
    assert.equal(result.nonce, nonce)
    assert.equal(result.statement, 'Sign in to the shop')
    assert.deepEqual(result.issuedAt, NOW)
  })

  it('verifies a Solana signature (base58, as wallets return it)', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519')
    const address = base58.encode(publicKey.export({ format: 'der', type: 'spki' }).subarray(-32))
    const nonce = newNonce()
    const message = messageOf(address, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', nonce)
    const signature = base58.encode(sign(null, Buffer.from(message, 'utf8'), privateKey))
    const result = await verify({ message, signature, nonce })
    assert.deepEqual(result.ok && [result.address, result.chainId, result.namespace], [address, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana'])
    // Another key's signature of the same text.
    const other = generateKeyPairSync('ed25519').privateKey
    assert.equal((await verify({ message, signature: base58.encode(sign(null, Buffer.from(message, 'utf8'), other)), nonce })).ok, false)
  })

  it('verifies a Bitcoin BIP-322 signature', async () => {
    const [payment] = deriveDevnetBitcoinKeys('Regtest')
    const nonce = newNonce()
    const message = messageOf(payment!.address, 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328', nonce)
    const result = await verify({ message, signature: signBitcoinMessage(payment!, message, 'BIP322').signature, nonce })
    assert.deepEqual(result.ok && [result.address, result.namespace], [payment!.address, 'bip122'])
  })

  it('refuses a message made for another site: wrong domain, or a URI on another origin', async () => {
    const nonce = newNonce()
    const evil = await evmSignIn(nonce, { domain: 'evil.example' })
    assert.deepEqual(await verify({ ...evil, nonce }), { ok: false, reason: 'wrong_domain', detail: 'the message is for evil.example, not shop.example' })
    const signIn = await evmSignIn(nonce, { uri: 'https://evil.example/account' })
    assert.equal((await verify({ ...signIn, nonce })).ok, true, 'the URI is only checked when expectedUri is given')
    assert.equal((await verify({ ...signIn, nonce, expectedUri: 'https://shop.example/' })).reason, 'wrong_uri')
    // Several domains may be expected, compared case-insensitively.
    assert.equal(
      (await verify({ ...(await evmSignIn(nonce, { domain: 'www.shop.example' })), nonce, expectedDomain: ['SHOP.example', 'www.shop.example'] })).ok,
      true
    )
  })

  it('refuses a nonce other than the one issued', async () => {
    const signIn = await evmSignIn(newNonce())
    assert.deepEqual(await verify({ ...signIn, nonce: newNonce() }), {
      ok: false,
      reason: 'wrong_nonce',
      detail: 'the message does not carry the nonce this sign-in was issued'
    })
    assert.equal((await verify({ ...signIn, nonce: '' })).reason, 'wrong_nonce')
  })

  it('refuses an expired message, one not yet valid and one issued in the future', async () => {
    const nonce = newNonce()
    const expired = await evmSignIn(nonce, { expirationTime: new Date(NOW.getTime() - 1).toISOString() })
    assert.deepEqual(await verify({ ...expired, nonce }), { ok: false, reason: 'expired', detail: 'expired at 2030-01-02T03:04:04.999Z' })
    assert.equal((await verify({ ...(await evmSignIn(nonce, { notBefore: new Date(NOW.getTime() + 60_000).toISOString() })), nonce })).reason, 'not_yet_valid')
    assert.equal(
      (await verify({ ...(await evmSignIn(nonce, { issuedAt: new Date(NOW.getTime() + 10 * 60_000).toISOString() })), nonce })).reason,
      'issued_in_future'
    )
    // Within the 5 minutes clocks may drift: accepted.
    assert.equal((await verify({ ...(await evmSignIn(nonce, { issuedAt: new Date(NOW.getTime() + 60_000).toISOString() })), nonce })).ok, true)
  })

  it("refuses a bad signature: another account's, another text's, or no signature at all", async () => {
    const nonce = newNonce()
    const { message, signature } = await evmSignIn(nonce)
    const other = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
    assert.equal((await verify({ message, signature: await other.signMessage({ message }), nonce })).reason, 'bad_signature')
    assert.equal((await verify({ message, signature: await account.signMessage({ message: `${message} ` }), nonce })).reason, 'bad_signature')
    assert.equal((await verify({ message, signature: '0x1234', nonce })).reason, 'bad_signature')
    assert.equal((await verify({ message, signature: 'not hex', nonce })).reason, 'bad_signature')
    assert.equal((await verify({ message, signature: '', nonce })).reason, 'malformed_message')
    assert.equal(signature.length, 132)
  })

  it('refuses what is no sign-in message, oversized input, and chains the site does not accept', async () => {
    const nonce = newNonce()
    assert.equal((await verify({ message: 'hello', signature: '0x00', nonce })).reason, 'malformed_message')
    assert.equal((await verify({ message: 'x'.repeat(100_000), signature: '0x00', nonce })).reason, 'malformed_message')
    const signIn = await evmSignIn(nonce)
    assert.equal((await verify({ ...signIn, signature: `0x${'00'.repeat(100_000)}`, nonce })).reason, 'malformed_message')
    assert.deepEqual(await verify({ ...signIn, nonce, chains: ['eip155:8453'] }), {
      ok: false,
      reason: 'unsupported_chain',
      detail: 'chain eip155:1 is not accepted'
    })
    assert.equal((await verify({ ...signIn, nonce, chains: ['eip155:1'] })).ok, true)
    const cosmos = messageOf('cosmos1abc', 'cosmos:cosmoshub-4', nonce)
    assert.equal((await verify({ message: cosmos, signature: 'x', nonce })).reason, 'unsupported_chain')
  })

  it('checks an ordinary account locally even with an rpcUrl; a node that cannot be reached fails a contract account', async () => {
    const nonce = newNonce()
    // Nothing listens on port 9: an EOA never needs the node.
    const signIn = await evmSignIn(nonce)
    assert.equal((await verify({ ...signIn, nonce, rpcUrl: 'http://127.0.0.1:9', timeoutMs: 2000 })).ok, true)
    assert.equal((await verify({ ...signIn, nonce, rpcUrl: { 'eip155:1': 'http://127.0.0.1:9' }, timeoutMs: 2000 })).ok, true)
    // A signature that is not the EOA's is then asked of the node (ERC-1271/6492), which fails.
    const other = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
    const outcome = await verify({
      ...signIn,
      signature: await other.signMessage({ message: signIn.message }),
      nonce,
      rpcUrl: 'http://127.0.0.1:9',
      timeoutMs: 2000
    })
    assert.equal(outcome.ok, false)
    assert.ok(!outcome.ok && ['bad_signature', 'signature_unverifiable'].includes(outcome.reason), !outcome.ok ? outcome.reason : '')
  })
})
