// The popup side of the Coinbase Wallet SDK's protocol (`keys.coinbase.com/connect`), as the SDK's
// own code (@coinbase/wallet-sdk: Communicator, sign/util fetchSignerType, SCWSigner, util/cipher)
// defines it, for a stand-in popup on this machine:
//   1. popup -> opener  { event: 'PopupLoaded', id }
//   2. opener -> popup  { requestId: id, data: { version, metadata, preference, location } }
//   3. opener -> popup  { id, event: 'selectSignerType', data }        answer { requestId: id, data: 'scw' }
//   4. opener -> popup  { id, sender, content: { handshake: { method, params } } }
//      answer { requestId: id, sender, content: { encrypted } | { failure } }: `sender` is this
//      popup's P-256 public key (SPKI, hex); ECDH of the two keys gives the AES-GCM key, and
//      `encrypted` ({ iv, cipherText }) holds { result: { value } | { error }, data: { chains } }
//   5. opener -> popup  { id, sender, content: { encrypted } } holding { action: { method, params }, chainId }
//   popup -> opener  { event: 'PopupUnload' } when the popup goes away (the SDK then rejects with 4001)
// Like the real popup it closes itself once it has answered. The devnet's demo page and the core's
// browser tests both run it (devnet/src/coinbaseKeys/demoPopup.ts; core's __fixtures__/coinbaseKeys).

/** What the popup is asked, for the person (or the test's mode) to decide. */
export type CoinbaseKeysRequest = { kind: 'connect'; site: string } | { kind: 'sign'; message: string } | { kind: 'other'; method: string }

/** How a stand-in popup behaves. */
export interface CoinbaseKeysPopupOptions {
  /** The account it holds. */
  address: `0x${string}`
  /** Signs an EIP-191 message given as hex bytes (personal_sign). */
  signMessage(raw: `0x${string}`): Promise<`0x${string}`>
  /** The chain it says it is on, and the RPC URL the SDK should read it through. */
  chainId: number
  rpcUrl: string
  /** The site's origin: the only window spoken to (the SDK puts it in the popup's URL). */
  siteOrigin: string
  /**
   * Decides a request: true approves, false refuses (4001). `undefined` never answers (a person
   * who walks away); 'close' closes the popup unanswered.
   */
  decide(request: CoinbaseKeysRequest): Promise<boolean | 'close' | undefined>
  /** Where the session's key pair is kept between popups (the real popup keeps it on Coinbase's side). */
  store: Pick<Storage, 'getItem' | 'setItem'>
  /** Told what the popup sees (tests read it). */
  report?(event: Record<string, unknown>): void
}

const KEY_STORE = 'coinbase-keys-stand-in/key'
const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const
const hex = (bytes: ArrayBuffer): string => [...new Uint8Array(bytes)].map(b => b.toString(16).padStart(2, '0')).join('')
const unhex = (s: string): Uint8Array<ArrayBuffer> => new Uint8Array((s.match(/.{1,2}/g) ?? []).map(b => parseInt(b, 16)))

/**
 * Runs a stand-in for Coinbase's keys popup in this window: answers the SDK in its window.opener
 * over postMessage (origin and source checked), per the protocol above.
 *
 * @example startCoinbaseKeysPopup({ address, signMessage, chainId: 31337, rpcUrl, siteOrigin, decide: async () => true, store: localStorage })
 */
export function startCoinbaseKeysPopup(options: CoinbaseKeysPopupOptions): void {
  const { store, report = () => {} } = options
  const opener = window.opener as Window | null
  if (!opener) throw new Error('the Coinbase keys stand-in runs only as a popup')
  let own: CryptoKeyPair | undefined
  let secret: Promise<CryptoKey> | undefined

  const newSessionKey = async (): Promise<CryptoKeyPair> => {
    const pair = (await crypto.subtle.generateKey(ECDH, true, ['deriveKey'])) as CryptoKeyPair
    store.setItem(
      KEY_STORE,
      JSON.stringify({
        privateKey: hex(await crypto.subtle.exportKey('pkcs8', pair.privateKey)),
        publicKey: hex(await crypto.subtle.exportKey('spki', pair.publicKey))
      })
    )
    return pair
  }
  const sessionKey = async (): Promise<CryptoKeyPair> => {
    const stored = store.getItem(KEY_STORE)
    if (!stored) throw new Error('the stand-in has no session: no handshake happened')
    const { privateKey, publicKey } = JSON.parse(stored) as { privateKey: string; publicKey: string }
    return {
      privateKey: await crypto.subtle.importKey('pkcs8', unhex(privateKey), ECDH, true, ['deriveKey']),
      publicKey: await crypto.subtle.importKey('spki', unhex(publicKey), ECDH, true, [])
    }
  }
  /** The AES-GCM key of this popup's key and the SDK's (its `sender`). */
  const shared = async (pair: CryptoKeyPair, senderHex: string): Promise<CryptoKey> => {
    const peer = await crypto.subtle.importKey('spki', unhex(senderHex), ECDH, true, [])
    return crypto.subtle.deriveKey({ name: 'ECDH', public: peer }, pair.privateKey, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
  }
  const ownPublicHex = async (): Promise<string> =>
    hex(await crypto.subtle.exportKey('spki', (own ??= (await crypto.subtle.generateKey(ECDH, true, ['deriveKey'])) as CryptoKeyPair).publicKey))
  const encrypt = async (content: unknown) => {
    const iv = crypto.getRandomValues(new Uint8Array(12))
    const cipherText = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await secret!, new TextEncoder().encode(JSON.stringify(content)))
    return { iv, cipherText }
  }
  const decrypt = async (encrypted: { iv: Uint8Array<ArrayBuffer>; cipherText: ArrayBuffer }): Promise<any> =>
    JSON.parse(new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: encrypted.iv }, await secret!, encrypted.cipherText)))
  const post = (message: unknown) => opener.postMessage(message, options.siteOrigin)
  /** Answers a request, encrypted; then (like the real popup) the popup closes itself. */
  const answer = async (id: string, content: unknown) => {
    post({ requestId: id, sender: await ownPublicHex(), content: { encrypted: await encrypt(content) }, timestamp: new Date() })
    window.close()
  }

  const handle = async (action: { method: string; params?: unknown }): Promise<unknown> => {
    switch (action.method) {
      case 'personal_sign': {
        const [message] = action.params as [`0x${string}`]
        const decided = await options.decide({ kind: 'sign', message: textOf(message) })
        if (decided === 'close') return window.close()
        if (decided === undefined) return new Promise(() => {})
        if (!decided) return { error: { code: 4001, message: 'User denied message signature' } }
        return { value: await options.signMessage(message) }
      }
      case 'wallet_switchEthereumChain':
        return { value: null }
      default:
        return { error: { code: 4200, message: `${action.method} is not supported by the stand-in` } }
    }
  }

  window.addEventListener('message', async event => {
    if (event.source !== opener || event.origin !== options.siteOrigin) return
    const m = event.data
    if (!m || typeof m !== 'object') return
    report({ type: 'received', message: { ...m, content: m.content && Object.keys(m.content) } })
    if (m.requestId && m.data?.metadata) return report({ type: 'config', data: m.data })
    if (m.event === 'selectSignerType') return post({ requestId: m.id, data: 'scw' })
    if (m.content?.handshake) {
      const decided = await options.decide({ kind: 'connect', site: options.siteOrigin })
      if (decided === 'close') return window.close()
      if (decided === undefined) return
      if (!decided) {
        post({
          requestId: m.id,
          sender: await ownPublicHex(),
          content: { failure: { code: 4001, message: 'User rejected the request.' } },
          timestamp: new Date()
        })
        return window.close()
      }
      own = await newSessionKey()
      secret = shared(own, m.sender)
      report({ type: 'handshake', method: m.content.handshake.method })
      return answer(m.id, { result: { value: [options.address] }, data: { chains: { [options.chainId]: options.rpcUrl } } })
    }
    if (m.content?.encrypted) {
      // A later popup: the session's key, made at the handshake.
      own = await sessionKey()
      secret = shared(own, m.sender)
      const { action } = await decrypt(m.content.encrypted)
      report({ type: 'request', action })
      const result = await handle(action)
      if (result !== undefined) await answer(m.id, { result })
    }
  })

  window.addEventListener('pagehide', () => post({ event: 'PopupUnload' }))
  post({ event: 'PopupLoaded', id: crypto.randomUUID() })
  report({ type: 'loaded', url: location.href })
}

/** A personal_sign payload as text when it is UTF-8, else its hex. */
function textOf(raw: `0x${string}`): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(unhex(raw.slice(2)))
  } catch {
    return raw
  }
}
