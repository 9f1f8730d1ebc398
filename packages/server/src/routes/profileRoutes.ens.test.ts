// ENS through the name service's routes, against the published ENS contracts deployed on a fresh
// anvil (deployEns): the forward lookup Send uses, the reverse lookup Account shows, the poisoned
// reverse record, names under the service's own suffix left to it, and a node that does not answer.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import * as v from 'valibot'
import { ProfileSchema, ReverseSchema } from '@wallet-modal/wire'
import {
  startAnvil,
  type AnvilInstance,
  DEVNET_ENS,
  DEVNET_ENS_NAMES,
  DEVNET_ENS_POISONED_REVERSE,
  DEVNET_TOKENS,
  WALLET_ACCOUNT,
  deployEns,
  findFreePort
} from '@wallet-modal/devnet'
import { historyOf, send, synced } from '../__fixtures__/activity.js'
import { getJson, urlOf } from '../__fixtures__/http.js'
import { DEMO_NAME_SUFFIX, demoServerConfig } from '../config/demoServerConfig.js'
import { createServer, type WalletModalServer } from '../internal.js'

describe('/v1/profile/* with ENS', () => {
  let anvil: AnvilInstance | undefined
  let server: WalletModalServer | undefined
  let down: WalletModalServer | undefined
  before(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    await deployEns(anvil.url)
    const ens = { chainId: 31337, registry: DEVNET_ENS.registry }
    server = await createServer({ config: demoServerConfig({ chains: [{ chainId: 31337, name: 'Devnet', rpcUrl: anvil.url }], tokens: DEVNET_TOKENS, ens }) })
    // The same, with the ENS chain's node gone.
    const dead = `http://127.0.0.1:${await findFreePort()}`
    down = await createServer({
      config: demoServerConfig({ chains: [{ chainId: 31337, name: 'Devnet', rpcUrl: dead }], tokens: DEVNET_TOKENS, ens }),
      upstreamTimeoutMs: 1000
    })
  })
  after(async () => {
    await server?.close()
    await down?.close()
    await anvil?.stop()
  })

  const lookup = (base: string, name: string) => getJson(urlOf(base, `/v1/profile/account/${name}`, { apiVersion: '2' }))
  const reverse = (base: string, address: string) => getJson(urlOf(base, `/v1/profile/reverse/${address}`, { apiVersion: '2', sender: address }))

  it('resolves an ENS name to its address and avatar (what Send shows for the receiver), any case', async () => {
    const friend = DEVNET_ENS_NAMES['devnet-friend.eth']
    for (const name of ['devnet-friend.eth', 'Devnet-Friend.ETH']) {
      const { status, body } = await lookup(server!.url, name)
      assert.equal(status, 200, name)
      assert.deepEqual(v.parse(ProfileSchema, body), body)
      assert.deepEqual(body, { name: 'devnet-friend.eth', addresses: { '60': { address: friend.address } }, attributes: { avatar: friend.avatar } })
    }
  })

  it('answers 404 for a name without an address and for one ENS does not know', async () => {
    for (const name of ['devnet-nobody.eth', 'never-registered.eth', `nobody${DEMO_NAME_SUFFIX}`]) {
      const { status, body } = await lookup(server!.url, name)
      assert.equal(status, 404, name)
      assert.equal(body.reason, `Name not found: ${name}`)
    }
  })

  it("lists an address's ENS primary name in the reverse lookup (what Account shows), never a denied claim", async () => {
    const { status, body } = await reverse(server!.url, WALLET_ACCOUNT)
    assert.equal(status, 200)
    assert.deepEqual(v.parse(ReverseSchema, body), body)
    assert.deepEqual(
      body.map((n: { name: string }) => n.name),
      ['devnet-wallet.eth']
    )
    assert.deepEqual((await reverse(server!.url, DEVNET_ENS_POISONED_REVERSE.account)).body, [])
  })

  it('names the counterparts of the activity feed by their ENS names (and leaves a denied claim unnamed)', async () => {
    const friend = DEVNET_ENS_NAMES['devnet-friend.eth'].address
    await send(anvil!.url, { from: WALLET_ACCOUNT, to: friend, value: '0x1' })
    await send(anvil!.url, { from: DEVNET_ENS_POISONED_REVERSE.account, to: WALLET_ACCOUNT, value: '0x2' })
    await synced(server!, 'eip155:31337', anvil!.url)
    const sent = (await historyOf(server!, WALLET_ACCOUNT, { chainId: 'eip155:31337' })).body.data
    const toFriend = sent.find((tx: { metadata: { sentTo?: string } }) => tx.metadata.sentTo === friend)
    assert.equal(toFriend?.metadata.sentToName, 'devnet-friend.eth')
    assert.equal(toFriend?.metadata.sentFromName, 'devnet-wallet.eth')
    const fromPoisoner = sent.find((tx: { metadata: { sentFrom: string } }) => tx.metadata.sentFrom === DEVNET_ENS_POISONED_REVERSE.account)
    assert.equal(fromPoisoner?.metadata.operationType, 'receive')
    assert.equal(fromPoisoner?.metadata.sentFromName, undefined)
  })

  it("without the ENS node: the forward lookup says so (502, without the node's URL), the others answer no name", async () => {
    const { status, body } = await lookup(down!.url, 'devnet-friend.eth')
    assert.equal(status, 502)
    assert.equal(body.reason, 'ENS is unavailable: its node did not answer, try again')
    assert.deepEqual((await reverse(down!.url, WALLET_ACCOUNT)).body, [])
    assert.deepEqual((await getJson(urlOf(down!.url, `/v1/identity/${WALLET_ACCOUNT}`))).body, { name: null, avatar: null })
  })
})
