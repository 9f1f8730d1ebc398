// The forward name lookup (/v1/profile/account/{name}): the configured identities by name, the
// same ones /v1/identity/{address} answers by address. No chain is needed here.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import * as v from 'valibot'
import { ProfileSchema } from '@wallet-modal/wire'
import { DEVNET_ACCOUNTS } from '../../../devnet/src/index.js'
import { getJson, urlOf } from '../__fixtures__/http.js'
import { startOfflineServer } from '../__fixtures__/startOfflineServer.js'
import { useStarted } from '../__fixtures__/useStarted.js'

const FRIEND = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

describe('/v1/profile/account/{name}', () => {
  const server = useStarted(startOfflineServer, started => started.close())

  const lookup = (name: string) => getJson(urlOf(server.url, `/v1/profile/account/${name}`, { apiVersion: '2' }))

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
    // The reverse lookup agrees.
    const identity = await getJson(urlOf(server.url, `/v1/identity/${FRIEND}`))
    assert.equal(identity.body.name, 'devnet-friend.reown.id')
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
  })
})
