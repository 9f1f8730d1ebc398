// A stand-in for Coinbase's keys popup (`keys.coinbase.com/connect`) for the browser tests: a real
// window the SDK opens (its `keysUrl` points here, served by the test runner) that speaks the
// popup's side of the SDK's protocol, as the SDK's own code (@coinbase/wallet-sdk: Communicator,
// sign/util fetchSignerType, SCWSigner, util/cipher) defines it:
//   1. popup -> opener  { event: 'PopupLoaded', id }
//   2. opener -> popup  { requestId: id, data: { version, metadata, preference, location } }
//   3. opener -> popup  { id, event: 'selectSignerType', data }        answer { requestId: id, data: 'scw' }
//   4. opener -> popup  { id, sender, content: { handshake: { method, params } } }
//      answer { requestId: id, sender, content: { encrypted } | { failure } }: `sender` is this
//      popup's P-256 public key (SPKI, hex); ECDH of the two keys gives the AES-GCM key, and
//      `encrypted` ({ iv, cipherText }) holds { result: { value } | { error }, data: { chains } }
//   5. opener -> popup  { id, sender, content: { encrypted } } holding { action: { method, params }, chainId }
//   popup -> opener  { event: 'PopupUnload' } when the popup goes away (the SDK then rejects with 4001)
// Like the real popup it closes itself once it has answered. Behaviour comes from its URL:
// `mode` = approve (default) | reject (the handshake is refused) | rejectSign (signatures are
// refused) | close (the person closes the popup before answering) | silent (never answers).
// Everything it sees is reported on the BroadcastChannel `coinbase-keys-stand-in`, where
// `{ type: 'close' }` closes it.
import { privateKeyToAccount } from 'viem/accounts'

/** Anvil's first development key (public knowledge): the account this stand-in "is". */
const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const account = privateKeyToAccount(KEY)

const params = new URL(location.href).searchParams
const mode = params.get('mode') ?? 'approve'
// The SDK appends the site's origin to the popup's URL; only that origin is spoken to.
const siteOrigin = params.get('origin') ?? ''
const chainId = Number(params.get('chainId') ?? '31337')
const rpcUrl = params.get('rpcUrl') ?? 'http://127.0.0.1:1/'
const log = new BroadcastChannel('coinbase-keys-stand-in')
const opener = window.opener as Window

const hex = (bytes: ArrayBuffer): string => [...new Uint8Array(bytes)].map(b => b.toString(16).padStart(2, '0')).join('')
const unhex = (s: string): Uint8Array<ArrayBuffer> => new Uint8Array(s.match(/.{1,2}/g)!.map(b => parseInt(b, 16)))

/**
 * The popup's key pair: made at the handshake and kept for the session (the real popup keeps it on
 * Coinbase's side; this one in the test origin's localStorage, which the tests clear), since a
 * later popup must decrypt what the SDK encrypts for the handshake's key.
 */
const KEY_STORE = 'coinbase-keys-stand-in/key'
const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const
let own: CryptoKeyPair | undefined
let secret: Promise<CryptoKey> | undefined

async function newSessionKey(): Promise<CryptoKeyPair> {
  const pair = (await crypto.subtle.generateKey(ECDH, true, ['deriveKey'])) as CryptoKeyPair
  localStorage.setItem(KEY_STORE, JSON.stringify({ privateKey: hex(await crypto.subtle.exportKey('pkcs8', pair.privateKey)), publicKey: hex(await crypto.subtle.exportKey('spki', pair.publicKey)) }))
  return pair
}

async function sessionKey(): Promise<CryptoKeyPair> {
  const stored = localStorage.getItem(KEY_STORE)
  if (!stored) throw new Error('the stand-in has no session: no handshake happened')
  const { privateKey, publicKey } = JSON.parse(stored) as { privateKey: string; publicKey: string }
  return {
    privateKey: await crypto.subtle.importKey('pkcs8', unhex(privateKey), ECDH, true, ['deriveKey']),
    publicKey: await crypto.subtle.importKey('spki', unhex(publicKey), ECDH, true, [])
  }
}

/** The AES-GCM key of this popup's key and the SDK's (its `sender`). */
async function shared(pair: CryptoKeyPair, senderHex: string): Promise<CryptoKey> {
  const peer = await crypto.subtle.importKey('spki', unhex(senderHex), ECDH, true, [])
  return crypto.subtle.deriveKey({ name: 'ECDH', public: peer }, pair.privateKey, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
}

const ownPublicHex = async (): Promise<string> => hex(await crypto.subtle.exportKey('spki', (own ??= (await crypto.subtle.generateKey(ECDH, true, ['deriveKey'])) as CryptoKeyPair).publicKey))

async function encrypt(content: unknown) {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const cipherText = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await secret!, new TextEncoder().encode(JSON.stringify(content)))
  return { iv, cipherText }
}

async function decrypt(encrypted: { iv: Uint8Array<ArrayBuffer>; cipherText: ArrayBuffer }): Promise<any> {
  return JSON.parse(new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: encrypted.iv }, await secret!, encrypted.cipherText)))
}

const post = (message: unknown) => opener.postMessage(message, siteOrigin)

/** Answers a request: encrypted, then (like the real popup) the popup closes itself. */
async function answer(id: string, content: unknown) {
  post({ requestId: id, sender: await ownPublicHex(), content: { encrypted: await encrypt(content) }, timestamp: new Date() })
  window.close()
}

async function handle(action: { method: string; params?: any }): Promise<unknown> {
  switch (action.method) {
    case 'personal_sign': {
      if (mode === 'rejectSign') return { error: { code: 4001, message: 'User denied message signature' } }
      const [message] = action.params as [`0x${string}`]
      return { value: await account.signMessage({ message: { raw: message } }) }
    }
    case 'wallet_switchEthereumChain':
      return { value: null }
    default:
      return { error: { code: 4200, message: `${action.method} is not supported by the stand-in` } }
  }
}

window.addEventListener('message', async event => {
  if (event.source !== opener || event.origin !== siteOrigin) return
  const m = event.data
  log.postMessage({ type: 'received', message: { ...m, content: m.content && Object.keys(m.content) } })
  if (m.requestId && m.data?.metadata) {
    log.postMessage({ type: 'config', data: m.data })
    return
  }
  if (m.event === 'selectSignerType') {
    if (mode === 'silent') return
    if (mode === 'close') return window.close()
    post({ requestId: m.id, data: 'scw' })
    return
  }
  if (m.content?.handshake) {
    if (mode === 'reject') {
      post({ requestId: m.id, sender: await ownPublicHex(), content: { failure: { code: 4001, message: 'User rejected the request.' } }, timestamp: new Date() })
      return window.close()
    }
    own = await newSessionKey()
    secret = shared(own, m.sender)
    log.postMessage({ type: 'handshake', method: m.content.handshake.method })
    await answer(m.id, { result: { value: [account.address] }, data: { chains: { [chainId]: rpcUrl } } })
    return
  }
  if (m.content?.encrypted) {
    // A later popup: the session's key, made at the handshake.
    own = await sessionKey()
    secret = shared(own, m.sender)
    const { action } = await decrypt(m.content.encrypted)
    log.postMessage({ type: 'request', action })
    await answer(m.id, { result: await handle(action) })
  }
})

window.addEventListener('pagehide', () => post({ event: 'PopupUnload' }))
// The tests close the popups left open (a silent one) between tests.
log.onmessage = e => e.data?.type === 'close' && window.close()

post({ event: 'PopupLoaded', id: crypto.randomUUID() })
log.postMessage({ type: 'loaded', url: location.href })
