// The name service (/v1/profile/*): configured identities by name, names registered here by a
// signature over the exact JSON message (real keys, verified with viem), their reverse lookup,
// suggestions, and the refusals: bad names, old, future, replayed and forged registrations.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import * as v from 'valibot'
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts'
import { ProfileSchema, ReverseSchema, SuggestionsSchema, evmCoinType } from '@wallet-modal/wire'
import { DEVNET_ACCOUNTS } from '@wallet-modal/devnet'
import { getJson, postJson, urlOf } from '../__fixtures__/http.js'
import { startOfflineServer } from '../__fixtures__/startOfflineServer.js'
import { useStarted } from '../__fixtures__/useStarted.js'
import { DEMO_NAME_SUFFIX } from '../config/demoServerConfig.js'

const FRIEND = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const COIN = evmCoinType(31337)

describe('/v1/profile/*', () => {
  // Registrations are limited per client (10 a minute by default); this suite makes more.
  const server = useStarted(
    () => startOfflineServer({ rateLimits: { routes: { names: 100 } } }),
    started => started.close()
  )

  const lookup = (name: string) => getJson(urlOf(server.url, `/v1/profile/account/${name}`, { apiVersion: '2' }))
  const reverse = (address: string) => getJson(urlOf(server.url, `/v1/profile/reverse/${address}`, { apiVersion: '2', sender: address }))
  const suggest = (name: string, zone = DEMO_NAME_SUFFIX.slice(1)) => getJson(urlOf(server.url, `/v1/profile/suggestions/${name}`, { zone }))
  const register = (body: unknown) => postJson(urlOf(server.url, '/v1/profile/account'), body)

  /** A registration as the modal makes it: the JSON message signed with personal_sign. */
  async function signed(key: `0x${string}`, name: string, opts: { timestamp?: number; attributes?: Record<string, string> } = {}) {
    const account = privateKeyToAccount(key)
    const message = JSON.stringify({ name, attributes: opts.attributes ?? {}, timestamp: opts.timestamp ?? Math.floor(Date.now() / 1000) })
    return { coin_type: COIN, address: account.address, message, signature: await account.signMessage({ message }) }
  }

  it("answers the configured identity's address and a loadable avatar, any name case", async () => {
    for (const name of ['devnet-friend.reown.id', 'Devnet-Friend.Reown.ID']) {
      const { status, body } = await lookup(name)
      assert.equal(status, 200)
      assert.deepEqual(Object.keys(body), ['name', 'addresses', 'attributes'])
      // What the modal's service client accepts, field for field.
      assert.deepEqual(v.parse(ProfileSchema, body), body)
      assert.equal(body.name, 'devnet-friend.reown.id')
      assert.deepEqual(body.addresses, { 60: { address: FRIEND } })
      assert.ok(body.attributes.avatar.startsWith(`${server.url}/public/getAssetImage/avatar-friend?`))
      const avatar = await fetch(body.attributes.avatar)
      assert.equal(avatar.status, 200)
      assert.equal(avatar.headers.get('content-type'), 'image/svg+xml')
    }
    const wallet = await lookup('devnet-wallet.reown.id')
    assert.equal(wallet.body.addresses['60'].address, DEVNET_ACCOUNTS[1])
    // The reverse lookups agree.
    const identity = await getJson(urlOf(server.url, `/v1/identity/${FRIEND}`))
    assert.equal(identity.body.name, 'devnet-friend.reown.id')
    const names = await reverse(FRIEND)
    assert.deepEqual(v.parse(ReverseSchema, names.body), names.body)
    assert.deepEqual(
      names.body.map((n: { name: string }) => n.name),
      ['devnet-friend.reown.id']
    )
  })

  it('answers 404 for unknown names and 400 for impossible ones', async () => {
    const unknown = await lookup('nobody.reown.id')
    assert.equal(unknown.status, 404)
    assert.deepEqual(unknown.body, { error: 'not_found', reason: 'Name not found: nobody.reown.id' })
    for (const bad of ['has%20space', 'semi%3Bcolon', 'a'.repeat(101), 'under_score']) {
      const { status, body } = await lookup(bad)
      assert.equal(status, 400, bad)
      assert.match(body.reason, /Invalid name/)
    }
    assert.equal((await reverse('0x1234')).status, 400)
  })

  it('registers a name for the address that signed for it: forward (any case, legacy suffix), reverse, taken in suggestions', async () => {
    const key = generatePrivateKey()
    const address = privateKeyToAccount(key).address
    assert.deepEqual((await reverse(address)).body, [], 'no name yet')
    const free = await suggest('carol-http')
    assert.equal(free.status, 200)
    assert.deepEqual(v.parse(SuggestionsSchema, free.body), free.body)
    assert.deepEqual(free.body.suggestions[0], { name: `carol-http${DEMO_NAME_SUFFIX}`, registered: false })

    const done = await register(await signed(key, `Carol-HTTP${DEMO_NAME_SUFFIX}`, { attributes: { description: 'hi' } }))
    assert.equal(done.status, 200, JSON.stringify(done.body))
    assert.deepEqual(done.body, {
      name: `carol-http${DEMO_NAME_SUFFIX}`,
      addresses: { 60: { address }, [COIN]: { address } },
      attributes: { description: 'hi' }
    })
    for (const name of [`carol-http${DEMO_NAME_SUFFIX}`, `CAROL-http${DEMO_NAME_SUFFIX}`, 'carol-http.wcn.id']) {
      const found = await lookup(name)
      assert.equal(found.status, 200, name)
      assert.equal(found.body.addresses['60'].address, address)
    }
    // Only under this service's suffixes: the same own part elsewhere is another name.
    assert.equal((await lookup('carol-http.reown.id')).status, 404)
    assert.deepEqual(
      (await reverse(address)).body.map((n: { name: string }) => n.name),
      [`carol-http${DEMO_NAME_SUFFIX}`]
    )

    const taken = await suggest('carol-http')
    assert.deepEqual(taken.body.suggestions[0], { name: `carol-http${DEMO_NAME_SUFFIX}`, registered: true })
    const variants = taken.body.suggestions.slice(1)
    assert.ok(variants.length >= 3 && variants.length <= 5, JSON.stringify(variants))
    for (const s of variants) {
      assert.equal(s.registered, false)
      assert.match(s.name, new RegExp(`^[a-z0-9-]*carol-http[a-z0-9-]*\\${DEMO_NAME_SUFFIX}$`))
    }
    // Another address cannot take it, in any case.
    const other = await register(await signed(generatePrivateKey(), `CAROL-HTTP${DEMO_NAME_SUFFIX}`))
    assert.equal(other.status, 409)
    assert.equal(other.body.reason, `carol-http${DEMO_NAME_SUFFIX} is already taken`)
    // One name per address.
    const second = await register(await signed(key, `carol-two${DEMO_NAME_SUFFIX}`))
    assert.equal(second.status, 409)
    assert.equal(second.body.reason, `This address already has a name: carol-http${DEMO_NAME_SUFFIX}`)
    // A configured identity's name is another suffix's here (.reown.id is not this service's): free.
    assert.equal((await suggest('devnet-friend')).body.suggestions[0].registered, false)
  })

  it('refuses a replayed registration, an old or future one, and a forged signature', async () => {
    const key = generatePrivateKey()
    const body = await signed(key, `dave-http${DEMO_NAME_SUFFIX}`)
    assert.equal((await register(body)).status, 200)
    const replay = await register(body)
    assert.equal(replay.status, 409)
    assert.equal(replay.body.reason, 'This signed message was already used')

    const now = Math.floor(Date.now() / 1000)
    const old = await register(await signed(generatePrivateKey(), `erin-http${DEMO_NAME_SUFFIX}`, { timestamp: now - 301 }))
    assert.equal(old.status, 400)
    assert.equal(old.body.reason, 'The signed message is too old; sign a new one')
    const future = await register(await signed(generatePrivateKey(), `erin-http${DEMO_NAME_SUFFIX}`, { timestamp: now + 120 }))
    assert.equal(future.status, 400)
    assert.equal(future.body.reason, 'The signed message is dated in the future')

    // Signed by one key, claimed for another address; and a message changed after signing.
    const victim = privateKeyToAccount(generatePrivateKey()).address
    const forged = { ...(await signed(generatePrivateKey(), `frank-http${DEMO_NAME_SUFFIX}`)), address: victim }
    const claimed = await register(forged)
    assert.equal(claimed.status, 401)
    assert.equal(claimed.body.reason, 'The signature does not match the address')
    const genuine = await signed(key, `frank-http${DEMO_NAME_SUFFIX}`)
    const edited = await register({ ...genuine, message: genuine.message.replace('frank-http', 'frank-hack') })
    assert.equal(edited.status, 401)
    assert.equal((await lookup(`frank-hack${DEMO_NAME_SUFFIX}`)).status, 404, 'nothing written')
    assert.deepEqual((await reverse(victim)).body, [])
  })

  it('refuses names that break the rule, another suffix or zone, and malformed messages, saying why', async () => {
    const key = generatePrivateKey()
    const cases: [unknown, number, string][] = [
      [await signed(key, `abc${DEMO_NAME_SUFFIX}`), 400, 'A name is letters, digits and hyphens, at least 4 characters'],
      [await signed(key, `bad_name${DEMO_NAME_SUFFIX}`), 400, 'A name is letters, digits and hyphens, at least 4 characters'],
      [await signed(key, 'grace-http.reown.id'), 400, `Names here end in ${DEMO_NAME_SUFFIX}`],
      [await signed(key, 'grace-http.wcn.id'), 400, `Names here end in ${DEMO_NAME_SUFFIX}`],
      [{ ...(await signed(key, `grace-http${DEMO_NAME_SUFFIX}`)), coin_type: 501 }, 400, 'Unsupported coin type 501: names here are for EVM addresses'],
      [
        await signed(key, `grace-http${DEMO_NAME_SUFFIX}`, { attributes: { '<b>': 'x' } }),
        400,
        'Attributes: only description and bio, texts of up to 256 characters'
      ],
      // An avatar would be fetched by every page resolving the name: not accepted from a registration.
      [
        await signed(key, `grace-http${DEMO_NAME_SUFFIX}`, { attributes: { avatar: 'https://tracker.example/a.png' } }),
        400,
        'Attributes: only description and bio, texts of up to 256 characters'
      ],
      [
        await signed(key, `grace-http${DEMO_NAME_SUFFIX}`, { attributes: { bio: 'x'.repeat(257) } }),
        400,
        'Attributes: only description and bio, texts of up to 256 characters'
      ]
    ]
    const notJson = await signed(key, `grace-http${DEMO_NAME_SUFFIX}`)
    cases.push([{ ...notJson, message: 'grace-http please' }, 400, 'The message must be JSON with name, attributes and timestamp (in seconds)'])
    cases.push([
      { ...notJson, message: JSON.stringify({ name: `grace-http${DEMO_NAME_SUFFIX}`, attributes: {}, timestamp: 1, extra: 1 }) },
      400,
      'The message must be JSON with name, attributes and timestamp (in seconds)'
    ])
    for (const [body, status, reason] of cases) {
      const answer = await register(body)
      assert.equal(answer.status, status, JSON.stringify(body))
      assert.equal(answer.body.reason, reason)
    }
    const missing = await register({ address: privateKeyToAccount(key).address })
    assert.equal(missing.status, 400)
    assert.equal((await lookup(`grace-http${DEMO_NAME_SUFFIX}`)).status, 404)

    assert.equal((await suggest('abc')).body.reason, 'A name is letters, digits and hyphens, at least 4 characters')
    const zone = await suggest('grace-http', 'reown.id')
    assert.equal(zone.status, 400)
    assert.equal(zone.body.reason, `Unknown zone reown.id: names here end in ${DEMO_NAME_SUFFIX}`)
  })

  it('tells the modal its suffix in the project configuration', async () => {
    const { body } = await getJson(urlOf(server.url, '/appkit/v1/config'))
    assert.deepEqual(
      body.features.find((f: { id: string }) => f.id === 'nameService'),
      { id: 'nameService', isEnabled: true, config: { suffix: DEMO_NAME_SUFFIX, legacySuffixes: ['.wcn.id'] } }
    )
  })

  it('limits registrations per client: the 11th in a minute is refused with 429 and Retry-After', async () => {
    const limited = await startOfflineServer()
    try {
      const statuses: number[] = []
      for (let i = 0; i < 11; i++) statuses.push((await postJson(urlOf(limited.url, '/v1/profile/account'), { address: FRIEND })).status)
      assert.deepEqual(statuses, [...Array(10).fill(400), 429])
      const refused = await fetch(urlOf(limited.url, '/v1/profile/account'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      assert.equal(refused.status, 429)
      assert.ok(Number(refused.headers.get('retry-after')) > 0)
      // Lookups count in their own group: still answered.
      assert.equal((await getJson(urlOf(limited.url, `/v1/profile/reverse/${FRIEND}`))).status, 200)
    } finally {
      await limited.close()
    }
  })

  it('never lets a registration shadow a configured name, under the legacy suffix either', async () => {
    // Here the configured identities' suffix (.reown.id) is this service's legacy one.
    const legacy = await startOfflineServer({ names: { suffix: DEMO_NAME_SUFFIX, legacySuffixes: ['.reown.id'] } })
    try {
      const suggestions = await getJson(urlOf(legacy.url, '/v1/profile/suggestions/devnet-friend', { zone: DEMO_NAME_SUFFIX.slice(1) }))
      assert.deepEqual(suggestions.body.suggestions[0], { name: `devnet-friend${DEMO_NAME_SUFFIX}`, registered: true })
      const taken = await postJson(urlOf(legacy.url, '/v1/profile/account'), await signed(generatePrivateKey(), `Devnet-Friend${DEMO_NAME_SUFFIX}`))
      assert.equal(taken.status, 409)
      assert.equal(taken.body.reason, `devnet-friend${DEMO_NAME_SUFFIX} is already taken`)
      const configured = await getJson(urlOf(legacy.url, '/v1/profile/account/devnet-friend.reown.id', { apiVersion: '2' }))
      assert.deepEqual(configured.body.addresses, { 60: { address: FRIEND } })
    } finally {
      await legacy.close()
    }
  })
})
