// The sign-in session service (/v1/sessions...) against a real devnet: EVM messages are built
// with viem's createSiweMessage and signed with anvil's well-known keys, their signatures checked
// through the devnet chain's node; a Solana sign-in is signed with a fresh ed25519 key, a Bitcoin
// one with the devnet Bitcoin wallet's keys (BIP-322 and BIP-137).
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, type SiweMessage } from 'viem/siwe'
import * as v from 'valibot'
import { SignInSchema } from '@wallet-modal/wire'
import { WALLET_ACCOUNT, WALLET_PRIVATE_KEY, encodeBase58, startDevnet, type Devnet, deriveDevnetBitcoinKeys, signBitcoinMessage } from '@wallet-modal/devnet'
import { createServer, SIWX_NONCE_LENGTH, type ListedSiwxSession, type SiwxSession, type WalletModalServer } from '../internal.js'
import { demoServerConfig } from '../config/demoServerConfig.js'
import { CLIENT, getJson, postJson, urlOf, type OrError } from '../__fixtures__/http.js'
import { addressKey } from '../siwx/SiwxSessions.js'

/** Anvil account 2's well-known development key: "another key" than the wallet's. */
const OTHER_PRIVATE_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'

const wallet = privateKeyToAccount(WALLET_PRIVATE_KEY)
const other = privateKeyToAccount(OTHER_PRIVATE_KEY)

/** A page of the demo project, on an origin its allowedOrigins ('http://127.0.0.1:*') cover. */
const SITE = { domain: '127.0.0.1:5173', uri: 'http://127.0.0.1:5173/' }

/** A project other than `demo`, allowing one https origin only. */
const SHOP = { projectId: 'shop', origin: 'https://shop.example' }

const MINUTE = 60_000

/** A CAIP-122 message (the Solana and Bitcoin form) to the demo site, issued now. */
const caip122 = (family: string, address: string, reference: string, nonce: string, extra: string[] = []): string =>
  [
    `${SITE.domain} wants you to sign in with your ${family} account:`,
    address,
    '',
    'Sign in to the demo',
    '',
    `URI: ${SITE.uri}`,
    'Version: 1',
    `Chain ID: ${reference}`,
    `Nonce: ${nonce}`,
    `Issued At: ${new Date().toISOString()}`,
    ...extra
  ].join('\n')

describe('sign-in sessions (devnet)', () => {
  let devnet: Devnet
  let server: WalletModalServer

  const clientOf = (projectId: string) => ({ ...CLIENT, projectId })
  const newNonce = async (projectId = 'demo'): Promise<string> => {
    const { status, body } = await postJson<OrError<{ nonce: string; expiresAt: string }>>(urlOf(server.url, '/v1/sessions/nonce', {}, clientOf(projectId)), {})
    assert.equal(status, 200, JSON.stringify(body))
    return body.nonce
  }
  /** An EIP-4361 message of the wallet account to the demo site, on devnet chain 31337. */
  const siwe = (nonce: string, fields: Partial<SiweMessage> = {}): string =>
    createSiweMessage({
      ...SITE,
      address: wallet.address,
      chainId: 31337,
      nonce,
      version: '1',
      issuedAt: new Date(),
      statement: 'Sign in to the demo',
      ...fields
    })
  /** The newest live token of each address (by its lookup form), as sign-ins handed them out. */
  const tokens = new Map<string, string>()
  const signIn = async (message: string, signature: string, projectId = 'demo') => {
    const answer = await postJson<OrError<{ session: SiwxSession; token: string; tokenExpiresAt: string }>>(
      urlOf(server.url, '/v1/sessions', {}, clientOf(projectId)),
      { message, signature }
    )
    if (answer.status === 200 && projectId === 'demo') tokens.set(addressKey(answer.body.session.address), answer.body.token)
    return answer
  }
  const list = (address: string, params: Record<string, string> = {}, token = tokens.get(addressKey(address)), projectId = 'demo') =>
    getJson<OrError<{ sessions: ListedSiwxSession[] }>>(urlOf(server.url, `/v1/sessions/${address}`, params, clientOf(projectId)), {
      headers: token ? { authorization: `Bearer ${token}` } : {}
    })
  const listed = async (address: string, params: Record<string, string> = {}): Promise<ListedSiwxSession[]> => {
    const { status, body } = await list(address, params)
    assert.equal(status, 200, JSON.stringify(body))
    return body.sessions
  }
  const revoke = (address: string, body: unknown) => postJson(urlOf(server.url, `/v1/sessions/${address}/revoke`), body)
  /** Asserts a refusal: its status and the exact reason. */
  const refused = (response: { status: number; body: { reason?: string } }, status: number, reason: string) => {
    assert.equal(response.status, status, JSON.stringify(response.body))
    assert.equal(response.body.reason, reason)
  }

  before(async () => {
    devnet = await startDevnet()
    const config = demoServerConfig({ chains: devnet.chains, tokens: devnet.tokens, solana: devnet.solana })
    config.projects.push({ id: SHOP.projectId, allowedOrigins: [SHOP.origin] })
    // No test here reads the activity feed.
    config.history = { enabled: false }
    // Every test here asks for nonces from this one address; the limit has its own test.
    config.sessions = { noncesPerMinute: 10_000 }
    server = await createServer({ config, upstreamTimeoutMs: 5000 })
  })
  after(async () => {
    await server?.close()
    await devnet?.stop()
  })

  it('issues single nonces: random alphanumerics valid for 5 minutes', async () => {
    const start = Date.now()
    const answers = await Promise.all([1, 2, 3].map(() => postJson(urlOf(server.url, '/v1/sessions/nonce'), {})))
    const nonces = new Set<string>()
    for (const { status, body } of answers) {
      assert.equal(status, 200)
      assert.match(body.nonce, new RegExp(`^[A-Za-z0-9]{${SIWX_NONCE_LENGTH}}$`))
      assert.ok(SIWX_NONCE_LENGTH >= 16)
      const ttl = Date.parse(body.expiresAt) - start
      assert.ok(ttl > 4.9 * MINUTE && ttl < 5.1 * MINUTE, body.expiresAt)
      nonces.add(body.nonce)
    }
    assert.equal(nonces.size, 3)
    // Without a body at all too, and never without a project.
    assert.equal((await fetch(urlOf(server.url, '/v1/sessions/nonce'), { method: 'POST' })).status, 200)
    refused(await postJson(urlOf(server.url, '/v1/sessions/nonce', {}, { st: 'test', sv: '0' }), {}), 400, 'Missing required query parameter: projectId')
  })

  it('a valid EVM sign-in opens a session and issues its token, which lists it, without message or signature', async () => {
    const message = siwe(await newNonce(), { expirationTime: new Date(Date.now() + 60 * MINUTE), resources: ['https://docs.example/terms'] })
    const signature = await wallet.signMessage({ message })
    const { status, body } = await signIn(message, signature)
    assert.equal(status, 200, JSON.stringify(body))
    // What the modal's session client accepts, field for field.
    assert.deepEqual(v.parse(SignInSchema, body), body)
    const session = body.session
    assert.match(session.id, /^[0-9a-f]{32}$/)
    assert.equal(session.address, WALLET_ACCOUNT)
    assert.equal(session.chainId, 'eip155:31337')
    assert.equal(session.domain, SITE.domain)
    assert.equal(session.uri, SITE.uri)
    assert.equal(session.message, message)
    assert.equal(session.signature, signature)
    assert.ok(session.expirationTime && Date.parse(session.expirationTime) > Date.now())
    assert.ok(Math.abs(Date.parse(session.issuedAt) - Date.now()) < MINUTE)

    // The token: random, given out once, valid until the message's expiry (before the 30-day cap).
    assert.match(body.token, /^wms_[A-Za-z0-9_-]{43}$/)
    assert.equal(body.tokenExpiresAt, session.expirationTime)
    const stored = await server.store.query<{ token_hash: string }>('SELECT token_hash FROM siwx_sessions WHERE id = $1', [session.id])
    assert.match(stored.rows[0]!.token_hash, /^[0-9a-f]{64}$/)
    assert.equal(JSON.stringify(stored.rows).includes(body.token), false, 'only its hash is kept')

    // Any address case; the chain filter; neither the message nor the signature is ever listed.
    const { signature: _secret, message: _message, ...expected } = session
    for (const address of [WALLET_ACCOUNT, WALLET_ACCOUNT.toLowerCase()]) {
      const sessions = await listed(address)
      assert.deepEqual(
        sessions.find(s => s.id === session.id),
        expected
      )
      assert.ok(sessions.every(s => !('signature' in s) && !('message' in s)))
    }
    assert.ok((await listed(WALLET_ACCOUNT, { chainId: 'eip155:31337' })).some(s => s.id === session.id))
    assert.deepEqual(await listed(WALLET_ACCOUNT, { chainId: 'eip155:31338' }), [])
  })

  it('lists sessions only to the holder of a live token of that address and project', async () => {
    // This test revokes its session: the other tests keep listing with the token they had.
    const earlier = tokens.get(addressKey(WALLET_ACCOUNT))
    const message = siwe(await newNonce())
    const { body } = await signIn(message, await wallet.signMessage({ message }))
    const token = body.token
    assert.equal((await list(WALLET_ACCOUNT, {}, token)).status, 200)
    const invalid = { error: 'unauthorized', reason: 'Invalid or expired session token' }
    for (const [address, header, projectId] of [
      [WALLET_ACCOUNT, '', 'demo'],
      [WALLET_ACCOUNT, `wms_${randomBytes(32).toString('base64url')}`, 'demo'],
      [WALLET_ACCOUNT, `${token}x`, 'demo'],
      [other.address, token, 'demo'],
      [WALLET_ACCOUNT, token, SHOP.projectId]
    ] as const) {
      const refusal = await list(address, {}, header, projectId)
      assert.deepEqual([refusal.status, refusal.body], [401, invalid], `${address} ${header} ${projectId}`)
    }
    // A token in another form of header is no token.
    const basic = await getJson(urlOf(server.url, `/v1/sessions/${WALLET_ACCOUNT}`, {}, CLIENT), { headers: { authorization: `Basic ${token}` } })
    assert.equal(basic.status, 401)
    // Revoked: the token stops working at once.
    assert.deepEqual((await revoke(WALLET_ACCOUNT, { pci: body.session.id, signature: await wallet.signMessage({ message }) })).body, { revoked: true })
    assert.equal((await list(WALLET_ACCOUNT, {}, token)).status, 401)
    if (earlier) tokens.set(addressKey(WALLET_ACCOUNT), earlier)
  })

  it('lists the newest session first and a message without statement or expiry works too', async () => {
    const first = siwe(await newNonce(), { chainId: 31338, statement: undefined })
    const second = siwe(await newNonce(), { chainId: 31338 })
    const a = await signIn(first, await wallet.signMessage({ message: first }))
    const b = await signIn(second, await wallet.signMessage({ message: second }))
    assert.equal(a.status, 200, JSON.stringify(a.body))
    assert.equal(b.status, 200, JSON.stringify(b.body))
    assert.equal(a.body.session.expirationTime, undefined)
    const ids = (await listed(WALLET_ACCOUNT, { chainId: 'eip155:31338' })).map(s => s.id)
    assert.deepEqual(ids.slice(0, 2), [b.body.session.id, a.body.session.id])
  })

  it('refuses a replayed message: Nonce already used, also when two submissions race', async () => {
    const message = siwe(await newNonce())
    const signature = await wallet.signMessage({ message })
    assert.equal((await signIn(message, signature)).status, 200)
    refused(await signIn(message, signature), 409, 'Nonce already used')

    const racing = siwe(await newNonce())
    const racingSignature = await wallet.signMessage({ message: racing })
    const answers = await Promise.all([1, 2, 3].map(() => signIn(racing, racingSignature)))
    assert.deepEqual(answers.map(a => a.status).sort(), [200, 409, 409])
  })

  it('refuses messages outside their dates', async () => {
    const expired = siwe(await newNonce(), { issuedAt: new Date(Date.now() - 10 * MINUTE), expirationTime: new Date(Date.now() - MINUTE) })
    refused(await signIn(expired, await wallet.signMessage({ message: expired })), 400, 'Message expired')
    const early = siwe(await newNonce(), { notBefore: new Date(Date.now() + 10 * MINUTE) })
    refused(await signIn(early, await wallet.signMessage({ message: early })), 400, 'Message not yet valid')
    const future = siwe(await newNonce(), { issuedAt: new Date(Date.now() + 10 * MINUTE) })
    refused(await signIn(future, await wallet.signMessage({ message: future })), 400, 'Message issued in the future')
    // Clocks drift: a couple of minutes ahead is accepted.
    const skewed = siwe(await newNonce(), { issuedAt: new Date(Date.now() + 2 * MINUTE) })
    assert.equal((await signIn(skewed, await wallet.signMessage({ message: skewed }))).status, 200)
  })

  it('refuses a domain or URI the project does not allow', async () => {
    const domain = siwe(await newNonce(), { domain: 'evil.example', uri: 'https://evil.example/login' })
    refused(await signIn(domain, await wallet.signMessage({ message: domain })), 400, 'Domain not allowed: evil.example')
    const uri = siwe(await newNonce(), { uri: 'https://evil.example/login' })
    refused(await signIn(uri, await wallet.signMessage({ message: uri })), 400, 'URI not allowed: https://evil.example/login')
    // The demo site is not one of the shop's origins; the shop's own is, over https only.
    const demoToShop = siwe(await newNonce(SHOP.projectId))
    refused(await signIn(demoToShop, await wallet.signMessage({ message: demoToShop }), SHOP.projectId), 400, 'Domain not allowed: 127.0.0.1:5173')
    const http = siwe(await newNonce(SHOP.projectId), { scheme: 'http', domain: 'shop.example', uri: 'https://shop.example/' })
    refused(await signIn(http, await wallet.signMessage({ message: http }), SHOP.projectId), 400, 'Domain not allowed: shop.example')
    const shop = siwe(await newNonce(SHOP.projectId), { domain: 'shop.example', uri: 'https://shop.example/account' })
    assert.equal((await signIn(shop, await wallet.signMessage({ message: shop }), SHOP.projectId)).status, 200)
  })

  it('refuses a signature from another key, and the nonce is spent by the attempt', async () => {
    const message = siwe(await newNonce())
    refused(await signIn(message, await other.signMessage({ message })), 400, 'Invalid signature')
    refused(await signIn(message, '0x1234'), 409, 'Nonce already used')
    // The right signature of the same message comes too late: one nonce, one attempt.
    refused(await signIn(message, await wallet.signMessage({ message })), 409, 'Nonce already used')
    // A signature of another text, and a signature that is not hex.
    const fresh = siwe(await newNonce())
    refused(await signIn(fresh, await wallet.signMessage({ message: `${fresh} ` })), 400, 'Invalid signature')
    const notHex = siwe(await newNonce())
    refused(await signIn(notHex, 'NotHexAtAll'), 400, 'Invalid signature')
  })

  it('refuses unknown, foreign and expired nonces', async () => {
    const unknown = siwe(randomBytes(12).toString('hex'))
    refused(await signIn(unknown, await wallet.signMessage({ message: unknown })), 400, 'Unknown nonce')
    // A nonce of another project does not open a session here.
    const foreign = siwe(await newNonce(SHOP.projectId))
    refused(await signIn(foreign, await wallet.signMessage({ message: foreign })), 400, 'Unknown nonce')

    const nonce = await newNonce()
    await server.store.query(`UPDATE siwx_nonces SET expires_at = now() - interval '1 second' WHERE nonce = $1`, [nonce])
    const late = siwe(nonce)
    refused(await signIn(late, await wallet.signMessage({ message: late })), 400, 'Nonce expired')
  })

  it('refuses malformed messages and bodies', async () => {
    const nonce = await newNonce()
    const good = siwe(nonce)
    const signature = await wallet.signMessage({ message: good })
    const broken = [
      'hello',
      good.replace(/\nIssued At: .*/, ''),
      good.replace('Version: 1', 'Version: 2'),
      good.replace(/Issued At: .*/, 'Issued At: yesterday'),
      good.replace(wallet.address, '0x1234'),
      good.replace('Chain ID: 31337', 'Chain ID: eip155:31337'),
      `${good}\nSomething: else`,
      good.replace(/\n/g, '\r\n')
    ]
    for (const message of broken) refused(await signIn(message, signature), 400, 'Message could not be parsed')
    // Refusals before the nonce is spent: the good message still works.
    assert.equal((await signIn(good, signature)).status, 200)

    for (const body of [
      { message: good },
      { signature },
      { message: good, signature, extra: 1 },
      { message: 'x'.repeat(4001), signature },
      { message: good, signature: '0x12 34' },
      { message: 42, signature }
    ]) {
      const { status, body: answer } = await postJson(urlOf(server.url, '/v1/sessions'), body)
      assert.equal(status, 400, JSON.stringify(body).slice(0, 100))
      assert.equal(answer.error, 'bad_request')
      assert.equal(typeof answer.reason, 'string')
    }
    const notJson = await postJson(urlOf(server.url, '/v1/sessions'), '{"message":')
    assert.equal(notJson.status, 400)
    assert.equal(typeof notJson.body.reason, 'string')
  })

  it('refuses chains that are not configured', async () => {
    const mainnet = siwe(await newNonce(), { chainId: 1 })
    refused(await signIn(mainnet, await wallet.signMessage({ message: mainnet })), 400, 'Chain not supported: eip155:1')
  })

  describe('revocation', () => {
    it('ends a session given its signature; a wrong one, address or id is refused', async () => {
      const earlier = tokens.get(addressKey(WALLET_ACCOUNT))!
      const message = siwe(await newNonce())
      const signature = await wallet.signMessage({ message })
      const { body } = await signIn(message, signature)
      const { id } = body.session

      refused(await revoke(WALLET_ACCOUNT, { pci: id, signature: await other.signMessage({ message }) }), 403, 'Invalid signature')
      refused(await revoke(other.address, { pci: id, signature }), 403, 'Session belongs to another address')
      refused(await revoke(WALLET_ACCOUNT, { pci: randomBytes(16).toString('hex'), signature }), 404, 'Session not found')
      // Another project cannot see it either.
      refused(
        await postJson(urlOf(server.url, `/v1/sessions/${WALLET_ACCOUNT}/revoke`, {}, clientOf(SHOP.projectId)), { pci: id, signature }),
        404,
        'Session not found'
      )
      for (const bad of [{ pci: 'nope', signature }, { pci: id }, { pci: id, signature, more: true }]) {
        assert.equal((await revoke(WALLET_ACCOUNT, bad)).status, 400)
      }
      assert.ok(
        (await listed(WALLET_ACCOUNT)).some(s => s.id === id),
        'refusals leave the session alive'
      )

      // Any address case; hex signatures compare case-insensitively.
      const done = await revoke(WALLET_ACCOUNT.toLowerCase(), { pci: id, signature: signature.toUpperCase().replace(/^0X/, '0x') })
      assert.equal(done.status, 200, JSON.stringify(done.body))
      assert.deepEqual(done.body, { revoked: true })
      // Seen through another live session's token (its own stopped working).
      tokens.set(addressKey(WALLET_ACCOUNT), earlier)
      assert.ok(!(await listed(WALLET_ACCOUNT)).some(s => s.id === id))
      // A retry after a lost answer hears the same.
      assert.deepEqual((await revoke(WALLET_ACCOUNT, { pci: id, signature })).body, { revoked: true })
    })
  })

  describe('solana', () => {
    const secretKey = ed25519.utils.randomPrivateKey()
    const address = encodeBase58(ed25519.getPublicKey(secretKey))
    /** A CAIP-122 message of the Solana key to the demo site, on the devnet's Solana network. */
    const solanaMessage = (nonce: string, reference = devnet.solana.caipNetworkId.split(':')[1]!) =>
      caip122('Solana', address, reference, nonce, [
        `Expiration Time: ${new Date(Date.now() + 60 * MINUTE).toISOString()}`,
        'Resources:',
        '- https://docs.example/terms'
      ])
    const sign = (message: string, key = secretKey) => ed25519.sign(new TextEncoder().encode(message), key)

    it('a valid Solana sign-in (base58 or hex signature) is listed under its base58 address', async () => {
      const message = solanaMessage(await newNonce())
      const signature = encodeBase58(sign(message))
      const { status, body } = await signIn(message, signature)
      assert.equal(status, 200, JSON.stringify(body))
      assert.equal(body.session.address, address)
      assert.equal(body.session.chainId, devnet.solana.caipNetworkId)
      assert.equal(body.session.signature, signature)
      assert.deepEqual(
        (await listed(address)).map(s => s.id),
        [body.session.id]
      )
      assert.deepEqual(
        (await listed(address, { chainId: devnet.solana.caipNetworkId })).map(s => s.id),
        [body.session.id]
      )

      const hexMessage = solanaMessage(await newNonce())
      const hex = await signIn(hexMessage, Buffer.from(sign(hexMessage)).toString('hex'))
      assert.equal(hex.status, 200, JSON.stringify(hex.body))

      const revoked = await revoke(address, { pci: body.session.id, signature })
      assert.deepEqual(revoked.body, { revoked: true })
      assert.deepEqual(
        (await listed(address)).map(s => s.id),
        [hex.body.session.id]
      )
    })

    it('refuses another key, an unknown Solana network and a message for another chain family', async () => {
      const message = solanaMessage(await newNonce())
      refused(await signIn(message, encodeBase58(sign(message, ed25519.utils.randomPrivateKey()))), 400, 'Invalid signature')
      const mainnet = solanaMessage(await newNonce(), '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
      refused(await signIn(mainnet, encodeBase58(sign(mainnet))), 400, 'Chain not supported: solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
      const crossed = solanaMessage(await newNonce(), 'eip155:31337')
      refused(await signIn(crossed, encodeBase58(sign(crossed))), 400, 'Message could not be parsed')
    })
  })

  describe('bitcoin', () => {
    // The devnet Bitcoin wallet's keys (the public BIP test mnemonic), on Regtest.
    const [payment, ordinals] = deriveDevnetBitcoinKeys('Regtest')
    const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
    /** A CAIP-122 message of a Bitcoin address to the demo site. */
    const bitcoinMessage = (nonce: string, address: string, reference = REGTEST.split(':')[1]!) => caip122('Bitcoin', address, reference, nonce)

    it('a BIP-322 sign-in (P2WPKH or P2TR) or a BIP-137 one opens a session listed under the address', async () => {
      const message = bitcoinMessage(await newNonce(), payment!.address)
      const { signature } = signBitcoinMessage(payment!, message, 'BIP322')
      assert.match(signature, /[+/=]/, 'a base64 signature with the characters base58 lacks, most of the time')
      const { status, body } = await signIn(message, signature)
      assert.equal(status, 200, JSON.stringify(body))
      assert.equal(body.session.address, payment!.address)
      assert.equal(body.session.chainId, REGTEST)
      // bech32 is case-insensitive: the upper-case form finds the same sessions.
      assert.deepEqual(
        (await listed(payment!.address.toUpperCase(), { chainId: REGTEST })).map(s => s.id),
        [body.session.id]
      )

      const taproot = bitcoinMessage(await newNonce(), ordinals!.address)
      const p2tr = await signIn(taproot, signBitcoinMessage(ordinals!, taproot, 'BIP322').signature)
      assert.equal(p2tr.status, 200, JSON.stringify(p2tr.body))
      const legacy = bitcoinMessage(await newNonce(), payment!.address)
      const bip137 = await signIn(legacy, signBitcoinMessage(payment!, legacy, 'ECDSA').signature)
      assert.equal(bip137.status, 200, JSON.stringify(bip137.body))

      const revoked = await revoke(payment!.address, { pci: body.session.id, signature })
      assert.deepEqual(revoked.body, { revoked: true })
      assert.deepEqual(
        (await listed(payment!.address)).map(s => s.id),
        [bip137.body.session.id]
      )
    })

    it('refuses another key, an address of another network, an unknown network and a bad address', async () => {
      const message = bitcoinMessage(await newNonce(), payment!.address)
      refused(await signIn(message, signBitcoinMessage(ordinals!, message, 'BIP322').signature), 400, 'Invalid signature')
      // A Mainnet address in a Regtest message: its signature is fine, its network is not.
      const mainnetKey = deriveDevnetBitcoinKeys('Mainnet')[0]!
      const crossed = bitcoinMessage(await newNonce(), mainnetKey.address)
      refused(await signIn(crossed, signBitcoinMessage(mainnetKey, crossed, 'BIP322').signature), 400, 'Invalid signature')
      const unknown = bitcoinMessage(await newNonce(), payment!.address, '00000000000000000000000000000000')
      refused(
        await signIn(unknown, signBitcoinMessage(payment!, unknown, 'BIP322').signature),
        400,
        'Chain not supported: bip122:00000000000000000000000000000000'
      )
      const typo = bitcoinMessage(await newNonce(), `${payment!.address.slice(0, -1)}q`)
      refused(await signIn(typo, signBitcoinMessage(payment!, typo, 'BIP322').signature), 400, 'Message could not be parsed')
      refused(await signIn(message, 'AkcwRAIgSignature=='), 409, 'Nonce already used')
    })
  })

  it('answers 429 with Retry-After to an address asking for too many nonces in a minute', async () => {
    const config = demoServerConfig({ chains: devnet.chains, tokens: devnet.tokens })
    config.history = { enabled: false }
    config.sessions = { noncesPerMinute: 2 }
    // Behind one proxy: the client is who X-Forwarded-For names.
    const limited = await createServer({ config, relay: false, trustProxy: 1 })
    try {
      const ask = (client = '203.0.113.7') =>
        fetch(urlOf(limited.url, '/v1/sessions/nonce'), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
          body: '{}'
        })
      assert.equal((await ask()).status, 200)
      assert.equal((await ask()).status, 200)
      assert.equal((await ask('203.0.113.8')).status, 200, 'another client has its own count')
      // One IPv6 subscriber (a /64) is one client, whichever of its addresses it uses.
      assert.deepEqual([(await ask('2001:db8:1:2::1')).status, (await ask('2001:db8:1:2::2')).status, (await ask('2001:db8:1:2::3')).status], [200, 200, 429])
      const third = await ask()
      assert.equal(third.status, 429)
      const retryAfter = Number(third.headers.get('retry-after'))
      assert.ok(retryAfter >= 1 && retryAfter <= 60, String(retryAfter))
      assert.deepEqual(await third.json(), { error: 'rate_limited', reason: `Too many sign-in requests; try again in ${retryAfter} s` })
      // Only nonces are limited: the rest of the service still answers (here: no token, 401).
      assert.equal((await getJson(urlOf(limited.url, `/v1/sessions/${WALLET_ACCOUNT}`))).status, 401)
    } finally {
      await limited.close()
    }
  })

  it('GET and revoke validate the address', async () => {
    for (const bad of ['0x123', 'not-an-address', `${WALLET_ACCOUNT}00`]) {
      const { status, body } = await getJson(urlOf(server.url, `/v1/sessions/${bad}`))
      assert.equal(status, 400, bad)
      assert.equal(typeof body.reason, 'string')
    }
    assert.equal((await getJson(urlOf(server.url, `/v1/sessions/${WALLET_ACCOUNT}`, { chainId: 'nope' }))).status, 400)
    const { status, body } = await revoke('0x123', { pci: '0'.repeat(32), signature: '0x00' })
    assert.equal(status, 400)
    assert.equal(body.error, 'bad_request')
  })
})
